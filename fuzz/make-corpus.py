#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora (fuzz/corpus/TARGET) and dictionaries (fuzz/dict/TARGET.dict).

The seeds come from the golden frames (Tests/MsgHostProtocolTests/EnvelopeTests.swift), the
schemas' example bodies (the VALID list of scripts/check-schemas.py, read from that file so
there is one list) and the shipped configuration files (config/). The formats are those the
targets read (fuzz/Sources/msghost-fuzz/MachineTargets.swift): records separated by 0x1E.
Run it again after adding examples; the output is committed.

A corpus also holds what the fuzzers found (`scripts/fuzz --accumulate` merges each long run
into it), so seeds are added beside what is there, never in place of it: a seed that adds no
coverage is dropped by the next merge.
"""
import hashlib, hmac, json, pathlib, re

ROOT = pathlib.Path(__file__).resolve().parent.parent
FUZZ = ROOT / "fuzz"
RS = b"\x1e"

# The examples, without running the schema checks around them.
source = (ROOT / "scripts/check-schemas.py").read_text()
start = source.index("# ---------------------------------------------------------------- examples")
end = source.index("\nINVALID = [")
examples = {}
exec(source[start:end], examples)
VALID = examples["VALID"]

REQUEST_TYPES = ["hello", "sendMessage", "sendText", "sendSticker", "sendAttachment", "insertMessage", "insertText",
                 "insertSticker", "insertAttachment", "requestPresentationStyle", "dismiss", "setView", "presentMessageCompose", "reply"]
CONTROL = ["status", "world", "createPerson", "createDevice", "createConversation", "installApp", "uninstallApp",
           "participants", "open", "close", "touch", "tap", "chevron", "show", "typeText", "send", "cancel", "inputField",
           "delivery", "release", "contact", "keep", "transcript", "events", "subscribe", "settle", "advanceClock", "reset",
           "view", "activate", "wireTap", "metrics", "file", "held",
           "addMember", "removeMember", "stickers", "chooseSticker",
           "openParentApp", "closeParentApp", "composeSheet", "compose", "startRecording", "stopRecording", "recording"]


def check_enums():
    """The byte → case tables must match the Swift enums' order."""
    text = (ROOT / "Sources/MsgHostProtocol/Bodies/MessageType.swift").read_text()
    block = text[text.index("enum RequestType"):]
    swift_requests = re.findall(r"case ([\w, ]+)", block[:block.index("}")])
    assert [n.strip() for c in swift_requests for n in c.split(",")] + ["reply"] == REQUEST_TYPES, "RequestType order changed"
    text = (ROOT / "Sources/MsgHostProtocol/Control/ControlCommand.swift").read_text()
    swift_control = re.findall(r"case ([\w, ]+)", text)
    assert [n.strip() for c in swift_control for n in c.split(",")] == CONTROL, "ControlCommand order changed"


def body(value):
    return json.dumps(value, separators=(",", ":"), sort_keys=True).replace("inst-1", "i1").encode()


def write(target, files):
    directory = FUZZ / "corpus" / target
    directory.mkdir(parents=True, exist_ok=True)
    added = 0
    for data in files:
        path = directory / hashlib.sha1(data).hexdigest()
        if not path.exists():
            path.write_bytes(data)
            added += 1
    print(f"{target}: {len(files)} seeds, {added} new")


def frames(header, payload, key=None, extra=()):
    tag = b"MSGHOST/1"
    head = json.dumps(header, separators=(",", ":"), sort_keys=True).encode()
    signature = hmac.new(key, tag + head + payload + b"".join(extra), hashlib.sha256).hexdigest().encode() if key else b""
    return RS.join([tag, signature, head, payload, *extra])


check_enums()
requests = [(t, b) for t, b in VALID if t in REQUEST_TYPES]
controls = [(t[len("control."):], b) for t, b in VALID if t.startswith("control.") and t[len("control."):] in CONTROL]

# envelope: flags, then frames.
golden = RS.join([b"MSGHOST/1", b"2c473cde89cb011d7641c6584632598384b4c480a071192b98734b2ec9ed5ad1",
                  b'{"id":"x1","time":1763779200000,"type":"hello"}',
                  b'{"app":"com.example.python-raw","pid":42,"protocol":1,"sdk":"python-raw/1"}'])
