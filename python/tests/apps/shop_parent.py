"""A parent app on the Python SDK (PROTOCOL.md §4.10), for test_parent_app.py: when touched it
presents a compose sheet (`times` of them) with the touch payload's recipients, text and caption, and it records
what it sees, as JSON lines, to $SHOP_LOG.<pid>. Started as the app's extension (no
MSGHOST_ROLE) it is a plain extension that does nothing."""
import json
import os
import sys

import msghost


def record(**entry: object) -> None:
    with open(f"{os.environ['SHOP_LOG']}.{os.getpid()}", "a") as log:
        log.write(json.dumps(entry) + "\n")


class Shop(msghost.ParentApp):
    def application_did_become_active(self) -> None:
        record(callback="applicationDidBecomeActive")

    def application_will_resign_active(self) -> None:
        record(callback="applicationWillResignActive")

    def touched(self, payload: dict) -> None:
        for _ in range(payload.get("times", 1)):
            sheet = msghost.MessageComposeViewController(
                recipients=payload["recipients"], body=payload.get("body"),
                message=msghost.Message(summary_text="Ordered", layout=msghost.TemplateLayout(caption=payload["caption"])))
            record(op="canSendText", value=sheet.can_send_text())
            try:
                self.present(sheet)
                record(op="present", status="ok")
            except msghost.MessagesError as error:
                record(op="present", status="error", domain=error.domain, code=int(error.code))

    def open_url(self, url: object, message: msghost.Message) -> None:
        record(callback="openURL", url=url, sender=message.sender_participant_identifier)

    def message_compose_did_finish(self, controller: msghost.MessageComposeViewController, result: msghost.MessageComposeResult) -> None:
        record(callback="messageComposeDidFinish", result=int(result), recipients=controller.recipients)


class Plain(msghost.Extension):
    pass


if __name__ == "__main__":
    sys.exit(msghost.run_parent_app(Shop) if os.environ.get("MSGHOST_ROLE") == "parentApp" else msghost.run(Plain))
