#!/usr/bin/env python3
"""The corrections/translation app of "A Deep Dive Into iOS Messages Extensions" (2016), as a
fixture: a question/answer pair encoded in the URL's query, answered in the same session.

Touch payload {"ask": "correction"|"translation", "question": "..."} inserts a request;
{"answer": "correct"|"incorrect"|"unknown"|"known", "text": "..."} answers the selected one."""
import sys
import uuid
from urllib.parse import parse_qsl, urlencode, urlsplit

from fixture import Extension


class Corrections(Extension):
    def on_touch(self, body):
        instance, payload = body["instance"], body["payload"]
        me = "$" + self.conversations[instance]["localParticipantIdentifier"]
        if "ask" in payload:
            pair = {"type": payload["ask"], "question": payload["question"]}
            session = str(uuid.uuid4()).upper()
            layout = {"type": "template", "caption": f"{payload['ask'].title()} request", "subcaption": payload["question"]}
            summary = f"{me} asked for a {payload['ask']}"
        else:
            selected = self.selected(instance)
            pair = dict(parse_qsl(urlsplit(selected["url"]).query))
            pair["answer"] = payload["answer"] if payload["answer"] in ("correct", "unknown") else payload["text"]
            session = selected["session"]
            layout = {"type": "template", "caption": pair["type"].title(), "subcaption": pair["question"],
                      "trailingCaption": pair["answer"]}
            summary = f"{me} answered"
        message = {"url": "https://corrections.example/?" + urlencode(pair), "session": session, "summaryText": summary, "layout": layout}
        self.request("insertMessage", {"instance": instance, "message": message})


if __name__ == "__main__":
    sys.exit(Corrections().run())
