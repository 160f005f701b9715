#!/usr/bin/env python3
"""A fixture app for the explorer (docs/EXPLORE.md): a view with a Pick button whose touch
stages a message of the drink picked. With --crash-when-selected it dies as it becomes active
with a selected message — the bug of an app that expects the state it had before it was
terminated, and meets a cold launch from a tapped bubble instead. With --flaky the caption
names a drink at random: the same touches do not make the same messages. With
--resync-on-reorder, a message that arrives after a newer one (deliveries held and released in
reverse) makes it send a "resync" message of its own, with no touch of the user: Messages
refuses it (sendWithoutRecentInteraction)."""
import os
import random
import sys
import time
from urllib.parse import parse_qsl, urlsplit

from fixture import Extension

VIEW = {"elements": [
    {"type": "text", "text": "Drinks", "style": "title"},
    {"type": "button", "id": "pick", "title": "Pick", "payload": {"pick": "lemonade"}},
    {"type": "textField", "id": "note", "placeholder": "A note"},
]}


class Picker(Extension):
    crash_when_selected = "--crash-when-selected" in sys.argv
    flaky = "--flaky" in sys.argv
    resync_on_reorder = "--resync-on-reorder" in sys.argv
    newest = 0  # the newest pick's time this process has seen arrive

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
            message = {"url": f"https://drinks.example/?pick={pick}&t={time.time_ns()}", "layout": {"type": "template", "caption": "A " + pick}}
            self.request("insertMessage", {"instance": body["instance"], "message": message})

    def on_didReceive(self, body):
        picked = int(dict(parse_qsl(urlsplit((body.get("message") or {}).get("url") or "").query)).get("t", "0"))
        if self.resync_on_reorder and picked < self.newest:
            resync = {"url": "https://drinks.example/?resync=1", "layout": {"type": "template", "caption": "Resync"}}
            self.request("sendMessage", {"instance": body["instance"], "message": resync})
        self.newest = max(self.newest, picked)


if __name__ == "__main__":
    sys.exit(Picker().run())
