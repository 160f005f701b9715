#!/usr/bin/env python3
"""Check docs/schema/*.schema.json against docs/PROTOCOL.md (msghost wire protocol v1).

- every schema is a valid draft 2020-12 schema, with "$id" equal to its file name,
  a "title" and a "description";
- every message type named in PROTOCOL.md (the tables of §4.3, §4.4 and §7, plus hello and
  reply) has a schema file, and no schema file is left without a message;
- the body fields each table row names are properties of that schema (and, for §7, the reply
  fields are properties of control.reply.schema.json#/$defs/<command>), and each description
  repeats the row's "acted on by this daemon" text;
- example bodies written below validate (valid ones) or fail (invalid ones).

Relative "$ref"s ("defs.schema.json#/$defs/…") resolve through a referencing.Registry.
- with --bodies FILE, every body captured from a real daemon in FILE (JSON lines of
  {"type", "body"}) validates against its type's schema.

Usage: scripts/check-schemas.py [--bodies FILE]   (exit 0 and "N passed, 0 failed" on success)
"""
import json
import re
import sys
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = ROOT / "docs" / "schema"
PROTOCOL = ROOT / "docs" / "PROTOCOL.md"
SUPPORT_FILES = {"defs", "control.reply"}  # schema files that are not one message type

passed = 0
failures = []


def ok(_what):
    global passed
    passed += 1


def fail(what):
    failures.append(what)
    print(f"FAIL: {what}", file=sys.stderr)


# ---------------------------------------------------------------- load schemas
schemas = {}
for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
    name = path.name[: -len(".schema.json")]
    try:
        schemas[name] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        fail(f"{path.name}: cannot load: {e}")

for name, schema in schemas.items():
    fname = f"{name}.schema.json"
    problems = []
    if schema.get("$id") != fname:
        problems.append(f'"$id" is {schema.get("$id")!r}, expected {fname!r}')
    for key in ("title", "description"):
        if not isinstance(schema.get(key), str) or not schema[key].strip():
            problems.append(f'missing "{key}"')
    if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
        problems.append('"$schema" is not draft 2020-12')
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as e:
        problems.append(f"invalid schema: {e.message} at {list(e.absolute_path)}")
    if problems:
        fail(f"{fname}: " + "; ".join(problems))
    else:
        ok(fname)

registry = Registry().with_resources(
    (f"{n}.schema.json", Resource.from_contents(s, default_specification=DRAFT202012))
    for n, s in schemas.items()
)


def validator(target):
    """target: a schema name ("hello") or "name#/json/pointer"."""
    name, _, pointer = target.partition("#")
    ref = f"{name}.schema.json" + (f"#{pointer}" if pointer else "")
    return Draft202012Validator(
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": ref},
        registry=registry,
    )


# every $ref in every schema must resolve
def refs(node):
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "$ref" and isinstance(v, str):
                yield v
            else:
                yield from refs(v)
    elif isinstance(node, list):
        for v in node:
            yield from refs(v)


for name, schema in schemas.items():
    resolver = registry.resolver(base_uri=f"{name}.schema.json")
    bad = []
    for r in sorted(set(refs(schema))):
        try:
            resolver.lookup(r)
        except Exception as e:  # noqa: BLE001 - report any resolution failure
            bad.append(f"{r} ({type(e).__name__})")
    if bad:
        fail(f"{name}.schema.json: unresolvable $ref: {', '.join(bad)}")
    else:
        ok(f"{name} refs")


# ---------------------------------------------------------------- PROTOCOL.md tables
def sections(text):
    """Map heading number ("4.3", "7") to the section's text (up to the next heading)."""
    out, current = {}, None
    for line in text.splitlines():
        m = re.match(r"^#{2,}\s+(\d+(?:\.\d+)*)\.?\s", line)
        if m:
            current = m.group(1)
            out[current] = []
        elif re.match(r"^#{1,}\s", line):
            current = None
        elif current:
            out[current].append(line)
    return out


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def type_tables(lines):
    """Rows (lists of cells) of the tables in lines whose first header cell is "type"."""
    rows, in_table, header = [], False, None
    for line in lines:
        if line.strip().startswith("|"):
            c = cells(line)
            if not in_table:
                in_table, header = True, c
            elif all(re.fullmatch(r":?-+:?", x) for x in c):
                continue
            elif header and header[0].lower() == "type":
                rows.append(dict(zip(header, c)))
        else:
            in_table, header = False, None
    return rows


