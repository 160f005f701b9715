"""Tic-Tac-Toe, the Swift binary, driven from Python through the control API: each test with
its own msghostd (the `msghost_daemon` fixture of the msghost pytest plugin)."""
from __future__ import annotations

from typing import Any, Dict, List
from urllib.parse import parse_qs, urlsplit

import pytest

from msghost.control import ControlError
from msghost.testing import App, Daemon, Member, World

GROUP = World.amber_ben_chris()


def move(daemon: Daemon, device: str, cell: int) -> None:
    """The user taps the newest bubble and plays `cell` with its button."""
    assert daemon.tap(device)["action"] == "selected"
    daemon.activate(device, f"cell-{cell}")


def cells(daemon: Daemon, device: str) -> List[str]:
    """The board the app shows: each cell button's title."""
    rows = [element for element in daemon.view(device)["view"]["elements"] if element["type"] == "row"]
    return [button["title"] for row in rows for button in row["elements"]]


def texts(daemon: Daemon, device: str) -> List[str]:
    return [element["text"] for element in daemon.view(device)["view"]["elements"] if element["type"] == "text"]


def query(entry: Dict[str, Any]) -> Dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(entry["message"]["url"]).query).items()}


def test_x_wins_across_two_devices(msghost_daemon: Any, tictactoe: App) -> None:
    daemon = msghost_daemon(apps=[tictactoe])
    daemon.open("kate-iphone")
    daemon.activate("kate-iphone", "cell-4")
    first = daemon.last_entry("john-iphone")
    assert first["rendering"] == "live"
    assert first["rendered"]["caption"] == "John Appleseed's turn"

    for device, cell in [("john-iphone", 0), ("kate-iphone", 2), ("john-iphone", 8), ("kate-iphone", 6)]:
        move(daemon, device, cell)

    for device in ("kate-iphone", "john-iphone"):
        entries = daemon.transcript(device)
        assert [entry["kind"] for entry in entries] == ["summary"] * 4 + ["message"]
        assert entries[-1]["rendered"]["caption"] == "Kate Bell won"
        assert query(entries[-1])["moves"] == "4,0,2,8,6"
    assert daemon.tap("john-iphone")["action"] == "selected"
    assert texts(daemon, "john-iphone")[1] == "X won"
    with pytest.raises(ControlError, match="cell-1"):  # the game is over: every cell is disabled
        daemon.activate("john-iphone", "cell-1")
    assert len(daemon.events("sent")) == 5


def test_the_alternate_layout_on_a_device_without_the_app(msghost_daemon: Any, tictactoe: App) -> None:
    world = World([Member("kate@example.com", "Kate Bell", ["kate-iphone"]),
                   Member("john@example.com", "John Appleseed", ["john-iphone", ("john-mac", "macos")])],
                  "kate-john", without_apps=["john-mac"])
    daemon = msghost_daemon(apps=[tictactoe], world=world)
    daemon.open("kate-iphone")
    daemon.activate("kate-iphone", "cell-0")
    mac = daemon.last_entry("john-mac")
    assert mac["rendering"] == "alternate"
    assert mac["rendered"]["subcaption"] == "X Kate Bell · O John Appleseed"
    assert mac["rendered"]["imageSubtitle"] == "X·· / ··· / ···"
    assert "message" not in mac or mac["message"] is None


def test_two_replies_to_the_same_board(msghost_daemon: Any, tictactoe: App) -> None:
    daemon = msghost_daemon(apps=[tictactoe], world=GROUP)
    devices = ["amber-iphone", "ben-iphone", "chris-iphone"]
    daemon.open("amber-iphone")
    daemon.activate("amber-iphone", "cell-4")
    for device in devices:
        daemon.control.delivery(device, hold=True)
    move(daemon, "ben-iphone", 0)
    move(daemon, "chris-iphone", 8)
    for device in devices:
        daemon.control.release(device, order="sent")
        daemon.control.delivery(device, hold=False)
    daemon.settle()

    # Each racer sees the other's reply last; the smaller move id is the one kept.
    chris_reply = daemon.last_entry("ben-iphone")
    ben_reply = daemon.last_entry("chris-iphone")
    assert (chris_reply["senderName"], ben_reply["senderName"]) == ("Chris", "Ben")
    ben_wins = query(ben_reply)["ids"].split(",")[-1] < query(chris_reply)["ids"].split(",")[-1]
    winner, loser = ("ben-iphone", "chris-iphone") if ben_wins else ("chris-iphone", "ben-iphone")
    for device in (winner, loser):
        assert daemon.tap(device)["action"] == "selected"
    assert cells(daemon, winner) == cells(daemon, loser)
    assert texts(daemon, loser)[-1].endswith("was not counted: another player answered the same board first.")
    daemon.close_app(winner)

    daemon.activate(loser, "cell-2")
    finals = [daemon.last_entry(device) for device in devices]
    assert len({entry["message"]["url"] for entry in finals}) == 1
    assert {entry["rendered"]["caption"] for entry in finals} == {"Amber's turn"}
