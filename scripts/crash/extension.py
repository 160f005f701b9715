"""The extension of `scripts/crash-trials`: on each touch it sends or stages one message through
the real protocol (the msghost Python SDK), and appends to $CRASH_LOG what it tried and what the
daemon acknowledged. A line is written with one O_APPEND write, so lines from several
extension processes never mix, and it survives the daemon being killed (the extension is not).

The touch's payload says what to do: {"op": "send" | "stage", "device": ..., "n": ...}. The
message's caption, "<op>-<device>-<n>", is what the harness looks for after a restart.
"""
import json
import os

import msghost

LOG = os.environ["CRASH_LOG"]


def record(**fields):
    fd = os.open(LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, (json.dumps(fields) + "\n").encode())
    finally:
        os.close(fd)


class CrashTrials(msghost.Extension):
    def touched(self, payload):
        op, device, n = payload["op"], payload["device"], payload["n"]
        caption = f"{op}-{device}-{n}"
        message = msghost.Message(layout=msghost.TemplateLayout(caption=caption))
        record(op=op, device=device, n=n, caption=caption, state="attempt")
        try:
            if op == "send":
                self.active_conversation.send(message)
            else:
                self.active_conversation.insert(message)
        except msghost.MessagesError as error:
            record(op=op, device=device, n=n, caption=caption, state="refused", error=error.name)
            return
        record(op=op, device=device, n=n, caption=caption, state="acked")


if __name__ == "__main__":
    msghost.run(CrashTrials)
