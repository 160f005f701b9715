#!/usr/bin/env python3
"""Executions per fuzz target since its count began (`scripts/fuzz --tally`).

Reads fuzz/runs.md: the table "Where each target's count begins" (a commit per target) and the
table of runs. A run counts toward its target when it found nothing and ran on that commit or
a later one (the commit is an ancestor of the run's, by `git merge-base --is-ancestor`). For
each target it also lists the commits since the count began that touched the code the target
drives (PATHS): each is a change that may matter, to be judged by the rule in
docs/RELIABILITY.md ("Fuzzing", "What resets a count") and, if it does, the target's row in the
first table moved to it.
"""
import pathlib, re, subprocess, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGETS = ["envelope", "request", "control", "config", "manifest", "seed", "codec", "control-codec", "session", "mcp"]
HARNESS = ["fuzz/Sources/msghost-fuzz/Entry.swift"]
MACHINE = ["Sources/MsgHostCore", "Sources/MsgHostProtocol", "fuzz/Sources/msghost-fuzz/FuzzHost.swift",
           "fuzz/Sources/msghost-fuzz/MachineTargets.swift"]
FILES = ["Sources/MsgHost/Configuration", "fuzz/Sources/msghost-fuzz/FileTargets.swift"]
PATHS = {
    "envelope": MACHINE, "request": MACHINE, "control": MACHINE,
    "config": FILES, "manifest": FILES + ["Sources/MsgHostCore/Apps"],
    "seed": FILES + MACHINE,
    "codec": ["Sources/MsgHostProtocol", "fuzz/Sources/msghost-fuzz/CodecTarget.swift"],
    "control-codec": ["Sources/MsgHostProtocol", "fuzz/Sources/msghost-fuzz/ControlCodecTarget.swift"],
    "session": ["Sources/MsgHostProtocol", "fuzz/Sources/msghost-fuzz/SessionTarget.swift"],
    "mcp": ["Sources/MsgHostMCP/Arguments", "Sources/MsgHostMCP/Tools/ToolCatalog.swift", "Sources/MsgHostMCP/Tools/ToolSpec.swift",
            "Sources/MsgHostProtocol", "fuzz/Sources/msghost-fuzz/MCPTarget.swift"],
}
GOAL = 10_000_000


def git(*args):
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)


def table(text, heading):
    """The rows of the first table after `heading`, as lists of cells."""
    section = text.split(heading, 1)[1]
    rows = []
    for line in section.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not set(cells[0]) <= set("-: "):
                rows.append(cells)
        elif rows:
            break
    return rows[1:]


def main():
    text = (ROOT / "fuzz/runs.md").read_text()
    begins = {row[0].strip("`"): row[1] for row in table(text, "## Where each target's count begins")}
    runs = table(text, "## Runs")
    print(f"{'target':<14} {'counts from':<11} {'runs':>4} {'executions':>12} {'of 10 M':>8}  changes since to judge")
    for target in TARGETS:
        base = begins.get(target)
        if not base or git("rev-parse", "--verify", "--quiet", base + "^{commit}").returncode != 0:
            print(f"{target:<14} {base or '(no row)':<11} its count has not begun: no commit in 'Where each target's count begins'")
            continue
        count = total = 0
        for date, commit, name, *rest in runs:
            if name.strip("`") != target or rest[4] != "none":
                continue
            if git("merge-base", "--is-ancestor", base, commit).returncode == 0:
                count += 1
                total += int(rest[2].replace(",", ""))
        changes = git("log", "--oneline", f"{base}..HEAD", "--", *PATHS[target] + HARNESS).stdout.splitlines()
        print(f"{target:<14} {base:<11} {count:>4} {total:>12,} {100 * total / GOAL:>7.1f}%  {len(changes)}")
        for change in changes:
            print(f"{'':<14} {change[:100]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
