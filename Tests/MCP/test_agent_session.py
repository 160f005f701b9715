"""An agent plays docs/WEB.md's walk through with msghost-mcp's tools only, and gets Messages'
rules back with Apple's names; a bad argument is an MCP error naming it."""
from __future__ import annotations

import base64
import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
from conftest import MSGHOST_MCP, WORLD, act, failed, field, mcp_session, run, screen_of, server_environment, text

KATE, JOHN, CONVERSATION = "kate-iphone", "john-iphone", "kate-john"
ICE_CREAM, PYTHON_RAW = "com.example.icecream", "com.example.python-raw"


def test_the_tools_are_listed_with_their_schemas():
    async def body():
        async with mcp_session() as session:
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            for name in ["world", "show", "open", "touch", "activate", "typeText", "send", "cancel", "tap", "chevron",
                         "close", "delivery", "release", "held", "addMember", "removeMember", "openParentApp", "compose",
                         "chooseSticker", "advanceClock", "settle", "transcript", "view", "events", "status", "screen",
                         "startRecording", "stopRecording", "saveRecording", "replay", "exportTest"]:
                assert name in tools, name
            schema = field(tools["open"], "input_schema")
            assert schema["required"] == ["device", "conversation", "app"]
            assert schema["additionalProperties"] is False
            resources = [str(resource.uri) for resource in (await session.list_resources()).resources]
            assert {"msghost://world", "msghost://events", f"msghost://screen/{KATE}", f"msghost://screen/{JOHN}"} <= set(resources)
    run(body())


def test_the_ice_cream_walk_through_with_tools_only():
    async def body():
        async with mcp_session() as session:
            # John's own name for Kate, so that his screens must show his name, not hers.
            await act(session, "contact", device=JOHN, person="kate@example.com", name="Katie")
            # 1. Show the conversation on both phones.
            await act(session, "show", device=KATE, conversation=CONVERSATION)
            await act(session, "show", device=JOHN, conversation=CONVERSATION)
            # 2. Kate opens Ice Cream: its screen, drawn from its UIKit views, lists what is on
            # it by label; she taps "+", then the cone's cell, by their labels.
            answer = await act(session, "open", device=KATE, conversation=CONVERSATION, app=ICE_CREAM)
            assert "[Create a new ice cream] view at " in screen_of(answer, KATE), answer
            answer = await act(session, "tapScreen", device=KATE, label="Create a new ice cream")
            assert "(expanded" in screen_of(answer, KATE) and "[A cone] view at " in answer, answer
            answer = await act(session, "tapScreen", device=KATE, label="A cone")
            assert "staged (Send sends it):" in screen_of(answer, KATE), answer
            # 3. Kate sends it: the bubble is on John's phone, from "Katie".
            answer = await act(session, "send", device=KATE, conversation=CONVERSATION)
            john = screen_of(answer, JOHN)
            bubble = re.search(rf"\[(\d+)\] Katie \({re.escape(ICE_CREAM)}", john)
            assert bubble, answer
            # 4. John taps it: Ice Cream opens expanded on it; he picks a scoop and sends it.
            answer = await act(session, "tap", device=JOHN, conversation=CONVERSATION, entry=int(bubble.group(1)))
            assert '"action":"selected"' in answer and "[Vanilla scoops] view at " in screen_of(answer, JOHN), answer
            answer = await act(session, "tapScreen", device=JOHN, label="Vanilla scoops")
            assert "I added some scoops" in screen_of(answer, JOHN), answer
            answer = await act(session, "send", device=JOHN, conversation=CONVERSATION)
            john, kate = screen_of(answer, JOHN), screen_of(answer, KATE)
            # The scoop is on John's transcript, sent; Kate's first bubble collapsed into its summary.
            assert re.search(r"\[\d+\] John Appleseed \(com\.example\.icecream, \w+\):\n.*I added some scoops", john), answer
            assert "staged: (nothing)" in john, answer
            assert "I added some scoops" in kate and " · " in kate, answer
            # The screen resource shows the same.
            resource = await session.read_resource(f"msghost://screen/{JOHN}")
            assert "I added some scoops" in resource.contents[0].text
            # 5. Two sends from one touch: the second is refused with Apple's code and name.
            await act(session, "open", device=KATE, conversation=CONVERSATION, app=PYTHON_RAW)
            answer = await act(session, "touch", device=KATE, payload={"sends": 2})
            assert re.search(r"sendRefused on kate-iphone com\.example\.python-raw in kate-john: 9 sendWithoutRecentInteraction", answer), answer
            events = await act(session, "events")
            assert "9 sendWithoutRecentInteraction" in events
    run(body())


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", data[:16]
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_a_bubbles_image_is_named_in_every_answer_and_returned_on_request():
    """John sees the ice cream: every screen names the bubble's image by its size and label;
    `screen` with images returns it as image content, the PNG the daemon holds (`file`)."""
    async def body():
        async with mcp_session() as session:
            await act(session, "show", device=JOHN, conversation=CONVERSATION)
            await act(session, "open", device=KATE, conversation=CONVERSATION, app=ICE_CREAM)
            await act(session, "tapScreen", device=KATE, label="Create a new ice cream")
            staged = await act(session, "tapScreen", device=KATE, label="A cone")
            assert re.search(r"staged \(Send sends it\):\n.*\n.*\n  +│ png image \d+×\d+ px, ", screen_of(staged, KATE)), staged
            answer = await act(session, "send", device=KATE, conversation=CONVERSATION)
            john = screen_of(answer, JOHN)
            named = re.search(r"│ png image (\d+)×(\d+) px, (no accessibility label|accessibility label \"[^\"]*\")", john)
            assert named, answer
            # Per-device participant identifiers only when asked.
            assert "└─ sender" not in answer, answer
            transcript = await act(session, "transcript", device=JOHN, conversation=CONVERSATION)
            assert f"png image {named.group(1)}×{named.group(2)} px" in transcript, transcript
            asked = await act(session, "screen", device=JOHN, conversation=CONVERSATION, identifiers=True)
            assert re.search(r"└─ sender [0-9A-F-]{36}", asked), asked

            result = await session.call_tool("screen", {"device": JOHN, "conversation": CONVERSATION, "images": True})
            assert not failed(result)
            images = [part for part in result.content if part.type == "image"]
            listed = re.findall(r"^  \d+\. entry (?:\[\d+\] ?)+: png image (\d+)×(\d+) px \(image/png, (\d+) bytes\) (file://\S+)$", text(result), re.M)
            assert len(images) == len(listed) == 1, text(result)
            width, height, size, url = listed[0]
            data = base64.b64decode(images[0].data)
            assert field(images[0], "mime_type") == "image/png" and len(data) == int(size)
            assert png_size(data) == (int(width), int(height)) == (int(named.group(1)), int(named.group(2)))
            held = await session.call_tool("file", {"url": url})
            assert [part.data for part in held.content if part.type == "image"] == [images[0].data]
            # Without images, none is returned.
            plain = await session.call_tool("screen", {"device": JOHN, "conversation": CONVERSATION})
            assert [part for part in plain.content if part.type == "image"] == []
    run(body())


