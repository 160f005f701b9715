"""`harness.py MSGHOSTD DIRECTORY COUNT`: what a pytest test pays for its daemon.

Times, COUNT times after one warm-up, what the `msghost_daemon` fixture does for a test: a
`Daemon` in a fresh directory (the Kate/John world, no apps, the fixture's default settings),
`start()`, and at teardown `close()`; from before the `Daemon` is made to after `close()`
returns. Prints the milliseconds as a JSON list. Run by msghost-bench (block "harness") with
`python/src` on PYTHONPATH; the same interpreter process runs every start, as a pytest session
does.
"""
import json
import sys
import time
from pathlib import Path

from msghost.testing import Daemon


def main() -> None:
    msghostd, directory, count = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    times = []
    for n in range(count + 1):
        began = time.perf_counter_ns()
        daemon = Daemon(directory / f"python-{n}", msghostd=msghostd)
        daemon.start()
        daemon.close()
        ended = time.perf_counter_ns()
        if n > 0:  # the first one warms the interpreter up
            times.append((ended - began) / 1e6)
    print(json.dumps(times))


if __name__ == "__main__":
    main()