envelope = [b"\x00" + golden, b"\x02" + golden, b"\x03" + golden]
hello = {"app": "com.example.python-raw", "protocol": 1, "pid": 4242, "sdk": "python-raw/1"}
envelope.append(b"\x07" + frames({"id": "a1", "type": "hello", "time": 1}, body({**hello, "attachDevice": "carol-mac"}), b"k"))
envelope.append(b"\x03" + frames({"id": "h1", "type": "hello", "time": 1}, body(hello), b"k"))
for flags, (kind, value) in zip([1, 9, 0, 1, 1, 9] * 10, requests[::2]):
    envelope.append(bytes([flags]) + frames({"id": f"e{len(envelope)}", "type": kind, "time": 1763779200000}, body(value), b"k"))
envelope.append(b"\x01" + frames({"id": "r1", "type": "reply", "replyTo": "h3", "time": 0}, body({"status": "ok"}), b"k"))
envelope.append(b"\x01" + frames({"id": "b1", "type": "sendMessage", "time": 0},
                                 body({"instance": "i1", "message": {"layout": {"type": "template", "image": {"frame": 0}}}}),
                                 b"k", [b"\x89PNG\r\n\x1a\n"]))
envelope.append(b"\x01" + RS.join([b"MSGHOST/2", b"", b'{"id":"v","type":"hello","time":0}', b"{}"]))
write("envelope", envelope)

# request: records of type byte, flags byte, body.
def record(kind, flags, value):
    return bytes([REQUEST_TYPES.index(kind), flags]) + body(value)

request = [record(kind, 0x01 if kind.startswith("send") else 0, value) for kind, value in requests]
request.append(RS.join([record("insertText", 0, {"instance": "i1", "text": "on my way"}),
                        record("sendText", 1, {"instance": "i1", "text": "hi"}),
                        record("requestPresentationStyle", 0, {"instance": "i1", "presentationStyle": "expanded"}),
                        record("dismiss", 0, {"instance": "i1"})]))
request.append(record("sendMessage", 0x05, {"instance": "i1", "message": {"layout": {"type": "template", "image": {"frame": 0}}}}))
request.append(record("sendSticker", 0x03, {"instance": "i1", "sticker": examples["STICKER"]}))
request.append(RS.join([record("sendText", 0x11, {"instance": "i1", "text": "late"}), record("reply", 0, {"status": "ok"})]))
write("request", request)

# control: records of command byte, body.
def command(name, value):
    return bytes([CONTROL.index(name)]) + body(value)

control = [command(name, value) for name, value in controls]
control.append(RS.join([command("typeText", {"device": "alice-phone", "conversation": "c1", "text": "on my way"}),
                        command("send", {"device": "alice-phone", "conversation": "c1"}),
                        command("transcript", {"device": "bob-phone", "conversation": "c1"})]))
control.append(RS.join([command("delivery", {"device": "bob-phone", "hold": True}),
                        command("typeText", {"device": "alice-phone", "conversation": "c1", "text": "held"}),
                        command("send", {"device": "alice-phone", "conversation": "c1"}),
                        command("release", {"device": "bob-phone", "order": "reverse"})]))
control.append(RS.join([command("uninstallApp", {"device": "alice-phone", "app": "com.example.python-raw"}),
                        command("advanceClock", {"milliseconds": 60000}), command("status", {})]))
control.append(RS.join([command("show", {"device": "bob-phone", "conversation": "c1"}),
                        command("tap", {"device": "bob-phone", "conversation": "c1", "entry": 1}),
                        command("chevron", {"device": "bob-phone"}), command("close", {"device": "bob-phone"})]))
write("control", control)

# config: the shipped file and variations on it.
shipped = (ROOT / "config/msghostd.yaml").read_bytes()
config = [shipped, b"", b"clock: manual\n", b"state:\n  directory: /tmp/x\nlimits:\n  maxFrameBytes: 4096\n",
          b"endpoints:\n  extension: tcp://127.0.0.1:5555\n  control: tcp://127.0.0.1:5556\n",
          b"extensions:\n  crashLimit: 0\n", b"interaction:\n  windowMs: abc\n", b"log:\n  level: loud\n",
          b"histroy:\n  messageCache: 5\n", b"sessions:\n  nilSummaryText: [1, 2]\n",
          b"events:\n  capacity: 1000000\nmessages:\n  expiryMs: 31536000000\n", b"world:\n  seed: \"\"\n"]
