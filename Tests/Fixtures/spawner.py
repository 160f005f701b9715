#!/usr/bin/env python3
"""An extension that starts processes of its own, for the "no orphans" tests.

Before its hello it starts a child (`sleep 600`) and a shell that backgrounds a grandchild
(`sleep 600`) and waits for it; none of them is told anything about msghost, and all keep
the extension's stdout and stderr, as helpers usually do. It then writes their pids, as JSON
({"child": …, "shell": …, "grandchild": …}), to the file named by --record, and behaves like
any fixture: it acknowledges `terminate` and exits, leaving them running.
"""
import argparse
import json
import os
import subprocess
import sys

from fixture import Extension


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--record", required=True)
    args = parser.parse_args()
    child = subprocess.Popen(["sleep", "600"])
    pipe_read, pipe_write = os.pipe()
    shell = subprocess.Popen(["sh", "-c", f"sleep 600 {pipe_write}>&- & echo $! >&{pipe_write}; exec {pipe_write}>&-; wait"], pass_fds=[pipe_write])
    os.close(pipe_write)
    with os.fdopen(pipe_read) as grandchild:
        pids = {"child": child.pid, "shell": shell.pid, "grandchild": int(grandchild.readline())}
    with open(args.record + ".tmp", "w") as record:
        json.dump(pids, record)
    os.rename(args.record + ".tmp", args.record)
    return Extension().run()


if __name__ == "__main__":
    sys.exit(main())
