#!/usr/bin/env python3
"""The msghost conformance kit: plays the host (docs/PROTOCOL.md v1) to an extension client and
checks it against conformance/scenarios.json. Needs Python 3 and pyzmq, nothing else.

For every scenario it starts a fresh client process with the launch environment of PROTOCOL.md
§4.1 (its own ROUTER on an ipc:// path in a temporary directory, a fresh token), carries out the
steps with timeouts, and prints a scorecard: scenario × client, ✔ or ✘ with the first failing
step and a one-line reason. Exit status 0 only if every scenario passed for every client.

  python3 conformance/kit.py --client raw                  # examples/python-raw/app.py
  python3 conformance/kit.py --all                         # raw, python-sdk and swift-sdk
  python3 conformance/kit.py --scenario replay --client raw
  python3 conformance/kit.py --command python3 conformance/clients/broken.py   # must fail

See conformance/README.md for the client contract and the step vocabulary.
"""
import argparse
import concurrent.futures
import copy
import hashlib
import hmac
import json
import os
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import zmq
from zmq.utils.monitor import recv_monitor_message

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = Path(__file__).resolve().parent / "scenarios.json"
SCHEMAS = REPO / "docs" / "schema"
TAG = b"MSGHOST/1"
MANUAL_CLOCK = 1763779200000  # the kit's header times: a manual clock, never wall time (§2.2)


# ----------------------------------------------------------------------------------- clients
class Client:
    """A client under test: a name for the scorecard and how to start it."""

    def __init__(self, name, argv, env=None, missing=None):
        self.name, self.argv, self.env, self.missing = name, argv, env or {}, missing


def known_client(name, swift_binary=None):
    if name == "raw":
        return Client("raw", [sys.executable, str(REPO / "examples/python-raw/app.py")])
    if name == "python-sdk":
        script = REPO / "conformance/clients/python_sdk.py"
        path = os.pathsep.join(p for p in [str(REPO / "python/src"), os.environ.get("PYTHONPATH", "")] if p)
        missing = None if script.exists() else f"{script.relative_to(REPO)} does not exist"
        return Client("python-sdk", [sys.executable, str(script)], {"PYTHONPATH": path}, missing)
    if name == "swift-sdk":
        binary = Path(swift_binary or os.environ.get("CONFORMANCE_SWIFT_CLIENT") or REPO / ".build/debug/ConformanceClient")
        missing = None if os.access(binary, os.X_OK) else f"{binary} does not exist (swift build builds it)"
        return Client("swift-sdk", [str(binary)], missing=missing)
    raise SystemExit(f"kit.py: unknown client {name!r} (raw, python-sdk, swift-sdk; or --command CMD...)")


# ----------------------------------------------------------------------------------- probes
# Every bad thing the kit can send ({"raw": KIND}): (title, what it is). The scorecard's
# reasons are built from these, e.g. "bad signature: the client answered a message signed
# with a wrong key, not its token (it must drop it)".
PROBES = {
    "badSignature": ("bad signature", "a message signed with a wrong key (not its token)"),
    "garbageSignature": ("bad signature", "a message whose signature is 64 random hex digits"),
    "truncatedSignature": ("bad signature", "a message carrying only the first half of its right signature"),
    "tampered": ("bad signature", "a message whose body was changed after signing"),
    "appendedFrame": ("bad signature", "a message with a binary frame appended after signing (the signature covers every frame)"),
    "wrongKey": ("wrong token", "a message signed with another launch's token"),
    "unsigned": ("wrong token", "a message with an empty signature frame"),
    "replay": ("replay", "a replayed message (a host header id it has already seen)"),
    "reusedId": ("replay", "a new, correctly signed message reusing a host header id it has already seen"),
    "tooFewFrames": ("malformed frames", "a message of 3 frames (tag, signature, header; no body)"),
    "oneFrame": ("malformed frames", "a message of a single frame"),
    "emptyFrames": ("malformed frames", "a message of 4 empty frames"),
    "badHeaderJson": ("malformed JSON", "a correctly signed message whose header is not JSON"),
    "badBodyJson": ("malformed JSON", "a correctly signed message whose body is not JSON"),
    "nonUtf8Header": ("malformed JSON", "a correctly signed message whose header is not UTF-8"),
    "headerNotObject": ("malformed shape", "a correctly signed message whose header is a JSON array"),
    "bodyNotObject": ("malformed shape", "a correctly signed message whose body is a JSON string"),
    "headerWithoutId": ("malformed shape", "a correctly signed message whose header has no id and no type"),
    "wrongVersion": ("wrong version", "a correctly signed message tagged MSGHOST/2"),
    "oversize": ("oversize frame", "{size} of garbage with a bad signature"),
    "strayReply": ("stray reply", "a reply to nothing it is waiting for (the host out of turn)"),
}


