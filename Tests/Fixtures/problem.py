#!/usr/bin/env python3
"""An extension built to misbehave (like Jupyter's problemkernel), for supervision tests.

    --no-hello            never say hello (the launch must fail)
    --wrong-token         sign the hello with a made-up token
    --ignore-stop         ignore SIGTERM, and never acknowledge `terminate` (only SIGKILL ends it)
    on touch, payload {"do": ...}:
      "crash"             exit(3) without acknowledging
      "hang"              never acknowledge (the callback must time out)
      "stop"              SIGSTOP itself (a stopped process is unresponsive too)
      "grow", "mb": N     allocate N MiB, touch every page, then acknowledge
      "free"              drop everything "grow" allocated (large blocks go back to the system)
      "ignoreTerminate"   from now on, acknowledge `terminate` but do not exit
"""
import argparse
import os
import signal
import sys
import time

from fixture import Extension


class Problem(Extension):
    def __init__(self, deaf=False):
        super().__init__()
        self.hoard = []
        self.stay = False
        self.deaf = deaf

    def on_touch(self, body):
        todo = (body.get("payload") or {}).get("do")
        if todo == "crash":
            os._exit(3)
        if todo == "hang":
            while True:
                time.sleep(3600)
        if todo == "stop":
            os.kill(os.getpid(), signal.SIGSTOP)
        if todo == "grow":
            block = bytearray(int(body["payload"].get("mb", 64)) << 20)
            for i in range(0, len(block), 4096):
                block[i] = 1
            self.hoard.append(block)
        if todo == "free":
            self.hoard.clear()
        if todo == "ignoreTerminate":
            self.stay = True

    def on_terminate(self, body):
        while self.deaf:  # neither acknowledges nor exits
            time.sleep(3600)

    def run(self):
        code = super().run()
        while self.stay:  # acknowledged terminate, but stays
            time.sleep(3600)
        return code


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-hello", action="store_true")
    parser.add_argument("--wrong-token", action="store_true")
    parser.add_argument("--ignore-stop", action="store_true")
    args = parser.parse_args()
    if args.ignore_stop:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if args.no_hello:
        while True:
            time.sleep(3600)
    if args.wrong_token:
        os.environ["MSGHOST_TOKEN"] = "not-the-token"
    return Problem(deaf=args.ignore_stop).run()


if __name__ == "__main__":
    sys.exit(main())