write("config", config)

manifests = [p.read_bytes() for p in sorted((ROOT / "config/apps").glob("*.yaml"))]
manifests += [b"bundleID: a\ndisplayName: A\ncommand: x\n",
              b"bundleID: a\ndisplayName: A\ncommand: x\nmemoryLimitMB: 0\n",
              b"bundleID: a\ndisplayName: A\ncommand: x\nattachKey: short\n",
              b"bundleID: a\ndisplayName: A\ncommand: x\ncontexts: [media, messages]\nenv: {A: \"1\", B: \"2\"}\nargs: [a, b]\n",
              b"bundleID: a\ndisplayName: A\ncommand: x\nlaunchTimeoutMs: 86400001\nresponseTimeoutMs: -1\n",
              b"bundleID: \"\"\ndisplayName: A\ncommand: x\nunknown: 1\n"]
write("manifest", manifests)

seeds = [(ROOT / "config/world.yaml").read_bytes(), b"{}\n", b"people: []\n",
         b"people:\n  - handle: a\n    name: A\ndevices:\n  - id: d\n    owner: a\n    platform: legacy\n"
         b"installs:\n  - device: d\n    app: com.example.python-raw\n",
         b"people:\n  - handle: a\n    name: A\n  - handle: a\n    name: B\n",
         b"conversations:\n  - id: c\n    members: [a, b]\n",
         b"devices:\n  - id: d\n    owner: nobody\n    color: red\n"]
write("seed", seeds)

# The codec target reads any bytes as every hot message: the example bodies themselves, and the
# golden headers.
codec = sorted({body(value) for _, value in VALID} | {body({"id": "x1", "time": 1763779200000, "type": "hello"}),
                                                      body({"id": "2", "replyTo": "1", "time": 0, "type": "reply"})})
write("codec", codec)


# control-codec: a flags byte (bit 0: limits.maxFrameBytes 256), then the frames a control
# client sends: tag, empty signature, header, body, more.
def control_frames(name, value, flags=0, tag=b"MSGHOST/1", header=None, extra=()):
    head = header if header is not None else json.dumps({"id": "c1", "type": name, "time": 0}, separators=(",", ":")).encode()
    return bytes([flags]) + RS.join([tag, b"", head, body(value) if not isinstance(value, bytes) else value, *extra])

control_codec = [control_frames(name, value) for name, value in controls]
control_codec += [control_frames("status", {}), control_frames("world", b"{}"), control_frames("status", b"[]"),
                  control_frames("status", b"{"), control_frames("frobnicate", {}), control_frames("status", {}, tag=b"MSGHOST/2"),
                  control_frames("status", {}, tag=b"HTTP/1.1"), control_frames("advanceClock", {"milliseconds": 1.5}),
                  control_frames("advanceClock", {"milliseconds": 9223372036854775808}),
                  control_frames("typeText", {"device": "alice-phone", "conversation": "c1", "text": "x" * 300}, flags=1),
                  control_frames("touch", {"device": "alice-phone", "payload": {"a": [1, None, True, "\u00e9"]}}, extra=[b"\x00\x01"]),
                  control_frames("status", {}, header=b'{"id":"c2","type":"status"}'), control_frames("status", {}, header=b"not json"),
                  b"\x00" + RS.join([b"MSGHOST/1", b"", b'{"id":"c3","type":"status","time":0}'])]
write("control-codec", control_codec)

# session: whole session files, as the recorder writes them and as the reader's tests make
# them, then damaged ones.
def line(value):
    return json.dumps(value, separators=(",", ":"), sort_keys=True).encode()

def session_file(start, steps, end=None, newline=True):
    end = end if end is not None else {"type": "end", "steps": len(steps), "time": max([s["time"] for s in steps] + [0])}
    return b"\n".join([line(start), *map(line, steps), line(end)]) + (b"\n" if newline else b"")

def step(number, command, value, time=0, reply=None, frames=()):
    return {"type": "step", "step": number, "time": time, "command": command, "body": value, "reply": reply or {"status": "ok"},
            "events": [], "callbacks": [], "transcripts": [], "frames": list(frames)}

