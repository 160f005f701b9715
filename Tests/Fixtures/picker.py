#!/usr/bin/env python3
"""A fixture app for the explorer (docs/EXPLORE.md): a view with a Pick button whose touch
stages a message of the drink picked, the drink chosen last ("Chosen: …") and the board — every
pick of the conversation it has seen, sent or received, in the order they were picked — both
kept in its container, so that a termination loses nothing. Each flag is a bug:

--crash-when-selected   dies as it becomes active with a selected message: an app that expects
                        the state it had before it was terminated, and meets a cold launch from
                        a tapped bubble instead.
--flaky                 names a drink at random: the same touches do not make the same messages.
--resync-on-reorder     a message that arrives after a newer one (deliveries held and released
                        in reverse) makes it send a "resync" of its own, with no touch of the
                        user: Messages refuses it (sendWithoutRecentInteraction).
--forget-on-termination keeps the chosen drink in memory only: opened again after its process
                        was ended, it shows "Chosen: nothing".
--hang-after-reinstall  keeps its participant identifier in the device's keychain, which outlives
                        the app (as iOS's does); reinstalled, it finds another identifier there
                        and waits in didReceive, for ever, for the old one's data to move.
--board-by-arrival      puts picks on the board in the order they arrived, not the order they
                        were picked: after two players send at once, their boards differ.
--save-on-terminate     saves the chosen drink only when told it will be ended (`terminate`):
                        idle terminations keep it, but a process ended at once for memory (no
                        notice heard) loses it.
"""
import json
import os
import random
import sys
import time
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

from fixture import Extension


def view(chosen, board):
    return {"elements": [
        {"type": "text", "text": "Drinks", "style": "title"},
        {"type": "text", "text": f"Chosen: {chosen or 'nothing'}"},
        {"type": "text", "text": "Board: " + (", ".join(board) or "empty")},
        {"type": "button", "id": "pick", "title": "Pick", "payload": {"pick": "lemonade"}},
        {"type": "button", "id": "pick-cola", "title": "Cola", "payload": {"pick": "cola"}},
        {"type": "textField", "id": "note", "placeholder": "A note"},
    ]}


def query(message):
    return dict(parse_qsl(urlsplit((message or {}).get("url") or "").query))


class Picker(Extension):
    crash_when_selected = "--crash-when-selected" in sys.argv
    flaky = "--flaky" in sys.argv
    resync_on_reorder = "--resync-on-reorder" in sys.argv
    forget_on_termination = "--forget-on-termination" in sys.argv
    hang_after_reinstall = "--hang-after-reinstall" in sys.argv
    board_by_arrival = "--board-by-arrival" in sys.argv
    save_on_terminate = "--save-on-terminate" in sys.argv
    newest = 0  # the newest pick's time this process has seen arrive
    picks = 0  # picks made by this process, to order two in the same millisecond

    def __init__(self):
        super().__init__()
        self.store = Path(os.environ.get("MSGHOST_CONTAINER", ".")) / "picker.json"
        saved = json.loads(self.store.read_text()) if self.store.exists() else {}
        self.chosen = None if self.forget_on_termination else saved.get("chosen")
        self.saved_chosen = self.chosen  # what the store holds
        self.board = saved.get("board", [])  # [[time, drink]] in the board's order

    def save(self, terminating=False):
        if not self.save_on_terminate or terminating:
            self.saved_chosen = self.chosen
        # Written whole or not at all (a process may be killed mid-write, as for memory).
        partial = self.store.with_suffix(".partial")
        partial.write_text(json.dumps({"chosen": self.saved_chosen, "board": self.board}))
        partial.replace(self.store)

    def on_terminate(self, body):
        self.save(terminating=True)

    def on_board(self, picked, drink):
        if [picked, drink] in self.board:
            return
        self.board.append([picked, drink])
        if not self.board_by_arrival:
            self.board.sort()
        self.save()

    def show(self, instance):
        self.request("setView", {"instance": instance, "view": view(self.chosen, [drink for _, drink in self.board])})

    def on_didBecomeActive(self, body):
        if self.crash_when_selected and self.selected(body["instance"]):
            os._exit(3)
        self.show(body["instance"])

    def on_touch(self, body):
        payload = body.get("payload") if isinstance(body.get("payload"), dict) else {}
        pick = payload.get("pick")
        if pick and self.flaky:
            pick = random.SystemRandom().choice(["lemonade", "cola", "tea"])
        if pick:
            # The pick's time: the daemon's clock (the manual one under the explorer), so that
            # the same run makes the same messages.
            self.picks += 1
            picked = self.now * 1000 + self.picks
            message = {"url": f"https://drinks.example/?pick={pick}&t={picked}", "layout": {"type": "template", "caption": "A " + pick}}
            self.request("insertMessage", {"instance": body["instance"], "message": message})
            self.chosen = pick
            self.save()
            self.show(body["instance"])

    def on_didStartSending(self, body):
        picked = query(body.get("message"))
        if "pick" in picked:
            self.on_board(int(picked.get("t", "0")), picked["pick"])
            self.show(body["instance"])

    def on_didReceive(self, body):
        if self.hang_after_reinstall:
            self.wait_for_the_old_identity(body["conversation"]["localParticipantIdentifier"])
        picked_query = query(body.get("message"))
        picked = int(picked_query.get("t", "0"))
        if self.resync_on_reorder and picked < self.newest:
            resync = {"url": "https://drinks.example/?resync=1", "layout": {"type": "template", "caption": "Resync"}}
            self.request("sendMessage", {"instance": body["instance"], "message": resync})
        self.newest = max(self.newest, picked)
        if "pick" in picked_query:
            self.on_board(picked, picked_query["pick"])
            self.show(body["instance"])

    def wait_for_the_old_identity(self, identifier):
        # The device's keychain: beside the daemon's state directory (it outlives every install,
        # and a fresh daemon has a fresh one), one entry per device, which the fixture tells
        # apart by its screen's model (a test gives each phone its own).
        state = Path(os.environ["MSGHOST_CONTAINER"]).parent.parent
        model = json.loads(os.environ.get("MSGHOST_SCREEN", "{}")).get("model", "phone")
        keychain = state.parent / "keychain" / model
        keychain.parent.mkdir(exist_ok=True)
        if not keychain.exists():
            keychain.write_text(identifier)
        while keychain.read_text() != identifier:
            time.sleep(0.5)


if __name__ == "__main__":
    sys.exit(Picker().run())
