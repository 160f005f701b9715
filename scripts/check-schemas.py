#!/usr/bin/env python3
"""Check docs/schema/*.schema.json against docs/PROTOCOL.md (msghost wire protocol v1).

- every schema is a valid draft 2020-12 schema, with "$id" equal to its file name,
  a "title" and a "description";
- every message type named in PROTOCOL.md (the tables of §4.3, §4.4 and §7, plus hello,
  reply, and event, which the daemon pushes to a control client after subscribe: its file is
  control.event.schema.json, as a control reply's is control.reply.schema.json) has a schema
  file, and no schema file is left without a message;
- the body fields each table row names are properties of that schema (and, for §7, the reply
  fields are properties of control.reply.schema.json#/$defs/<command>), and each description
  repeats the row's "acted on by this daemon" text;
- control.reply.schema.json's description lists every msghost.control error of §3.4 as
  "name (code)";
- example bodies written below validate (valid ones) or fail (invalid ones).

Relative "$ref"s ("defs.schema.json#/$defs/…") resolve through a referencing.Registry.
- with --bodies FILE, every body captured from a real daemon in FILE (JSON lines of
  {"type", "body"}) validates against its type's schema.

- Tests/MsgHostProtocolTests/Codec/schema-examples.json holds every example above, for the
  codec's differential tests (--write-examples rewrites it).

Usage: scripts/check-schemas.py [--bodies FILE] [--write-examples]   (exit 0 and "N passed, 0 failed" on success)
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
SUPPORT_FILES = {"defs", "control.reply", "session"}  # schema files that are not one message type (session: a session file's line)

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
# Messages outside the tables: hello and reply anywhere in the document, and event (pushed to a
# control client after subscribe), which §7 must mention; control-channel files are "control."-prefixed.
section7 = "\n".join(secs.get("7", []))
# frame is pushed after wireTap (§7.1, the wire tap), which §7 must mention too.
for name, where, text in (("hello", "§4.2/§3", doc), ("reply", "§4.2/§3", doc), ("control.event", "7", section7),
                          ("control.frame", "7", section7)):
    word = name.removeprefix("control.")
    if f"`{word}`" not in text:
        fail(f"PROTOCOL.md {'§7 ' if text is section7 else ''}does not mention `{word}`")
    expected[name] = (where, None)

# The msghost.control errors of §3.4, as "name (code)" in control.reply.schema.json's description.
control_errors = []  # (code, name) per row of the §3.4 table
for line in secs.get("3.4", []):
    row = cells(line) if line.strip().startswith("|") else []
    if len(row) >= 2 and re.fullmatch(r"-?\d+", row[0]) and idents(row[1]):
        control_errors.append((row[0], idents(row[1])[0]))
if not control_errors:
    fail("PROTOCOL.md §3.4: no table of msghost.control errors found")
reply_description = schemas.get("control.reply", {}).get("description", "")
missing = [f"{name} ({code})" for code, name in control_errors if f"{name} ({code})" not in reply_description]
if missing:
    fail(f"control.reply.schema.json: description does not list msghost.control error(s) {missing} (PROTOCOL.md §3.4)")
else:
    ok("control.reply error names")

for name in sorted(expected):
    if name in schemas:
        ok(f"{name} has a schema")
    else:
        fail(f"PROTOCOL.md §{expected[name][0]} names message `{name}` but docs/schema/{name}.schema.json does not exist")
for name in sorted(set(schemas) - set(expected) - SUPPORT_FILES):
    fail(f"docs/schema/{name}.schema.json names no message type in PROTOCOL.md (§4.3, §4.4, §7, hello, reply, event, frame)")
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
# A message as the host gives it back: image and media files point into the daemon's store.
HOST_MSG = {**MSG, "layout": {**MSG["layout"], "image": {"url": "file:///var/lib/msghost/files/3f2a.png"},
                              "mediaFileURL": "file:///var/lib/msghost/files/3f2b.mov"}}
STICKER = {"url": "file:///home/me/stickers/cone.png", "localizedDescription": "A vanilla cone"}
FILE = {"url": "file:///var/lib/msghost/files/3f2c.png", "filename": "cone.png", "mediaType": "image/png", "byteCount": 48213}
ENTRY = {"index": 0, "entry": 12, "messageID": "m-1", "kind": "message", "sender": "alice@example.com", "senderName": "Alice",
         "senderDevice": "alice-phone", "app": "com.example.python-raw", "rendering": "template",
         "senderParticipantIdentifier": U1, "message": HOST_MSG,
         "rendered": {"caption": "Vanilla for Bob", "subcaption": None, "summaryText": "Ordered"}, "sentAt": 1763779200000}
I = {"instance": "inst-1"}
ERR = {"domain": "com.apple.messages.messagesapp-error", "code": 9, "name": "sendWithoutRecentInteraction",
       "description": "A message was sent, but the app has not registered a recent touch interaction from the user."}

# A view as an extension sets it (§4.9): every element type, a nested row.
VIEW = {"elements": [
    {"type": "text", "text": "Build an ice cream", "style": "title"},
    {"type": "image", "image": {"frame": 0}, "accessibilityLabel": "a cone", "width": 120, "height": 160},
    {"type": "row", "elements": [{"type": "button", "id": "base-cone", "title": "Cone", "payload": {"base": "cone"}},
                                 {"type": "button", "id": "send", "title": "Send", "enabled": False}]},
    {"type": "textField", "id": "note", "placeholder": "A note", "text": ""},
    {"type": "choice", "id": "size", "options": [{"id": "s", "title": "Small"}, {"id": "l", "title": "Large"}], "selected": "s"},
    {"type": "choice", "id": "month", "options": [{"id": "12", "title": "December"}], "style": "picker"},
    {"type": "toggle", "id": "gift", "title": "Gift wrap", "on": True},
    {"type": "date", "id": "day", "title": "Day", "value": "2026-12-24", "minimum": "2026-12-01", "maximum": "2026-12-31"},
    {"type": "date", "id": "at", "mode": "dateAndTime", "value": "2026-12-24T18:30"},
    {"type": "sticker", "image": {"frame": 1}, "sticker": 0, "accessibilityLabel": "A cone", "width": 136, "height": 136}]}

# A session file's lines (docs/RECORDING.md).
SESSION_VIEW = {"device": "bob-phone", "conversation": "c1", "entries": [ENTRY], "removed": [], "olderCount": 0, "text": "", "staged": None}
SESSION_START = {
    "type": "session", "format": "msghost-session", "version": 1, "startedAt": 1763779200000, "clock": "manual",
    "settings": {"interaction.windowMs": 5000, "sessions.nilSummaryText": ""},
    "apps": [{"bundleID": "com.example.python-raw", "displayName": "Python Raw Example", "command": "python3", "args": ["app.py"],
              "workingDirectory": "/srv/msghost/examples/python-raw"}],
    "world": {"people": [{"handle": "alice@example.com", "name": "Alice"}, {"handle": "bob@example.com", "name": "Bob"}],
              "devices": [{"id": "alice-phone", "owner": "alice@example.com", "platform": "ios17"}],
              "conversations": [{"id": "c1", "members": ["alice@example.com", "bob@example.com"]}],
              "installs": [{"device": "alice-phone", "app": "com.example.python-raw"}]},
    "participants": [{"device": "alice-phone", "app": "com.example.python-raw",
                      "participants": [{"person": "bob@example.com", "identifier": U2}]}],
    "contacts": [{"device": "alice-phone", "person": "bob@example.com", "name": "Bobby"}],
    "delivery": [{"device": "bob-phone", "latencyMs": 250, "hold": False}],
    "transcripts": [SESSION_VIEW]}
SESSION_STEP = {
    "type": "step", "step": 1, "time": 250, "command": "touch", "body": {"device": "alice-phone", "payload": {"sends": 2}},
    "reply": {"status": "ok"},
    "events": [{"seq": 9, "time": 1763779200250, "kind": "sendRefused", "device": "alice-phone", "app": "com.example.python-raw",
                "code": 9, "name": "sendWithoutRecentInteraction"}],
    "callbacks": [{"device": "alice-phone", "app": "com.example.python-raw", "instance": "i1", "callback": "touch"}],
    "transcripts": [SESSION_VIEW],
    "frames": [{"seq": 1, "time": 1763779200250, "direction": "out", "device": "alice-phone", "app": "com.example.python-raw",
                "pid": 4242, "type": "touch", "id": "h7", "replyTo": None, "body": {**I, "payload": {"sends": 2}}, "binary": [], "error": None}]}

VALID = [
    ("defs#/$defs/header", {"id": "c0f5a4f2-8d0e-4a43-9a3e-5d1b8e1b2a77", "type": "sendMessage", "time": 1763779200000}),
    ("defs#/$defs/header", {"id": "2", "type": "reply", "replyTo": "1", "time": 0, "extra": True}),
    ("defs#/$defs/message", {}),
    ("defs#/$defs/message", LIVE),
    ("defs#/$defs/conversation", {**CONV, "selectedMessage": MSG}),
    ("defs#/$defs/conversation", {**CONV, "selectedMessage": HOST_MSG}),
    ("defs#/$defs/message", HOST_MSG),
    ("defs#/$defs/frameRef", {"frame": 0}),
    ("defs#/$defs/frameRef", {"url": "file:///var/lib/msghost/files/3f2a.png"}),
    ("defs#/$defs/frameRef", {"frame": 2, "url": None}),
    ("defs#/$defs/sticker", STICKER),
    ("hello", {"app": "com.example.python-raw", "protocol": 1, "pid": 4242, "sdk": "python-raw/1"}),
    ("hello", {"app": "com.example.min", "protocol": 1}),
    ("hello", {"app": "com.example.python-raw", "protocol": 1, "pid": 4243, "attachDevice": "alice-phone"}),
    # callbacks
    ("willBecomeActive", {**I, "conversation": CONV, "presentationStyle": "compact", "presentationContext": "messages"}),
    ("didBecomeActive", {**I, "conversation": CONV, "presentationStyle": "expanded", "presentationContext": "media"}),
    ("viewWillAppear", I), ("viewDidAppear", I), ("viewWillDisappear", I), ("viewDidDisappear", I),
    ("willResignActive", {**I, "conversation": CONV}),
    ("didResignActive", {**I, "conversation": CONV}),
    ("touch", {**I, "payload": {"x": 10, "y": 20}}),
    ("touch", {**I, "payload": None}),
    ("touch", {**I, "payload": {"base": "cone"}, "button": "base-cone", "fields": {"note": "for you"}}),
    ("setView", {**I, "view": VIEW}),
    ("setView", {**I, "view": {"elements": []}}),
    ("defs#/$defs/view", {"elements": [{"type": "image", "image": {"url": "file:///var/lib/msghost/files/3f2a.png"}, "width": 4096}]}),
    ("didStartSending", {**I, "message": MSG, "conversation": CONV}),
    ("didStartSending", {**I, "message": HOST_MSG, "conversation": CONV}),
    ("willTransition", {**I, "presentationStyle": "expanded"}),
    ("didTransition", {**I, "presentationStyle": "transcript"}),
    ("didTransition", {**I, "presentationStyle": "compact"}),
    ("willSelect", {**I, "message": MSG, "conversation": CONV}),
    ("willSelect", {**I, "message": HOST_MSG, "conversation": {**CONV, "selectedMessage": None}}),
    ("didSelect", {**I, "message": LIVE, "conversation": CONV}),
    ("didSelect", {**I, "message": HOST_MSG, "conversation": {**CONV, "selectedMessage": HOST_MSG}}),
    ("didReceive", {**I, "message": MSG, "conversation": CONV}),
    ("didReceive", {**I, "message": HOST_MSG, "conversation": CONV}),
    ("didCancelSending", {**I, "message": {}, "conversation": CONV}),
    ("didCancelSending", {**I, "message": {**HOST_MSG, "isPending": True}, "conversation": CONV}),
    ("contentSizeThatFits", {**I, "size": {"width": 320, "height": 240.5}}),
    ("terminate", {"reason": "idle", "graceMs": 2000}),
    ("didReceiveMemoryWarning", {"residentBytes": 57671680, "warningBytes": 53687091, "limitBytes": 67108864}),
    # requests
    ("sendMessage", {**I, "message": MSG}),
    ("sendMessage", {**I, "message": {"url": "x" * 6000}, "futureField": 1}),  # length is a host-side error 8
    ("sendMessage", {**I, "message": LIVE}),
    ("sendText", {**I, "text": "hello"}),
    ("sendText", {**I, "text": ""}),
    ("sendSticker", {**I, "sticker": STICKER}),
    ("sendSticker", {**I, "sticker": {**STICKER, "localizedDescription": "x" * 200}}),  # > 150 is a host-side error -1
    ("sendAttachment", {**I, "url": "file:///tmp/a.pdf", "alternateFilename": None}),
    ("sendAttachment", {**I, "url": "file:///tmp/a.pdf"}),
    ("sendAttachment", {**I, "url": "https://example.com/a.pdf"}),  # not a file URL: host-side error 4
    ("insertMessage", {**I, "message": MSG}),
    ("insertMessage", {**I, "message": LIVE}),
    ("insertText", {**I, "text": "hi"}),
    ("insertSticker", {**I, "sticker": STICKER}),
    ("insertAttachment", {**I, "url": "file:///tmp/a.pdf", "alternateFilename": "a.pdf"}),
    ("insertAttachment", {**I, "url": "file:///tmp/a.pdf"}),
    ("requestPresentationStyle", {**I, "presentationStyle": "expanded"}),
    ("requestPresentationStyle", {**I, "presentationStyle": "compact"}),
    ("dismiss", I),
    # replies
    ("reply", {"status": "ok"}),
    ("reply", {"status": "ok", "message": MSG}),
    ("reply", {"status": "error", "error": ERR}),
    ("reply#/$defs/helloOk", {"status": "ok", "protocol": 1}),
    ("reply#/$defs/sendMessageOk", {"status": "ok", "message": MSG}),
    ("reply#/$defs/sendMessageOk", {"status": "ok", "message": HOST_MSG}),
    ("reply#/$defs/insertMessageOk", {"status": "ok", "message": {**HOST_MSG, "isPending": True}}),
    ("reply", {"status": "ok", "message": {**HOST_MSG, "isPending": True}}),
    ("reply", {"status": "ok", "size": {"width": 300, "height": 120}}),
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
    ("control.view", {"device": "alice-phone"}),
    ("control.activate", {"device": "alice-phone", "button": "base-cone"}),
    ("control.activate", {"device": "alice-phone", "button": "send", "fields": {"note": "hi"}}),
    ("control.tapScreen", {"device": "alice-phone", "x": 120, "y": 40.5}),
    ("control.tapScreen", {"device": "alice-phone", "x": 20, "y": 30, "long": False, "text": "hi\n"}),
    ("control.reply#/$defs/tapScreen", {"status": "ok"}),
    ("touch", {"instance": "i1", "payload": None, "point": {"x": 120, "y": 40.5}, "long": False, "text": "hi"}),
    ("control.tapScreen", {"device": "alice-phone", "x": 20, "y": 30, "to": {"x": 300, "y": 200.5}}),
    ("control.tapScreen", {"device": "alice-phone", "x": 20, "y": 30, "to": {"x": 0, "y": 0}, "steps": 100}),
    ("touch", {"instance": "i1", "payload": None, "point": {"x": 20, "y": 30}, "to": {"x": 300, "y": 200.5}, "steps": 10}),
    ("setView", {"instance": "i1", "view": {"elements": [{"type": "screen", "image": {"frame": 0}, "width": 390, "height": 292, "items": [
        {"role": "button", "label": "Send", "x": 10, "y": 20, "width": 80, "height": 40},
        {"role": "textField", "label": "A note", "value": "", "x": 10, "y": 70, "width": 200, "height": 34, "enabled": True}]}]}}),
    ("control.reply#/$defs/view", {"status": "ok", "app": None, "instance": None, "presentationStyle": None, "view": None}),
    ("control.reply#/$defs/view", {"status": "ok", "app": "com.example.icecream", "instance": "i1", "presentationStyle": "compact", "view": VIEW}),
    ("control.tap", {"device": "bob-phone", "conversation": "c1", "entry": 12}),
    ("control.chevron", {"device": "alice-phone"}),
    ("control.show", {"device": "alice-phone", "conversation": "c1"}),
    ("control.show", {"device": "alice-phone"}),
    ("control.show", {"device": "alice-phone", "conversation": None}),
    ("control.typeText", {"device": "alice-phone", "conversation": "c1", "text": "on my way"}),
    ("control.typeText", {"device": "alice-phone", "conversation": "c1", "text": ""}),
    ("control.send", {"device": "alice-phone", "conversation": "c1"}),
    ("control.cancel", {"device": "alice-phone", "conversation": "c1"}),
    ("control.inputField", {"device": "alice-phone", "conversation": "c1"}),
    ("control.delivery", {"device": "bob-phone"}),
    ("control.delivery", {"device": "bob-phone", "latencyMs": 250, "hold": True}),
    ("control.delivery", {"device": "bob-phone", "latencyMs": None, "hold": False}),
    ("control.release", {"device": "bob-phone"}),
    ("control.release", {"device": "bob-phone", "order": "reverse"}),
    ("control.release", {"device": "bob-phone", "order": None, "messages": ["m-2", "m-1"]}),
    ("control.contact", {"device": "bob-phone", "person": "alice@example.com", "name": "Al"}),
    ("control.contact", {"device": "bob-phone", "person": "alice@example.com"}),
    ("control.contact", {"device": "bob-phone", "person": "alice@example.com", "name": None}),
    ("control.keep", {"device": "bob-phone", "conversation": "c1", "entry": 12}),
    ("control.transcript", {"device": "alice-phone", "conversation": "c1"}),
    ("control.transcript", {"device": "alice-phone", "conversation": "c1", "limit": 1000, "before": 1}),
    ("control.transcript", {"device": "alice-phone", "conversation": "c1", "limit": 1}),
    ("control.events", {}), ("control.events", {"after": 17}),
    ("control.subscribe", {}), ("control.subscribe", {"after": 0}), ("control.subscribe", {"after": 17}),
    ("control.settle", {}),
    ("control.advanceClock", {"milliseconds": 1500}), ("control.advanceClock", {"milliseconds": 0}),
    ("control.reset", {"device": "alice-phone", "app": "com.example.python-raw"}),
    ("control.memoryPressure", {"device": "alice-phone", "app": "com.example.python-raw", "level": "warning"}),
    ("control.memoryPressure", {"device": "alice-phone", "app": "com.example.python-raw", "level": "critical"}),
    ("control.reply#/$defs/memoryPressure", {"status": "ok"}),
    # pushed to a subscribed control client
    ("control.event", {"seq": 18, "time": 1763779200000, "kind": "launched", "device": "alice-phone",
                       "app": "com.example.python-raw", "pid": 4242}),
    ("control.event", {"seq": 19, "time": 1763779200100, "kind": "sent", "device": "alice-phone", "app": "com.example.python-raw",
                       "conversation": "c1", "instance": "inst-1", "code": 9, "name": "sendWithoutRecentInteraction",
                       "detail": "refused"}),
    ("control.event", {"seq": 20, "time": 0, "kind": "quarantined", "device": "alice-phone", "app": "com.example.python-raw",
                       "detail": "3 crashes within 60000 ms; msghostctl reset lifts it", "future": True}),
    # the wire tap, metrics, files, held deliveries (§7.1)
    ("control.wireTap", {}), ("control.metrics", {}), ("control.held", {"device": "bob-phone"}),
    ("control.file", {"url": "file:///var/lib/msghost/files/3f2c.png"}),
    ("control.frame", {"seq": 1, "time": 1763779200000, "direction": "out", "device": "alice-phone", "app": "com.example.python-raw",
                       "pid": 4242, "type": "didBecomeActive", "id": "h7", "replyTo": None,
                       "body": {**I, "conversation": CONV, "presentationStyle": "compact"}, "binary": [], "error": None}),
    ("control.frame", {"seq": 2, "time": 0, "direction": "in", "device": None, "app": None, "pid": None, "type": "", "id": "",
                       "replyTo": None, "body": None, "binary": [12, 0],
                       "error": {"domain": "msghost.protocol", "code": 2, "name": "badSignature", "message": "signature does not verify"}}),
    ("control.reply#/$defs/wireTap", {"status": "ok"}),
    # recording a session (§7.2, docs/RECORDING.md)
    ("control.startRecording", {}), ("control.stopRecording", {}),
    ("control.recording", {}), ("control.recording", {"from": 0, "limit": 10000}),
    ("control.reply#/$defs/startRecording", {"status": "ok", "recording": True, "startedAt": 1763779200000, "steps": 0, "lines": 0}),
    ("control.reply#/$defs/stopRecording", {"status": "ok", "recording": False, "startedAt": 1763779200000, "steps": 3, "lines": 5}),
    ("control.reply#/$defs/recording", {"status": "ok", "lines": ['{"type":"end","steps":0,"time":0}'], "from": 1, "total": 2, "more": False}),
    ("session", SESSION_START), ("session", SESSION_STEP), ("session", {"type": "end", "steps": 1, "time": 250}),
    ("control.reply#/$defs/metrics", {"status": "ok", "text": "# TYPE msghost_sends_total counter\nmsghost_sends_total 3\n"}),
    ("control.reply#/$defs/file", {"status": "ok", "mimeType": "image/png", "size": 3, "data": "AAEC"}),
    ("control.reply#/$defs/held", {"status": "ok", "messages": []}),
    ("control.reply#/$defs/held", {"status": "ok", "messages": [
        {"id": "m-1", "conversation": "c1", "sender": "alice@example.com", "sentAt": 5, "kind": "text", "text": "hi"},
        {"id": "m-2", "conversation": "c1", "sender": "alice@example.com", "sentAt": 6, "kind": "message"}]}),
    # group changes (§7)
    ("control.addMember", {"conversation": "c1", "person": "cleo@example.com"}),
    ("control.removeMember", {"conversation": "c1", "person": "cleo@example.com"}),
    ("control.reply#/$defs/addMember", {"status": "ok", "conversation": {"id": "c1", "members": ["a", "b", "c"]}}),
    ("control.reply#/$defs/removeMember", {"status": "ok", "conversation": {"id": "c1", "members": ["a", "b"]}}),
    ("control.event", {"seq": 21, "time": 0, "kind": "memberRemoved", "conversation": "c1", "detail": "cleo@example.com"}),
    # the sticker drawer (§4.11)
    ("stickers", {**I}),
    ("reply#/$defs/stickersOk", {"status": "ok", "stickers": []}),
    ("reply#/$defs/stickersOk", {"status": "ok", "stickers": [{"url": "file:///app/cone.png", "localizedDescription": "A cone"}]}),
    ("control.stickers", {"device": "kate-iphone"}),
    ("control.chooseSticker", {"device": "kate-iphone", "sticker": 0}),
    ("control.chooseSticker", {"device": "kate-iphone", "sticker": 2, "onto": 14}),
    ("control.reply#/$defs/stickers", {"status": "ok", "app": "com.example.stickers", "instance": "i-3", "stickers": [
        {"index": 0, "localizedDescription": "A cone", "file": {"url": "file:///var/lib/msghost/files/ab.png", "filename": "cone.png",
                                                                 "mediaType": "image/png", "byteCount": 2048}}],
        "rejected": [{"index": 1, "url": "file:///app/huge.png", "error": {"domain": "com.apple.messages.messagesapp-error", "code": 6,
                                                                            "name": "stickerFileImproperFileSize", "description": "over 500 KB"}}]}),
    ("control.reply#/$defs/chooseSticker", {"status": "ok", "messageID": "m-9"}),
    ("control.reply#/$defs/chooseSticker", {"status": "ok", "messageID": None}),
    ("control.event", {"seq": 22, "time": 0, "kind": "stickerDrawer", "device": "kate-iphone", "app": "com.example.stickers",
                       "detail": "1 shown, 1 left out"}),
    # control replies
    ("control.reply", {"status": "ok"}),
    ("control.reply", {"status": "error", "error": {"domain": "msghost.control", "code": 2, "name": "notFound",
                                                      "description": "device 'x' does not exist"}}),
    ("control.reply", {"status": "error", "error": {"domain": "msghost.control", "code": 8, "name": "quarantined",
                                                      "description": "com.example.x crashed too often on alice-phone"}}),
    ("control.reply", {"status": "error", "error": {"domain": "msghost.control", "code": 9, "name": "unavailable",
                                                      "description": "the daemon runs on the system clock"}}),
    ("control.reply#/$defs/status", {"status": "ok", "daemon": {"pid": 1, "protocol": 1, "startedAt": 0, "uptimeMs": 5},
                                     "extensions": [{"device": "d", "app": "a", "pid": 2, "state": "running"}],
                                     "counters": {"droppedFrames": 0, "badSignatures": 0, "other": 3}}),
    ("control.reply#/$defs/status", {"status": "ok", "daemon": {"pid": 1, "protocol": 1, "startedAt": 0, "uptimeMs": 5, "clock": "manual"},
                                     "extensions": [
                                         {"device": "d", "app": "a", "pid": 2, "state": "connected", "instances": ["inst-1"],
                                          "uptimeMs": 1200, "memoryBytes": 31457280},
                                         {"device": "d2", "app": "a", "state": "connected", "instances": [], "uptimeMs": 0,
                                          "attached": True}],
                                     "counters": {}, "quarantined": ["d3 a"]}),
    ("control.reply#/$defs/status", {"status": "ok", "daemon": {"pid": 1, "protocol": 1, "startedAt": 0, "uptimeMs": 5, "clock": "system"},
                                     "extensions": [], "counters": {}, "quarantined": []}),
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
    ("control.reply#/$defs/tap", {"status": "ok", "action": "selected", "instance": "inst-2"}),
    ("control.reply#/$defs/tap", {"status": "ok", "action": "openedURL", "url": "https://example.com/?order=42"}),
    ("control.reply#/$defs/tap", {"status": "ok", "action": "none", "instance": None, "url": None, "reason": "legacy runs no iMessage apps"}),
    ("control.reply#/$defs/chevron", {"status": "ok", "instance": "inst-1", "presentationStyle": "expanded"}),
    ("control.reply#/$defs/show", {"status": "ok"}),
    ("control.reply#/$defs/typeText", {"status": "ok"}),
    ("control.reply#/$defs/send", {"status": "ok"}),
    ("control.reply#/$defs/cancel", {"status": "ok"}),
    ("control.reply#/$defs/inputField", {"status": "ok", "text": ""}),
    ("control.reply#/$defs/inputField", {"status": "ok", "text": "hi", "staged": None}),
    ("control.reply#/$defs/inputField", {"status": "ok", "text": "", "staged": {
        **ENTRY, "entry": 0, "messageID": "staged", "message": {**HOST_MSG, "isPending": True}}}),
    ("control.reply#/$defs/inputField", {"status": "ok", "text": "", "staged": {
        "index": 0, "entry": 0, "messageID": "staged", "kind": "sticker", "sender": "alice@example.com", "senderName": "Me",
        "senderDevice": "alice-phone", "app": "com.example.python-raw", "text": "A vanilla cone", "file": FILE, "sentAt": 5}}),
    ("control.reply#/$defs/delivery", {"status": "ok"}),
    ("control.reply#/$defs/release", {"status": "ok", "released": ["m-2", "m-1"]}),
    ("control.reply#/$defs/release", {"status": "ok", "released": []}),
    ("control.reply#/$defs/contact", {"status": "ok"}),
    ("control.reply#/$defs/keep", {"status": "ok"}),
    ("control.reply#/$defs/transcript", {"status": "ok", "entries": [], "more": False, "olderCount": 0}),
    ("control.reply#/$defs/transcript", {"status": "ok", "more": False, "olderCount": 0, "entries": [
        ENTRY,
        {**ENTRY, "index": 1, "entry": 13, "messageID": "m-2", "rendering": "live", "message": {**LIVE, "isPending": False},
         "liveSize": {"width": 300, "height": 120}, "expiring": True, "kept": True},
        {**ENTRY, "index": 2, "entry": 14, "messageID": "m-3", "rendering": "alternate", "senderParticipantIdentifier": None,
         "message": None, "rendered": {"caption": "Hi"}},
        {"index": 3, "entry": 9, "messageID": "m-0", "kind": "summary", "sender": "bob@example.com", "senderName": "Bob",
         "senderDevice": "bob-phone", "app": "com.example.python-raw", "text": "Ordered", "sentAt": 1763779100000},
        {"index": 4, "entry": 15, "messageID": "m-4", "kind": "text", "sender": "bob@example.com", "senderName": "Bob",
         "senderDevice": "bob-phone", "text": "on my way", "sentAt": 1763779300000},
        {"index": 5, "entry": 16, "messageID": "m-5", "kind": "text", "sender": "bob@example.com", "senderName": "Bob",
         "senderDevice": "bob-phone", "app": None, "rendering": None, "senderParticipantIdentifier": None, "message": None,
         "rendered": None, "text": "hi", "file": None, "liveSize": None, "sentAt": 1763779300001, "expiring": None, "kept": None},
        {"index": 6, "entry": 17, "messageID": "m-6", "kind": "attachment", "sender": "bob@example.com", "senderName": "Bob",
         "senderDevice": "bob-phone", "text": "menu.pdf",
         "file": {**FILE, "filename": "menu.pdf", "mediaType": "application/pdf"}, "sentAt": 1763779300002}]}),
    ("control.reply#/$defs/transcript", {"status": "ok", "more": True, "olderCount": 40, "entries": [
        {"index": 40, "entry": 20, "messageID": "m-7", "kind": "legacyImage", "sender": "alice@example.com", "senderName": "Alice",
         "senderDevice": "alice-phone", "app": "com.example.python-raw", "file": FILE, "sentAt": 1},
        {"index": 41, "entry": 21, "messageID": "m-7", "kind": "legacyURL", "sender": "alice@example.com", "senderName": "Alice",
         "senderDevice": "alice-phone", "app": "com.example.python-raw", "text": "https://example.com/?order=42", "sentAt": 1}]}),
    ("control.reply#/$defs/events", {"status": "ok", "events": [{"seq": 1, "time": 0, "kind": "launch", "app": "a"}], "next": 2}),
    ("control.reply#/$defs/events", {"status": "ok", "events": [
        {"seq": 3, "time": 7, "kind": "memoryExceeded", "device": "d", "app": "a", "pid": 2, "detail": "300 MB > 256 MB"}], "next": 3}),
    ("control.reply#/$defs/subscribe", {"status": "ok"}),
    ("control.reply#/$defs/settle", {"status": "ok", "now": 1763779200000}),
    ("control.reply#/$defs/advanceClock", {"status": "ok", "now": 1500}),
    ("control.reply#/$defs/reset", {"status": "ok"}),
    # the parent app and its compose sheet (§4.10)
    ("presentMessageCompose", {**I, "recipients": ["bob@example.com"], "body": "Join me", "message": MSG}),
    ("presentMessageCompose", {**I, "recipients": ["bob@example.com", "cleo@example.com"], "message": LIVE}),
    ("presentMessageCompose", {**I, "recipients": ["bob@example.com"], "body": "just text", "message": None}),
    ("applicationDidBecomeActive", I),
    ("applicationWillResignActive", I),
    ("messageComposeDidFinish", {**I, "result": "sent"}),
    ("messageComposeDidFinish", {**I, "result": "cancelled"}),
    ("openURL", {**I, "url": "https://example.com/?order=42", "message": HOST_MSG}),
    ("openURL", {**I, "url": None, "message": {}}),
    ("control.reply#/$defs/tap", {"status": "ok", "action": "openedParentApp", "instance": "inst-3", "url": "https://example.com/?order=42"}),
    ("control.openParentApp", {"device": "alice-phone", "app": "com.example.python-raw"}),
    ("control.closeParentApp", {"device": "alice-phone"}),
    ("control.composeSheet", {"device": "alice-phone"}),
    ("control.compose", {"device": "alice-phone", "action": "send"}),
    ("control.compose", {"device": "alice-phone", "action": "cancel"}),
    ("control.reply#/$defs/openParentApp", {"status": "ok", "instance": "inst-3"}),
    ("control.reply#/$defs/status", {"status": "ok", "daemon": {"pid": 1, "protocol": 1, "startedAt": 0, "uptimeMs": 5},
                                     "extensions": [{"device": "d", "app": "a", "pid": 3, "state": "running", "instances": ["inst-3"],
                                                     "role": "parentApp"}], "counters": {}}),
    ("control.reply#/$defs/closeParentApp", {"status": "ok"}),
    ("control.reply#/$defs/composeSheet", {"status": "ok", "parentApp": None, "sheet": None}),
    ("control.reply#/$defs/composeSheet", {"status": "ok", "parentApp": "com.example.python-raw", "sheet": {
        "app": "com.example.python-raw", "recipients": ["bob@example.com"], "body": "Join me", "presentedAt": 1763779200000,
        "message": {**ENTRY, "entry": 0, "messageID": "staged", "message": {**HOST_MSG, "isPending": True}}}}),
    ("control.reply#/$defs/compose", {"status": "ok", "result": "sent", "conversation": "c1"}),
    ("control.reply#/$defs/compose", {"status": "ok", "result": "failed", "conversation": None,
                                      "reason": "no iMessage account for zed@example.com: nothing was sent"}),
    ("control.event", {"seq": 30, "time": 0, "kind": "composeFinished", "device": "alice-phone", "app": "com.example.python-raw",
                       "instance": "inst-3", "name": "sent", "detail": "to c1"}),
    ("reply", {"status": "error", "error": {"domain": "msghost.compose", "code": 1, "name": "composeAlreadyPresented",
                                            "description": "a compose sheet is already up on alice-phone"}}),
]

INVALID = [
    ("setView without view", "setView", {**I}),
    ("setView with an unknown element type", "setView", {**I, "view": {"elements": [{"type": "slider", "id": "s"}]}}),
    ("setView with an unknown key", "setView", {**I, "view": {"elements": [{"type": "text", "text": "hi", "colour": "red"}]}}),
    ("setView with an empty button id", "setView", {**I, "view": {"elements": [{"type": "button", "id": "", "title": "x"}]}}),
    ("setView with a zero image width", "setView", {**I, "view": {"elements": [{"type": "image", "image": {"frame": 0}, "width": 0}]}}),
    ("setView with a choice without options", "setView", {**I, "view": {"elements": [{"type": "choice", "id": "c", "options": []}]}}),
    ("setView with a choice style that is not one", "setView", {**I, "view": {"elements": [{"type": "choice", "id": "c", "options": [{"id": "a", "title": "A"}], "style": "wheel"}]}}),
    ("setView with a toggle whose on is a string", "setView", {**I, "view": {"elements": [{"type": "toggle", "id": "t", "title": "T", "on": "yes"}]}}),
    ("setView with a date in another format", "setView", {**I, "view": {"elements": [{"type": "date", "id": "d", "value": "24/12/2026"}]}}),
    ("setView with a sticker without its index", "setView", {**I, "view": {"elements": [{"type": "sticker", "image": {"frame": 0}}]}}),
    ("control.activate without button", "control.activate", {"device": "alice-phone"}),
    ("control.tapScreen without y", "control.tapScreen", {"device": "alice-phone", "x": 1}),
    ("control.tapScreen at a negative x", "control.tapScreen", {"device": "alice-phone", "x": -1, "y": 1}),
    ("control.tapScreen dragged to a negative y", "control.tapScreen", {"device": "alice-phone", "x": 1, "y": 1, "to": {"x": 1, "y": -1}}),
    ("control.tapScreen dragged to a point without x", "control.tapScreen", {"device": "alice-phone", "x": 1, "y": 1, "to": {"y": 1}}),
    ("control.tapScreen dragged to a point with a third coordinate", "control.tapScreen", {"device": "alice-phone", "x": 1, "y": 1, "to": {"x": 1, "y": 1, "z": 1}}),
    ("control.tapScreen with 0 steps", "control.tapScreen", {"device": "alice-phone", "x": 1, "y": 1, "to": {"x": 2, "y": 2}, "steps": 0}),
    ("control.tapScreen with 101 steps", "control.tapScreen", {"device": "alice-phone", "x": 1, "y": 1, "to": {"x": 2, "y": 2}, "steps": 101}),
    ("control.tapScreen with 2.5 steps", "control.tapScreen", {"device": "alice-phone", "x": 1, "y": 1, "to": {"x": 2, "y": 2}, "steps": 2.5}),
    ("touch dragged with 0 steps", "touch", {"instance": "i1", "payload": None, "point": {"x": 1, "y": 1}, "to": {"x": 2, "y": 2}, "steps": 0}),
    ("setView with a screen item of an unknown role", "setView", {"instance": "i1", "view": {"elements": [{"type": "screen", "image": {"frame": 0},
        "width": 10, "height": 10, "items": [{"role": "slider", "x": 0, "y": 0, "width": 1, "height": 1}]}]}}),
    ("control.view without device", "control.view", {}),
    ("hello without app", "hello", {"protocol": 1}),
    ("hello without protocol", "hello", {"app": "com.example.x"}),
    ("hello with string protocol", "hello", {"app": "com.example.x", "protocol": "1"}),
    ("sendMessage without instance", "sendMessage", {"message": MSG}),
    ("live layout without its alternate", "sendMessage", {**I, "message": {"layout": {"type": "live"}}}),
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
    ("memory warning without its sample", "didReceiveMemoryWarning", {"warningBytes": 1}),
    ("header with 65-char id", "defs#/$defs/header", {"id": "x" * 65, "type": "hello", "time": 1}),
    ("header without time", "defs#/$defs/header", {"id": "1", "type": "hello"}),
    ("control.createConversation with one member", "control.createConversation", {"members": ["alice"]}),
    ("control.open without app", "control.open", {"device": "d", "conversation": "c"}),
    ("control.events with negative after", "control.events", {"after": -1}),
    ("control.reply events without next", "control.reply#/$defs/events", {"status": "ok", "events": []}),
    # attach mode and supervision (§4.7, §7)
    ("hello with a number attachDevice", "hello", {"app": "com.example.x", "protocol": 1, "attachDevice": 1}),
    ("hello with an empty attachDevice", "hello", {"app": "com.example.x", "protocol": 1, "attachDevice": ""}),
    ("control.subscribe with negative after", "control.subscribe", {"after": -1}),
    ("control.subscribe with a string after", "control.subscribe", {"after": "17"}),
    ("control.advanceClock without milliseconds", "control.advanceClock", {}),
    ("control.advanceClock with negative milliseconds", "control.advanceClock", {"milliseconds": -1}),
    ("control.advanceClock with a string milliseconds", "control.advanceClock", {"milliseconds": "1500"}),
    ("control.advanceClock with fractional milliseconds", "control.advanceClock", {"milliseconds": 1.5}),
    ("control.file without url", "control.file", {}),
    ("control.file with an empty url", "control.file", {"url": ""}),
    ("control.held without device", "control.held", {}),
    ("control.addMember without person", "control.addMember", {"conversation": "c1"}),
    ("stickers without instance", "stickers", {}),
    ("stickersOk without stickers", "reply#/$defs/stickersOk", {"status": "ok"}),
    ("stickersOk with 257 stickers", "reply#/$defs/stickersOk",
     {"status": "ok", "stickers": [{"url": "file:///s.png", "localizedDescription": ""}] * 257}),
    ("control.stickers without device", "control.stickers", {}),
    ("control.chooseSticker without sticker", "control.chooseSticker", {"device": "d"}),
    ("control.chooseSticker with sticker 256", "control.chooseSticker", {"device": "d", "sticker": 256}),
    ("control.chooseSticker onto entry 0", "control.chooseSticker", {"device": "d", "sticker": 0, "onto": 0}),
    ("control.removeMember with an empty conversation", "control.removeMember", {"conversation": "", "person": "cleo@example.com"}),
    ("control.frame without direction", "control.frame", {"seq": 1, "time": 0, "device": None, "app": None, "pid": None, "type": "reply",
                                                          "id": "x", "replyTo": None, "body": None, "binary": [], "error": None}),
    ("control.frame with direction sideways", "control.frame", {"seq": 1, "time": 0, "direction": "up", "device": None, "app": None,
                                                                "pid": None, "type": "reply", "id": "x", "replyTo": None, "body": None,
                                                                "binary": [], "error": None}),
    ("control.reply metrics without text", "control.reply#/$defs/metrics", {"status": "ok"}),
    ("control.recording with limit 0", "control.recording", {"limit": 0}),
    ("control.recording with limit 10001", "control.recording", {"limit": 10001}),
    ("control.recording with a negative from", "control.recording", {"from": -1}),
    ("control.reply recording without more", "control.reply#/$defs/recording", {"status": "ok", "lines": [], "from": 0, "total": 0}),
    ("session line of version 2", "session", {**SESSION_START, "version": 2}),
    ("session line with an unknown key", "session", {**SESSION_START, "colour": "blue"}),
    ("session line with an unknown setting", "session", {**SESSION_START, "settings": {"interaction.windowSeconds": 5}}),
    ("session step with an unknown action", "session", {**SESSION_STEP, "command": "frobnicate"}),
    ("session step 0", "session", {**SESSION_STEP, "step": 0}),
    ("session step without frames", "session", {k: v for k, v in SESSION_STEP.items() if k != "frames"}),
    ("session step with a callback without instance", "session", {**SESSION_STEP, "callbacks": [{"device": "d", "app": "a", "callback": "touch"}]}),
    ("session end with a negative time", "session", {"type": "end", "steps": 0, "time": -1}),
    ("session view without removed", "session", {**SESSION_STEP, "transcripts": [{k: v for k, v in SESSION_VIEW.items() if k != "removed"}]}),
    ("control.reset without app", "control.reset", {"device": "d"}),
    ("control.reset without device", "control.reset", {"app": "a"}),
    ("control.memoryPressure without level", "control.memoryPressure", {"device": "d", "app": "a"}),
    ("control.memoryPressure with another level", "control.memoryPressure", {"device": "d", "app": "a", "level": "low"}),
    ("control.reply settle without now", "control.reply#/$defs/settle", {"status": "ok"}),
    ("control.reply advanceClock with a string now", "control.reply#/$defs/advanceClock", {"status": "ok", "now": "1500"}),
    ("control.reply subscribe with status error", "control.reply#/$defs/subscribe", {"status": "error"}),
    ("control.reply status with clock fast", "control.reply#/$defs/status",
     {"status": "ok", "daemon": {"pid": 1, "protocol": 1, "startedAt": 0, "uptimeMs": 5, "clock": "fast"}, "extensions": [], "counters": {}}),
    ("control.reply status with quarantined a string", "control.reply#/$defs/status",
     {"status": "ok", "daemon": {"pid": 1}, "extensions": [], "counters": {}, "quarantined": "d a"}),
    ("control.reply status with instances a string", "control.reply#/$defs/status",
     {"status": "ok", "daemon": {"pid": 1}, "extensions": [{"device": "d", "app": "a", "state": "s", "instances": "inst-1"}], "counters": {}}),
    ("control.reply status with a string memoryBytes", "control.reply#/$defs/status",
     {"status": "ok", "daemon": {"pid": 1}, "extensions": [{"device": "d", "app": "a", "state": "s", "memoryBytes": "30 MB"}], "counters": {}}),
    ("control.reply status with attached yes", "control.reply#/$defs/status",
     {"status": "ok", "daemon": {"pid": 1}, "extensions": [{"device": "d", "app": "a", "state": "s", "attached": "yes"}], "counters": {}}),
    ("control.reply status with negative uptimeMs", "control.reply#/$defs/status",
     {"status": "ok", "daemon": {"pid": 1}, "extensions": [{"device": "d", "app": "a", "state": "s", "uptimeMs": -1}], "counters": {}}),
    ("control.event without seq", "control.event", {"time": 0, "kind": "launched"}),
    ("control.event without kind", "control.event", {"seq": 1, "time": 0}),
    ("control.event with a string code", "control.event", {"seq": 1, "time": 0, "kind": "sent", "code": "9"}),
    ("control.event with a number device", "control.event", {"seq": 1, "time": 0, "kind": "launched", "device": 7}),
    ("control.reply events with an event without time", "control.reply#/$defs/events",
     {"status": "ok", "events": [{"seq": 1, "kind": "launched"}], "next": 1}),
    # images, stickers, files (§2.3, §4.6, §5.2, §5.3)
    ("frameRef with neither frame nor url", "defs#/$defs/frameRef", {}),
    ("frameRef with both frame and url", "defs#/$defs/frameRef", {"frame": 0, "url": "file:///var/lib/msghost/files/3f2a.png"}),
    ("frameRef with both null", "defs#/$defs/frameRef", {"frame": None, "url": None}),
    ("frameRef with a string frame", "defs#/$defs/frameRef", {"frame": "0"}),
    ("frameRef with an http url", "defs#/$defs/frameRef", {"url": "https://example.com/a.png"}),
    ("didReceive with image both frame and url", "didReceive", {**I, "conversation": CONV, "message": {
        "layout": {"type": "template", "image": {"frame": 0, "url": "file:///x.png"}}}}),
    ("sticker without localizedDescription", "defs#/$defs/sticker", {"url": "file:///home/me/stickers/cone.png"}),
    ("sticker without url", "defs#/$defs/sticker", {"localizedDescription": "A vanilla cone"}),
    ("sendSticker with a frame-ref sticker", "sendSticker", {**I, "sticker": {"frame": 0}}),
    ("sendSticker without sticker", "sendSticker", I),
    ("insertSticker with null localizedDescription", "insertSticker", {**I, "sticker": {**STICKER, "localizedDescription": None}}),
    ("sendText without text", "sendText", I),
    ("insertText with a number text", "insertText", {**I, "text": 42}),
    ("sendAttachment without url", "sendAttachment", {**I, "alternateFilename": "a.pdf"}),
    ("insertAttachment with a number alternateFilename", "insertAttachment", {**I, "url": "file:///tmp/a.pdf", "alternateFilename": 1}),
    ("insertMessage without message", "insertMessage", I),
    ("requestPresentationStyle transcript", "requestPresentationStyle", {**I, "presentationStyle": "transcript"}),
    ("requestPresentationStyle without presentationStyle", "requestPresentationStyle", I),
    ("dismiss without instance", "dismiss", {}),
    ("sendMessageOk with isPending true", "reply#/$defs/sendMessageOk", {"status": "ok", "message": {**MSG, "isPending": True}}),
    ("sendMessageOk without senderParticipantIdentifier", "reply#/$defs/sendMessageOk", {"status": "ok", "message": {"isPending": False}}),
    ("insertMessageOk with isPending false", "reply#/$defs/insertMessageOk", {"status": "ok", "message": MSG}),
    ("insertMessageOk without message", "reply#/$defs/insertMessageOk", {"status": "ok"}),
    ("contentSizeThatFitsOk without size", "reply#/$defs/contentSizeThatFitsOk", {"status": "ok"}),
    # new control commands (§7)
    ("control.tap without entry", "control.tap", {"device": "d", "conversation": "c"}),
    ("control.tap with a string entry", "control.tap", {"device": "d", "conversation": "c", "entry": "12"}),
    ("control.tap without conversation", "control.tap", {"device": "d", "entry": 1}),
    ("control.chevron without device", "control.chevron", {}),
    ("control.show without device", "control.show", {"conversation": "c"}),
    ("control.show with empty conversation", "control.show", {"device": "d", "conversation": ""}),
    ("control.typeText without text", "control.typeText", {"device": "d", "conversation": "c"}),
    ("control.typeText with null text", "control.typeText", {"device": "d", "conversation": "c", "text": None}),
    ("control.send without conversation", "control.send", {"device": "d"}),
    ("control.cancel without device", "control.cancel", {"conversation": "c"}),
    ("control.inputField without conversation", "control.inputField", {"device": "d"}),
    ("control.delivery with negative latencyMs", "control.delivery", {"device": "d", "latencyMs": -1}),
    ("control.delivery with a string hold", "control.delivery", {"device": "d", "hold": "yes"}),
    ("control.delivery without device", "control.delivery", {"hold": True}),
    ("control.release with order random", "control.release", {"device": "d", "order": "random"}),
    ("control.release with messages not an array", "control.release", {"device": "d", "messages": "m-1"}),
    ("control.contact without person", "control.contact", {"device": "d", "name": "Al"}),
    ("control.contact with a number name", "control.contact", {"device": "d", "person": "p", "name": 7}),
    ("control.keep without entry", "control.keep", {"device": "d", "conversation": "c"}),
    ("control.transcript with limit 0", "control.transcript", {"device": "d", "conversation": "c", "limit": 0}),
    ("control.transcript with limit 1001", "control.transcript", {"device": "d", "conversation": "c", "limit": 1001}),
    ("control.transcript with a string limit", "control.transcript", {"device": "d", "conversation": "c", "limit": "50"}),
    ("control.transcript with before 0", "control.transcript", {"device": "d", "conversation": "c", "before": 0}),
    ("control.reply transcript without more", "control.reply#/$defs/transcript", {"status": "ok", "entries": [], "olderCount": 0}),
    ("control.reply transcript with a negative olderCount", "control.reply#/$defs/transcript",
     {"status": "ok", "entries": [], "more": False, "olderCount": -1}),
    ("control.reply tap without action", "control.reply#/$defs/tap", {"status": "ok", "instance": "inst-1"}),
    ("control.reply tap with action opened", "control.reply#/$defs/tap", {"status": "ok", "action": "opened"}),
    ("control.reply chevron without presentationStyle", "control.reply#/$defs/chevron", {"status": "ok", "instance": "inst-1"}),
    ("control.reply inputField without text", "control.reply#/$defs/inputField", {"status": "ok", "staged": None}),
    ("control.reply inputField with a staged string", "control.reply#/$defs/inputField", {"status": "ok", "text": "", "staged": "hi"}),
    ("control.reply release without released", "control.reply#/$defs/release", {"status": "ok"}),
    ("control.reply release with number ids", "control.reply#/$defs/release", {"status": "ok", "released": [1, 2]}),
    ("transcript entry without entry", "control.reply#/$defs/entry", {k: v for k, v in ENTRY.items() if k != "entry"}),
    ("transcript entry without messageID", "control.reply#/$defs/entry", {k: v for k, v in ENTRY.items() if k != "messageID"}),
    ("transcript entry without senderDevice", "control.reply#/$defs/entry", {k: v for k, v in ENTRY.items() if k != "senderDevice"}),
    ("transcript entry with null senderName", "control.reply#/$defs/entry", {**ENTRY, "senderName": None}),
    ("transcript entry with unknown kind", "control.reply#/$defs/entry", {**ENTRY, "kind": "photo"}),
    ("transcript entry with unknown rendering", "control.reply#/$defs/entry", {**ENTRY, "rendering": "fancy"}),
    ("transcript entry with a string sentAt", "control.reply#/$defs/entry", {**ENTRY, "sentAt": "2025-11-22"}),
    ("transcript entry with a number rendered caption", "control.reply#/$defs/entry", {**ENTRY, "rendered": {"caption": 1}}),
    ("transcript entry with file without byteCount", "control.reply#/$defs/entry",
     {**ENTRY, "kind": "attachment", "file": {k: v for k, v in FILE.items() if k != "byteCount"}}),
    ("transcript entry with liveSize without height", "control.reply#/$defs/entry", {**ENTRY, "liveSize": {"width": 300}}),
    ("transcript entry with a string kept", "control.reply#/$defs/entry", {**ENTRY, "kept": "yes"}),
    ("presentMessageCompose without recipients", "presentMessageCompose", {**I, "message": MSG}),
    ("presentMessageCompose with no recipient", "presentMessageCompose", {**I, "recipients": []}),
    ("messageComposeDidFinish with a number", "messageComposeDidFinish", {**I, "result": 1}),
    ("compose with another action", "control.compose", {"device": "alice-phone", "action": "delete"}),
    ("openParentApp without app", "control.openParentApp", {"device": "alice-phone"}),
    ("openURL without message", "openURL", {**I, "url": "https://example.com"}),
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

# Every example, valid and invalid, as the Swift codec's differential tests read them
# (Tests/MsgHostProtocolTests/Codec/FastCodingTests.swift): the hand-written codec and
# Foundation must agree on each. `--write-examples` rewrites the file; without it, a stale
# file is a failure.
EXAMPLES = ROOT / "Tests" / "MsgHostProtocolTests" / "Codec" / "schema-examples.json"
examples = json.dumps([{"schema": t, "body": b} for t, b in VALID] + [{"schema": t, "label": l, "body": b} for l, t, b in INVALID],
                      indent=1, sort_keys=True) + "\n"
if "--write-examples" in sys.argv:
    EXAMPLES.parent.mkdir(parents=True, exist_ok=True)
    EXAMPLES.write_text(examples)
if EXAMPLES.exists() and EXAMPLES.read_text() == examples:
    ok("schema-examples.json")
else:
    fail(f"{EXAMPLES.relative_to(ROOT)} is not the examples of this script: run scripts/check-schemas.py --write-examples")

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
