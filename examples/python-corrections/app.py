#!/usr/bin/env python3
"""Corrections: the app of "A Deep Dive Into iOS Messages Extensions" (2016), on the msghost
Python SDK.

One person asks for a correction ("is this sentence right?") or a translation ("how do I say
this?"); the other taps the request, answers it, and the answer replaces the request in the
transcript, because it is sent in the same session. The question and answer travel in the
message's URL query: the URL is the model, as Apple recommends.

The user's actions arrive as touches (msghostctl touch --payload …):
  {"ask": "correction" | "translation", "question": "…"}   stage a request
  {"answer": "correct" | "incorrect" | "unknown" | "known", "text": "…"}
      stage the answer to the selected request; "incorrect" and "known" carry the corrected
      sentence or the translation in "text".
Both are staged with insert: the user taps Send.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict
from urllib.parse import parse_qsl, urlencode, urlsplit

try:
    import msghost
except ImportError:  # running from the repository without `pip install ./python`
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python" / "src"))
    import msghost

from msghost import Message, Session, TemplateLayout

BASE_URL = "https://corrections.example/"


def pair_of(message: Message) -> Dict[str, str]:
    """The question/answer pair a message carries in its URL query."""
    return dict(parse_qsl(urlsplit(message.url or "").query))


def message_for(pair: Dict[str, str], session: Session, summary: str) -> Message:
    """The bubble of a request (no answer yet) or of its answer, with the pair as its URL."""
    if "answer" in pair:
        layout = TemplateLayout(caption=pair["type"].title(), subcaption=pair["question"], trailing_caption=pair["answer"])
    else:
        layout = TemplateLayout(caption=f"{pair['type'].title()} request", subcaption=pair["question"])
    return Message(url=BASE_URL + "?" + urlencode(pair), session=session, summary_text=summary, layout=layout)


class Corrections(msghost.Extension):
    def touched(self, payload: Any) -> None:
        conversation = self.active_conversation
        if not isinstance(payload, dict):
            return
        # "$<uuid>" is shown on each device as that person's contact name.
        me = "$" + conversation.local_participant_identifier
        if "ask" in payload:
            # A new question: a new session.
            pair = {"type": payload["ask"], "question": payload["question"]}
            message = message_for(pair, Session(), f"{me} asked for a {payload['ask']}")
        else:
            # An answer: the selected request's pair plus the answer, in the request's session,
            # so that the request collapses into its summary when the answer arrives.
            selected = conversation.selected_message
            if selected is None or selected.session is None:
                print("corrections: an answer needs a selected request (tap one first)", file=sys.stderr)
                return
            pair = pair_of(selected)
            answer = payload["answer"]
            pair["answer"] = answer if answer in ("correct", "unknown") else payload["text"]
            message = message_for(pair, selected.session, f"{me} answered")
        conversation.insert(message)


if __name__ == "__main__":
    sys.exit(msghost.run(Corrections))
