"""What an extension shows (PROTOCOL.md §4.9): the view builders' wire form, `set_view` as a
`setView` request with the images as binary frames, and `touched` getting `button` and
`fields` when it names them (an app written before views keeps working)."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import pytest

import msghost
from msghost import Button, Choice, DatePicker, Image, Row, StickerView, Text, TextField, Toggle
from msghost.view import view_to_wire

from test_runtime import FakeHost, cold_start, host, start, terminate  # noqa: F401 - the fixture is used by name


def test_the_builders_write_the_documented_wire_form() -> None:
    view, buffers, _ = view_to_wire((
        Text("Build an ice cream", style="title"),
        Image(b"\x89PNG", accessibility_label="a cone", width=120, height=160),
        Row(Button("cone", "Cone", payload={"base": "cone"}), Button("none", "None", payload=None), Button("send", "Send", enabled=False)),
        TextField("note", placeholder="A note", text=""),
        Image(b"second"),
    ))
    assert view == {"elements": [
        {"type": "text", "text": "Build an ice cream", "style": "title"},
        {"type": "image", "image": {"frame": 0}, "accessibilityLabel": "a cone", "width": 120, "height": 160},
        {"type": "row", "elements": [
            {"type": "button", "id": "cone", "title": "Cone", "payload": {"base": "cone"}},
            {"type": "button", "id": "none", "title": "None", "payload": None},
            {"type": "button", "id": "send", "title": "Send", "enabled": False}]},
        {"type": "textField", "id": "note", "placeholder": "A note", "text": ""},
        {"type": "image", "image": {"frame": 1}}]}
    assert buffers == [b"\x89PNG", b"second"]


def test_the_input_and_sticker_builders_write_the_documented_wire_form(tmp_path: Any) -> None:
    art = tmp_path / "star.png"
    art.write_bytes(b"\x89PNG star")
    star = msghost.Sticker(art, "A star")
    view, buffers, stickers = view_to_wire((
        Choice("size", ["S", ("l", "Large")], selected="l"),
        Choice("month", [("1", "January")], style="picker"),
        Row(Toggle("gift", "Gift wrap"), Toggle("loud", "Loud", on=True)),
        DatePicker("day", title="Day", minimum="2026-12-01", maximum="2026-12-31"),
        DatePicker("at", mode="dateAndTime", value="2026-12-24T18:30"),
        StickerView(star, side=100),
    ))
    assert view == {"elements": [
        {"type": "choice", "id": "size", "options": [{"id": "S", "title": "S"}, {"id": "l", "title": "Large"}], "selected": "l"},
        {"type": "choice", "id": "month", "options": [{"id": "1", "title": "January"}], "style": "picker"},
        {"type": "row", "elements": [
            {"type": "toggle", "id": "gift", "title": "Gift wrap", "on": False},
            {"type": "toggle", "id": "loud", "title": "Loud", "on": True}]},
        {"type": "date", "id": "day", "title": "Day", "minimum": "2026-12-01", "maximum": "2026-12-31"},
        {"type": "date", "id": "at", "value": "2026-12-24T18:30", "mode": "dateAndTime"},
        {"type": "sticker", "image": {"frame": 0}, "sticker": 0, "accessibilityLabel": "A star", "width": 100, "height": 100}]}
    assert buffers == [b"\x89PNG star"] and stickers == [star]
    with pytest.raises(ValueError, match="picker"):
        view_to_wire((Choice("c", ["a"], style="wheel"),))
    with pytest.raises(ValueError, match="dateAndTime"):
        view_to_wire((DatePicker("d", mode="week"),))


def test_an_unknown_style_or_element_is_refused_before_anything_is_sent() -> None:
    with pytest.raises(ValueError, match="huge"):
        view_to_wire((Text("x", style="huge"),))
    with pytest.raises(TypeError, match="view element"):
        view_to_wire(("just a string",))  # type: ignore[arg-type]


class Viewer(msghost.Extension):
    calls: List[Tuple[Any, ...]] = []

    def did_become_active(self, conversation: msghost.Conversation) -> None:
        self.set_view(Text("Hi"), Image(b"img"), Button("go", "Go", payload=1))

    def touched(self, payload: Any, button: Optional[str] = None, fields: Optional[Dict[str, str]] = None) -> None:
        Viewer.calls.append((payload, button, fields))


class OldStyle(msghost.Extension):
    calls: List[Any] = []

    def touched(self, payload: Any) -> None:
        OldStyle.calls.append(payload)


class Keywords(msghost.Extension):
    calls: List[Dict[str, Any]] = []

    def touched(self, payload: Any, **more: Any) -> None:
        Keywords.calls.append({"payload": payload, **more})


def test_set_view_sends_set_view_with_its_images_as_frames_and_touched_gets_button_and_fields(host: FakeHost) -> None:  # noqa: F811
    Viewer.calls = []
    thread, outcome = start(host, Viewer)
    for kind in ("willBecomeActive", "didBecomeActive"):
        message_id, _ = host.send(kind, {"instance": "i1", "conversation": {"localParticipantIdentifier": "", "remoteParticipantIdentifiers": []},
                                         "presentationStyle": "compact", "presentationContext": "messages"})
        if kind == "didBecomeActive":
            request = host.expect("setView")
            assert request.body == {"instance": "i1", "view": {"elements": [
                {"type": "text", "text": "Hi"}, {"type": "image", "image": {"frame": 0}},
                {"type": "button", "id": "go", "title": "Go", "payload": 1}]}}
            assert request.buffers == [b"img"]
            host.send("reply", {"status": "ok"}, reply_to=request.id)
        assert host.expect("reply").reply_to == message_id
    host.callback("touch", {"instance": "i1", "payload": 1, "button": "go", "fields": {"note": "typed"}})
    host.callback("touch", {"instance": "i1", "payload": "plain"})
    assert Viewer.calls == [(1, "go", {"note": "typed"}), ("plain", None, None)]
    terminate(host, thread, outcome)


def test_an_app_written_before_views_still_gets_its_touches(host: FakeHost) -> None:  # noqa: F811
    OldStyle.calls = []
    thread, outcome = start(host, OldStyle)
    cold_start(host)
    host.callback("touch", {"instance": "i1", "payload": {"a": 1}, "button": "b", "fields": {}})
    assert OldStyle.calls == [{"a": 1}]
    terminate(host, thread, outcome)


def test_touched_with_keyword_arguments_gets_both(host: FakeHost) -> None:  # noqa: F811
    Keywords.calls = []
    thread, outcome = start(host, Keywords)
    cold_start(host)
    host.callback("touch", {"instance": "i1", "payload": None, "button": "b", "fields": {"f": "t", "bad": 3}})
    assert Keywords.calls == [{"payload": None, "button": "b", "fields": {"f": "t"}}]
    terminate(host, thread, outcome)


def test_set_view_refused_raises_messages_error(host: FakeHost) -> None:  # noqa: F811
    class Refused(msghost.Extension):
        errors: List[msghost.MessagesError] = []

        def touched(self, payload: Any) -> None:
            try:
                self.set_view(Button("", "empty id"))
            except msghost.MessagesError as error:
                Refused.errors.append(error)

    thread, outcome = start(host, Refused)
    cold_start(host)
    touch_id, _ = host.send("touch", {"instance": "i1", "payload": None})
    request = host.expect("setView")
    host.send("reply", {"status": "error", "error": {"domain": "msghost.protocol", "code": 7, "name": "invalidBody",
                                                     "description": "view.elements[0].id must be 1 to 128 characters; got 0"}}, reply_to=request.id)
    assert host.expect("reply").reply_to == touch_id
    assert [(e.domain, int(e.code), e.description.split(" ")[0]) for e in Refused.errors] == [("msghost.protocol", 7, "view.elements[0].id")]
    terminate(host, thread, outcome)


def test_the_stickers_of_the_view_are_what_the_app_offers(host: FakeHost, tmp_path: Any) -> None:  # noqa: F811
    art = tmp_path / "cone.png"
    art.write_bytes(b"\x89PNG cone")

    class Shop(msghost.Extension):
        def touched(self, payload: Any) -> None:
            self.set_view(Text("Yours"), StickerView(msghost.Sticker(art, "A cone"), side=120), Choice("size", ["S", "L"]))

    thread, outcome = start(host, Shop)
    cold_start(host)
    assert host.callback("stickers", {"instance": "i1"}).body["stickers"] == []
    message_id, _ = host.send("touch", {"instance": "i1", "payload": None})
    request = host.expect("setView")
    assert request.body["view"]["elements"][1] == {"type": "sticker", "image": {"frame": 0}, "sticker": 0,
                                                   "accessibilityLabel": "A cone", "width": 120, "height": 120}
    assert request.buffers == [b"\x89PNG cone"]
    host.send("reply", {"status": "ok"}, reply_to=request.id)
    assert host.expect("reply").reply_to == message_id
    offered = host.callback("stickers", {"instance": "i1"}).body["stickers"]
    assert offered == [{"url": art.as_uri(), "localizedDescription": "A cone"}]
    terminate(host, thread, outcome)