class Probe:
    def __init__(self, kind, size=0, type_=None, body=None):
        self.kind = kind
        self.title, desc = PROBES[kind]
        self.desc = desc.format(size=mib(size))
        self.type, self.body = type_, body

    def answered(self):
        return f"{self.title}: the client answered {self.desc} (it must drop it)"

    def acted(self, what):
        return f"{self.title}: the client acted on {self.desc}: it sent {what} (it must drop it)"

    def died(self, status):
        return f"{self.title}: the client died (exit status {status}) on {self.desc} (it must drop it and carry on)"

    def taken_as_reply(self, request_type):
        return f"{self.title}: the client took {self.desc} for the reply to its {request_type} (it must drop it)"


def mib(n):
    return f"{n / 1048576:g} MiB" if n >= 1048576 else f"{n} bytes"


# ----------------------------------------------------------------------------------- messages
class Failure(Exception):
    """A failed step; the message is the scorecard's one-line reason."""


class Message:
    """A verified message from the client."""

    def __init__(self, header, body, binary):
        self.header, self.body, self.binary = header, body, binary
        self.type, self.id, self.reply_to = header["type"], header["id"], header.get("replyTo")


class Sent:
    """Something the kit sent with a header id: a callback, a request's answer, the hello reply."""

    def __init__(self, kind, type_, label, why=None):
        self.kind, self.type, self.label, self.why = kind, type_, label, why
        self.acked = False


def get_path(value, dotted):
    for part in dotted.split("."):
        if not isinstance(value, dict) or part not in value:
            return KeyError
        value = value[part]
    return value


def short(value, limit=120):
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[: limit - 1] + "…"


def load_scenarios(path=SCENARIOS):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    sequences = data.get("sequences", {})

    def expand(steps, seen=()):
        out = []
        for step in steps:
            if "use" in step:
                name = step["use"]
                if name not in sequences or name in seen:
                    raise SystemExit(f"scenarios.json: unknown or recursive sequence {name!r}")
                out += expand(sequences[name], seen + (name,))
            else:
                out.append(step)
        return out

    for scenario in data["scenarios"]:
        scenario["expanded"] = expand(scenario["steps"])
    return data