def test_a_collapsed_entry_is_marked_as_such():
    """Once John answers in the same session, Kate's first bubble is collapsed into its summary."""
    async def body():
        async with mcp_session() as session:
            for device in (KATE, JOHN):
                await act(session, "show", device=device, conversation=CONVERSATION)
            await act(session, "open", device=KATE, conversation=CONVERSATION, app=ICE_CREAM)
            await act(session, "tapScreen", device=KATE, label="Create a new ice cream")
            await act(session, "tapScreen", device=KATE, label="A cone")
            answer = await act(session, "send", device=KATE, conversation=CONVERSATION)
            bubble = re.search(rf"\[(\d+)\] Kate Bell \({re.escape(ICE_CREAM)}", screen_of(answer, JOHN))
            await act(session, "tap", device=JOHN, conversation=CONVERSATION, entry=int(bubble.group(1)))
            await act(session, "tapScreen", device=JOHN, label="Vanilla scoops")
            answer = await act(session, "send", device=JOHN, conversation=CONVERSATION)
            assert re.search(r"\[\d+\] [^\n]* · collapsed into its summary: ", screen_of(answer, KATE)), answer
    run(body())


def test_a_screen_label_that_is_not_there_lists_those_that_are():
    async def body():
        async with mcp_session() as session:
            await act(session, "show", device=KATE, conversation=CONVERSATION)
            await act(session, "open", device=KATE, conversation=CONVERSATION, app=ICE_CREAM)
            result = await session.call_tool("tapScreen", {"device": KATE, "label": "Nope"})
            assert failed(result)
            assert 'no item labelled "Nope" on the screen (labels: "Create a new ice cream")' in text(result), text(result)
    run(body())


def test_a_refusal_by_the_daemon_keeps_its_domain_code_and_name():
    async def body():
        async with mcp_session() as session:
            result = await session.call_tool("touch", {"device": KATE})
            assert failed(result)
            assert "refused: 4 invalidState (msghost.control)" in text(result), text(result)
            result = await session.call_tool("open", {"device": "nobody-phone", "conversation": CONVERSATION, "app": ICE_CREAM})
            assert failed(result) and "2 notFound" in text(result), text(result)
    run(body())


