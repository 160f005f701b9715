#!/usr/bin/env python3
"""A fixture app that sets a view (docs/PROTOCOL.md §4.9) as each instance becomes active,
a live bubble's too (the daemon refuses that one), and otherwise is the recorder: a touch
carries out the operations in its payload. The view's "send" button carries such operations,
one sendText, so activating it sends once ("twice" tries two, "live" sends a live-layout
bubble); "setView" operations in a touch payload set other
views. Every request's reply is in the fixture log."""
import sys

from recorder import Recorder

#: a real 2×2 PNG, checked and stored by the daemon like a layout image
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a73"
    "0000001149444154789c63f8cfc000440c60f23f001bf203fdf3e74bb10000000049454e44ae426082")

VIEW = {"elements": [
    {"type": "text", "text": "Viewer", "style": "title"},
    {"type": "image", "image": {"frame": 0}, "accessibilityLabel": "a square", "width": 40, "height": 40},
    {"type": "row", "elements": [
        {"type": "button", "id": "send", "title": "Send",
         "payload": {"ops": [{"request": "sendText", "body": {"instance": "$instance", "text": "from the view"}}]}},
        {"type": "button", "id": "twice", "title": "Send twice",
         "payload": {"ops": [{"request": "sendText", "body": {"instance": "$instance", "text": "first"}},
                             {"request": "sendText", "body": {"instance": "$instance", "text": "second"}}]}},
        {"type": "button", "id": "live", "title": "Send a live bubble",
         "payload": {"ops": [{"request": "sendMessage", "body": {"instance": "$instance", "message": {
             "layout": {"type": "live", "alternateLayout": {"type": "template", "caption": "Live"}}}}}]}},
        {"type": "button", "id": "off", "title": "Off", "enabled": False},
    ]},
    {"type": "textField", "id": "note", "placeholder": "A note", "text": "default"},
    {"type": "textField", "id": "other"},
]}


class Viewer(Recorder):
    def on_didBecomeActive(self, body):
        self.request("setView", {"instance": body["instance"], "view": VIEW}, buffers=[PNG])

    def on_touch(self, body):
        # {"deepView": N}: a view of N rows nested in one another, deeper than a control
        # request's JSON may carry to say it (the daemon must refuse it and live).
        depth = (body.get("payload") or {}).get("deepView") if isinstance(body.get("payload"), dict) else None
        if isinstance(depth, int):
            element = {"type": "text", "text": "bottom"}
            for _ in range(depth):
                element = {"type": "row", "elements": [element]}
            self.request("setView", {"instance": body["instance"], "view": {"elements": [element]}})
            return None
        return super().on_touch(body)


if __name__ == "__main__":
    sys.exit(Viewer().run())
