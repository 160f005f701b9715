"""Messages.framework's values with Pythonic names (docs/PROTOCOL.md §5), and how they map to
the wire: `Message` (`MSMessage`), `Session` (`MSSession`), `TemplateLayout`
(`MSMessageTemplateLayout`), `LiveLayout` (`MSMessageLiveLayout`), `Sticker` (`MSSticker`),
`Conversation` (`MSConversation`), `Size`, `PresentationStyle` and `PresentationContext`.
"""
from __future__ import annotations

import enum
import os
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Union

if TYPE_CHECKING:  # pragma: no cover
    from typing import Protocol

    class _Requester(Protocol):
        def request(self, type_: str, body: Mapping[str, Any], buffers: Sequence[bytes] = ()) -> Dict[str, Any]: ...

__all__ = [
    "PresentationStyle",
    "PresentationContext",
    "Size",
    "Session",
    "TemplateLayout",
    "LiveLayout",
    "Layout",
    "Message",
    "Sticker",
    "Conversation",
    "file_url",
]

PathLike = Union[str, "os.PathLike[str]"]


class PresentationStyle(str, enum.Enum):
    """`MSMessagesAppPresentationStyle`; sent by name, `raw_value` is Apple's number."""

    compact = "compact"
    expanded = "expanded"
    transcript = "transcript"

    @property
    def raw_value(self) -> int:
        return {"compact": 0, "expanded": 1, "transcript": 2}[self.value]

    def __str__(self) -> str:
        return self.value


class PresentationContext(str, enum.Enum):
    """`MSMessagesAppPresentationContext`; sent by name, `raw_value` is Apple's number."""

    messages = "messages"
    media = "media"

    @property
    def raw_value(self) -> int:
        return {"messages": 0, "media": 1}[self.value]

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Size:
    """A size in points (`CGSize`)."""

    width: float
    height: float

    def to_wire(self) -> Dict[str, float]:
        return {"width": self.width, "height": self.height}

    @classmethod
    def from_wire(cls, value: Any) -> "Size":
        if isinstance(value, Size):
            return value
        if isinstance(value, Mapping):
            return cls(float(value.get("width", 0)), float(value.get("height", 0)))
        if isinstance(value, (tuple, list)) and len(value) == 2:
            return cls(float(value[0]), float(value[1]))
        raise TypeError(f"not a size: {value!r} (use Size(width, height), a (width, height) tuple or a dict)")


@dataclass(frozen=True)
class Session:
    """`MSSession`: messages of one session replace each other in a transcript. Two sessions
    are the same when their identifiers are; `Session()` is a new one."""

    identifier: str = field(default_factory=lambda: str(uuid.uuid4()).upper())

    def __str__(self) -> str:
        return self.identifier


def file_url(path: PathLike) -> str:
    """A `file://` URL for `path`; a string that already has a scheme (`file://…`,
    `https://…`) is returned as is, so the daemon can judge it (`improper_file_url`)."""
    if isinstance(path, str) and "://" in path:
        return path
    return Path(os.fspath(path)).absolute().as_uri()


def _path_of(url: str) -> Optional[Path]:
    if not url.startswith("file://"):
        return None
    from urllib.parse import unquote, urlsplit

    return Path(unquote(urlsplit(url).path))


def _text(value: Any) -> Optional[str]:
    return value if isinstance(value, str) else None