# ----------------------------------------------------------------------------------- one run
class Run:
    """One scenario against one freshly started client process."""

    def __init__(self, data, scenario, client, factor=1.0, verbose=False, bodies=None):
        self.data, self.scenario, self.client = data, scenario, client
        timeouts = data.get("timeouts", {})
        self.step_ms = timeouts.get("stepMs", 5000) * factor
        self.hello_ms = timeouts.get("helloMs", 10000) * factor
        self.silence_ms = timeouts.get("silenceMs", 400)
        self.factor, self.verbose, self.bodies = factor, verbose, bodies
        self.app = data.get("app", "com.example.conformance")
        self.token = secrets.token_hex(16)
        self.other_token = secrets.token_hex(16)
        self.vars = copy.deepcopy(data.get("vars", {}))
        self.prefix = secrets.token_hex(3)
        self.counter = 0
        self.sent = {}            # host id -> Sent
        self.frames_by_id = {}    # host id -> frames, for replays
        self.probes = {}          # host id -> Probe (ids of probes, and ids replayed)
        self.probe_log = []       # probes in order
        self.last_probe = None    # the probe since the last good exchange, for silence reasons
        self.labels = {}          # label -> host id (callbacks) or client id (requests)
        self.requests = {}        # client request id -> (type, body)
        self.unanswered = set()   # client request ids the kit has not answered yet
        self.interleaved = []     # callbacks sent while a request waited for its answer
        self.last_callback = None
        self.client_ids = set()
        self.identity = None
        self.stdout_lines, self.stderr_lines = [], []
        self.reports_seen = 0
        self.lock = threading.Condition()

    # -- process and socket
    def start(self):
        self.dir = tempfile.mkdtemp(prefix="msghost-kit-")
        self.endpoint = f"ipc://{self.dir}/extension.sock"
        self.context = zmq.Context()
        self.router = self.context.socket(zmq.ROUTER)
        self.router.setsockopt(zmq.LINGER, 0)
        self.router.bind(self.endpoint)
        # Connections opened and ended, so that a client's exit is judged only once everything it
        # wrote before exiting has been read (see drained_after_exit).
        self.monitor = self.router.get_monitor_socket(zmq.EVENT_ACCEPTED | zmq.EVENT_DISCONNECTED)
        self.connections = {"accepted": 0, "ended": 0}
        # Nothing of the caller's launch environment, and no PYTHONUNBUFFERED: reports must be
        # flushed by the client itself, wherever the kit runs.
        env = {k: v for k, v in os.environ.items() if not k.startswith("MSGHOST_") and k != "PYTHONUNBUFFERED"}
        env.update(self.client.env)
        env.update({"MSGHOST_ENDPOINT": self.endpoint, "MSGHOST_TOKEN": self.token,
                    "MSGHOST_APP": self.app, "MSGHOST_PROTOCOL": "1"})
        self.process = subprocess.Popen(self.client.argv, cwd=REPO, env=env, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        for stream, lines in ((self.process.stdout, self.stdout_lines), (self.process.stderr, self.stderr_lines)):
            threading.Thread(target=self.pump, args=(stream, lines), daemon=True).start()

    def pump(self, stream, lines):
        for raw in iter(stream.readline, b""):
            with self.lock:
                lines.append(raw.decode("utf-8", "replace").rstrip("\n"))
                self.lock.notify_all()
        stream.close()

    def stop(self):
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)  # the group we started it in
            except ProcessLookupError:
                pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self.router.disable_monitor()
        self.monitor.close(0)
        self.router.close(0)
        self.context.term()
        shutil.rmtree(self.dir, ignore_errors=True)

    def stderr_tail(self):
        time.sleep(0.05)  # let the pump catch the last lines of a process that just died
        with self.lock:
            lines = [line.strip() for line in self.stderr_lines if line.strip()]
        return f"; stderr: {short(lines[-1], 160)}" if lines else ""

    def log(self, text):
        if self.verbose:
            print(f"      {text}", flush=True)

    # -- sending
    def next_id(self):
        self.counter += 1
        return f"h{self.prefix}-{self.counter}"

    def header(self, type_, id_=None, reply_to=None, extra=None):
        header = {"id": id_ or self.next_id(), "type": type_, "time": MANUAL_CLOCK + self.counter}
        if reply_to is not None:
            header["replyTo"] = reply_to
        header.update(extra or {})
        return header

    def sign(self, frames, key=None):
        mac = hmac.new((key or self.token).encode(), digestmod=hashlib.sha256)
        for frame in [frames[0]] + frames[2:]:
            mac.update(frame)
        return mac.hexdigest().encode()

    def envelope(self, header, body, binary=(), tag=TAG, key=None):
        frames = [tag, b"", json.dumps(header).encode(), json.dumps(body).encode(), *binary]
        frames[1] = self.sign(frames, key)
        return frames

    def send_frames(self, frames):
        self.router.send_multipart([self.identity] + frames)

    def dump(self, type_, body):
        if self.bodies is not None and (SCHEMAS / f"{type_}.schema.json").exists():
            self.bodies.write(json.dumps({"type": type_, "body": body}) + "\n")

    def subst(self, value):
        if isinstance(value, str) and value.startswith("$"):
            found = get_path(self.vars, value[1:])
            if found is KeyError:
                raise SystemExit(f"scenarios.json: {self.scenario['name']}: no variable {value!r}")
            return copy.deepcopy(found)
        if isinstance(value, dict):
            return {k: self.subst(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.subst(v) for v in value]
        return value

    # -- receiving
    def receive(self, ms):
        """The next message from the client, verified, or None after ms. Raises ClientExited."""
        deadline = time.monotonic() + ms / 1000
        while True:
            left = deadline - time.monotonic()
            if self.router.poll(int(max(0, min(left, 0.05)) * 1000)):
                identity, *frames = self.router.recv_multipart()
                return self.verify(identity, frames)
            if self.process.poll() is not None:
                if not self.drained_after_exit():
                    raise ClientExited(self.process.returncode)
                continue  # its last message is waiting: the poll above takes it, deadline or not
            if left <= 0:
                return None

    def drained_after_exit(self):
        """The client has exited: True if a message it wrote before exiting is waiting.

        Its last message (the ack of terminate) can still be in the kit's own ZeroMQ I/O thread
        when the process is already gone; on a loaded machine that thread may not run for a
        while. So wait for the end of every connection the client opened (the monitor's
        DISCONNECTED): the I/O thread reads a connection to its end before it reports that,
        and what it read is queued on the router by then. The bound (a step's timeout) is only
        for a kit that cannot read its own socket; a client that exited before it connected
        gets a short look.
        """
        deadline = time.monotonic() + self.step_ms / 1000
        while True:
            while self.monitor.poll(0):
                event = recv_monitor_message(self.monitor)["event"]
                self.connections["accepted" if event == zmq.EVENT_ACCEPTED else "ended"] += 1
            open_ = self.connections["accepted"] - self.connections["ended"]
            if open_ <= 0 or time.monotonic() >= deadline:
                return bool(self.router.poll(0 if self.connections["accepted"] else 50))
            self.monitor.poll(int(max(0.0, min(deadline - time.monotonic(), 0.5)) * 1000))

    def verify(self, identity, frames):
        def bad(problem):
            raise Failure(f"the client sent a bad message: {problem}")

        if self.identity is not None and identity != self.identity:
            bad("it came from a second connection (one DEALER per process, and no ZMQ_ROUTING_ID)")
        self.identity = identity
        if len(frames) < 4:
            bad(f"{len(frames)} frames (tag, signature, header, body at least; PROTOCOL.md §2)")
        if frames[0] != TAG:
            bad(f"version tag {frames[0][:20]!r}, expected b'MSGHOST/1'")
        expected = self.sign(frames)
        if not hmac.compare_digest(frames[1], expected):
            what = ("an empty signature" if not frames[1] else "an uppercase signature" if frames[1].lower() == expected
                    else "a signature that does not verify with MSGHOST_TOKEN over frame 0 ‖ frame 2 ‖ frame 3 ‖ …")
            bad(f"{what} (PROTOCOL.md §2.1)")
        try:
            header, body = json.loads(frames[2]), json.loads(frames[3])
        except ValueError as error:
            bad(f"header or body is not JSON ({error})")
        if not isinstance(header, dict) or not isinstance(body, dict):
            bad("header and body must be JSON objects")
        id_, type_, at = header.get("id"), header.get("type"), header.get("time")
        if not isinstance(id_, str) or not 1 <= len(id_) <= 64:
            bad(f"header id {id_!r} is not a string of 1–64 characters (PROTOCOL.md §2.2)")
        if not isinstance(type_, str):
            bad(f"header type {type_!r} is not a string")
        if not isinstance(at, int) or isinstance(at, bool):
            bad(f"header time {at!r} is not an integer (milliseconds since the epoch)")
        if "replyTo" in header and not isinstance(header["replyTo"], str):
            bad(f"header replyTo {header['replyTo']!r} is not a string")
        if id_ in self.client_ids:
            raise Failure(f"the client reused its own header id {id_!r} (ids are unique per connection; "
                          "the host drops a repeat as replayedMessage)")
        self.client_ids.add(id_)
        message = Message(header, body, frames[4:])
        self.log(f"← {type_} {short(body, 100)}" + (f" (replyTo {message.reply_to})" if message.reply_to else ""))
        self.dump(type_, body)
        return message

    def describe(self, message):
        if message.type != "reply":
            return f"a {message.type} request"
        sent = self.sent.get(message.reply_to)
        if sent is None:
            return f"a reply to {message.reply_to!r}, which the kit never sent"
        return f"a reply to {sent.label}"

    def unexpected(self, message, expecting):
        """The reason for a message that is not the one the step expects."""
        if message.type == "reply":
            r = message.reply_to
            sent = self.sent.get(r)
            if r in self.probes and (sent is None or sent.acked or sent.kind != "callback"):
                return self.probes[r].answered()
            if sent is None:
                return f"the client answered a message the kit never sent (replyTo {r!r}), expecting {expecting}"
            if sent.kind != "callback":
                return f"the client answered the kit's {sent.label} (a reply is never answered), expecting {expecting}"
            if sent.acked:
                return f"the client acknowledged {sent.label} twice (one reply per callback), expecting {expecting}"
            return f"the client acknowledged {sent.label} out of turn, expecting {expecting}"
        if self.last_probe and message.type != "hello":
            return self.last_probe.acted(self.describe(message))
        return f"the client sent {self.describe(message)}, expecting {expecting}"

    def exited(self, status, expecting):
        if self.last_probe:
            return self.last_probe.died(status) + self.stderr_tail()
        return f"the client exited (status {status}) while the kit waited for {expecting}" + self.stderr_tail()

    def waiting(self, ms, expecting, timeout_reason):
        try:
            message = self.receive(ms)
        except ClientExited as gone:
            raise Failure(self.exited(gone.status, expecting))
        if message is None:
            raise Failure(timeout_reason)
        return message

    # -- steps
    def describe_step(self, step):
        if "expect" in step:
            kind = step["expect"]
            if kind == "ack":
                return f"ack of {self.label_of(step.get('of'))}"
            if kind == "acks":
                return "acks of " + " and ".join(step["of"])
            if kind == "request":
                return f"{step['type']} request"
            if kind == "report":
                return f"report {short(step['match'], 60)}"
            if kind == "exit":
                return f"exit with status {step.get('status', 0)}"
            if kind == "silence" and self.last_probe:
                return f"silence after {self.last_probe.kind}"
            return kind
        if "callback" in step:
            return f"callback {step['callback']}"
        if "raw" in step:
            return f"probe {step['raw']}"
        if "reply" in step:
            return f"answer to {step['reply']}"
        return short(step, 60)

    def label_of(self, label):
        if label is None:
            return self.sent[self.last_callback].label if self.last_callback else "the last callback"
        return label

    def run(self):
        steps = self.scenario["expanded"]
        number, step = 0, None
        try:
            self.start()
            for number, step in enumerate(steps, 1):
                self.log(f"step {number}: {self.describe_step(step)}")
                self.do(step)
            number, step = len(steps) + 1, {"expect": "nothing more"}
            self.finish()
            return None
        except Failure as failure:
            return number, self.describe_step(step), str(failure)
        finally:
            self.stop()

    def do(self, step):
        if "callback" in step:
            return self.callback(step)
        if "raw" in step:
            return self.raw(step)
        if "reply" in step:
            return self.answer_later(step)
        kind = step.get("expect")
        handler = {"hello": self.expect_hello, "ack": self.expect_ack, "acks": self.expect_acks,
                   "silence": self.expect_silence, "request": self.expect_request,
                   "report": self.expect_report, "exit": self.expect_exit}.get(kind)
        if handler is None:
            raise SystemExit(f"scenarios.json: {self.scenario['name']}: unknown step {step}")
        return handler(step)

    def ms(self, step, default):
        return step["ms"] * self.factor if "ms" in step else default

    def expect_hello(self, step):
        ms = self.ms(step, self.hello_ms)
        try:
            message = self.receive(ms)
        except ClientExited as gone:
            raise Failure(f"hello: the client exited (status {gone.status}) before saying hello" + self.stderr_tail())
        except Failure as failure:
            raise Failure(f"hello: {failure}")
        if message is None:
            raise Failure(f"hello: no hello within {ms / 1000:g} s of the start (connect a DEALER to "
                          "MSGHOST_ENDPOINT and send hello first)" + self.stderr_tail())
        body = message.body
        if message.type != "hello":
            raise Failure(f"hello: the first message is {message.type!r}, not hello (PROTOCOL.md §4.2)")
        if body.get("app") != self.app:
            raise Failure(f"hello: app is {body.get('app')!r}, expected MSGHOST_APP {self.app!r}")
        if body.get("protocol") != 1 or isinstance(body.get("protocol"), bool) or not isinstance(body.get("protocol"), int):
            raise Failure(f"hello: protocol is {body.get('protocol')!r}, expected the number 1")
        self.vars["helloId"] = message.id
        reply = {"status": "ok", "protocol": 1}
        header = self.header("reply", reply_to=message.id)
        self.sent[header["id"]] = Sent("reply", "reply", "reply to hello")
        self.send_frames(self.envelope(header, reply))
        self.dump("reply", reply)

    def callback(self, step):
        type_ = step["callback"]
        body = self.subst(step.get("body", {}))
        header = self.header(type_, extra=step.get("header"))
        label = step.get("label", type_)
        if step.get("padBytes"):
            body["padding"] = "x" * step["padBytes"]
            label += f" with a {mib(step['padBytes'])} body"
        else:
            self.dump(type_, body)
        binary = [secrets.token_bytes(n) for n in step.get("binaryFrames", [])]
        if binary:
            label += " with a " + " and a ".join(mib(n) for n in step["binaryFrames"]) + " binary frame"
        frames = self.envelope(header, body, binary)
        self.sent[header["id"]] = Sent("callback", type_, label, step.get("why"))
        self.frames_by_id[header["id"]] = frames
        self.labels[step.get("label", type_)] = header["id"]
        self.last_callback = header["id"]
        self.last_probe = None
        if self.unanswered:
            self.interleaved.append(label)
        self.log(f"→ {type_} {short(body, 100)}")
        self.send_frames(frames)

    def raw(self, step):
        kind = step["raw"]
        if kind not in PROBES:
            raise SystemExit(f"scenarios.json: {self.scenario['name']}: unknown probe {kind!r}")
        type_ = step.get("type", "reply" if kind == "strayReply" else "didReceive")
        body = self.subst(step.get("body", {"instance": "$instance", "message": "$message",
                                             "conversation": "$conversation"}))
        reply_to = self.subst(step["replyTo"]) if "replyTo" in step else None
        probe = Probe(kind, step.get("bytes", 0), type_, body)
        header = self.header(type_, reply_to=reply_to)
        if kind in ("replay", "reusedId"):
            target = self.labels[step["of"]] if "of" in step else self.last_callback
            header["id"] = target
        enc = lambda value: json.dumps(value).encode()
        if kind == "badSignature":
            frames = self.envelope(header, body, key=self.other_token + "x")
        elif kind == "garbageSignature":
            frames = self.envelope(header, body)
            frames[1] = secrets.token_hex(32).encode()
        elif kind == "truncatedSignature":
            frames = self.envelope(header, body)
            frames[1] = frames[1][:32]
        elif kind == "tampered":
            frames = self.envelope(header, body)
            body = dict(body, tampered=True)
            frames[3] = enc(body)
        elif kind == "appendedFrame":
            frames = self.envelope(header, body) + [b"appended after signing"]
        elif kind == "wrongKey":
            frames = self.envelope(header, body, key=self.other_token)
        elif kind == "unsigned":
            frames = self.envelope(header, body)
            frames[1] = b""
        elif kind == "replay":
            frames = self.frames_by_id[header["id"]]
        elif kind == "reusedId":
            frames = self.envelope(header, body)
        elif kind == "tooFewFrames":
            frames = [TAG, self.sign([TAG, b"", enc(header)]), enc(header)]
        elif kind == "oneFrame":
            frames = [TAG]
        elif kind == "emptyFrames":
            frames = [b"", b"", b"", b""]
        elif kind == "badHeaderJson":
            frames = [TAG, b"", enc(header)[:-7], enc(body)]
            frames[1] = self.sign(frames)
        elif kind == "badBodyJson":
            frames = [TAG, b"", enc(header), b"{this is not json"]
            frames[1] = self.sign(frames)
        elif kind == "nonUtf8Header":
            frames = [TAG, b"", b"\xff\xfe" + enc(header), enc(body)]
            frames[1] = self.sign(frames)
        elif kind == "headerNotObject":
            frames = [TAG, b"", enc([header["id"], type_]), enc(body)]
            frames[1] = self.sign(frames)
        elif kind == "bodyNotObject":
            frames = [TAG, b"", enc(header), enc("not an object")]
            frames[1] = self.sign(frames)
        elif kind == "headerWithoutId":
            frames = [TAG, b"", enc({"time": header["time"]}), enc(body)]
            frames[1] = self.sign(frames)
        elif kind == "wrongVersion":
            frames = self.envelope(header, body, tag=b"MSGHOST/2")
        elif kind == "oversize":
            frames = [TAG, secrets.token_hex(32).encode(), enc(header), secrets.token_bytes(step.get("bytes", 2 << 20))]
        elif kind == "strayReply":
            body = self.subst(step.get("body", {"status": "ok"}))
            probe.body = body
            frames = self.envelope(header, body)
        self.probes[header["id"]] = probe
        self.probe_log.append(probe)
        self.last_probe = probe
        self.log(f"→ probe {kind} ({type_}, id {header['id']})")
        self.send_frames(frames)

    def expect_ack(self, step):
        target = self.labels.get(step["of"]) if "of" in step else self.last_callback
        if target is None:
            raise SystemExit(f"scenarios.json: {self.scenario['name']}: no callback labelled {step.get('of')!r} yet")
        sent = self.sent[target]
        ms = self.ms(step, self.step_ms)
        why = f" ({sent.why})" if sent.why else ""
        expecting = f"the ack of {sent.label}"
        timeout = f"no ack of {sent.label} within {ms / 1000:g} s{why or ' (it hangs, or dropped a valid callback)'}"
        if self.last_probe:
            timeout = f"{self.last_probe.title}: the client stopped answering after {self.last_probe.desc}: {timeout}"
        message = self.waiting(ms, expecting, timeout)
        if message.type != "reply" or message.reply_to != target:
            raise Failure(self.unexpected(message, expecting))
        self.check_ack(message, sent, step, why)

    def check_ack(self, message, sent, step, why=""):
        if message.body.get("status") != "ok":
            raise Failure(f"the client answered {sent.label} with {short(message.body, 100)}, expected "
                          f"{{\"status\": \"ok\"}}{why}")
        for path, kind in step.get("has", {}).items():
            value = get_path(message.body, path)
            ok = {"number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
                  "string": lambda v: isinstance(v, str), "object": lambda v: isinstance(v, dict),
                  "any": lambda v: True}[kind]
            if value is KeyError or not ok(value):
                raise Failure(f"the client's reply to {sent.label} has no {kind} {path}: {short(message.body, 100)}")
        sent.acked = True
        self.last_probe = None

    def expect_acks(self, step):
        pending = {self.labels[label]: label for label in step["of"]}
        ms = self.ms(step, self.step_ms)
        deadline = time.monotonic() + ms / 1000
        while pending:
            expecting = "the acks of " + " and ".join(self.sent[i].label for i in pending)
            message = self.waiting(max(0, deadline - time.monotonic()) * 1000, expecting,
                                   f"no {expecting[4:]} within {ms / 1000:g} s (either order)")
            if message.type != "reply" or message.reply_to not in pending:
                raise Failure(self.unexpected(message, expecting))
            self.check_ack(message, self.sent[message.reply_to], step)
            del pending[message.reply_to]

    def expect_silence(self, step):
        ms = step.get("ms", self.silence_ms)
        expecting = f"nothing for {ms / 1000:g} s"
        try:
            message = self.receive(ms)
        except ClientExited as gone:
            raise Failure(self.exited(gone.status, expecting))
        if message is not None:
            if self.last_probe is None:
                raise Failure(f"the client sent {self.describe(message)}; expected {expecting}")
            sent = self.sent.get(message.reply_to)
            if message.type == "reply" and message.reply_to in self.probes and not (sent and sent.kind == "callback" and not sent.acked):
                raise Failure(self.probes[message.reply_to].answered())
            probe = self.last_probe
            if probe.type == "reply":
                request = self.requests.get(self.vars.get("requestId"), ("request",))[0]
                probe = self.reply_probe_reported() or probe
                raise Failure(probe.taken_as_reply(request) + f": it went on and sent {self.describe(message)}")
            raise Failure(probe.acted(self.describe(message)))

    def reply_probe_reported(self, report=None):
        """The forged or replayed reply whose error the client reported, if it reported one."""
        if report is None:
            time.sleep(0.1)  # the report line may trail the message on the socket
            with self.lock:
                reports = [r for r in map(parse_report, self.stdout_lines) if r is not None]
            report = reports[-1] if reports else {}
        for probe in self.probe_log:
            error = probe.body.get("error") if isinstance(probe.body, dict) else None
            if probe.type == "reply" and isinstance(error, dict) and report.get("code") == error.get("code"):
                return probe
        return None

    def expect_request(self, step):
        type_ = step["type"]
        ms = self.ms(step, self.step_ms)
        callback = self.sent.get(self.last_callback)
        after = f" after {callback.label}" if callback else ""
        message = self.waiting(ms, f"a {type_} request", f"no {type_} request within {ms / 1000:g} s{after}")
        if message.type == "reply" and message.reply_to in self.sent and not self.sent[message.reply_to].acked \
                and self.sent[message.reply_to].kind == "callback":
            label = self.sent[message.reply_to].label
            raise Failure(f"the client acknowledged {label} before its handler sent {type_} (a callback is answered "
                          f"once its handler has returned, after the requests it makes)")
        if message.type != type_:
            raise Failure(self.unexpected(message, f"a {type_} request"))
        for path, wanted in step.get("match", {}).items():
            wanted = self.subst(wanted)
            value = get_path(message.body, path)
            if value != wanted:
                shown = "missing" if value is KeyError else short(value, 60)
                raise Failure(f"the client's {type_} has {path} {shown}, expected {short(wanted, 60)}")
        self.requests[message.id] = (type_, message.body)
        self.labels[step.get("label", type_)] = message.id
        self.vars["request"], self.vars["requestId"] = message.body, message.id
        answer = step.get("answer", {"status": "ok"})
        if answer == "later":
            self.unanswered.add(message.id)
        else:
            self.answer(message.id, answer)

    def answer_later(self, step):
        request_id = self.labels[step["reply"]]
        self.vars["request"], self.vars["requestId"] = self.requests[request_id][1], request_id
        self.answer(request_id, step.get("body", {"status": "ok"}))

    def answer(self, request_id, answer):
        self.unanswered.discard(request_id)
        body = self.subst(answer)
        header = self.header("reply", reply_to=request_id)
        self.sent[header["id"]] = Sent("reply", "reply", f"reply to {self.requests[request_id][0]}")
        self.log(f"→ reply {short(body, 100)}")
        self.send_frames(self.envelope(header, body))
        self.dump("reply", body)

    def expect_report(self, step):
        match = self.subst(step["match"])
        ms = self.ms(step, self.step_ms)
        deadline = time.monotonic() + ms / 1000
        report = None
        while report is None:
            with self.lock:
                reports = [r for r in map(parse_report, self.stdout_lines) if r is not None]
                if len(reports) > self.reports_seen:
                    report = reports[self.reports_seen]
                    self.reports_seen += 1
                    continue
                left = deadline - time.monotonic()
                ended = self.process.poll() is not None and self.process.stdout.closed
                if left > 0 and not ended:
                    self.lock.wait(min(left, 0.05))
                    continue
            gone = self.process.poll()
            tail = f" (the client exited, status {gone}{self.stderr_tail()})" if gone is not None else ""
            raise Failure(f"no send report on stdout within {ms / 1000:g} s: expected a line like "
                          f"{short(match, 80)} (print one JSON line per send reply, flushed){tail}")
        self.log(f"← report {short(report, 100)}")
        wrong = [k for k, v in match.items() if report.get(k, KeyError) != v]
        if wrong:
            probe = self.reply_probe_reported(report)
            if probe:
                raise Failure(probe.taken_as_reply(self.requests.get(self.vars.get("requestId"), ("request",))[0]))
            hint = ""
            if self.interleaved:
                hint = (f"; did it take the {self.interleaved[-1]} sent while it waited as its reply? (callbacks and replies "
                        "interleave: match a reply by its replyTo, PROTOCOL.md §4)")
            raise Failure(f"the client reported {short(report, 90)}; expected "
                          f"{', '.join(f'{k} {json.dumps(match[k])}' for k in wrong)}{hint}")

    def expect_exit(self, step):
        ms = self.ms(step, self.step_ms)
        try:
            status = self.process.wait(timeout=ms / 1000)
        except subprocess.TimeoutExpired:
            raise Failure(f"the client did not exit within {ms / 1000:g} s of acknowledging terminate "
                          "(reply, then exit; PROTOCOL.md §4.3)")
        if status != step.get("status", 0):
            raise Failure(f"the client exited with status {status}, expected {step.get('status', 0)}" + self.stderr_tail())

    def finish(self):
        """After the last step: nothing else may be waiting on the socket."""
        try:
            message = self.receive(100)
        except ClientExited:
            return
        if message is not None:
            raise Failure(self.unexpected(message, "nothing more after the last step"))


class LockedFile:
    """A file that runs on several threads write whole lines to."""

    def __init__(self, path):
        self.file, self.lock = open(path, "w", encoding="utf-8"), threading.Lock()

    def write(self, text):
        with self.lock:
            self.file.write(text)

    def close(self):
        self.file.close()


class ClientExited(Exception):
    def __init__(self, status):
        super().__init__(status)
        self.status = status


def parse_report(line):
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) and "send" in value else None