def idents(cell, strip_nested=False):
    """Backticked identifiers in a table cell, ignoring parenthesised remarks."""
    if strip_nested:
        prev = None
        while prev != cell:
            prev = cell
            cell = re.sub(r"\{[^{}]*\}|\[[^\[\]]*\]", "", cell)
    cell = re.sub(r"\([^()]*\)", "", cell)
    cell = cell.split(";")[0]  # "`size` …; reply carries `size`"
    return [m for m in re.findall(r"`([^`]*)`", cell) if re.fullmatch(r"[A-Za-z_]\w*", m)]


def plain(cell):
    return re.sub(r"`", "", cell).strip()


def props(schema_name, pointer=None):
    node = schemas.get(schema_name, {})
    if pointer:
        for part in pointer.strip("/").split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
    return set(node.get("properties", {}))


try:
    doc = PROTOCOL.read_text(encoding="utf-8")
except OSError as e:
    fail(f"cannot read {PROTOCOL}: {e}")
    doc = ""
secs = sections(doc)
expected = {}  # schema name -> (section, row)
for sec, prefix in (("4.3", ""), ("4.4", ""), ("7", "control.")):
    rows = type_tables(secs.get(sec, []))
    if not rows:
        fail(f"PROTOCOL.md §{sec}: no table with a 'type' column found")
        continue
    previous_body = []
    for row in rows:
        names = re.findall(r"`([^`]+)`", row.get("type", ""))
        if len(names) != 1:
            fail(f"PROTOCOL.md §{sec}: cannot read the type in row {row}")
            continue
        name = prefix + names[0]
        expected[name] = (sec, row)
        body = row.get("body (besides `instance`)", row.get("body", ""))
        fields = previous_body if plain(body) == "same" else idents(body)
        previous_body = fields
        if "body (besides `instance`)" in row and "no `instance`" not in body:
            fields = ["instance", *fields]
        if name in schemas:
            missing = [f for f in fields if f not in props(name)]
            if missing:
                fail(f"{name}.schema.json: PROTOCOL.md §{sec} lists body field(s) {missing} not in properties")
            else:
                ok(f"{name} body fields")
            acted = next((v for k, v in row.items() if k.lower().startswith("acted on")), None)
            if acted is not None:
                phrase = f"Acted on by this daemon: {plain(acted)}"
                if phrase not in schemas[name].get("description", ""):
                    fail(f"{name}.schema.json: description does not say {phrase!r} (PROTOCOL.md §{sec})")
                else:
                    ok(f"{name} acted-on")
        if sec == "7":
            reply_fields = idents(row.get("reply fields on `ok`", ""), strip_nested=True)
            cmd = names[0]
            defs = schemas.get("control.reply", {}).get("$defs", {})
            if cmd not in defs:
                fail(f"control.reply.schema.json: no $defs/{cmd} for control command {cmd!r} (PROTOCOL.md §7)")
            else:
                missing = [f for f in reply_fields if f not in props("control.reply", f"$defs/{cmd}")]
                if missing:
                    fail(f"control.reply.schema.json#/$defs/{cmd}: reply field(s) {missing} from PROTOCOL.md §7 not in properties")
                else:
                    ok(f"control.reply {cmd}")
for name in ("hello", "reply"):
    if f"`{name}`" not in doc:
        fail(f"PROTOCOL.md does not mention `{name}`")
    expected[name] = ("§4.2/§3", None)

for name in sorted(expected):
    if name in schemas:
        ok(f"{name} has a schema")
    else:
        fail(f"PROTOCOL.md §{expected[name][0]} names message `{name}` but docs/schema/{name}.schema.json does not exist")
