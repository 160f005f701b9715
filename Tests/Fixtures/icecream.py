#!/usr/bin/env python3
"""The Ice Cream builder of WWDC 2016 session 224, as a fixture: a collaborative app whose
whole state lives in the message URL, one session per ice cream.

Touch payload {"pick": "cone"} adds the next part (base, then scoops, then topping) to the
ice cream of the selected message (or starts a new one), inserts the new message in the same
session with a summary of what was done, and dismisses itself, as IceCreamBuilder does."""
import sys
import uuid
from urllib.parse import parse_qsl, urlencode, urlsplit

from fixture import Extension

PARTS = ["base", "scoops", "topping"]


class IceCream(Extension):
    def on_touch(self, body):
        instance = body["instance"]
        conversation = self.conversations[instance]
        selected = self.selected(instance)
        state = dict(parse_qsl(urlsplit(selected.get("url") or "").query))
        session = selected.get("session") or str(uuid.uuid4()).upper()
        part = next(p for p in PARTS if p not in state)
        state[part] = body["payload"]["pick"]
        me = "$" + conversation["localParticipantIdentifier"]
        done = len(state) == len(PARTS)
        message = {
            "url": "https://icecream.example/?" + urlencode(state),
            "session": session,
            "summaryText": f"{me} finished the ice cream" if done else f"{me} chose {state[part]}",
            "layout": {"type": "template",
                       "caption": "Your ice cream is ready!" if done else f"Ice cream: {', '.join(state[p] for p in PARTS if p in state)}"},
        }
        self.request("insertMessage", {"instance": instance, "message": message})
        self.request("dismiss", {"instance": instance})


if __name__ == "__main__":
    sys.exit(IceCream().run())
