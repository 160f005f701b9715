"""Date Poll, the Swift binary, driven from Python through the control API with its own
msghostd: Kate makes a dinner poll with the date picker, choice and toggle; John votes with
toggles for two days."""
from __future__ import annotations

from typing import Any

import pytest

from msghost.control import ControlError
from msghost.testing import App, World


def test_a_poll_made_with_the_inputs_and_a_vote_for_several_days(msghost_daemon: Any, datepoll: App) -> None:
    daemon = msghost_daemon(apps=[datepoll], world=World.kate_and_john())
    daemon.open("kate-iphone")
    daemon.activate("kate-iphone", "new")
    daemon.settle()
    for day in ("2027-01-08", "2027-01-09", "2027-01-10"):
        daemon.activate("kate-iphone", "add", {"day": day, "occasion": "dinner"})
        daemon.settle()
    with pytest.raises(ControlError, match="occasion"):
        daemon.activate("kate-iphone", "send", {"occasion": "breakfast"})
    daemon.activate("kate-iphone", "send", {"several": "true"})
    daemon.send("kate-iphone")

    assert daemon.tap("john-iphone")["action"] == "selected"
    daemon.settle()
    toggles = [e for e in daemon.view("john-iphone")["view"]["elements"] if e["type"] == "toggle"]
    assert [t["id"] for t in toggles] == ["vote-2027-01-08", "vote-2027-01-09", "vote-2027-01-10"]
    daemon.activate("john-iphone", "vote", {"vote-2027-01-08": "true", "vote-2027-01-10": "true"})
    daemon.send("john-iphone")
    last = daemon.last_entry("kate-iphone")
    assert last["rendered"]["caption"] == "I voted"
    assert last["rendered"]["subcaption"] == "Leading: Fri 8 Jan, Sun 10 Jan"