for name in sorted(set(schemas) - set(expected) - SUPPORT_FILES):
    fail(f"docs/schema/{name}.schema.json names no message type in PROTOCOL.md (§4.3, §4.4, §7, hello, reply)")
for name in sorted(SUPPORT_FILES - set(schemas)):
    fail(f"docs/schema/{name}.schema.json is missing")

# ---------------------------------------------------------------- examples
U1 = "7C1D0E5A-3B2C-4D1E-8F90-1A2B3C4D5E6F"
U2 = "A4E0B1C2-D3E4-4F50-9617-28394A5B6C7D"
CONV = {"localParticipantIdentifier": U1, "remoteParticipantIdentifiers": [U2], "selectedMessage": None}
MSG = {
    "url": "https://example.com/?order=42", "session": "5E0B2B7C-0000-4000-8000-000000000001",
    "summaryText": "Ordered", "accessibilityLabel": None, "shouldExpire": False, "isPending": False,
    "senderParticipantIdentifier": U1,
    "layout": {"type": "template", "caption": "Vanilla", "subcaption": None, "trailingCaption": None,
               "trailingSubcaption": None, "imageTitle": None, "imageSubtitle": None, "image": None,
               "mediaFileURL": None},
}
LIVE = {"layout": {"type": "live", "alternateLayout": {"type": "template", "caption": "Hi", "image": {"frame": 0},
                                                       "mediaFileURL": "file:///tmp/a.png"}}}
I = {"instance": "inst-1"}
ERR = {"domain": "com.apple.messages.messagesapp-error", "code": 9, "name": "sendWithoutRecentInteraction",
       "description": "A message was sent, but the app has not registered a recent touch interaction from the user."}

