"""A parent app on the Python SDK against a real msghostd (PROTOCOL.md §4.10): it presents a
compose sheet; the user (the control client) sends one and cancels another; the bubble is the
app's own on John's phone, and the app hears MessageComposeResult sent (1) and cancelled (0)."""
from __future__ import annotations

import glob
import json
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

from msghost import ControlError, ControlErrorCode
from msghost.testing import App

APP = "com.example.shop"
SHOP = Path(__file__).resolve().parent / "apps" / "shop_parent.py"


def records(log: Path) -> List[Dict[str, Any]]:
    files = sorted(glob.glob(f"{log}.*"), key=lambda f: (Path(f).stat().st_mtime_ns, f))
    return [json.loads(line) for f in files for line in Path(f).read_text().splitlines()]


def test_the_parent_app_presents_and_the_user_sends_or_cancels(msghost_daemon: Any, tmp_path: Path) -> None:
    log = tmp_path / "shop"
    app = App.python(APP, SHOP, env={"SHOP_LOG": str(log)},
                     manifest={"parentApp": {"command": sys.executable, "args": [str(SHOP)]}})
    daemon = msghost_daemon(apps=[app])
    control = daemon.control
    control.open_parent_app("kate-iphone", APP)
    daemon.touch("kate-iphone", {"recipients": ["john@example.com"], "body": "Join me", "caption": "Vanilla"})
    assert control.compose_sheet("kate-iphone")["sheet"]["recipients"] == ["john@example.com"]
    sent = control.compose("kate-iphone", "send")
    assert (sent["result"], sent["conversation"]) == ("sent", daemon.conversation)
    john = control.transcript("john-iphone", daemon.conversation)
    assert [entry["kind"] for entry in john] == ["message", "text"]
    assert john[0]["app"] == APP and john[0]["rendered"]["caption"] == "Vanilla"
    assert john[0]["senderParticipantIdentifier"] == control.identifier("john-iphone", APP, "kate@example.com")

    daemon.touch("kate-iphone", {"recipients": ["john@example.com"], "caption": "Mint", "times": 2})
    assert control.compose("kate-iphone", "cancel")["result"] == "cancelled"
    assert len(control.transcript("john-iphone", daemon.conversation)) == 2

    seen = records(log)
    assert [r["callback"] for r in seen if "callback" in r] == ["applicationDidBecomeActive", "messageComposeDidFinish", "messageComposeDidFinish"]
    assert [r["result"] for r in seen if r.get("callback") == "messageComposeDidFinish"] == [1, 0]
    presents = [r for r in seen if r.get("op") == "present"]
    assert [p["status"] for p in presents] == ["ok", "ok", "error"]
    assert presents[-1]["domain"] == "msghost.compose" and presents[-1]["code"] == 1  # composeAlreadyPresented
    assert all(r["value"] is True for r in seen if r.get("op") == "canSendText")

    control.close_parent_app("kate-iphone")
    with pytest.raises(ControlError) as refused:
        control.compose("kate-iphone", "send")
    assert refused.value.code == ControlErrorCode.invalid_state


def test_a_tapped_bubble_opens_the_parent_app_when_the_manifest_says_so(msghost_daemon: Any, tmp_path: Path) -> None:
    log = tmp_path / "shop"
    app = App.python(APP, SHOP, env={"SHOP_LOG": str(log)},
                     manifest={"parentApp": {"command": sys.executable, "args": [str(SHOP)], "opensMessages": True}})
    daemon = msghost_daemon(apps=[app])
    control = daemon.control
    control.open_parent_app("kate-iphone", APP)
    daemon.touch("kate-iphone", {"recipients": ["john@example.com"], "caption": "Vanilla"})
    control.compose("kate-iphone", "send")
    bubble = control.transcript("john-iphone", daemon.conversation)[0]
    tapped = control.tap("john-iphone", daemon.conversation, bubble["entry"])
    assert tapped["action"] == "openedParentApp"
    opened = [r for r in records(log) if r.get("callback") == "openURL"]
    assert [r["sender"] for r in opened] == [control.identifier("john-iphone", APP, "kate@example.com")]
