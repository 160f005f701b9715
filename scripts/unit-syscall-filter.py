#!/usr/bin/env python3
"""Runs a command under the system-call filter of systemd/msghostd.service, without systemd.

    scripts/unit-syscall-filter.py [--unit systemd/msghostd.service] -- COMMAND [ARG...]

The unit's `SystemCallFilter=` lines are read in order and expanded with `systemd-analyze
syscall-filter` (as systemd merges them: the first line sets allow-list mode, later lines add,
`~` lines remove); every other call then fails with the unit's `SystemCallErrorNumber=`. The
filter is loaded with libseccomp (through ctypes: no headers or bindings needed) after
`PR_SET_NO_NEW_PRIVS`, and COMMAND is exec'd under it, so the daemon and every extension it
starts run with exactly the calls the unit allows. A machine without systemd as PID 1 can
thus still show that the daemon and its extensions work inside the unit's filter
(`SystemdUnitTests.theDaemonAndItsExtensionsRunInsideTheUnitsSystemCallFilter`).
"""
import ctypes
import ctypes.util
import errno
import os
import subprocess
import sys
from pathlib import Path
from typing import List, Set, Tuple

PR_SET_NO_NEW_PRIVS = 38
SCMP_ACT_ALLOW = 0x7FFF0000


def expand(name: str, seen: Set[str]) -> Set[str]:
    """A call, or a @group expanded recursively by systemd-analyze."""
    if not name.startswith("@"):
        return {name}
    if name in seen:
        return set()
    seen.add(name)
    listing = subprocess.run(["systemd-analyze", "syscall-filter", "--no-pager", name], capture_output=True, text=True, check=True).stdout
    calls: Set[str] = set()
    for line in listing.splitlines()[1:]:
        entry = line.strip()
        if entry and not entry.startswith("#"):
            calls |= expand(entry, seen)
    return calls


def allowed_calls(unit: Path) -> Tuple[Set[str], int]:
    allow: Set[str] = set()
    allow_list = None
    error = errno.EPERM
    for raw in unit.read_text().splitlines():
        line = raw.strip()
        if line.startswith("SystemCallErrorNumber="):
            error = getattr(errno, line.split("=", 1)[1])
        if not line.startswith("SystemCallFilter="):
            continue
        value = line.split("=", 1)[1]
        invert = value.startswith("~")
        names = set().union(*(expand(n, set()) for n in value.lstrip("~").split()))
        if allow_list is None:
            allow_list = not invert
            if not allow_list:
                raise SystemExit("a deny-list SystemCallFilter= is not supported here")
        if invert:
            allow -= names
        else:
            allow |= names
    if allow_list is None:
        raise SystemExit(f"{unit} has no SystemCallFilter=")
    return allow, error


def main(argv: List[str]) -> None:
    unit = Path(__file__).resolve().parents[1] / "systemd" / "msghostd.service"
    if argv[:1] == ["--unit"]:
        unit, argv = Path(argv[1]), argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        raise SystemExit(__doc__)
    allow, error = allowed_calls(unit)
    library = ctypes.CDLL(ctypes.util.find_library("seccomp") or "libseccomp.so.2", use_errno=True)
    library.seccomp_init.restype = ctypes.c_void_p
    library.seccomp_init.argtypes = [ctypes.c_uint32]
    library.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    library.seccomp_rule_add.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint]
    library.seccomp_load.argtypes = [ctypes.c_void_p]
    context = library.seccomp_init(0x00050000 | error)  # SCMP_ACT_ERRNO(error)
    added = 0
    for name in sorted(allow):
        number = library.seccomp_syscall_resolve_name(name.encode())
        if number < 0:
            continue  # not a call on this architecture
        if library.seccomp_rule_add(context, SCMP_ACT_ALLOW, number, 0) != 0:
            raise SystemExit(f"seccomp_rule_add {name} failed")
        added += 1
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise SystemExit("prctl(PR_SET_NO_NEW_PRIVS) failed")
    if library.seccomp_load(context) != 0:
        raise SystemExit("seccomp_load failed")
    print(f"unit-syscall-filter: {added} calls allowed from {unit.name}, others fail with {errno.errorcode[error]}", file=sys.stderr, flush=True)
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    main(sys.argv[1:])
