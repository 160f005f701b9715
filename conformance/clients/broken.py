#!/usr/bin/env python3
"""A deliberately broken msghost extension: the conformance kit must fail it, clearly.

It says a correct hello and answers ordinary callbacks, so the kit gets past the start, but it
has the naive bugs a first attempt tends to have. Each can be switched on alone with --defect
(repeatable); with none given, all are on:

  no-verify      checks neither the version tag nor the signature: anything with 4 frames is taken
  no-replay      keeps no record of host ids, so a replayed message is handled again
  early-ack      acknowledges each callback as soon as it arrives, before its handler runs
  fragile        parses header and body with no guard: a non-JSON frame kills it
  greedy-wait    while waiting for a reply, takes the next message, whatever it is, as the reply

  python3 conformance/kit.py --command python3 conformance/clients/broken.py
  python3 conformance/kit.py --command "python3 conformance/clients/broken.py --defect early-ack"
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
DEFECTS = ["no-verify", "no-replay", "early-ack", "fragile", "greedy-wait"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--defect", action="append", choices=DEFECTS, help="switch on only this defect (repeatable)")
    defects = set(parser.parse_args().defect or DEFECTS)

    key = os.environ["MSGHOST_TOKEN"].encode()
    socket = zmq.Context.instance().socket(zmq.DEALER)
    socket.connect(os.environ["MSGHOST_ENDPOINT"])
    ids = (f"b{n}" for n in itertools.count(1))
    seen, backlog, sends = set(), [], itertools.count(1)

    def sign(frames):
        return hmac.new(key, b"".join(frames), hashlib.sha256).hexdigest().encode()

    def send(type_, body, reply_to=None):
        header = {"id": next(ids), "type": type_, "time": int(time.time() * 1000)}
        if reply_to:
            header["replyTo"] = reply_to
        h, b = json.dumps(header).encode(), json.dumps(body).encode()
        socket.send_multipart([TAG, sign([TAG, h, b]), h, b])
        return header["id"]

    def receive():
        while True:
            frames = socket.recv_multipart()
            if len(frames) < 4:
                continue
            if "no-verify" not in defects and (frames[0] != TAG or not hmac.compare_digest(frames[1], sign([frames[0]] + frames[2:]))):
                continue
            if "fragile" in defects:
                header, body = json.loads(frames[2]), json.loads(frames[3])
            else:
                try:
                    header, body = json.loads(frames[2]), json.loads(frames[3])
                except ValueError:
                    continue
                if not isinstance(header, dict) or not isinstance(body, dict) or "id" not in header or "type" not in header:
                    continue
            if "no-replay" not in defects:
                if header["id"] in seen:
                    continue
                seen.add(header["id"])
            return header, body

    def request(type_, body):
        request_id = send(type_, body)
        while True:
            header, reply = receive()
            if "greedy-wait" in defects or (header["type"] == "reply" and header.get("replyTo") == request_id):
                return reply
            backlog.append((header, reply))

    hello = request("hello", {"app": os.environ["MSGHOST_APP"], "protocol": 1, "pid": os.getpid(), "sdk": "broken/0"})
    if hello.get("status") != "ok":
        return 1
    while True:
        header, body = backlog.pop(0) if backlog else receive()
        kind = header["type"]
        if kind == "reply":
            continue
        if "early-ack" in defects:
            send("reply", {"status": "ok", "size": body.get("size")}, reply_to=header["id"])
        if kind == "touch":
            payload = body.get("payload") if isinstance(body.get("payload"), dict) else {}
            if "view" in payload:
                request("setView", {"instance": body.get("instance"), "view": payload["view"]})
            for _ in range(0 if "view" in payload else int(payload.get("sends", 1))):
                message = {"layout": {"type": "template", "caption": payload.get("caption", "broken")}}
                if payload.get("url"):
                    message["url"] = payload["url"]
                reply = request("sendMessage", {"instance": body.get("instance"), "message": message})
                error = reply.get("error") or {}
                print(json.dumps({"send": next(sends), "status": reply.get("status"), "code": error.get("code"),
                                  "name": error.get("name")}), flush=True)
        if "early-ack" not in defects:
            send("reply", {"status": "ok", "size": body.get("size")} if kind == "contentSizeThatFits" else {"status": "ok"},
                 reply_to=header["id"])
        if kind == "terminate":
            return 0


if __name__ == "__main__":
    sys.exit(main())
