"""Connect Four, the Swift binary, driven from Python through the control API with its own
msghostd: Kate and John play until Kate has four in a row."""
from __future__ import annotations

from typing import Any, Dict
from urllib.parse import parse_qs, urlsplit

from msghost.testing import App, World


def buttons(daemon: Any, device: str) -> Dict[str, bool]:
    found: Dict[str, bool] = {}

    def walk(elements: Any) -> None:
        for element in elements:
            if element["type"] == "button":
                found[element["id"]] = element.get("enabled", True)
            elif element["type"] == "row":
                walk(element["elements"])

    walk(daemon.view(device)["view"]["elements"])
    return found


def test_kate_wins_with_four_across(msghost_daemon: Any, connectfour: App) -> None:
    daemon = msghost_daemon(apps=[connectfour], world=World.kate_and_john())
    daemon.open("kate-iphone")
    daemon.activate("kate-iphone", "new")
    daemon.settle()
    players = ["kate-iphone", "john-iphone"]
    for turn, column in enumerate([0, 0, 1, 1, 2, 2, 3]):
        device = players[turn % 2]
        if turn:
            assert daemon.tap(device)["action"] == "selected"
            daemon.settle()
            assert buttons(daemon, device)[f"drop-{column}"], f"{device} may drop in {column}"
        daemon.activate(device, f"drop-{column}")
        daemon.send(device)
    last = daemon.last_entry("john-iphone")
    assert last["rendered"]["caption"] == "Red wins!"
    board = parse_qs(urlsplit(last["message"]["url"]).query)["board"][0]
    assert board[-7:] == "rrrr..." and board.count("y") == 3
    # The game is over: no column can take a disc.
    assert daemon.tap("john-iphone")["action"] == "selected"
    daemon.settle()
    assert not any(enabled for id, enabled in buttons(daemon, "john-iphone").items() if id.startswith("drop-"))
