#!/usr/bin/env python3
"""Writes config/world.yaml as a release ships it: the same people, devices and conversations,
with the installs of only the apps the release carries (scripts/package). The source tree's
default world also installs Swift examples that a release does not build (Connect Four, Date
Poll); a seed that installs an app with no manifest stops the daemon, so they are left out.

    packaging/packaged-world.py WORLD_YAML OUT BUNDLE_ID...

The world file's `installs:` entries are `- device: …` / `  app: …` pairs (config/world.yaml);
anything else in it is copied as it is. An install of an app not named is dropped."""
import re
import sys


def main() -> int:
    source, target, *shipped = sys.argv[1:]
    lines = open(source, encoding="utf-8").read().splitlines(keepends=True)
    out, i, in_installs, dropped = [], 0, False, []
    while i < len(lines):
        line = lines[i]
        if re.match(r"^\S", line):
            in_installs = line.startswith("installs:")
        entry = re.match(r"^\s*-\s*device:\s*(\S+)\s*$", line) if in_installs else None
        app = re.match(r"^\s*app:\s*(\S+)\s*$", lines[i + 1]) if entry and i + 1 < len(lines) else None
        if entry and app:
            if app.group(1) in shipped:
                out += lines[i:i + 2]
            else:
                dropped.append(app.group(1))
            i += 2
            continue
        out.append(line)
        i += 1
    if not any(re.match(r"^\s*app:\s*(\S+)", line) for line in out):
        print(f"packaged-world: no install of {shipped} left in {source}", file=sys.stderr)
        return 1
    open(target, "w", encoding="utf-8").write("".join(out))
    print(f"packaged-world: left out the installs of {sorted(set(dropped))} (not in the release)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
