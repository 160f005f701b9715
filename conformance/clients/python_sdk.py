#!/usr/bin/env python3
"""The conformance client of the Python SDK (python/src/msghost): the same app as
examples/python-raw/app.py, written with `msghost.Extension` (conformance/README.md).

  * touch payload {"caption": C, "url": U, "session": S, "sends": N}: try N direct sends
    (default 1) of a message with that caption and URL, for the touched instance, one after
    the other, printing after each reply one JSON line
    {"send": n, "reason": "touch", "status": "ok"|"error", "code": …, "name": …};
  * touch payload {"view": V}: set view V (setView, through the SDK's view builders) instead;
  * --send-on CALLBACK (repeatable): also try one send when that callback arrives;
  * everything else (acknowledging, contentSizeThatFits, terminate then exit 0, dropping
    what is malformed, badly signed or replayed) is the SDK's own behaviour.
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

try:
    import msghost
except ImportError:  # run from the repository without `pip install ./python`
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python" / "src"))
    import msghost

from msghost import Button, Message, MessagesError, Row, Session, TemplateLayout, Text, TextField

DEFAULT_CAPTION = "Hello from python-sdk"
SEND_ON: List[str] = []  # callback types (wire names) that also try one send
_sends = itertools.count(1)


class ConformanceApp(msghost.Extension):
    def try_send(self, caption: str, url: Optional[str] = None, session: Optional[str] = None, reason: str = "touch") -> None:
        message = Message(layout=TemplateLayout(caption=caption), summary_text=caption, url=url or None,
                          session=Session(session) if session else None)
        report: dict = {"send": next(_sends), "reason": reason}
        try:
            self.active_conversation.send(message)
            report.update(status="ok", code=None, name=None)
        except MessagesError as error:
            report.update(status="error", code=int(error.code), name=error.name)
        print(json.dumps(report), flush=True)

    def touched(self, payload: Any, button: Optional[str] = None, fields: Optional[Dict[str, str]] = None) -> None:
        payload = payload if isinstance(payload, dict) else {}
        if isinstance(payload.get("view"), dict):
            try:
                self.set_view(*(element(spec) for spec in payload["view"].get("elements", [])))
            except MessagesError as error:
                print(f"setView refused: {error}", file=sys.stderr, flush=True)
            return
        for _ in range(int(payload.get("sends", 1))):
            self.try_send(payload.get("caption", DEFAULT_CAPTION), payload.get("url"), payload.get("session"))

    def send_on(self, kind: str) -> None:
        if kind in SEND_ON:
            self.try_send(f"sent during {kind}", reason=kind)

    # --send-on: one method per callback, each trying one send when asked to.
    def will_become_active(self, conversation: msghost.Conversation) -> None:
        self.send_on("willBecomeActive")

    def did_become_active(self, conversation: msghost.Conversation) -> None:
        self.send_on("didBecomeActive")

    def will_resign_active(self, conversation: msghost.Conversation) -> None:
        self.send_on("willResignActive")

    def did_resign_active(self, conversation: msghost.Conversation) -> None:
        self.send_on("didResignActive")

    def view_will_appear(self) -> None:
        self.send_on("viewWillAppear")

    def view_did_appear(self) -> None:
        self.send_on("viewDidAppear")

    def view_will_disappear(self) -> None:
        self.send_on("viewWillDisappear")

    def view_did_disappear(self) -> None:
        self.send_on("viewDidDisappear")

    def will_transition(self, style: msghost.PresentationStyle) -> None:
        self.send_on("willTransition")

    def did_transition(self, style: msghost.PresentationStyle) -> None:
        self.send_on("didTransition")

    def will_select(self, message: Message, conversation: msghost.Conversation) -> None:
        self.send_on("willSelect")

    def did_select(self, message: Message, conversation: msghost.Conversation) -> None:
        self.send_on("didSelect")

    def did_receive(self, message: Message, conversation: msghost.Conversation) -> None:
        self.send_on("didReceive")

    def did_start_sending(self, message: Message, conversation: msghost.Conversation) -> None:
        self.send_on("didStartSending")

    def did_cancel_sending(self, message: Message, conversation: msghost.Conversation) -> None:
        self.send_on("didCancelSending")


def element(spec: Dict[str, Any]) -> Any:
    """A view element of the wire, rebuilt with the SDK's builders (so the kit checks them)."""
    kind = spec.get("type")
    if kind == "text":
        return Text(spec["text"], style=spec.get("style"))
    if kind == "button":
        extra = {"payload": spec["payload"]} if "payload" in spec else {}
        return Button(spec["id"], spec["title"], enabled=spec.get("enabled", True), **extra)
    if kind == "textField":
        return TextField(spec["id"], placeholder=spec.get("placeholder"), text=spec.get("text"))
    if kind == "row":
        return Row(*(element(child) for child in spec.get("elements", [])))
    raise ValueError(f"the conformance client draws no {kind!r} element")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--send-on", action="append", default=[], metavar="CALLBACK",
                        help="also try one direct send when this callback arrives")
    SEND_ON.extend(parser.parse_args().send_on)
    return msghost.run(ConformanceApp)


if __name__ == "__main__":
    sys.exit(main())
