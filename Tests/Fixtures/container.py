#!/usr/bin/env python3
"""An extension that looks at its container, for the container tests (PROTOCOL.md §4.1).

On every touch whose payload is {"write": NAME} it writes NAME into $HOME (as an app writes
its files), then logs what it sees: its container variables, the files in $HOME, and whether
the other paths it was given exist and are private (mode 0700).
"""
import os
import stat
import sys

from fixture import Extension

VARIABLES = ("MSGHOST_CONTAINER", "HOME", "TMPDIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")


class Container(Extension):
    def on_touch(self, body):
        payload = body.get("payload") or {}
        home = os.environ["HOME"]
        if isinstance(payload, dict) and isinstance(payload.get("write"), str):
            with open(os.path.join(home, payload["write"]), "w") as file:
                file.write(self.app)
        self.record({
            "sees": sorted(name for name in os.listdir(home) if not name.startswith(".")),
            "env": {name: os.environ.get(name) for name in VARIABLES},
            "modes": {name: oct(stat.S_IMODE(os.stat(os.environ[name]).st_mode)) for name in VARIABLES if os.path.isdir(os.environ.get(name, ""))},
        })


if __name__ == "__main__":
    sys.exit(Container().run())
