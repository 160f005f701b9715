#!/usr/bin/env python3
"""Corrections' parent app: the containing app, which asks a friend for a correction or a
translation from outside Messages (WWDC 2017 "Best Practices": send app balloons from
MFMessageComposeViewController, docs/PROTOCOL.md §4.10).

msghostd starts it when the user opens it (`msghostctl parent-app open
com.example.corrections --device DEVICE`, or control `openParentApp`). A touch (`msghostctl
touch --device DEVICE --payload …`, or the page's touch button, which sends none) presents a compose sheet holding
the same request bubble the extension would stage:
  {"ask": "correction" | "translation", "question": "…", "to": ["handle", …]}
with defaults "correction", "Is this sentence right?" and the owner's usual friend
(CORRECTIONS_FRIEND, else john@example.com). The user sends or cancels the sheet (control
`compose`); the friend taps the request and answers it in the extension, as usual.
"""
from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Any

try:
    import msghost
except ImportError:  # running from the repository without `pip install ./python`
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python" / "src"))
    import msghost

from app import message_for  # the extension's bubble, so both look the same

log = logging.getLogger("corrections.parent")


class CorrectionsApp(msghost.ParentApp):
    def touched(self, payload: Any) -> None:
        ask = payload if isinstance(payload, dict) else {}
        kind = ask.get("ask", "correction")
        question = ask.get("question", "Is this sentence right?")
        friends = ask.get("to") or [os.environ.get("CORRECTIONS_FRIEND", "john@example.com")]
        request = message_for({"type": kind, "question": question}, msghost.Session(), f"Asked for a {kind}")
        self.present(msghost.MessageComposeViewController(recipients=friends, message=request))

    def message_compose_did_finish(self, controller: msghost.MessageComposeViewController, result: msghost.MessageComposeResult) -> None:
        log.info("the user %s the request to %s", result.name.lower(), ", ".join(controller.recipients))


if __name__ == "__main__":
    sys.exit(msghost.run_parent_app(CorrectionsApp))
