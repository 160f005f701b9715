"""Which msghostd the fixture starts: `MSGHOSTD`, else the msghost-daemon wheel's program
(run directly, not through the launcher pip puts on PATH), else PATH."""
from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from msghost.testing import DaemonError, find_msghostd


def program(directory: Path, name: str = "msghostd") -> Path:
    path = directory / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


@pytest.fixture
def wheel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in for the installed msghost_daemon package: only its `executable` matters."""
    (tmp_path / "wheel").mkdir()
    binary = program(tmp_path / "wheel")
    module = types.ModuleType("msghost_daemon")
    module.executable = lambda name: str(binary.with_name(name))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "msghost_daemon", module)
    return binary


def test_the_wheel_comes_before_path(tmp_path: Path, wheel: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bin").mkdir()
    program(tmp_path / "bin")
    monkeypatch.delenv("MSGHOSTD", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert find_msghostd() == str(wheel)


def test_msghostd_and_an_explicit_path_come_before_the_wheel(tmp_path: Path, wheel: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mine").mkdir()
    mine = program(tmp_path / "mine")
    monkeypatch.setenv("MSGHOSTD", str(mine))
    assert find_msghostd() == str(mine.resolve())
    monkeypatch.delenv("MSGHOSTD")
    assert find_msghostd(mine) == str(mine.resolve())


def test_without_the_wheel_path_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "msghost_daemon", None)  # import fails, as when not installed
    (tmp_path / "bin").mkdir()
    on_path = program(tmp_path / "bin")
    monkeypatch.delenv("MSGHOSTD", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert find_msghostd() == str(on_path)


def test_a_bad_msghostd_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MSGHOSTD", str(tmp_path / "nope"))
    with pytest.raises(DaemonError, match="nope"):
        find_msghostd()