@pytest.mark.parametrize("tool, arguments, named", [
    ("open", {"device": 5, "conversation": CONVERSATION, "app": ICE_CREAM}, "open: device: expected a string"),
    ("open", {"device": KATE, "conversation": CONVERSATION}, "open: app: missing"),
    ("open", {"device": KATE, "conversation": CONVERSATION, "app": ICE_CREAM, "colour": "red"}, "open: colour: unknown argument"),
    ("delivery", {"device": KATE, "latencyMs": -1}, "delivery: latencyMs: -1 is out of range (0 to 86400000)"),
    ("transcript", {"device": KATE, "conversation": CONVERSATION, "limit": 2.5}, "transcript: limit: expected an integer, got 2.5"),
    ("activate", {"device": KATE, "button": "add", "fields": {"note": 3}}, "activate: fields.note: expected a string"),
    ("tapScreen", {"device": KATE}, "tapScreen: give x and y, or label"),
    ("tapScreen", {"device": KATE, "label": "Send", "x": 1, "y": 1}, "tapScreen: give x and y, or label, not both"),
    ("nosuchtool", {}, "unknown tool"),
])
def test_a_bad_argument_is_an_mcp_error_naming_it(tool, arguments, named):
    async def body():
        async with mcp_session() as session:
            with pytest.raises(Exception) as raised:
                await session.call_tool(tool, arguments)
            assert named in str(raised.value), str(raised.value)
            # The server is still there.
            assert "kate@example.com" in await act(session, "world")
    run(body())


def test_record_save_replay_and_export():
    async def body(tmp):
        async with mcp_session() as session:
            await act(session, "startRecording")
            await act(session, "open", device=KATE, conversation=CONVERSATION, app=PYTHON_RAW)
            await act(session, "touch", device=KATE, payload={"sends": 1})
            assert "steps" in await act(session, "stopRecording")
            path = tmp / "session.jsonl"
            assert "lines written" in await act(session, "saveRecording", path=str(path))
            first = json.loads(path.read_text().splitlines()[0])
            assert first["type"] == "session"
            answer = await act(session, "replay", file=str(path))
            assert "exit 0 (no divergence)" in answer, answer
            answer = await act(session, "exportTest", file=str(path), language="python")
            assert "def test_" in answer and 'control.touch(' in answer, answer
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as directory:
        run(body(Path(directory)))


def start_world_server():
    """msghost-mcp --world started by hand (no client): the process, its daemon's pid and directory."""
    process = subprocess.Popen([MSGHOST_MCP, "--world", WORLD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=server_environment(), text=True)
    started = None
    while True:
        line = process.stderr.readline()
        assert line, "msghost-mcp ended before it served"
        started = started or re.search(r"started msghostd pid (\d+) in (\S+)", line)
        if "serving MCP on stdio" in line:
            break
    assert started, "msghost-mcp did not say which daemon it started"
    return process, int(started.group(1)), Path(started.group(2))


def test_a_running_daemon_by_its_runtime_directory():
    """As msghost-web takes it: --runtime-directory (here, the daemon another msghost-mcp started)."""
    process, _, directory = start_world_server()
    try:
        async def body():
            async with mcp_session("--runtime-directory", str(directory / "run"), world=False) as session:
                assert "kate@example.com" in await act(session, "world")
                answer = await act(session, "open", device=KATE, conversation=CONVERSATION, app=ICE_CREAM)
                assert "[Create a new ice cream] view at " in screen_of(answer, KATE), answer
        run(body())
    finally:
        process.stdin.close()
        process.wait(timeout=30)


@pytest.mark.parametrize("ending", ["stdin closed", "SIGTERM", "output unread"])
def test_the_daemon_of_world_goes_with_the_server(ending):
    """An agent ends its server by closing its input or by a signal, or goes away without a
    word (it stops reading, and the server's next answer meets a closed pipe: no SIGPIPE may
    kill the server first): the daemon msghost-mcp started is stopped each way, and its
    temporary directory removed."""
    process, daemon, directory = start_world_server()
    try:
        os.kill(daemon, 0)  # running
        if ending == "SIGTERM":
            process.send_signal(signal.SIGTERM)
        elif ending == "output unread":
            process.stdout.close()
            process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "gone", "version": "1"}}}) + "\n")
            process.stdin.flush()
        else:
            process.stdin.close()
        assert process.wait(timeout=30) == (128 + signal.SIGTERM if ending == "SIGTERM" else 0)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.kill(daemon, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)
        else:
            pytest.fail(f"msghostd {daemon} still runs after msghost-mcp ended")
        assert not directory.exists()
    finally:
        if process.poll() is None:
            process.kill()
