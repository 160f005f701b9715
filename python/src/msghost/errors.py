"""Error domains and codes of the msghost protocol (docs/PROTOCOL.md §3), with Apple's names.

An error reply from the daemon becomes a `MessagesError` (to an extension's request) or a
`ControlError` (to a control request). Both carry `domain`, `code`, `name` and `description`
exactly as the reply did; `code` is one of the IntEnums below when the domain and the code are
known (an IntEnum compares equal to its number), else the plain number (PROTOCOL.md §6).
"""
from __future__ import annotations

import enum
from typing import Any, Mapping, Optional, Union

__all__ = [
    "MESSAGES_ERROR_DOMAIN",
    "STICKERS_ERROR_DOMAIN",
    "PROTOCOL_ERROR_DOMAIN",
    "CONTROL_ERROR_DOMAIN",
    "HOST_ERROR_DOMAIN",
    "COMPOSE_ERROR_DOMAIN",
    "ComposeErrorCode",
    "MessageErrorCode",
    "StickersErrorCode",
    "ProtocolErrorCode",
    "ControlErrorCode",
    "HostErrorCode",
    "WireError",
    "MessagesError",
    "ControlError",
    "TransportError",
    "error_code",
]

#: `MSMessagesErrorDomain`.
MESSAGES_ERROR_DOMAIN = "com.apple.messages.messagesapp-error"
#: `MSStickersErrorDomain`.
STICKERS_ERROR_DOMAIN = "com.apple.messages.stickers-error"
#: The peer broke the wire protocol (PROTOCOL.md §3.3).
PROTOCOL_ERROR_DOMAIN = "msghost.protocol"
#: A control request could not be carried out (PROTOCOL.md §3.4).
CONTROL_ERROR_DOMAIN = "msghost.control"
#: The host itself could not carry out a valid request (PROTOCOL.md §3.5).
HOST_ERROR_DOMAIN = "msghost.host"
#: A parent app's compose sheet that the host does not present (PROTOCOL.md §3.6).
COMPOSE_ERROR_DOMAIN = "msghost.compose"


class MessageErrorCode(enum.IntEnum):
    """Apple's `MSMessageErrorCode`, with Apple's raw values (PROTOCOL.md §3.1)."""

    unknown = -1
    file_not_found = 1
    file_unreadable = 2
    improper_file_type = 3
    improper_file_url = 4
    sticker_file_improper_file_attributes = 5
    sticker_file_improper_file_size = 6
    sticker_file_improper_file_format = 7
    url_exceeds_max_size = 8
    send_without_recent_interaction = 9
    send_while_not_visible = 10
    api_unavailable_in_presentation_context = 11


class StickersErrorCode(enum.IntEnum):
    """`MSStickersErrorDomain` codes (PROTOCOL.md §3.2)."""

    file_not_found = 1
    file_unreadable = 2
    not_an_image = 3


class ProtocolErrorCode(enum.IntEnum):
    """`msghost.protocol`: the extension broke the wire protocol (PROTOCOL.md §3.3)."""

    malformed_frame = 1
    bad_signature = 2
    unknown_type = 3
    hello_required = 4
    bad_token = 5
    unsupported_version = 6
    invalid_body = 7
    unknown_instance = 8
    replayed_message = 9
    unsupported_request = 10
    unexpected_reply = 11


class ControlErrorCode(enum.IntEnum):
    """`msghost.control`: a control request could not be carried out (PROTOCOL.md §3.4)."""

    invalid_request = 1
    not_found = 2
    already_exists = 3
    invalid_state = 4
    launch_failed = 5
    extension_failed = 6
    shutting_down = 7
    quarantined = 8
    unavailable = 9


class HostErrorCode(enum.IntEnum):
    """`msghost.host`: the host could not carry out a valid request (PROTOCOL.md §3.5)."""

    #: The request's change could not be stored; nothing of it was kept, it may be sent again.
    storage_unavailable = 1