VALID = [
    ("defs#/$defs/header", {"id": "c0f5a4f2-8d0e-4a43-9a3e-5d1b8e1b2a77", "type": "sendMessage", "time": 1763779200000}),
    ("defs#/$defs/header", {"id": "2", "type": "reply", "replyTo": "1", "time": 0, "extra": True}),
    ("defs#/$defs/message", {}),
    ("defs#/$defs/message", LIVE),
    ("defs#/$defs/conversation", {**CONV, "selectedMessage": MSG}),
    ("hello", {"app": "com.example.python-raw", "protocol": 1, "pid": 4242, "sdk": "python-raw/1"}),
    ("hello", {"app": "com.example.min", "protocol": 1}),
    # callbacks
    ("willBecomeActive", {**I, "conversation": CONV, "presentationStyle": "compact", "presentationContext": "messages"}),
    ("didBecomeActive", {**I, "conversation": CONV, "presentationStyle": "expanded", "presentationContext": "media"}),
    ("viewWillAppear", I), ("viewDidAppear", I), ("viewWillDisappear", I), ("viewDidDisappear", I),
    ("willResignActive", {**I, "conversation": CONV}),
    ("didResignActive", {**I, "conversation": CONV}),
    ("touch", {**I, "payload": {"x": 10, "y": 20}}),
    ("touch", {**I, "payload": None}),
    ("didStartSending", {**I, "message": MSG, "conversation": CONV}),
    ("willTransition", {**I, "presentationStyle": "expanded"}),
    ("didTransition", {**I, "presentationStyle": "transcript"}),
    ("willSelect", {**I, "message": MSG, "conversation": CONV}),
    ("didSelect", {**I, "message": LIVE, "conversation": CONV}),
    ("didReceive", {**I, "message": MSG, "conversation": CONV}),
    ("didCancelSending", {**I, "message": {}, "conversation": CONV}),
    ("contentSizeThatFits", {**I, "size": {"width": 320, "height": 240.5}}),
    ("terminate", {"reason": "idle", "graceMs": 2000}),
    # requests
    ("sendMessage", {**I, "message": MSG}),
    ("sendMessage", {**I, "message": {"url": "x" * 6000}, "futureField": 1}),  # length is a host-side error 8
    ("sendText", {**I, "text": "hello"}),
    ("sendSticker", {**I, "sticker": {"frame": 0}}),
    ("sendAttachment", {**I, "url": "file:///tmp/a.pdf", "alternateFilename": None}),
    ("insertMessage", {**I, "message": MSG}),
    ("insertText", {**I, "text": "hi"}),
    ("insertSticker", {**I, "sticker": {"frame": 1}}),
    ("insertAttachment", {**I, "url": "file:///tmp/a.pdf", "alternateFilename": "a.pdf"}),
    ("requestPresentationStyle", {**I, "presentationStyle": "expanded"}),
    ("dismiss", I),
    # replies
    ("reply", {"status": "ok"}),
    ("reply", {"status": "ok", "message": MSG}),
    ("reply", {"status": "error", "error": ERR}),
    ("reply#/$defs/helloOk", {"status": "ok", "protocol": 1}),
    ("reply#/$defs/sendMessageOk", {"status": "ok", "message": MSG}),
    ("reply#/$defs/contentSizeThatFitsOk", {"status": "ok", "size": {"width": 1, "height": 2}}),
    # control requests
    ("control.status", {}), ("control.world", {}),
    ("control.createPerson", {"handle": "alice@example.com", "name": "Alice"}),
    ("control.createDevice", {"id": "alice-phone", "owner": "alice@example.com"}),
    ("control.createDevice", {"id": "bob-phone", "owner": "bob@example.com", "platform": "ios17"}),
    ("control.createConversation", {"members": ["alice@example.com", "bob@example.com"]}),
    ("control.createConversation", {"members": ["a", "b", "c"], "id": "group"}),
    ("control.installApp", {"device": "alice-phone", "app": "com.example.python-raw"}),
    ("control.uninstallApp", {"device": "alice-phone", "app": "com.example.python-raw"}),
    ("control.participants", {"device": "alice-phone", "app": "com.example.python-raw"}),
    ("control.open", {"device": "alice-phone", "conversation": "c1", "app": "com.example.python-raw"}),
    ("control.close", {"device": "alice-phone"}),
    ("control.touch", {"device": "alice-phone"}),
    ("control.touch", {"device": "alice-phone", "payload": [1, 2, 3]}),
    ("control.transcript", {"device": "alice-phone", "conversation": "c1"}),
    ("control.events", {}), ("control.events", {"after": 17}),
    # control replies
    ("control.reply", {"status": "ok"}),
    ("control.reply", {"status": "error", "error": {"domain": "msghost.control", "code": 2, "name": "notFound",
                                                      "description": "device 'x' does not exist"}}),
    ("control.reply#/$defs/status", {"status": "ok", "daemon": {"pid": 1, "protocol": 1, "startedAt": 0, "uptimeMs": 5},
                                     "extensions": [{"device": "d", "app": "a", "pid": 2, "state": "running"}],
                                     "counters": {"droppedFrames": 0, "badSignatures": 0, "other": 3}}),
    ("control.reply#/$defs/world", {"status": "ok", "people": [], "devices": [], "conversations": [], "apps": [], "installs": []}),
    ("control.reply#/$defs/createPerson", {"status": "ok", "person": {"handle": "a", "name": "A"}}),
    ("control.reply#/$defs/createDevice", {"status": "ok", "device": {"id": "d"}}),
    ("control.reply#/$defs/createConversation", {"status": "ok", "conversation": {"id": "c1"}}),
    ("control.reply#/$defs/installApp", {"status": "ok", "install": {"id": "i1", "device": "d", "app": "a"}}),
    ("control.reply#/$defs/uninstallApp", {"status": "ok"}),
    ("control.reply#/$defs/participants", {"status": "ok", "install": {"id": "i1", "device": "d", "app": "a"},
                                           "participants": [{"person": "alice@example.com", "identifier": U1}]}),
    ("control.reply#/$defs/open", {"status": "ok", "instance": "inst-1", "presentationStyle": "compact"}),
    ("control.reply#/$defs/close", {"status": "ok"}),
    ("control.reply#/$defs/touch", {"status": "ok"}),
    ("control.reply#/$defs/transcript", {"status": "ok", "entries": [
        {"index": 0, "kind": "message", "sender": "alice@example.com", "senderName": "Alice", "app": "com.example.python-raw",
         "senderParticipantIdentifier": None, "message": MSG, "sentAt": 1763779200000}]}),
    ("control.reply#/$defs/events", {"status": "ok", "events": [{"seq": 1, "time": 0, "kind": "launch", "app": "a"}], "next": 2}),
]