# ----------------------------------------------------------------------------------- scorecard
def scorecard(clients, scenarios, results, elapsed):
    names = [c.name for c in clients]
    width = max(len("scenario"), *(len(s["name"]) for s in scenarios)) + 2
    cols = [max(len(n), 9) + 2 for n in names]
    lines = [f"msghost conformance scorecard · docs/PROTOCOL.md v1 · {len(scenarios)} scenarios · "
             f"{len(clients)} client{'s' if len(clients) != 1 else ''} · {elapsed:.1f} s", ""]
    lines.append("scenario".ljust(width) + "".join(n.ljust(w) for n, w in zip(names, cols)))
    lines.append("-" * (width + sum(cols)))
    failures = []
    for scenario in scenarios:
        row = scenario["name"].ljust(width)
        for client, w in zip(clients, cols):
            result = results[(client.name, scenario["name"])]
            if result is None:
                row += "✔".ljust(w)
            else:
                number, step, reason = result
                row += (f"✘ step {number}" if number else "✘").ljust(w)
                failures.append(f"✘ {client.name} · {scenario['name']} · "
                                + (f"step {number} ({step}): " if number else "") + reason)
        lines.append(row)
    lines.append("-" * (width + sum(cols)))
    row = "passed".ljust(width)
    for client, w in zip(clients, cols):
        passed = sum(results[(client.name, s["name"])] is None for s in scenarios)
        row += f"{passed}/{len(scenarios)}".ljust(w)
    lines.append(row)
    if failures:
        lines += ["", "Failures (first failing step of each):"] + failures
    total = len(clients) * len(scenarios)
    lines += ["", f"CONFORMANCE FAILED: {len(failures)} of {total} scenario runs failed" if failures
              else f"CONFORMANCE PASSED: all {total} scenario runs passed"]
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--client", action="append", default=[], choices=["raw", "python-sdk", "swift-sdk"],
                        help="a known client (repeatable)")
    parser.add_argument("--all", action="store_true", help="raw, python-sdk and swift-sdk")
    parser.add_argument("--scenario", action="append", default=[], metavar="NAME", help="run only this scenario (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the scenarios and exit")
    parser.add_argument("--swift-client", metavar="PATH", help="the ConformanceClient binary (default .build/debug/ConformanceClient, "
                        "or $CONFORMANCE_SWIFT_CLIENT)")
    parser.add_argument("--name", help="the scorecard name of the --command client (default: its last word)")
    parser.add_argument("--timeout-factor", type=float, default=float(os.environ.get("CONFORMANCE_TIMEOUT_FACTOR", "1")),
                        help="multiply every timeout (not the silences) by this, for slow machines")
    parser.add_argument("--jobs", "-j", type=int, default=int(os.environ.get("CONFORMANCE_JOBS", "4")),
                        help="scenario runs at once, each with its own client process and socket (default 4)")
    parser.add_argument("--dump-bodies", metavar="FILE", help="write every well-formed body of a known type that was "
                        "sent or received, as JSON lines {type, body} (for scripts/check-schemas.py --bodies)")
    parser.add_argument("--scenarios", metavar="FILE", default=str(SCENARIOS), help=argparse.SUPPRESS)
    parser.add_argument("-v", "--verbose", action="store_true", help="print every step and message")
    parser.add_argument("--command", nargs=argparse.REMAINDER, metavar="CMD",
                        help="any other client: the rest of the line is its command")
    args = parser.parse_args(argv)

    data = load_scenarios(args.scenarios)
    scenarios = data["scenarios"]
    if args.list:
        for s in scenarios:
            print(f"{s['name']:24} {s.get('about', '')}")
        return 0
    if args.scenario:
        unknown = set(args.scenario) - {s["name"] for s in scenarios}
        if unknown:
            parser.error(f"unknown scenario(s) {', '.join(sorted(unknown))} (see --list)")
        scenarios = [s for s in scenarios if s["name"] in args.scenario]

    names = (["raw", "python-sdk", "swift-sdk"] if args.all else []) + [n for n in args.client if not args.all]
    clients = [known_client(n, args.swift_client) for n in dict.fromkeys(names)]
    if args.command:
        command = shlex.split(args.command[0]) if len(args.command) == 1 else args.command
        files = [Path(word).name for word in command[1:] if (REPO / word).is_file() or Path(word).is_file()]
        clients.append(Client(args.name or (files[0] if files else Path(command[0]).name), command))
    if not clients:
        parser.error("name a client: --client raw|python-sdk|swift-sdk, --all, or --command CMD...")

    bodies = LockedFile(args.dump_bodies) if args.dump_bodies else None
    results, started = {}, time.monotonic()
    progress = sys.stderr.isatty() and not args.verbose

    def one(client, scenario):
        began = time.monotonic()
        if args.verbose:
            print(f"  {client.name} · {scenario['name']}", flush=True)
        result = Run(data, scenario, client, args.timeout_factor, args.verbose, bodies).run()
        if progress:
            print(f"  {client.name} · {scenario['name']} " + ("✔" if result is None else f"✘ step {result[0]}: {result[2]}")
                  + f" ({time.monotonic() - began:.1f} s)", file=sys.stderr, flush=True)
        return result

    runs = []
    for client in clients:
        for scenario in scenarios:
            if client.missing:
                results[(client.name, scenario["name"])] = (0, "start", f"cannot start {client.name}: {client.missing}")
            else:
                runs.append((client, scenario))
    with concurrent.futures.ThreadPoolExecutor(max_workers=1 if args.verbose else max(1, args.jobs)) as pool:
        futures = {pool.submit(one, client, scenario): (client.name, scenario["name"]) for client, scenario in runs}
        for future in concurrent.futures.as_completed(futures):
            results[futures[future]] = future.result()
    if bodies:
        bodies.close()
    print(scorecard(clients, scenarios, results, time.monotonic() - started), flush=True)
    return 0 if all(r is None for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
