"""The SDK against a real msghostd (the `msghost_daemon` fixture): apps/sdk_app.py records
what the SDK hands it and carries out requests; the control client plays the users."""
from __future__ import annotations

import glob
import json
import struct
import zlib
from pathlib import Path
from typing import Any, Dict, List

import pytest

from msghost import ControlError, ControlErrorCode
from msghost.testing import App, Daemon, DaemonError, Member, World

APP = "com.example.sdk"
SDK_APP = Path(__file__).resolve().parent / "apps" / "sdk_app.py"


def png(path: Path, width: int = 320, height: int = 320) -> Path:
    """A grey PNG (small enough for a sticker: under 500 KB, 300–618 px a side)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    return path


class Setup:
    def __init__(self, daemon: Daemon, log: Path) -> None:
        self.daemon = daemon
        self.log = log

    def records(self) -> List[Dict[str, Any]]:
        """Everything every sdk_app process recorded, process by process."""
        files = sorted(glob.glob(f"{self.log}.*"), key=lambda f: (Path(f).stat().st_mtime_ns, f))
        return [json.loads(line) for f in files for line in Path(f).read_text().splitlines()]

    def callbacks(self, device_instance: str = "") -> List[str]:
        return [r["callback"] for r in self.records() if "callback" in r and (not device_instance or r["instance"] == device_instance)]

    def ops(self) -> List[Dict[str, Any]]:
        return [r for r in self.records() if "op" in r]

    def touch(self, device: str, *ops: Dict[str, Any]) -> None:
        self.daemon.touch(device, {"ops": list(ops)})


@pytest.fixture
def setup(msghost_daemon: Any, tmp_path: Path) -> Setup:
    log = tmp_path / "sdk"
    daemon = msghost_daemon(apps=[App.python(APP, SDK_APP, env={"SDK_APP_LOG": str(log)})])
    return Setup(daemon, log)


def test_cold_start_callbacks_state_and_participants(setup: Setup) -> None:
    opened = setup.daemon.open("kate-iphone")
    assert opened["presentationStyle"] == "compact"
    records = [r for r in setup.records() if "callback" in r]
    assert [r["callback"] for r in records] == ["will_become_active", "did_become_active", "view_will_appear", "view_did_appear"]
    assert {r["object"] for r in records} == {records[0]["object"]} and [r["calls"] for r in records] == [1, 2, 3, 4]
    assert all(r["instance"] == opened["instance"] and r["context"] == "messages" for r in records)
    assert records[0]["style"] == "compact"
    assert records[0]["local"] == setup.daemon.identifier("kate-iphone", "kate@example.com")
    assert records[0]["remote"] == [setup.daemon.identifier("kate-iphone", "john@example.com")]


def test_one_touch_one_send_and_the_refusal_maps_to_apple_codes(setup: Setup) -> None:
    setup.daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "send", "caption": "Vanilla or chocolate?", "summary": "asked"}, {"op": "send", "caption": "again"})
    sent, refused = setup.ops()
    assert sent["status"] == "ok" and sent["result"]["isPending"] is False
    assert sent["result"]["senderParticipantIdentifier"] == setup.daemon.identifier("kate-iphone", "kate@example.com")
    assert refused == {"op": "send", "status": "error", "domain": "com.apple.messages.messagesapp-error", "code": 9,
                       "name": "sendWithoutRecentInteraction", "enum": "send_without_recent_interaction"}
    john = setup.daemon.transcript("john-iphone")
    assert [(e["kind"], e["rendered"]["caption"]) for e in john] == [("message", "Vanilla or chocolate?")]
    assert john[0]["senderParticipantIdentifier"] == setup.daemon.identifier("john-iphone", "kate@example.com")
    assert setup.callbacks()[-1] == "did_start_sending"
    assert [e["code"] for e in setup.daemon.events("sendRefused")] == [9]


def test_insert_then_the_user_sends_or_cancels(setup: Setup) -> None:
    setup.daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "insert", "caption": "Staged", "session": "5E0B2B7C-1D2E-4F30-8A41-B52C63D74E85"})
    assert setup.ops()[-1]["result"]["isPending"] is True
    assert setup.daemon.input_field("kate-iphone")["staged"]["kind"] == "message"
    setup.daemon.cancel("kate-iphone")
    assert setup.callbacks()[-1] == "did_cancel_sending"
    setup.touch("kate-iphone", {"op": "insert", "caption": "Staged again"})
    setup.daemon.send("kate-iphone")
    assert setup.callbacks()[-1] == "did_start_sending"
    assert [e["rendered"]["caption"] for e in setup.daemon.transcript("john-iphone")] == ["Staged again"]


def test_transcript_pages_back_with_before_and_last_entry_looks_past_the_newest_page(setup: Setup) -> None:
    daemon, control = setup.daemon, setup.daemon.control
    daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "send", "caption": "Vanilla?"})
    daemon.close_app("kate-iphone")
    for number in range(1, 56):
        daemon.type_text("john-iphone", f"text {number}")
        daemon.send("john-iphone")

    newest = control.transcript_page("john-iphone", daemon.conversation)
    assert len(newest["entries"]) == 50 and newest["more"] is True and newest["olderCount"] == 6
    assert newest["entries"][-1]["text"] == "text 55"

    pages: List[List[Any]] = []
    before = None
    while True:
        page = control.transcript_page("john-iphone", daemon.conversation, limit=20, before=before)
        pages.insert(0, page["entries"])
        assert [e["index"] for e in page["entries"]] == list(range(page["olderCount"], page["olderCount"] + len(page["entries"])))
        if not page["more"]:
            break
        before = page["entries"][0]["entry"]
    assert [len(p) for p in pages] == [16, 20, 20]
    whole = [e for p in pages for e in p]
    assert [e["index"] for e in whole] == list(range(56))
    assert all(a["entry"] < b["entry"] for a, b in zip(whole, whole[1:]))
    assert whole[0]["kind"] == "message" and [e["text"] for e in whole[1:]] == [f"text {n}" for n in range(1, 56)]

    assert [e["text"] for e in daemon.transcript("john-iphone", limit=2)] == ["text 54", "text 55"]
    assert daemon.last_entry("john-iphone")["rendered"]["caption"] == "Vanilla?"
    for bad in ({"limit": 0}, {"limit": 1001}, {"before": 0}):
        with pytest.raises(ControlError) as refused:
            control.transcript("john-iphone", daemon.conversation, **bad)
        assert refused.value.code is ControlErrorCode.invalid_request and next(iter(bad)) in refused.value.description


def test_text_stickers_and_attachments(setup: Setup, tmp_path: Path) -> None:
    sticker = png(tmp_path / "cone.png")
    notes = tmp_path / "notes.txt"
    notes.write_text("vanilla\n")
    setup.daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "send_text", "text": "hello"})
    setup.touch("kate-iphone", {"op": "send_sticker", "file": str(sticker), "description": "A cone"})
    setup.touch("kate-iphone", {"op": "send_attachment", "file": str(notes), "name": "flavours.txt"})
    setup.touch("kate-iphone", {"op": "send_attachment", "file": str(tmp_path / "missing.txt")},
                {"op": "insert_attachment", "file": "https://example.com/a.txt"},
                {"op": "insert_sticker", "file": str(notes)},
                {"op": "insert_text", "text": "typed by the app"})
    assert [op["status"] for op in setup.ops()[:3]] == ["ok", "ok", "ok"]
    assert [(op.get("domain"), op.get("code")) for op in setup.ops()[3:]] == [
        ("com.apple.messages.messagesapp-error", 1), ("com.apple.messages.messagesapp-error", 4),
        ("com.apple.messages.stickers-error", 3), (None, None)]
    john = setup.daemon.transcript("john-iphone")
    assert [e["kind"] for e in john] == ["text", "sticker", "attachment"]
    assert john[0]["text"] == "hello" and john[1]["text"] == "A cone" and john[2]["file"]["filename"] == "flavours.txt"
    assert setup.daemon.input_field("kate-iphone")["staged"]["text"] == "typed by the app"


def test_the_sticker_drawer_asks_the_app_and_the_user_peels_one_onto_a_bubble(setup: Setup, tmp_path: Path) -> None:
    cone = png(tmp_path / "cone.png")
    setup.daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "offer_stickers", "stickers": [
        {"file": str(cone), "description": "A cone"}, {"file": str(tmp_path / "gone.png"), "description": "Gone"}]})
    drawer = setup.daemon.stickers("kate-iphone")
    assert "stickers" in setup.callbacks()
    assert [(s["index"], s["localizedDescription"]) for s in drawer["stickers"]] == [(0, "A cone")]
    assert Path(drawer["stickers"][0]["file"]["url"].removeprefix("file://")).read_bytes() == cone.read_bytes()
    assert [(r["index"], r["error"]["domain"], r["error"]["code"]) for r in drawer["rejected"]] == [
        (1, "com.apple.messages.stickers-error", 1)]
    with pytest.raises(ControlError) as left_out:
        setup.daemon.choose_sticker("kate-iphone", 1)
    assert left_out.value.code is ControlErrorCode.invalid_state

    setup.daemon.type_text("john-iphone", "ice cream?")
    setup.daemon.send("john-iphone")
    target = setup.daemon.last_entry("kate-iphone", "text")
    message_id = setup.daemon.choose_sticker("kate-iphone", 0, onto=target["entry"])
    assert message_id is not None
    peeled = setup.daemon.last_entry("john-iphone", "sticker")
    assert peeled["messageID"] == message_id and peeled["peeledOnto"] == target["messageID"] and peeled["text"] == "A cone"
    assert setup.daemon.choose_sticker("kate-iphone", 0) is None
    assert setup.daemon.input_field("kate-iphone")["staged"]["text"] == "A cone"


def test_presentation_styles_and_dismiss(setup: Setup) -> None:
    first = setup.daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "request_presentation_style", "style": "expanded"})
    transitions = [r for r in setup.records() if r.get("callback") in ("will_transition", "did_transition")]
    assert [(r["callback"], r["to"], r["style"]) for r in transitions] == [
        ("will_transition", "expanded", "compact"), ("did_transition", "expanded", "expanded")]
    assert setup.daemon.chevron("kate-iphone")["presentationStyle"] == "compact"
    setup.touch("kate-iphone", {"op": "dismiss"})
    assert setup.callbacks()[-4:] == ["view_will_disappear", "view_did_disappear", "will_resign_active", "did_resign_active"]
    second = setup.daemon.open("kate-iphone")
    opened = [r for r in setup.records() if r.get("callback") == "will_become_active"]
    assert [r["instance"] for r in opened] == [first["instance"], second["instance"]]
    assert opened[-1]["calls"] == 1, "a new opening gets a new object"


def test_tap_select_and_receive_with_identifiers_of_the_receiving_install(setup: Setup) -> None:
    daemon = setup.daemon
    daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "send", "caption": "Pick a topping", "url": "https://example.com/?t=1",
                                "session": "5E0B2B7C-1D2E-4F30-8A41-B52C63D74E85"})
    tapped = daemon.tap("john-iphone")
    assert tapped["action"] == "selected"
    john_records = [r for r in setup.records() if r.get("instance") == tapped["instance"]]
    assert john_records[0]["callback"] == "will_become_active" and john_records[0]["style"] == "expanded"
    assert john_records[0]["selected"]["url"] == "https://example.com/?t=1"
    assert john_records[0]["selected"]["session"] == "5E0B2B7C-1D2E-4F30-8A41-B52C63D74E85"
    setup.touch("kate-iphone", {"op": "send", "caption": "Sprinkles", "session": "5E0B2B7C-1D2E-4F30-8A41-B52C63D74E85"})
    received = [r for r in setup.records() if r.get("callback") == "did_receive"]
    assert len(received) == 1 and received[0]["message"]["layout"]["caption"] == "Sprinkles"
    assert received[0]["sender"] == daemon.identifier("john-iphone", "kate@example.com")
    daemon.tap("john-iphone")  # the newer bubble, while expanded
    assert setup.callbacks(tapped["instance"])[-2:] == ["will_select", "did_select"]


def test_live_layouts_get_a_transcript_instance_and_content_size(setup: Setup, tmp_path: Path) -> None:
    image = png(tmp_path / "topping.png", 400, 400)
    setup.daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "send", "caption": "Live", "image": str(image), "live": True})
    assert setup.ops()[-1]["status"] == "ok"
    setup.daemon.control.show("john-iphone", setup.daemon.conversation)
    setup.daemon.settle()
    # One transcript instance per device showing the bubble: Kate's (her own bubble) and John's.
    sizes = [r for r in setup.records() if r.get("callback") == "content_size_that_fits"]
    assert len(sizes) == 2 and {r["style"] for r in sizes} == {"transcript"}
    assert all(r["offered"][0] > 0 for r in sizes)
    entry = setup.daemon.last_entry("john-iphone")
    assert entry["rendering"] == "live" and entry["liveSize"]["height"] == 100


def test_a_handler_that_raises_is_logged_and_the_app_goes_on(setup: Setup) -> None:
    setup.daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "raise"})
    # The traceback reaches the daemon's log through the extension's stderr pipe, after the reply.
    setup.daemon.eventually("the exception is in the daemon's log", lambda: "a bug in the app" in setup.daemon.log)
    setup.touch("kate-iphone", {"op": "send_text", "text": "still here"})
    assert setup.ops()[-1]["status"] == "ok"


def test_close_then_terminate_and_exit_0(msghost_daemon: Any, tmp_path: Path) -> None:
    # The harness's 200 ms terminate grace is for fast tests; a Python interpreter that shuts
    # down on a loaded machine can need more before it exits by itself, which is what this checks.
    log = tmp_path / "sdk"
    daemon = msghost_daemon(apps=[App.python(APP, SDK_APP, env={"SDK_APP_LOG": str(log)})],
                            settings={"extensions.terminateGraceMs": 10000})
    setup = Setup(daemon, log)
    setup.daemon.open("kate-iphone")
    setup.daemon.close_app("kate-iphone")
    setup.daemon.eventually("the extension exited", lambda: setup.daemon.events("terminated"), timeout=20)
    assert setup.daemon.events("terminated")[0]["detail"] == "idle; exited(0)"
    terminate = [r for r in setup.records() if r.get("callback") == "will_terminate"]
    assert [r["reason"] for r in terminate] == ["idle"]


def test_the_manual_clock(msghost_daemon: Any, tmp_path: Path) -> None:
    daemon = msghost_daemon(apps=[App.python(APP, SDK_APP, env={"SDK_APP_LOG": str(tmp_path / "sdk")})], clock="manual")
    assert daemon.status()["daemon"]["clock"] == "manual"
    daemon.open("kate-iphone")
    daemon.close_app("kate-iphone")
    daemon.settle()
    assert daemon.status()["extensions"], "idle termination waits for the clock"
    before = daemon.settle()
    assert daemon.advance(1000) == before + 1000
    # The idle grace fell due: terminate was answered, and the process exits by itself.
    daemon.eventually("the extension exited", lambda: not daemon.status()["extensions"])


def test_the_control_client_covers_every_command(setup: Setup) -> None:
    control, daemon = setup.daemon.control, setup.daemon
    world = control.world()
    assert {p["handle"] for p in world["people"]} == {"kate@example.com", "john@example.com"}
    assert [a["bundleID"] for a in world["apps"]] == [APP]
    assert control.create_person("amber@example.com", "Amber") == {"handle": "amber@example.com", "name": "Amber"}
    assert control.create_device("amber-mac", "amber@example.com", "macos")["platform"] == "macos"
    assert control.create_conversation(["kate@example.com", "amber@example.com"], id="kate-amber")["id"] == "kate-amber"
    install = control.install_app("amber-mac", APP)
    assert install["device"] == "amber-mac"
    assert len(control.participants("amber-mac", APP)["participants"]) == 3
    control.uninstall_app("amber-mac", APP)
    with pytest.raises(ControlError) as missing:
        control.participants("amber-mac", APP)
    assert missing.value.code is ControlErrorCode.not_found

    with pytest.raises(ControlError) as no_app:
        control.open("kate-iphone", "kate-john", "com.example.nope")
    assert no_app.value.code is ControlErrorCode.not_found and "com.example.nope" in no_app.value.description
    with pytest.raises(ControlError) as nothing_open:
        control.touch("kate-iphone")
    assert nothing_open.value.code is ControlErrorCode.invalid_state
    with pytest.raises(ControlError) as system_clock:
        control.advance_clock(10)
    assert system_clock.value.code is ControlErrorCode.unavailable

    control.contact("john-iphone", "kate@example.com", "Mom")
    control.delivery("john-iphone", hold=True)
    daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "send_text", "text": "one"})
    setup.touch("kate-iphone", {"op": "send_text", "text": "two"})
    assert daemon.transcript("john-iphone") == []
    held = control.held("john-iphone")
    assert [(m["kind"], m.get("text")) for m in held] == [("text", "one"), ("text", "two")]
    assert control.release("john-iphone", order="reverse") == [m["id"] for m in reversed(held)]
    john = daemon.transcript("john-iphone")
    assert [e["text"] for e in john] == ["two", "one"] and john[0]["senderName"] == "Mom"
    control.keep("john-iphone", "kate-john", john[0]["entry"])
    control.delivery("john-iphone", hold=False, latency_ms=0)

    control.type_text("john-iphone", "kate-john", "yum")
    assert control.input_field("john-iphone", "kate-john")["text"] == "yum"
    control.send("john-iphone", "kate-john")
    assert daemon.transcript("kate-iphone")[-1]["text"] == "yum"
    control.show("john-iphone")
    control.show("john-iphone", "kate-john")
    control.reset("kate-iphone", APP)

    page = control.events_page()
    assert page["next"] == page["events"][-1]["seq"]
    assert control.events(after=page["next"]) == []
    stream = control.subscribe(after=page["next"] - 1, timeout=1.0)
    assert next(stream)["seq"] == page["next"]
    stream.close()
    assert control.settle() > 0
    status = control.status()
    assert status["daemon"]["protocol"] == 1 and status["extensions"][0]["app"] == APP
    daemon.close_app("kate-iphone")


def test_a_view_is_shown_and_its_button_is_a_touch_with_button_and_fields(setup: Setup, tmp_path: Path) -> None:
    setup.daemon.open("kate-iphone")
    image = png(tmp_path / "square.png", 4, 4)
    send = {"ops": [{"op": "send_text", "text": "from the view"}, {"op": "send_text", "text": "again"}]}
    setup.touch("kate-iphone", {"op": "set_view", "elements": [
        {"text": "Hello", "style": "title"}, {"image": str(image), "width": 40},
        {"row": [{"button": "send", "title": "Send", "payload": send}, {"button": "off", "enabled": False}]},
        {"field": "note", "text": "default"}]})
    assert setup.ops()[-1]["status"] == "ok"
    shown = setup.daemon.view("kate-iphone")
    assert shown["app"] == APP and shown["presentationStyle"] == "compact"
    elements = shown["view"]["elements"]
    assert [e["type"] for e in elements] == ["text", "image", "row", "textField"]
    assert elements[1]["width"] == 40 and Path(elements[1]["image"]["url"].removeprefix("file://")).read_bytes() == image.read_bytes()

    setup.daemon.activate("kate-iphone", "send", {"note": "typed"})
    touched = [r for r in setup.records() if r.get("callback") == "touched"][-1]
    assert (touched["payload"], touched["button"], touched["fields"]) == (send, "send", {"note": "typed"})
    # The button's touch allows one send: the second is refused with Apple's 9.
    assert [(o["op"], o["status"], o.get("code")) for o in setup.ops()[-2:]] == [("send_text", "ok", None), ("send_text", "error", 9)]
    assert [e["text"] for e in setup.daemon.transcript("john-iphone")] == ["from the view"]
    with pytest.raises(ControlError) as disabled:
        setup.daemon.activate("kate-iphone", "off")
    assert disabled.value.code == ControlErrorCode.invalid_request and "disabled" in disabled.value.description

    setup.daemon.close_app("kate-iphone")
    assert setup.daemon.view("kate-iphone") == {"app": None, "instance": None, "presentationStyle": None, "view": None}
    assert [e["elements"] for e in setup.daemon.events("viewChanged")] == [4 + 2, 0]


def test_a_view_breaking_a_limit_raises_naming_the_element(setup: Setup) -> None:
    setup.daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "set_view", "elements": [{"row": [{"button": "a"}, {"field": "a"}]}]})
    refused = setup.ops()[-1]
    assert (refused["status"], refused["domain"], refused["code"]) == ("error", "msghost.protocol", 7)
    assert refused["description"].startswith("view.elements[0].elements[1].id")
    assert setup.daemon.view("kate-iphone")["view"] is None

def test_the_wire_tap_metrics_and_files(setup: Setup, tmp_path: Path) -> None:
    import re
    import threading
    from msghost.control import ControlClient

    control, daemon = setup.daemon.control, setup.daemon
    frames: List[Dict[str, Any]] = []
    tap = ControlClient(daemon.control_endpoint)
    thread = threading.Thread(target=lambda: frames.extend(tap.wire_tap(timeout=1.5)))
    thread.start()
    gauge = re.compile(r'^msghost_queue_depth\{queue="wiretap_subscribers"\} 1(\.0)?$', re.M)
    for _ in range(500):
        if gauge.search(control.metrics()):
            break
    daemon.open("kate-iphone")
    setup.touch("kate-iphone", {"op": "send_attachment", "file": str(png(tmp_path / "cone.png"))})
    thread.join(timeout=30)
    tap.disconnect()
    hello = frames[0]
    assert (hello["direction"], hello["type"], hello["device"], hello["app"]) == ("in", "hello", "kate-iphone", APP)
    assert (frames[1]["direction"], frames[1]["type"], frames[1]["replyTo"]) == ("out", "reply", hello["id"])
    assert [f["seq"] for f in frames] == list(range(1, len(frames) + 1))
    assert any(f["type"] == "sendAttachment" and f["direction"] == "in" for f in frames)

    text = control.metrics()
    assert re.search(r"^msghost_sends_total 1(\.0)?$", text, re.M), text
    assert re.search(r'^msghost_callbacks_total\{type="touch"\} 1(\.0)?$', text, re.M), text
    stored = daemon.transcript("john-iphone")[-1]["file"]
    assert control.file(stored["url"]) == (tmp_path / "cone.png").read_bytes()
    with pytest.raises(ControlError) as outside:
        control.file((tmp_path / "cone.png").as_uri())
    assert outside.value.code is ControlErrorCode.not_found


def test_the_fixture_starts_a_fresh_daemon_each_time_and_several_in_one_test(msghost_daemon: Any) -> None:
    world = World([Member("a@example.com", "A", [("a-mac", "macos")]), Member("b@example.com", "B", ["b-iphone"])], "ab")
    first = msghost_daemon(world=world)
    second = msghost_daemon()
    assert first.control.world()["devices"][0]["platform"] == "macos"
    assert {d["id"] for d in second.control.world()["devices"]} == {"kate-iphone", "john-iphone"}
    assert first.directory != second.directory and first.is_running and second.is_running
    assert second.msghostctl("status").returncode == 0


def test_a_daemon_that_cannot_start_says_why(msghost_daemon: Any) -> None:
    with pytest.raises(DaemonError) as failed:
        msghost_daemon(settings={"interaction.windowMs": "soon"})
    assert "exited with status 78" in str(failed.value) and "windowMs" in str(failed.value)


def test_a_deep_directory_gets_its_sockets_in_a_short_one(tmp_path: Path) -> None:
    """ipc paths must fit in 107 bytes: a daemon in a deep directory keeps its sockets in a short
    temporary directory, removed when it is closed."""
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    with Daemon(deep) as daemon:
        daemon.start()
        assert len(daemon.extension_endpoint) < 100 and not str(daemon.runtime_directory).startswith(str(deep))
        assert daemon.control.world()["conversations"][0]["id"] == "kate-john"
        short = daemon.runtime_directory
    assert not short.exists() and not daemon.is_running
    assert (deep / "state").is_dir() and (deep / "msghostd.log").stat().st_size > 0
