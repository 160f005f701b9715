#!/usr/bin/env python3
"""A fixture app for the explorer (docs/EXPLORE.md): a view with a Pick button whose touch
stages a message of the drink picked. With --crash-when-selected it dies as it becomes active
with a selected message — the bug of an app that expects the state it had before it was
terminated, and meets a cold launch from a tapped bubble instead. With --flaky the caption
names a drink at random: the same touches do not make the same messages."""
import os
import random
import sys

from fixture import Extension

VIEW = {"elements": [
    {"type": "text", "text": "Drinks", "style": "title"},
    {"type": "button", "id": "pick", "title": "Pick", "payload": {"pick": "lemonade"}},
    {"type": "textField", "id": "note", "placeholder": "A note"},
]}


class Picker(Extension):
    crash_when_selected = "--crash-when-selected" in sys.argv
    flaky = "--flaky" in sys.argv

    def on_didBecomeActive(self, body):
        if self.crash_when_selected and self.selected(body["instance"]):
            os._exit(3)
        self.request("setView", {"instance": body["instance"], "view": VIEW})

    def on_touch(self, body):
        payload = body.get("payload") if isinstance(body.get("payload"), dict) else {}
        pick = payload.get("pick")
        if pick and self.flaky:
            pick = random.SystemRandom().choice(["lemonade", "cola", "tea"])
        if pick:
            message = {"url": "https://drinks.example/?pick=" + pick, "layout": {"type": "template", "caption": "A " + pick}}
            self.request("insertMessage", {"instance": body["instance"], "message": message})


if __name__ == "__main__":
    sys.exit(Picker().run())