@dataclass
class TemplateLayout:
    """`MSMessageTemplateLayout`: six texts, and an image or a media file.

    `image` is what you send: bytes, or the path of an image file (read when sending).
    `image_url` is where the daemon keeps a received message's image (a `file://` URL into
    its store: read it, do not write it). `media_file_url` is a path or a `file://` URL.
    Texts may contain `$<uuid>` participant tokens (PROTOCOL.md §5.1).
    """

    caption: Optional[str] = None
    subcaption: Optional[str] = None
    trailing_caption: Optional[str] = None
    trailing_subcaption: Optional[str] = None
    image_title: Optional[str] = None
    image_subtitle: Optional[str] = None
    image: Union[bytes, "os.PathLike[str]", None] = None
    media_file_url: Optional[PathLike] = None
    image_url: Optional[str] = None

    _TEXTS = (
        ("caption", "caption"),
        ("subcaption", "subcaption"),
        ("trailing_caption", "trailingCaption"),
        ("trailing_subcaption", "trailingSubcaption"),
        ("image_title", "imageTitle"),
        ("image_subtitle", "imageSubtitle"),
    )

    def to_wire(self, buffers: List[bytes]) -> Dict[str, Any]:
        """The wire form; image bytes are appended to `buffers` and referenced by index."""
        wire: Dict[str, Any] = {"type": "template"}
        for attribute, key in self._TEXTS:
            value = getattr(self, attribute)
            if value is not None:
                wire[key] = value
        image = self.image
        if image is None and self.image_url:
            # A received message's image, sent again: its bytes are in the daemon's store.
            image = _path_of(self.image_url)
        if image is not None:
            data = bytes(image) if isinstance(image, (bytes, bytearray, memoryview)) else Path(os.fspath(image)).read_bytes()
            wire["image"] = {"frame": len(buffers)}
            buffers.append(data)
        if self.media_file_url is not None:
            wire["mediaFileURL"] = file_url(self.media_file_url)
        return wire

    @classmethod
    def from_wire(cls, wire: Mapping[str, Any]) -> "TemplateLayout":
        layout = cls(
            caption=_text(wire.get("caption")),
            subcaption=_text(wire.get("subcaption")),
            trailing_caption=_text(wire.get("trailingCaption")),
            trailing_subcaption=_text(wire.get("trailingSubcaption")),
            image_title=_text(wire.get("imageTitle")),
            image_subtitle=_text(wire.get("imageSubtitle")),
        )
        image = wire.get("image")
        if isinstance(image, Mapping) and isinstance(image.get("url"), str):
            layout.image_url = image["url"]
        layout.media_file_url = _text(wire.get("mediaFileURL"))
        return layout


@dataclass
class LiveLayout:
    """`MSMessageLiveLayout`: the extension draws the bubble (a `transcript` instance); devices
    that cannot run it show `alternate_layout`."""

    alternate_layout: TemplateLayout = field(default_factory=TemplateLayout)

    def to_wire(self, buffers: List[bytes]) -> Dict[str, Any]:
        return {"type": "live", "alternateLayout": self.alternate_layout.to_wire(buffers)}

    @classmethod
    def from_wire(cls, wire: Mapping[str, Any]) -> "LiveLayout":
        alternate = wire.get("alternateLayout")
        return cls(TemplateLayout.from_wire(alternate if isinstance(alternate, Mapping) else {}))


Layout = Union[TemplateLayout, LiveLayout]


@dataclass
class Message:
    """`MSMessage`. Every field is optional when sending. `sender_participant_identifier` and
    `is_pending` are set by the host (what you set is ignored)."""

    layout: Optional[Layout] = None
    url: Optional[str] = None
    session: Optional[Session] = None
    summary_text: Optional[str] = None
    accessibility_label: Optional[str] = None
    should_expire: bool = False
    is_pending: bool = False
    sender_participant_identifier: Optional[str] = None

    def to_wire(self, buffers: Optional[List[bytes]] = None) -> Dict[str, Any]:
        """The wire form. Image bytes go to `buffers` (the message's binary frames)."""
        buffers = buffers if buffers is not None else []
        wire: Dict[str, Any] = {}
        if self.url is not None:
            wire["url"] = self.url
        if self.session is not None:
            wire["session"] = self.session.identifier if isinstance(self.session, Session) else str(self.session)
        if self.summary_text is not None:
            wire["summaryText"] = self.summary_text
        if self.accessibility_label is not None:
            wire["accessibilityLabel"] = self.accessibility_label
        if self.should_expire:
            wire["shouldExpire"] = True
        if self.layout is not None:
            wire["layout"] = self.layout.to_wire(buffers)
        return wire

    @classmethod
    def from_wire(cls, wire: Mapping[str, Any]) -> "Message":
        layout_wire = wire.get("layout")
        layout: Optional[Layout] = None
        if isinstance(layout_wire, Mapping):
            layout = LiveLayout.from_wire(layout_wire) if layout_wire.get("type") == "live" else TemplateLayout.from_wire(layout_wire)
        session = wire.get("session")
        return cls(
            layout=layout,
            url=_text(wire.get("url")),
            session=Session(session) if isinstance(session, str) else None,
            summary_text=_text(wire.get("summaryText")),
            accessibility_label=_text(wire.get("accessibilityLabel")),
            should_expire=wire.get("shouldExpire") is True,
            is_pending=wire.get("isPending") is True,
            sender_participant_identifier=_text(wire.get("senderParticipantIdentifier")),
        )


