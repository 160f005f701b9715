#!/usr/bin/env python3
"""Corrections: the app of "A Deep Dive Into iOS Messages Extensions" (2016), on the msghost
Python SDK.

One person asks for a correction ("is this sentence right?") or a translation ("how do I say
this?"); the other taps the request, answers it, and the answer replaces the request in the
transcript, because it is sent in the same session. The question and answer travel in the
message's URL query: the URL is the model, as Apple recommends.

The app shows a view (msghost's `set_view`, drawn by msghost-web, printed by `msghostctl
view`): with no request selected, a "question" text field and buttons to ask for a correction
or a translation; with a request selected, the question, a "text" field and the buttons that
answer it. Activating a button (`msghostctl activate DEVICE ask-correction --field
question=…`) is a touch whose payload is the button's and whose fields are the text fields'.

The same actions arrive as plain touches too (msghostctl touch --payload …):
  {"ask": "correction" | "translation", "question": "…"}   stage a request
  {"answer": "correct" | "incorrect" | "unknown" | "known", "text": "…"}
      stage the answer to the selected request; "incorrect" and "known" carry the corrected
      sentence or the translation in "text".
Both are staged with insert: the user taps Send.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict, List, Optional
from urllib.parse import parse_qsl, urlencode, urlsplit

try:
    import msghost
except ImportError:  # running from the repository without `pip install ./python`
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python" / "src"))
    import msghost

from msghost import Button, Conversation, Message, PresentationStyle, Row, Session, TemplateLayout, Text, TextField
from msghost.view import Element

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


#: the buttons that answer a request, by its type: (id, title, answer)
ANSWERS = {
    "correction": [("answer-correct", "Correct", "correct"), ("answer-incorrect", "Correct it", "incorrect")],
    "translation": [("answer-unknown", "I don't know", "unknown"), ("answer-known", "Translate", "known")],
}


def view_for(conversation: Conversation) -> List[Element]:
    """Asking (nothing selected, or a request already answered), or answering the selected request."""
    selected = conversation.selected_message
    pair = pair_of(selected) if selected is not None else {}
    if "question" not in pair or "answer" in pair:
        return [
            Text("Corrections", style="title"),
            TextField("question", placeholder="A sentence in the language you are learning"),
            Row(Button("ask-correction", "Ask for a correction", payload={"ask": "correction"}),
                Button("ask-translation", "Ask for a translation", payload={"ask": "translation"})),
        ]
    kind = pair.get("type", "correction")
    return [
        Text(f"{kind.title()} request", style="headline"),
        Text(pair["question"]),
        TextField("text", placeholder="The corrected sentence" if kind == "correction" else "The translation"),
        Row(*(Button(id_, title, payload={"answer": answer}) for id_, title, answer in ANSWERS.get(kind, []))),
    ]


class Corrections(msghost.Extension):
    def did_become_active(self, conversation: Conversation) -> None:
        self.show(conversation)

    def did_select(self, message: Message, conversation: Conversation) -> None:
        self.show(conversation)

    def show(self, conversation: Conversation) -> None:
        if self.presentation_style == PresentationStyle.transcript:
            return  # a live bubble draws no app view
        self.set_view(*view_for(conversation))

    def touched(self, payload: Any, button: Optional[str] = None, fields: Optional[Dict[str, str]] = None) -> None:
        conversation = self.active_conversation
        if not isinstance(payload, dict):
            return
        # A button of the view carries the texts typed into its fields.
        payload = {**{k: v for k, v in (fields or {}).items() if v}, **payload}
        if "ask" in payload and not payload.get("question"):
            print("corrections: a request needs a question", file=sys.stderr)
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
            if answer not in ("correct", "unknown") and not payload.get("text"):
                print("corrections: that answer needs its text", file=sys.stderr)
                return
            pair["answer"] = answer if answer in ("correct", "unknown") else payload["text"]
            message = message_for(pair, selected.session, f"{me} answered")
        conversation.insert(message)


if __name__ == "__main__":
    sys.exit(msghost.run(Corrections))
