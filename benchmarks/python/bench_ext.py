"""bench_ext: bench-ext's behaviour (benchmarks/c/ext.c) written with the msghost Python SDK.

Started by msghostd (MSGHOST_ENDPOINT, MSGHOST_TOKEN, MSGHOST_APP; PYTHONPATH=python/src);
the SDK says hello and acknowledges every callback. On a touch:

  {"op": "send"}    one `conversation.send` of a message, inside the touch handler, timed with
                    time.perf_counter_ns around the SDK call; recorded as (ns, 0) or (ns, code);
  {"op": "report"}  writes the recorded samples ("<ns> <code>" lines) to the samples file,
                    truncating it, and forgets them.

On terminate, samples not yet reported are written too. The samples file is sys.argv[1]
followed by "." and the pid (as for bench-ext); without an argument nothing is written.
"""
import os
import sys
import time

import msghost

SAMPLES_PATH = f"{sys.argv[1]}.{os.getpid()}" if len(sys.argv) > 1 and sys.argv[1] else None
samples = []  # (ns, code), shared by every instance of this process
sends = 0


def write_samples():
    if SAMPLES_PATH is not None:
        with open(SAMPLES_PATH, "w") as out:
            out.writelines(f"{ns} {code}\n" for ns, code in samples)
    samples.clear()


class BenchExtension(msghost.Extension):
    def touched(self, payload):
        op = payload.get("op") if isinstance(payload, dict) else None
        if op == "send":
            global sends
            sends += 1
            message = msghost.Message(
                url=f"https://example.com/bench?n={sends}",
                summary_text=f"bench message {sends}",
                layout=msghost.TemplateLayout(
                    caption="bench", subcaption="msghost bench", trailing_caption="bench-py/1",
                    trailing_subcaption="round trip", image_title="msghost", image_subtitle="benchmark message body"))
            conversation = self.active_conversation
            t0 = time.perf_counter_ns()
            try:
                conversation.send(message)
                code = 0
            except msghost.MessagesError as error:
                code = int(error.code)
            samples.append((time.perf_counter_ns() - t0, code))
        elif op == "report":
            write_samples()

    def will_terminate(self, reason):
        if samples:  # never truncate a report with nothing
            write_samples()


if __name__ == "__main__":
    sys.exit(msghost.run(BenchExtension))