class ComposeErrorCode(enum.IntEnum):
    """`msghost.compose`: `present` refused (PROTOCOL.md §3.6)."""

    compose_already_presented = 1
    not_in_foreground = 2


_CODES: Mapping[str, type[enum.IntEnum]] = {
    MESSAGES_ERROR_DOMAIN: MessageErrorCode,
    STICKERS_ERROR_DOMAIN: StickersErrorCode,
    PROTOCOL_ERROR_DOMAIN: ProtocolErrorCode,
    CONTROL_ERROR_DOMAIN: ControlErrorCode,
    HOST_ERROR_DOMAIN: HostErrorCode,
    COMPOSE_ERROR_DOMAIN: ComposeErrorCode,
}


def error_code(domain: str, code: int) -> Union[enum.IntEnum, int]:
    """The IntEnum member for `code` in `domain`, or `code` itself if either is unknown."""
    codes = _CODES.get(domain)
    if codes is not None:
        try:
            return codes(code)
        except ValueError:
            pass
    return code


class WireError(Exception):
    """An error object as it travels in a reply: `{"domain", "code", "name", "description"}`.

    Equal to another error with the same domain and code, so tests can compare with a bare
    code while the description stays free to name what was wrong.
    """

    domain: str
    code: Union[enum.IntEnum, int]
    name: str
    description: str

    def __init__(self, domain: str, code: int, name: str = "", description: str = "") -> None:
        self.domain = domain
        self.code = error_code(domain, code)
        self.name = name
        self.description = description
        super().__init__(domain, int(code), name, description)

    @classmethod
    def from_reply(cls, reply: Mapping[str, Any]) -> "WireError":
        """The error of an error reply (`{"status": "error", "error": {…}}`)."""
        error = reply.get("error")
        if not isinstance(error, Mapping):
            return cls("msghost.sdk", -1, "invalidReply", f"an error reply without an error object: {dict(reply)!r}")
        code = error.get("code")
        return cls(
            str(error.get("domain", "")),
            code if isinstance(code, int) and not isinstance(code, bool) else -1,
            str(error.get("name", "")),
            str(error.get("description", "")),
        )

    def __str__(self) -> str:
        return f"{self.name or 'error'} ({self.domain} {int(self.code)}): {self.description}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(domain={self.domain!r}, code={int(self.code)}, name={self.name!r}, description={self.description!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WireError):
            return NotImplemented
        return (self.domain, int(self.code)) == (other.domain, int(other.code))

    def __hash__(self) -> int:
        return hash((self.domain, int(self.code)))

    def __reduce__(self) -> Any:
        return (type(self), (self.domain, int(self.code), self.name, self.description))

    def is_messages(self, code: MessageErrorCode) -> bool:
        """Whether this is `code` of Apple's `MSMessagesErrorDomain`."""
        return self.domain == MESSAGES_ERROR_DOMAIN and self.code == code

    def is_stickers(self, code: StickersErrorCode) -> bool:
        return self.domain == STICKERS_ERROR_DOMAIN and self.code == code

    def is_protocol(self, code: ProtocolErrorCode) -> bool:
        return self.domain == PROTOCOL_ERROR_DOMAIN and self.code == code

    def is_control(self, code: ControlErrorCode) -> bool:
        return self.domain == CONTROL_ERROR_DOMAIN and self.code == code


class MessagesError(WireError):
    """The daemon refused an extension's request (`send`, `insert`, …), as Messages would with
    an `NSError`: `domain` is usually `com.apple.messages.messagesapp-error` and `code` a
    `MessageErrorCode`, e.g. `send_without_recent_interaction` (9)."""


class ControlError(WireError):
    """The daemon refused a control request: `domain` is usually `msghost.control` and `code`
    a `ControlErrorCode`, e.g. `not_found` (2)."""


class TransportError(Exception):
    """No answer came from the daemon in time (is msghostd running?)."""
