"""The control fuzz corpus (fuzz/corpus/control, the libFuzzer seeds of every control request),
replayed through msghost-mcp's tool arguments, each also with every argument replaced by values
of the wrong type, out of range or oversized (each distinct call once): every call is answered
(a result or an MCP error), and the server is still up and answering at the end."""
from __future__ import annotations

import json
import re

from conftest import REPOSITORY, act, mcp_session, run

# What each argument is replaced with in turn: nothing, wrong types, numbers out of any range,
# no integer, a huge string, nesting.
HOSTILE = [None, -1, 2.5, 1e300, "", "x" * 5000, [1, None], {"a": {"b": None}}, True]


def commands() -> list[str]:
    """ControlCommand's cases in order: the corpus's first byte picks one (as MachineTargets.swift)."""
    text = (REPOSITORY / "Sources/MsgHostProtocol/Control/ControlCommand.swift").read_text()
    return [name.strip() for case in re.findall(r"case ([\w, ]+)", text) for name in case.split(",")]


def records() -> list[tuple[str, bytes]]:
    names = commands()
    found = []
    for path in sorted((REPOSITORY / "fuzz/corpus/control").iterdir()):
        for record in path.read_bytes().split(b"\x1e"):
            if record:
                found.append((names[record[0] % len(names)], record[1:]))
    return found


def argument_sets(body: bytes):
    """The record's body as arguments, then its variants."""
    try:
        value = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        value = body.decode("utf-8", "replace")
    if not isinstance(value, dict):
        yield {"device": value}
        return
    yield value
    for key in value:
        for hostile in HOSTILE:
            yield {**value, key: hostile}
    yield {**value, "unknownKey": 1}


def test_the_control_fuzz_corpus_never_crashes_the_server():
    corpus = records()
    assert len(corpus) > 50, "the control corpus is missing"

    async def body():
        async with mcp_session("--clock", "manual") as session:
            # The corpus's own world (fuzz/Sources/msghost-fuzz/FuzzHost.swift), so that its
            # requests act rather than only name what does not exist.
            for tool, arguments in [
                ("createPerson", {"handle": "alice@example.com", "name": "Alice"}),
                ("createPerson", {"handle": "bob@example.com", "name": "Bob"}),
                ("createDevice", {"id": "alice-phone", "owner": "alice@example.com"}),
                ("createDevice", {"id": "bob-phone", "owner": "bob@example.com"}),
                ("createConversation", {"id": "c1", "members": ["alice@example.com", "bob@example.com"]}),
                ("installApp", {"device": "alice-phone", "app": "com.example.python-raw"}),
                ("installApp", {"device": "bob-phone", "app": "com.example.python-raw"}),
            ]:
                await act(session, tool, **arguments)
            calls = answered = errors = 0
            made = set()  # each distinct call once: the variants of many records coincide
            for tool, raw in corpus:
                for arguments in argument_sets(raw):
                    call = (tool, json.dumps(arguments, sort_keys=True))
                    if call in made:
                        continue
                    made.add(call)
                    calls += 1
                    try:
                        result = await session.call_tool(tool, arguments)
                        answered += 1
                        assert result.content, (tool, arguments)
                    except Exception as error:  # an MCP error: the server answered it
                        errors += 1
                        assert str(error), (tool, arguments)
            print(f"{calls} calls: {answered} answered, {errors} MCP errors")
            assert answered + errors == calls
            assert answered > 50 and errors > 50, (answered, errors)
            # Still up, and still itself.
            assert "alice-phone" in await act(session, "world")
            assert "events" in await act(session, "events", after=0)
    run(body())