INVALID = [
    ("hello without app", "hello", {"protocol": 1}),
    ("hello without protocol", "hello", {"app": "com.example.x"}),
    ("hello with string protocol", "hello", {"app": "com.example.x", "protocol": "1"}),
    ("sendMessage without instance", "sendMessage", {"message": MSG}),
    ("sendMessage without message", "sendMessage", I),
    ("sendMessage with lowercase senderParticipantIdentifier", "sendMessage", {**I, "message": {"senderParticipantIdentifier": U1.lower()}}),
    ("sendMessage with unknown layout type", "sendMessage", {**I, "message": {"layout": {"type": "grid"}}}),
    ("sendMessage with image not a frame ref", "sendMessage", {**I, "message": {"layout": {"type": "template", "image": {"frame": -1}}}}),
    ("reply with status maybe", "reply", {"status": "maybe"}),
    ("reply error without error object", "reply", {"status": "error"}),
    ("reply error with string code", "reply", {"status": "error", "error": {**ERR, "code": "9"}}),
    ("willBecomeActive with bad presentationStyle", "willBecomeActive", {**I, "conversation": CONV, "presentationStyle": "fullscreen", "presentationContext": "messages"}),
    ("didBecomeActive without presentationContext", "didBecomeActive", {**I, "conversation": CONV, "presentationStyle": "compact"}),
    ("viewDidAppear without instance", "viewDidAppear", {}),
    ("terminate with unknown reason", "terminate", {**I, "reason": "bored", "graceMs": 1}),
    ("header with 65-char id", "defs#/$defs/header", {"id": "x" * 65, "type": "hello", "time": 1}),
    ("header without time", "defs#/$defs/header", {"id": "1", "type": "hello"}),
    ("control.createConversation with one member", "control.createConversation", {"members": ["alice"]}),
    ("control.open without app", "control.open", {"device": "d", "conversation": "c"}),
    ("control.events with negative after", "control.events", {"after": -1}),
    ("control.reply events without next", "control.reply#/$defs/events", {"status": "ok", "events": []}),
]

covered = {t.partition("#")[0] for t, _ in VALID}
for name in sorted(set(expected) - covered):
    fail(f"no valid example for message type {name!r} in {Path(__file__).name}")

for target, body in VALID:
    if target.partition("#")[0] not in schemas:
        fail(f"valid example for {target}: schema missing")
        continue
    errors = sorted(validator(target).iter_errors(body), key=lambda e: list(e.absolute_path))
    if errors:
        detail = "; ".join(f"{'/'.join(map(str, e.absolute_path)) or '(body)'}: {e.message[:200]}" for e in errors)
        fail(f"valid example for {target} was rejected: {detail}")
    else:
        ok(target)

for label, target, body in INVALID:
    if target.partition("#")[0] not in schemas:
        fail(f"invalid example '{label}': schema missing")
        continue
    if validator(target).is_valid(body):
        fail(f"invalid example '{label}' was accepted by {target}")
    else:
        ok(label)

# Bodies captured from a real daemon (one JSON object a line: {"type": …, "body": …}), given
# with --bodies FILE: each must validate against its type's schema.
if "--bodies" in sys.argv:
    captured = Path(sys.argv[sys.argv.index("--bodies") + 1])
    for number, line in enumerate(captured.read_text().splitlines(), 1):
        if not line.strip():
            continue
        record = json.loads(line)
        target = record["type"]
        if target.partition("#")[0] not in schemas:
            fail(f"{captured.name}:{number}: a real {target!r} has no schema")
            continue
        errors = list(validator(target).iter_errors(record["body"]))
        if errors:
            fail(f"{captured.name}:{number}: a real {target} does not match its schema: {errors[0].message[:200]}")
        else:
            ok(target)

print(f"{passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