kate = {"type": "session", "format": "msghost-session", "version": 1, "startedAt": 1000, "clock": "manual",
        "settings": {"interaction.windowMs": 5000}, "apps": [],
        "world": {"people": [{"handle": "kate@example.com", "name": "Kate Bell"}],
                  "devices": [{"id": "kate-iphone", "owner": "kate@example.com", "platform": "ios17"}],
                  "conversations": [{"id": "kate-john", "members": ["kate@example.com", "john@example.com"]}],
                  "installs": [{"device": "kate-iphone", "app": "com.example.python-raw"}]},
        "participants": [], "contacts": [], "delivery": [], "transcripts": []}
shown = {**kate, "screens": [{"device": "kate-iphone", "showing": "kate-john", "app": "com.example.python-raw", "conversation": "kate-john",
                              "presentationStyle": "compact"}]}
frame = examples["SESSION_STEP"]["frames"][0]
session = [session_file(kate, []), session_file(shown, []),
           session_file(kate, [step(1, "close", {"device": "kate-iphone"}, 5),
                               step(2, "createDevice", {"id": "ipad", "owner": "kate@example.com"}, 5),
                               step(3, "open", {"device": "ipad", "conversation": "kate-john", "app": "com.example.python-raw"}, 9)]),
           session_file(kate, [step(1, "touch", {"device": "kate-iphone", "payload": {"n": 1.5, "big": 12345678901234567890, "s": "\u00e9\\"}},
                                    reply={"status": "error", "error": {"domain": "MSMessageErrorDomain", "code": 9, "name": "x", "message": "m"}},
                                    frames=[frame, {**frame, "seq": 2, "body": None, "direction": "in", "binary": [3]}])]),
           session_file(examples["SESSION_START"], [examples["SESSION_STEP"]], {"type": "end", "steps": 1, "time": 250}),
           session_file(kate, [step(1, "close", {"device": "kate-iphone"})], newline=False),
           session_file(kate, [step(1, "frobnicate", {})]), session_file(kate, [step(2, "close", {"device": "kate-iphone"})]),
           session_file({**kate, "version": 2}, []), session_file(kate, [], {"type": "end", "steps": 3, "time": 0}),
           line(kate) + b"\n", line(kate)[:40], b"\n", b"{}\n"]
write("session", session)

# mcp: a byte choosing one of msghost-mcp's tools (ToolCatalog.all, in its order), then the
# JSON of the call's arguments: each control tool with its command's example body, and faults.
catalog = (ROOT / "Sources/MsgHostMCP/Tools/ToolCatalog.swift").read_text()
tools = re.findall(r'ToolSpec\("(\w+)"', catalog)
groups = re.search(r"all: \[ToolSpec\] = ([\w +]+)", catalog).group(1).split(" + ")
order = []
for group in groups:
    block = catalog[catalog.index(f"static let {group}: [ToolSpec] = ["):]
    block = block[:block.index("\n    ]\n")]
    order += re.findall(r'ToolSpec\("(\w+)"', block)
assert sorted(order) == sorted(tools), "ToolCatalog's groups changed: fix the order here"
mcp = []
for name, value in controls:
    if name in order:
        mcp.append(bytes([order.index(name)]) + body(value))
mcp += [bytes([order.index("createDevice")]) + b'{"id":"x","owner":"a","platform":null}',
        bytes([order.index("createConversation")]) + b'{"members":["a"]}',
        bytes([order.index("touch")]) + b'{"device":"d","payload":"data:text/plain;base64,aGk="}',
        bytes([order.index("advanceClock")]) + b'{"milliseconds":1e3}', bytes([order.index("world")]) + b"null",
        bytes([order.index("world")]) + b'{"extra":1}', bytes([0]) + b"[]"]
write("mcp", mcp)


# Dictionaries: the wire's and the files' names, from the schemas and the Swift key lists.
def dictionary(target, words):
    lines = [f'"{w}"' for w in sorted(set(words))]
    (FUZZ / "dict").mkdir(exist_ok=True)
    (FUZZ / "dict" / f"{target}.dict").write_text("# Generated by fuzz/make-corpus.py\n" + "\n".join(lines) + "\n")


SCHEMA_KEYWORDS = {"type", "properties", "required", "description", "title", "additionalProperties", "allOf", "anyOf", "oneOf",
                   "const", "enum", "items", "minimum", "maximum", "minLength", "maxLength", "pattern", "format", "not",
                   "minItems", "maxItems", "exclusiveMinimum", "if", "then", "else", "default", "examples"}


