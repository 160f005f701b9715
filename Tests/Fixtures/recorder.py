#!/usr/bin/env python3
"""A fixture app that records every callback and, when touched, carries out the operations in
the touch payload: {"ops": [{"request": "sendMessage", "body": {...}}, ...]}. In a body,
"$instance" is replaced by the touched instance and "$selectedSession" by the session of the
selected message. Used to check callback orders and every error code from real requests."""
import json
import sys

from fixture import Extension


class Recorder(Extension):
    def on_touch(self, body):
        instance = body["instance"]
        session = self.selected(instance).get("session")
        for op in (body.get("payload") or {}).get("ops", []):
            text = json.dumps(op.get("body", {})).replace('"$instance"', json.dumps(instance))
            text = text.replace('"$selectedSession"', json.dumps(session))
            buffers = [bytes.fromhex(b) for b in op.get("buffersHex", [])]
            self.request(op["request"], json.loads(text), buffers=buffers)


if __name__ == "__main__":
    sys.exit(Recorder().run())
