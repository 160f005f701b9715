"""Error replies as exceptions with Apple's codes and names (docs/PROTOCOL.md §3), and the
values' wire forms (§5)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Dict, List, Mapping, Sequence, Tuple

import pytest

from msghost import (
    Conversation,
    ControlError,
    ControlErrorCode,
    HostErrorCode,
    LiveLayout,
    Message,
    MessageErrorCode,
    MessagesError,
    PresentationContext,
    PresentationStyle,
    ProtocolErrorCode,
    Session,
    Size,
    Sticker,
    StickersErrorCode,
    TemplateLayout,
)
from msghost.errors import MESSAGES_ERROR_DOMAIN, WireError

PROTOCOL_MD = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"


def snake(name: str) -> str:
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


def documented_codes(section: str) -> Dict[int, str]:
    """The code table of one section of PROTOCOL.md: {code: name}."""
    text = PROTOCOL_MD.read_text(encoding="utf-8")
    part = text[text.index(section):]
    part = part[:part.index("\n### ", 1)]
    return {int(code): name for code, name in re.findall(r"^\| (-?\d+) \| `(\w+)` \|", part, re.M)}


@pytest.mark.skipif(not PROTOCOL_MD.exists(), reason="needs the repository's docs/PROTOCOL.md")
@pytest.mark.parametrize("section, enum", [
    ("### 3.1 `com.apple.messages.messagesapp-error`", MessageErrorCode),
    ("### 3.3 `msghost.protocol`", ProtocolErrorCode),
    ("### 3.4 `msghost.control`", ControlErrorCode),
    ("### 3.5 `msghost.host`", HostErrorCode),
])
def test_the_code_enums_are_the_documented_tables(section: str, enum: Any) -> None:
    documented = documented_codes(section)
    assert documented, section
    assert {member.value: member.name for member in enum} == {code: snake(name) for code, name in documented.items()}


def test_apple_raw_values() -> None:
    assert MessageErrorCode.send_without_recent_interaction == 9
    assert MessageErrorCode.send_while_not_visible == 10
    assert MessageErrorCode.api_unavailable_in_presentation_context == 11
    assert MessageErrorCode.unknown == -1
    assert StickersErrorCode.not_an_image == 3


def test_an_error_reply_becomes_a_messages_error_with_the_enum_code() -> None:
    error = MessagesError.from_reply({"status": "error", "error": {
        "domain": MESSAGES_ERROR_DOMAIN, "code": 9, "name": "sendWithoutRecentInteraction",
        "description": "A message was sent, but the app has not registered a recent touch interaction from the user."}})
    assert error.code is MessageErrorCode.send_without_recent_interaction
    assert (error.domain, error.name) == (MESSAGES_ERROR_DOMAIN, "sendWithoutRecentInteraction")
    assert error.is_messages(MessageErrorCode.send_without_recent_interaction)
    assert "sendWithoutRecentInteraction" in str(error) and "touch interaction" in str(error)
    assert error == MessagesError(MESSAGES_ERROR_DOMAIN, 9, "", "another description")
    assert error != MessagesError(MESSAGES_ERROR_DOMAIN, 10)


@pytest.mark.parametrize("domain, code, expected", [
    ("com.apple.messages.stickers-error", 3, StickersErrorCode.not_an_image),
    ("msghost.protocol", 8, ProtocolErrorCode.unknown_instance),
    ("msghost.control", 2, ControlErrorCode.not_found),
    ("msghost.host", 1, HostErrorCode.storage_unavailable),
    ("com.example.future-error", 42, 42),
    (MESSAGES_ERROR_DOMAIN, 99, 99),
])
def test_every_domain_maps_and_unknown_codes_stay_numbers(domain: str, code: int, expected: Any) -> None:
    error = WireError(domain, code, "x")
    assert error.code == expected and type(error.code) is type(expected)


def test_a_control_error_and_a_reply_without_an_error_object() -> None:
    assert ControlError.from_reply({"status": "error", "error": {"domain": "msghost.control", "code": 8, "name": "quarantined",
                                                                  "description": "d"}}).is_control(ControlErrorCode.quarantined)
    assert MessagesError.from_reply({"status": "error"}).code == -1


def test_errors_pickle() -> None:
    import pickle

    error = MessagesError(MESSAGES_ERROR_DOMAIN, 10, "sendWhileNotVisible", "hidden")
    copy = pickle.loads(pickle.dumps(error))
    assert copy == error and copy.description == "hidden" and isinstance(copy, MessagesError)


# -- values ------------------------------------------------------------------------------------
def test_a_message_round_trips_with_pythonic_names() -> None:
    session = Session()
    message = Message(url="https://example.com/?order=42", session=session, summary_text="Ordered", accessibility_label="an order",
                      should_expire=True, layout=TemplateLayout(caption="Vanilla", trailing_caption="$7C1D", image_subtitle="s"))
    wire = message.to_wire()
    assert wire == {"url": "https://example.com/?order=42", "session": session.identifier, "summaryText": "Ordered",
                    "accessibilityLabel": "an order", "shouldExpire": True,
                    "layout": {"type": "template", "caption": "Vanilla", "trailingCaption": "$7C1D", "imageSubtitle": "s"}}
    back = Message.from_wire({**wire, "isPending": True, "senderParticipantIdentifier": "7C1D", "futureField": 1})
    assert back.session == session and back.is_pending and back.sender_participant_identifier == "7C1D"
    assert back.layout == message.layout


def test_sessions_are_uppercase_uuids_equal_by_identifier() -> None:
    session = Session()
    assert re.fullmatch(r"[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", session.identifier)
    assert Session(session.identifier) == session and Session() != session
    assert len({session, Session(session.identifier)}) == 1


def test_images_travel_as_binary_frames(tmp_path: Path) -> None:
    png = tmp_path / "cone.png"
    png.write_bytes(b"\x89PNG fake")
    buffers: List[bytes] = []
    wire = Message(layout=LiveLayout(TemplateLayout(caption="a", image=png))).to_wire(buffers)
    assert wire["layout"] == {"type": "live", "alternateLayout": {"type": "template", "caption": "a", "image": {"frame": 0}}}
    assert buffers == [b"\x89PNG fake"]
    Message(layout=TemplateLayout(image=b"raw")).to_wire(buffers)
    assert buffers[1] == b"raw"
    # What the host gives back points into its store; sent again, its bytes go as a frame.
    received = Message.from_wire({"layout": {"type": "template", "image": {"url": png.as_uri()}, "mediaFileURL": "file:///m.mov"}})
    assert isinstance(received.layout, TemplateLayout)
    assert received.layout.image_url == png.as_uri() and received.layout.media_file_url == "file:///m.mov"
    again: List[bytes] = []
    assert received.to_wire(again)["layout"]["image"] == {"frame": 0} and again == [b"\x89PNG fake"]


def test_files_become_file_urls_and_urls_are_left_to_the_daemon(tmp_path: Path) -> None:
    sticker = Sticker(tmp_path / "a b.png", "A cone")
    assert sticker.to_wire() == {"url": (tmp_path / "a b.png").as_uri(), "localizedDescription": "A cone"}
    assert sticker.url.startswith("file:///") and "a%20b.png" in sticker.url
    assert Sticker("https://example.com/a.png", "x").url == "https://example.com/a.png"
    assert TemplateLayout(media_file_url=tmp_path / "m.mov").to_wire([])["mediaFileURL"] == (tmp_path / "m.mov").as_uri()


def test_enumerations_have_apple_raw_values() -> None:
    assert PresentationStyle("expanded").raw_value == 1 and PresentationStyle.transcript.raw_value == 2
    assert PresentationContext.media.raw_value == 1 and str(PresentationContext.messages) == "messages"
    assert Size.from_wire({"width": 300, "height": 200}) == Size(300, 200) == Size.from_wire((300, 200))


class FakeRequester:
    """Plays the daemon's side of requests: records them, answers from a script."""

    def __init__(self, *answers: Dict[str, Any]) -> None:
        self.answers = list(answers)
        self.requests: List[Tuple[str, Dict[str, Any], Sequence[bytes]]] = []

    def request(self, type_: str, body: Mapping[str, Any], buffers: Sequence[bytes] = ()) -> Dict[str, Any]:
        self.requests.append((type_, dict(body), list(buffers)))
        answer = self.answers.pop(0) if self.answers else {"status": "ok"}
        if answer.get("status") != "ok":
            raise MessagesError.from_reply(answer)
        return answer


