"""A tiny raw msghost extension library for test fixtures (docs/PROTOCOL.md, pyzmq only).

Fixtures log every callback they get, as JSON lines, to $FIXTURE_LOG (one file per
process, named <FIXTURE_LOG>.<app>.<pid>), so integration tests can compare whole callback
sequences with what the daemon sent.
"""
import hashlib
import hmac
import itertools
import json
import os
import time

import zmq

TAG = b"MSGHOST/1"


class Extension:
    """Connects, says hello, and dispatches callbacks to `on_<type>` methods (acked after)."""

    def __init__(self):
        self.key = os.environ["MSGHOST_TOKEN"].encode()
        self.app = os.environ["MSGHOST_APP"]
        self.socket = zmq.Context.instance().socket(zmq.DEALER)
        self.socket.setsockopt(zmq.LINGER, 0)
        self.socket.connect(os.environ["MSGHOST_ENDPOINT"])
        self.ids = (f"f{n}" for n in itertools.count(1))
        self.backlog = []
        self.conversations = {}  # instance -> the last MSConversation it was given
        base = os.environ.get("FIXTURE_LOG")
        self.log = open(f"{base}.{self.app}.{os.getpid()}", "a") if base else None
        # FIXTURE_SLOW="didReceive:400,touch:50": handlers of those callbacks take that long (ms).
        self.slow = {name: int(ms) for name, _, ms in (part.partition(":") for part in os.environ.get("FIXTURE_SLOW", "").split(",") if part)}
        self.now = 0  # the daemon's clock (ms) in the header of the last message it sent

    # -- envelope -------------------------------------------------------------------------
    def sign(self, frames):
        mac = hmac.new(self.key, digestmod=hashlib.sha256)
        for frame in frames:
            mac.update(frame)
        return mac.hexdigest().encode()

    def send(self, type_, body, reply_to=None, buffers=()):
        header = {"id": next(self.ids), "type": type_, "time": int(time.time() * 1000)}
        if reply_to is not None:
            header["replyTo"] = reply_to
        frames = [TAG, json.dumps(header).encode(), json.dumps(body).encode(), *buffers]
        self.socket.send_multipart([frames[0], self.sign(frames)] + frames[1:])
        return header["id"]

    def receive(self):
        """The next message: one set aside while waiting for a reply, else from the socket."""
        if self.backlog:
            return self.backlog.pop(0)
        return self.receive_from_socket()

    def receive_from_socket(self):
        while True:
            frames = self.socket.recv_multipart()
            if len(frames) >= 4 and frames[0] == TAG and hmac.compare_digest(frames[1], self.sign([frames[0]] + frames[2:])):
                return json.loads(frames[2]), json.loads(frames[3])

    def request(self, type_, body, buffers=()):
        request_id = self.send(type_, body, buffers=buffers)
        while True:
            header, reply = self.receive_from_socket()
            if header["type"] == "reply" and header.get("replyTo") == request_id:
                self.record({"request": type_, "status": reply.get("status"), "code": (reply.get("error") or {}).get("code"),
                             "domain": (reply.get("error") or {}).get("domain"), "reply": reply})
                return reply
            self.backlog.append((header, reply))

    def record(self, entry):
        if self.log:
            self.log.write(json.dumps(entry) + "\n")
            self.log.flush()

    # -- run ------------------------------------------------------------------------------
    def run(self):
        hello = self.request("hello", {"app": self.app, "protocol": 1, "pid": os.getpid(), "sdk": "fixture"})
        if hello.get("status") != "ok":
            return 1
        while True:
            header, body = self.receive()
            kind = header["type"]
            if kind == "reply":
                continue
            self.now = header.get("time", 0)  # the daemon's clock when it sent this
            self.record({"callback": kind, "body": body})
            if "conversation" in body and "instance" in body:
                self.conversations[body["instance"]] = body["conversation"]
            handler = getattr(self, "on_" + kind, None)
            answer = handler(body) if handler else None
            time.sleep(self.slow.get(kind, 0) / 1000)
            self.send("reply", {"status": "ok", **(answer or {})}, reply_to=header["id"])
            if kind == "terminate":
                return 0

    def selected(self, instance):
        """The message the user tapped for this instance, or an empty dict."""
        return (self.conversations.get(instance) or {}).get("selectedMessage") or {}

    def on_contentSizeThatFits(self, body):
        return {"size": {"width": body["size"]["width"], "height": 100}}
