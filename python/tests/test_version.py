"""The package version comes from the protocol version (msghost/_version.py), and everything
that names the protocol on the wire comes from the same number: the daemon must agree."""
from __future__ import annotations

import re
from pathlib import Path

import msghost
from msghost import PROTOCOL_VERSION, __version__
from msghost.envelope import TAG
from msghost.extension import SDK_NAME, Extension, Runtime
from msghost.pytest_plugin import DaemonFactory

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_the_package_major_version_is_the_protocol_version() -> None:
    match = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)", __version__)
    assert match, f"{__version__!r} is not MAJOR.MINOR.PATCH"
    assert int(match.group(1)) == PROTOCOL_VERSION
    assert msghost.__version__ == __version__


def test_the_wire_tag_hello_and_sdk_name_follow_the_same_number() -> None:
    assert TAG == f"MSGHOST/{PROTOCOL_VERSION}".encode("ascii")
    assert SDK_NAME == f"msghost-python/{__version__}"
    runtime = Runtime(Extension, endpoint="tcp://127.0.0.1:1", token="t", app="a")
    try:
        assert runtime.protocol == PROTOCOL_VERSION
    finally:
        runtime.close()


def test_pyproject_takes_its_version_from_the_version_file_only() -> None:
    text = PYPROJECT.read_text()
    assert re.search(r'^dynamic = \["version"\]$', text, re.MULTILINE)
    assert not re.search(r"^version\s*=", text, re.MULTILINE), "a literal version would be a second source of truth"
    assert 'path = "src/msghost/_version.py"' in text


def test_the_daemon_speaks_the_protocol_this_sdk_speaks(msghost_daemon: DaemonFactory) -> None:
    daemon = msghost_daemon()
    assert daemon.control.status()["daemon"]["protocol"] == PROTOCOL_VERSION
