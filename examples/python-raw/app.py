#!/usr/bin/env python3
"""A raw msghost extension: pyzmq and docs/PROTOCOL.md, no SDK.

It is the smallest real iMessage-style app: when the user touches it, it sends a message
(`sendMessage`), which the host allows once per touch while the app is visible.

Behaviour, all driven from outside so tests can use it as is:
  * touch payload {"caption": "...", "url": "...", "sends": N, "session": "..."}: on a
    touch, try N direct sends (default 1) of a message with that caption and URL;
  * touch payload {"view": V}: set view V (`setView`, PROTOCOL.md §4.9) instead of sending;
  * --send-on CALLBACK (repeatable): also try one send when that callback arrives, e.g.
    `--send-on viewDidAppear` (no touch yet: refused with 9) or `--send-on didResignActive`
    (not visible any more: refused with 10).
Every send result is printed to stdout as one JSON line: {"send": N, "status": ..., ...}.
"""
import argparse
import hashlib
import hmac
import itertools
import json
import os
import sys
import time

import zmq

TAG = b"MSGHOST/1"


class Connection:
    """One DEALER connection to the host, speaking the envelope of PROTOCOL.md section 2."""

    def __init__(self, endpoint: str, token: str):
        self.key = token.encode()
        self.socket = zmq.Context.instance().socket(zmq.DEALER)
        self.socket.setsockopt(zmq.LINGER, 0)
        # A tcp endpoint is a CURVE server (PROTOCOL.md section 1.1): the daemon gives each
        # launch its public key and a key pair of the launch's own.
        if os.environ.get("MSGHOST_CURVE_SERVER_KEY"):
            secret = os.environ["MSGHOST_CURVE_SECRET_KEY"].encode()
            self.socket.curve_serverkey = os.environ["MSGHOST_CURVE_SERVER_KEY"].encode()
            self.socket.curve_secretkey = secret
            self.socket.curve_publickey = zmq.curve_public(secret)
        self.socket.connect(endpoint)
        self.ids = (f"x{n}" for n in itertools.count(1))
        self.seen = set()  # header ids the host has used: a repeat is a replay, dropped
        self.backlog = []  # messages that arrived while we waited for a reply

    def close(self) -> None:
        """Lets what is queued leave (the reply to `terminate` is queued just before the
        process exits; closed with no linger, or not at all, it could be dropped unsent), for
        a second at most, then ends the ZeroMQ context."""
        self.socket.close(linger=1000)
        zmq.Context.instance().term()

    def sign(self, frames):
        mac = hmac.new(self.key, digestmod=hashlib.sha256)
        for frame in frames:
            mac.update(frame)
        return mac.hexdigest().encode()

    def send(self, type_, body, reply_to=None):
        header = {"id": next(self.ids), "type": type_, "time": int(time.time() * 1000)}
        if reply_to is not None:
            header["replyTo"] = reply_to
        header_bytes = json.dumps(header).encode()
        body_bytes = json.dumps(body).encode()
        signature = self.sign([TAG, header_bytes, body_bytes])
        self.socket.send_multipart([TAG, signature, header_bytes, body_bytes])
        return header["id"]

    def receive(self):
        """The next message from the host, verified: (header, body); first any set aside."""
        if self.backlog:
            return self.backlog.pop(0)
        return self.receive_from_socket()

    def receive_from_socket(self):
        while True:
            frames = self.socket.recv_multipart()
            if len(frames) < 4 or frames[0] != TAG:
                print(json.dumps({"dropped": "malformed frames from host"}), flush=True)
                continue
            if not hmac.compare_digest(frames[1], self.sign([frames[0]] + frames[2:])):
                print(json.dumps({"dropped": "bad signature from host"}), flush=True)
                continue
            try:
                header, body = json.loads(frames[2]), json.loads(frames[3])
            except ValueError:  # not JSON, or not UTF-8
                header = body = None
            if not (isinstance(header, dict) and isinstance(body, dict)
                    and isinstance(header.get("id"), str) and isinstance(header.get("type"), str)):
                print(json.dumps({"dropped": "malformed header or body from host"}), flush=True)
                continue
            if header["id"] in self.seen:
                print(json.dumps({"dropped": "replayed message from host"}), flush=True)
                continue
            self.seen.add(header["id"])
            return header, body

    def request(self, type_, body):
        """Sends a request and waits for its reply, keeping callbacks that arrive meanwhile."""
        request_id = self.send(type_, body)
        while True:
            header, reply = self.receive_from_socket()
            if header["type"] == "reply" and header.get("replyTo") == request_id:
                return reply
            self.backlog.append((header, reply))

    def ack(self, header, **fields):
        self.send("reply", {"status": "ok", **fields}, reply_to=header["id"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--send-on", action="append", default=[], metavar="CALLBACK",
                        help="also try one direct send when this callback arrives")
    args = parser.parse_args()

    connection = Connection(os.environ["MSGHOST_ENDPOINT"], os.environ["MSGHOST_TOKEN"])
    app = os.environ["MSGHOST_APP"]
    hello = connection.request("hello", {"app": app, "protocol": int(os.environ.get("MSGHOST_PROTOCOL", "1")),
                                         "pid": os.getpid(), "sdk": "python-raw/1"})
    if hello.get("status") != "ok":
        print(json.dumps({"hello": hello}), flush=True)
        return 1

    sends = itertools.count(1)

    def try_send(instance, caption, url=None, session=None, reason="touch"):
        message = {"layout": {"type": "template", "caption": caption}, "summaryText": caption}
        if url:
            message["url"] = url
        if session:
            message["session"] = session
        reply = connection.request("sendMessage", {"instance": instance, "message": message})
        error = reply.get("error") or {}
        print(json.dumps({"send": next(sends), "reason": reason, "status": reply.get("status"),
                          "code": error.get("code"), "name": error.get("name")}), flush=True)

    while True:
        header, body = connection.receive()
        kind = header["type"]
        if kind == "reply":
            continue  # a reply to nothing we are waiting for
        instance = body.get("instance")
        if kind == "touch":
            payload = body.get("payload") or {}
            if not isinstance(payload, dict):
                payload = {}
            if isinstance(payload.get("view"), dict):
                # Set this view (PROTOCOL.md §4.9) instead of sending; a refusal is only reported.
                reply = connection.request("setView", {"instance": instance, "view": payload["view"]})
                if reply.get("status") != "ok":
                    print(f"setView refused: {reply.get('error')}", file=sys.stderr, flush=True)
            else:
                for _ in range(int(payload.get("sends", 1))):
                    try_send(instance, payload.get("caption", "Hello from python-raw"), payload.get("url"), payload.get("session"))
        elif kind in args.send_on:
            try_send(instance, f"sent during {kind}", reason=kind)
        if kind == "contentSizeThatFits":
            connection.ack(header, size=body["size"])
        else:
            connection.ack(header)
        if kind == "terminate":
            connection.close()
            return 0


if __name__ == "__main__":
    sys.exit(main())
