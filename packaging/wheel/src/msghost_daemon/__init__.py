"""msghost's programs for Linux x86-64: msghostd, msghostctl and msghost-web.

The wheel holds them as the Debian package holds them under /usr: one executable,
`lib/msghost/msghost`, that is each program by the name it is started with (one copy of the
Swift runtime and its ICU data for all: packaging/multicall/main.c), with msghost-web's page
beside it; the demo's configuration, world and example apps in `share/msghost/demo/`, so that
`msghost-web --demo` finds its files the same way from either (../../share/msghost/demo from
its program's directory). `auditwheel repair` put the shared libraries it loads in
`msghost_daemon.libs/` and pointed its RPATH there. Wheels hold no links, so each program's
name in `lib/msghost/` is a two-line stub that runs it by name, for what starts programs by
path: the SDK's `msghost_daemon` fixture (`executable("msghostd")`), the demo's daemon and the
demo's Ice Cream app.

pip puts the three commands on PATH as the launchers below, which replace themselves with the
program (exec: same process, same signals).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NoReturn

from ._version import __version__

__all__ = ["__version__", "executable", "msghostd", "msghostctl", "msghost_web"]

_PROGRAMS = Path(__file__).resolve().parent / "lib" / "msghost"


def executable(name: str) -> str:
    """The absolute path of one of the wheel's programs, "msghostd", "msghostctl",
    "msghost-web" (stubs that run the one executable by name), or "msghost" (that executable)."""
    path = _PROGRAMS / name
    if not (path.is_file() and os.access(path, os.X_OK)):
        raise FileNotFoundError(f"{path} is missing or not executable: reinstall msghost-daemon")
    return str(path)


def _exec(name: str) -> NoReturn:
    program = executable("msghost")
    # The daemon starts apps whose manifest says `command: python3` from PATH. Put this
    # environment's Python first, so that they import the msghost SDK installed beside this
    # package (and the demo's apps run) even when the virtual environment is not activated.
    environment = dict(os.environ)
    scripts = os.path.dirname(sys.executable)
    environment["PATH"] = os.pathsep.join(p for p in (scripts, environment.get("PATH", os.defpath)) if p)
    os.execve(program, [name, *sys.argv[1:]], environment)


def msghostd() -> NoReturn:
    _exec("msghostd")


def msghostctl() -> NoReturn:
    _exec("msghostctl")


def msghost_web() -> NoReturn:
    _exec("msghost-web")