@dataclass
class Sticker:
    """`MSSticker(contentsOfFileURL:localizedDescription:)`: a PNG, APNG, GIF or JPEG file
    (a path or a `file://` URL) and a description of at most 150 characters."""

    file: PathLike
    localized_description: str

    @property
    def url(self) -> str:
        return file_url(self.file)

    def to_wire(self) -> Dict[str, Any]:
        return {"url": self.url, "localizedDescription": self.localized_description}

    @classmethod
    def from_wire(cls, wire: Mapping[str, Any]) -> "Sticker":
        return cls(str(wire.get("url", "")), str(wire.get("localizedDescription", "")))


class Conversation:
    """`MSConversation` as your install sees it, and the way to put things in it.

    Participant identifiers are uppercase UUID strings scoped to your install (§5.1). The
    methods are those of `MSConversation`; each waits for the daemon's answer and raises
    `MessagesError` when it refuses (e.g. `MessageErrorCode.send_without_recent_interaction`).
    `insert*` stages in the input field (the user sends); `send*` sends directly, which
    Messages allows once per user touch while the app is visible.
    """

    def __init__(
        self,
        local_participant_identifier: str,
        remote_participant_identifiers: Sequence[str] = (),
        selected_message: Optional[Message] = None,
        *,
        instance: Optional[str] = None,
        requester: Optional["_Requester"] = None,
    ) -> None:
        self.local_participant_identifier = local_participant_identifier
        self.remote_participant_identifiers: List[str] = list(remote_participant_identifiers)
        self.selected_message = selected_message
        self._instance = instance
        self._requester = requester

    @classmethod
    def from_wire(cls, wire: Any, *, instance: Optional[str] = None, requester: Optional["_Requester"] = None) -> "Conversation":
        wire = wire if isinstance(wire, Mapping) else {}
        remote = wire.get("remoteParticipantIdentifiers")
        selected = wire.get("selectedMessage")
        return cls(
            str(wire.get("localParticipantIdentifier", "")),
            [str(r) for r in remote] if isinstance(remote, list) else [],
            Message.from_wire(selected) if isinstance(selected, Mapping) else None,
            instance=instance,
            requester=requester,
        )

    def __repr__(self) -> str:
        return (f"Conversation(local_participant_identifier={self.local_participant_identifier!r}, "
                f"remote_participant_identifiers={self.remote_participant_identifiers!r}, selected_message={self.selected_message!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Conversation):
            return NotImplemented
        return (self.local_participant_identifier, self.remote_participant_identifiers, self.selected_message) == (
            other.local_participant_identifier, other.remote_participant_identifiers, other.selected_message)

    __hash__ = None  # type: ignore[assignment]

    # -- requests ---------------------------------------------------------------------------
    def _request(self, type_: str, body: Dict[str, Any], buffers: Sequence[bytes] = ()) -> Dict[str, Any]:
        if self._requester is None or self._instance is None:
            raise RuntimeError("this Conversation is not attached to a running extension instance (use the one a callback gave you)")
        return self._requester.request(type_, {"instance": self._instance, **body}, buffers)

    def _message_request(self, type_: str, message: Message) -> Message:
        buffers: List[bytes] = []
        reply = self._request(type_, {"message": message.to_wire(buffers)}, buffers)
        answered = reply.get("message")
        return Message.from_wire(answered) if isinstance(answered, Mapping) else message

    def insert(self, message: Message) -> Message:
        """Stages `message` in the input field (`insertMessage`); returns it with `is_pending`."""
        return self._message_request("insertMessage", message)

    def send(self, message: Message) -> Message:
        """Sends `message` directly (`sendMessage`); returns it as sent, with
        `sender_participant_identifier` set."""
        return self._message_request("sendMessage", message)

    def insert_text(self, text: str) -> None:
        self._request("insertText", {"text": text})

    def send_text(self, text: str) -> None:
        self._request("sendText", {"text": text})

    def insert_sticker(self, sticker: Sticker) -> None:
        self._request("insertSticker", {"sticker": sticker.to_wire()})

    def send_sticker(self, sticker: Sticker) -> None:
        self._request("sendSticker", {"sticker": sticker.to_wire()})

    def insert_attachment(self, path: PathLike, alternate_filename: Optional[str] = None) -> None:
        """Stages a file (a path or a `file://` URL); `alternate_filename` is the name shown."""
        body: Dict[str, Any] = {"url": file_url(path)}
        if alternate_filename is not None:
            body["alternateFilename"] = alternate_filename
        self._request("insertAttachment", body)

    def send_attachment(self, path: PathLike, alternate_filename: Optional[str] = None) -> None:
        body: Dict[str, Any] = {"url": file_url(path)}
        if alternate_filename is not None:
            body["alternateFilename"] = alternate_filename
        self._request("sendAttachment", body)
