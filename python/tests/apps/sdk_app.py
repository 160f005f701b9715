#!/usr/bin/env python3
"""A test extension on the SDK: it records every callback, with what the SDK made of it, as
JSON lines in $SDK_APP_LOG.<pid>, and on a touch carries out the operations in its payload:
{"ops": [{"op": "send", "caption": "…"}, …]}, recording each outcome."""
import json
import os
import sys
from pathlib import Path

import msghost
from msghost import Button, Image, LiveLayout, Message, MessagesError, Row, Session, Size, Sticker, TemplateLayout, Text, TextField

LOG = open(f"{os.environ['SDK_APP_LOG']}.{os.getpid()}", "a", encoding="utf-8")


def record(entry):
    LOG.write(json.dumps(entry) + "\n")
    LOG.flush()


class SDKApp(msghost.Extension):
    def __init__(self):
        self.calls = 0  # per object: one object per instance
        self.offered = []  # the stickers its drawer offers (op offer_stickers)

    def note(self, callback, **fields):
        self.calls += 1
        conversation = self.active_conversation
        record({"callback": callback, "instance": self.instance_identifier, "object": id(self), "calls": self.calls,
                "style": self.presentation_style.value if self.presentation_style else None,
                "context": self.presentation_context.value,
                "local": conversation.local_participant_identifier,
                "remote": conversation.remote_participant_identifiers,
                "selected": conversation.selected_message.to_wire() if conversation.selected_message else None,
                **fields})

    def will_become_active(self, conversation):
        self.note("will_become_active")

    def did_become_active(self, conversation):
        self.note("did_become_active")

    def will_resign_active(self, conversation):
        self.note("will_resign_active")

    def did_resign_active(self, conversation):
        self.note("did_resign_active")

    def will_select(self, message, conversation):
        self.note("will_select", message=message.to_wire())

    def did_select(self, message, conversation):
        self.note("did_select", message=message.to_wire())

    def did_receive(self, message, conversation):
        self.note("did_receive", message=message.to_wire(), sender=message.sender_participant_identifier)

    def did_start_sending(self, message, conversation):
        self.note("did_start_sending", message=message.to_wire())

    def did_cancel_sending(self, message, conversation):
        self.note("did_cancel_sending", message=message.to_wire())

    def will_transition(self, style):
        self.note("will_transition", to=style.value)

    def did_transition(self, style):
        self.note("did_transition", to=style.value)

    def view_will_appear(self):
        self.note("view_will_appear")

    def view_did_appear(self):
        self.note("view_did_appear")

    def view_will_disappear(self):
        self.note("view_will_disappear")

    def view_did_disappear(self):
        self.note("view_did_disappear")

    def content_size_that_fits(self, size):
        self.note("content_size_that_fits", offered=[size.width, size.height])
        return Size(size.width, 100)

    def stickers(self):
        self.note("stickers", offered=len(self.offered))
        return [Sticker(s["file"], s.get("description", "a sticker")) for s in self.offered]

    def will_terminate(self, reason):
        self.note("will_terminate", reason=reason)

    def touched(self, payload, button=None, fields=None):
        self.note("touched", payload=payload, button=button, fields=fields)
        for op in (payload or {}).get("ops", []):
            self.perform(op)

    def perform(self, op):
        conversation = self.active_conversation
        kind = op["op"]
        try:
            if kind == "raise":
                raise RuntimeError("a bug in the app")
            result = None
            if kind in ("send", "insert"):
                selected = conversation.selected_message
                session = selected.session if op.get("session") == "selected" and selected else (Session(op["session"]) if op.get("session") else None)
                layout = TemplateLayout(caption=op.get("caption"), subcaption=op.get("subcaption"),
                                        image=Path(op["image"]) if op.get("image") else None)
                if op.get("live"):
                    layout = LiveLayout(layout)
                message = Message(layout=layout, url=op.get("url"), session=session, summary_text=op.get("summary"))
                sent = conversation.send(message) if kind == "send" else conversation.insert(message)
                result = sent.to_wire()
                result["isPending"] = sent.is_pending
                result["senderParticipantIdentifier"] = sent.sender_participant_identifier
            elif kind == "send_text":
                conversation.send_text(op["text"])
            elif kind == "insert_text":
                conversation.insert_text(op["text"])
            elif kind == "send_sticker":
                conversation.send_sticker(Sticker(op["file"], op.get("description", "a sticker")))
            elif kind == "insert_sticker":
                conversation.insert_sticker(Sticker(op["file"], op.get("description", "a sticker")))
            elif kind == "offer_stickers":
                self.offered = op["stickers"]
            elif kind == "send_attachment":
                conversation.send_attachment(op["file"], op.get("name"))
            elif kind == "insert_attachment":
                conversation.insert_attachment(op["file"], op.get("name"))
            elif kind == "request_presentation_style":
                self.request_presentation_style(op["style"])
            elif kind == "dismiss":
                self.dismiss()
            elif kind == "set_view":
                self.set_view(*(element(spec) for spec in op["elements"]))
            record({"op": kind, "status": "ok", "result": result})
        except MessagesError as error:
            refusal = {"op": kind, "status": "error", "domain": error.domain, "code": int(error.code),
                       "name": error.name, "enum": getattr(error.code, "name", None)}
            if kind == "set_view":
                refusal["description"] = error.description  # names the element at fault
            record(refusal)


def element(spec):
    """A view element from its JSON spec: {"text": …}, {"image": path}, {"button": id, "title": …,
    "payload": …}, {"field": id, "text": …}, {"row": [specs]}."""
    if "text" in spec and "field" not in spec:
        return Text(spec["text"], style=spec.get("style"))
    if "image" in spec:
        return Image(Path(spec["image"]), width=spec.get("width"))
    if "button" in spec:
        return Button(spec["button"], spec.get("title", spec["button"]), payload=spec.get("payload"), enabled=spec.get("enabled", True))
    if "field" in spec:
        return TextField(spec["field"], text=spec.get("text"))
    return Row(*(element(child) for child in spec["row"]))


if __name__ == "__main__":
    sys.exit(msghost.run(SDKApp))