def test_conversation_requests_name_the_instance_and_map_refusals(tmp_path: Path) -> None:
    requester = FakeRequester(
        {"status": "ok", "message": {"isPending": False, "senderParticipantIdentifier": "7C1D", "layout": {"type": "template", "caption": "hi"}}},
        {"status": "error", "error": {"domain": MESSAGES_ERROR_DOMAIN, "code": 10, "name": "sendWhileNotVisible", "description": "hidden"}},
    )
    conversation = Conversation.from_wire({"localParticipantIdentifier": "7C1D", "remoteParticipantIdentifiers": ["A4E0"],
                                           "selectedMessage": None}, instance="i1", requester=requester)
    sent = conversation.send(Message(layout=TemplateLayout(caption="hi")))
    assert sent.sender_participant_identifier == "7C1D" and not sent.is_pending
    with pytest.raises(MessagesError) as refused:
        conversation.send_text("hello")
    assert refused.value.code is MessageErrorCode.send_while_not_visible
    conversation.insert_text("staged")
    conversation.insert_sticker(Sticker(tmp_path / "s.png", "s"))
    conversation.send_sticker(Sticker(tmp_path / "s.png", "s"))
    conversation.insert_attachment(tmp_path / "f.txt", alternate_filename="notes.txt")
    conversation.send_attachment(str(tmp_path / "f.txt"))
    conversation.insert(Message(layout=TemplateLayout(image=b"img")))
    types = [(t, b.get("instance")) for t, b, _ in requester.requests]
    assert types == [("sendMessage", "i1"), ("sendText", "i1"), ("insertText", "i1"), ("insertSticker", "i1"), ("sendSticker", "i1"),
                     ("insertAttachment", "i1"), ("sendAttachment", "i1"), ("insertMessage", "i1")]
    assert requester.requests[5][1] == {"instance": "i1", "url": (tmp_path / "f.txt").as_uri(), "alternateFilename": "notes.txt"}
    assert "alternateFilename" not in requester.requests[6][1]
    assert requester.requests[7][2] == [b"img"] and requester.requests[7][1]["message"]["layout"]["image"] == {"frame": 0}


def test_a_conversation_not_from_a_callback_cannot_send() -> None:
    with pytest.raises(RuntimeError):
        Conversation("7C1D").send_text("hi")