def schema_words(names):
    words = set()
    for name in names:
        path = ROOT / "docs/schema" / f"{name}.schema.json"
        if path.exists():
            words |= set(re.findall(r'"([A-Za-z][A-Za-z0-9]*)"\s*:', path.read_text()))
            words |= set(re.findall(r'"enum"\s*:\s*\[([^\]]*)\]', path.read_text()) and
                         re.findall(r'"([a-z][A-Za-z0-9]*)"', " ".join(re.findall(r'"enum"\s*:\s*\[([^\]]*)\]', path.read_text()))))
    return {w for w in words if not w.startswith("$") and w not in SCHEMA_KEYWORDS}


defs = schema_words(["defs"])
quoted = lambda words: [f'\\"{w}\\"' for w in words]
dictionary("envelope", ["MSGHOST/1", "MSGHOST/", "\\x1e", '\\"id\\"', '\\"type\\"', '\\"time\\"', '\\"replyTo\\"', "hello", "reply",
                        '\\"app\\"', '\\"protocol\\"', '\\"attachDevice\\"', "com.example.python-raw", "carol-mac"]
           + REQUEST_TYPES + quoted(schema_words(REQUEST_TYPES) | defs))
dictionary("request", ["\\x1e", "i1", "file:///tmp/a.png", "https://example.com/", "null", "true", "false"]
           + quoted(schema_words(REQUEST_TYPES) | defs) + [f"\\x{i:02x}" for i in range(len(REQUEST_TYPES))])
dictionary("control", ["\\x1e", "alice-phone", "bob-phone", "carol-mac", "alice@example.com", "c1", "group", "i1",
                       "com.example.python-raw", "com.example.media", "null", "true", "false"]
           + quoted(schema_words("control." + c for c in CONTROL) | defs) + [f"\\x{i:02x}" for i in range(len(CONTROL))])
config_keys = re.findall(r'"([a-z]+\.[A-Za-z.]+)"', (ROOT / "Sources/MsgHost/Configuration/DaemonConfiguration.swift").read_text()
                         + (ROOT / "Sources/MsgHost/Configuration/NumericRanges.swift").read_text())
dictionary("config", [part + ":" for key in config_keys for part in key.split(".")]
           + ["manual", "system", "ipc://", "tcp://", "debug", "\\x0a  ", "- ", "~", "!!int", "&a", "*a", "<<: "])
dictionary("manifest", [k + ":" for k in ["bundleID", "displayName", "command", "args", "env", "workingDirectory", "contexts",
                                          "memoryLimitMB", "launchTimeoutMs", "responseTimeoutMs", "attachKey"]]
           + ["messages", "media", "[", "]", "{", "}", "\\x0a", "- ", "~", "!!str", "&a", "*a", "<<: "])
dictionary("codec", ["null", "true", "false", r"\\u0000", r"\\ud83d", r"\\\"", "1e2", "1.0", "-0", "9223372036854775808"]
           + quoted(schema_words(REQUEST_TYPES + ["touch", "didStartSending", "willBecomeActive"]) | defs))
dictionary("seed", [k + ":" for k in ["people", "handle", "name", "devices", "id", "owner", "platform", "conversations",
                                      "members", "installs", "device", "app"]]
           + ["ios17", "ios11", "ios10", "macos", "watchos", "legacy", "com.example.python-raw", "com.example.media",
              "\\x0a  - ", "[", "]", "~", "&a", "*a", "<<: "])

dictionary("control-codec", ["MSGHOST/1", "MSGHOST/", "\\x1e", '\\"id\\"', '\\"type\\"', '\\"time\\"', '\\"replyTo\\"', "alice-phone",
                             "c1", "null", "true", "false", "1e400", "-0", "9223372036854775808"]
           + CONTROL + quoted(schema_words("control." + c for c in CONTROL) | defs))
dictionary("session", ["\\x0a", '\\"type\\"', "session", "step", "end", "msghost-session", "manual", "system", "kate-iphone",
                       "kate-john", "kate@example.com", "null", "true", "false", "1e400", "9223372036854775808"]
           + quoted(schema_words(["session"]) | defs) + CONTROL)
dictionary("mcp", ["null", "true", "false", "1e3", "1.5", "-1", "9223372036854775808", "data:text/plain;base64,", "alice-phone",
                   "c1"] + quoted(schema_words("control." + c for c in CONTROL)) + [f"\\x{i:02x}" for i in range(len(order))])
