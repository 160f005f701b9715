"""pytest plugin (entry point `pytest11: msghost`): the `msghost_daemon` fixture.

    from msghost.testing import App, World

    def test_hello(msghost_daemon):
        daemon = msghost_daemon(apps=[App.python("com.example.hello", "hello.py")])
        daemon.open("kate-iphone")
        daemon.touch("kate-iphone")
        assert daemon.last_entry("john-iphone")["rendered"]["caption"] == "Hello!"

`msghost_daemon(apps=…, world=…, clock="manual", settings={…}, environment={…})` starts one
msghostd in the test's `tmp_path` (a fresh world each time) and returns its `Daemon` handle;
call it again for a second daemon. Every daemon is stopped at teardown (SIGTERM, then
SIGKILL), and when the test fails the report shows each daemon's log.

msghostd is found through `--msghostd PATH`, else `$MSGHOSTD`, else the msghost-daemon wheel
(`pip install "msghost[daemon]"`), else PATH, else the repository's `.build/debug`.

`pytest --msghost-coverage` records every daemon the fixture starts (control `startRecording`,
docs/RECORDING.md) and, at the end of the run, prints which of the host's situations the suite
reached: `msghostctl coverage` over the sessions (docs/EXPLORE.md, "Coverage"). A test that
records a session of its own ends the fixture's recording; what it did before is not counted.
`--msghost-coverage=DIR` keeps the session files in DIR.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Generator, Iterator, List, Mapping, Optional, Sequence, Union

import pytest

from .testing import App, Daemon, World, find_msghostd

__all__ = ["DaemonFactory", "msghost_daemon"]

_DAEMONS_ATTRIBUTE = "_msghost_daemons"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("msghost")
    group.addoption("--msghostd", action="store", default=None, metavar="PATH",
                    help="the msghostd binary the msghost_daemon fixture starts (default: $MSGHOSTD, the msghost-daemon wheel, PATH, then .build/debug)")
    group.addoption("--msghost-coverage", action="store", nargs="?", const="", default=None, metavar="DIR",
                    help="record every daemon and print which of the host's situations the suite reached (sessions kept in DIR if given)")


def _coverage_directory(config: pytest.Config) -> Optional[Path]:
    """Where the sessions of `--msghost-coverage` go, or None when it is off."""
    option = config.getoption("msghost_coverage", default=None)
    if option is None:
        return None
    if not hasattr(config, "_msghost_coverage"):
        import tempfile
        directory = Path(option) if option else Path(tempfile.mkdtemp(prefix="msghost-coverage-"))
        directory.mkdir(parents=True, exist_ok=True)
        config._msghost_coverage = directory  # type: ignore[attr-defined]
    kept: Path = config._msghost_coverage  # type: ignore[attr-defined]
    return kept


def _save_recording(daemon: Daemon, path: Path) -> None:
    """Stops the daemon's recording and writes its session to `path` (nothing when none runs)."""
    try:
        daemon.control.request("stopRecording")
    except Exception:  # the test stopped it, or the daemon is gone: nothing to count
        return
    lines: List[str] = []
    while True:
        page = daemon.control.request("recording", {"from": len(lines)})
        lines += page["lines"]
        if not page.get("more") or not page["lines"]:
            break
    path.write_text("".join(line + "\n" for line in lines))


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    directory = getattr(config, "_msghost_coverage", None)
    if directory is None:
        return
    import shutil
    import subprocess
    msghostd = config.getoption("msghostd", default=None)
    try:  # msghostctl beside the msghostd the fixture runs (a build, the wheel), else PATH's
        beside: Optional[Path] = Path(find_msghostd(msghostd)).with_name("msghostctl")
    except Exception:
        beside = None
    msghostctl = str(beside) if beside and beside.exists() else shutil.which("msghostctl")
    terminalreporter.section("msghost coverage")
    if msghostctl is None:
        terminalreporter.write_line(f"msghostctl not found beside msghostd or on PATH; the sessions are in {directory}")
        return
    run = subprocess.run([msghostctl, "coverage", str(directory)], capture_output=True, text=True)
    terminalreporter.write(run.stdout or run.stderr)
    terminalreporter.write_line(f"(sessions in {directory}: msghostctl coverage {directory})")


class DaemonFactory:
    """What the `msghost_daemon` fixture gives: call it to start a daemon."""

    def __init__(self, directory: Path, msghostd: Optional[str], daemons: List[Daemon], coverage: Optional[Path] = None) -> None:
        self._directory = directory
        self._msghostd = msghostd
        self.daemons = daemons
        self.coverage = coverage

    def __call__(
        self,
        apps: Sequence[App] = (),
        world: Optional[Union[World, Mapping[str, Any]]] = None,
        *,
        clock: str = "system",
        settings: Optional[Mapping[str, Any]] = None,
        environment: Optional[Mapping[str, str]] = None,
        msghostd: Optional[str] = None,
        curve_secret_key: Optional[str] = None,
    ) -> Daemon:
        """Starts msghostd with `apps` installed on every device of `world` (default: Kate
        and John, `kate-john`), `clock` `system` or `manual`, and more config `settings` as
        dotted keys ({"interaction.windowMs": 1000}); returns once it answers. With a tcp
        control endpoint, `curve_secret_key` is what the test's control client connects with."""
        name = "msghostd" if not self.daemons else f"msghostd-{len(self.daemons) + 1}"
        daemon = Daemon(self._directory / name, apps, world, clock=clock, settings=settings,
                        environment=environment, msghostd=msghostd or self._msghostd, curve_secret_key=curve_secret_key)
        self.daemons.append(daemon)
        daemon.start()
        if self.coverage is not None:
            daemon.control.request("startRecording")
        return daemon


@pytest.fixture
def msghost_daemon(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[DaemonFactory]:
    """A factory of real msghostd daemons for this test, each in its own directory under
    `tmp_path`, all stopped at teardown."""
    daemons: List[Daemon] = []
    setattr(request.node, _DAEMONS_ATTRIBUTE, daemons)
    coverage = _coverage_directory(request.config)
    factory = DaemonFactory(tmp_path, request.config.getoption("msghostd", default=None), daemons, coverage)
    try:
        yield factory
    finally:
        for index, daemon in enumerate(daemons):
            if coverage is not None and daemon.is_running:
                name = "".join(c if c.isalnum() else "-" for c in request.node.nodeid)
                _save_recording(daemon, coverage / f"{name}-{index + 1}.jsonl")
            daemon.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.failed:
        for daemon in getattr(item, _DAEMONS_ATTRIBUTE, []):
            report.sections.append((f"msghostd log ({daemon.directory})", daemon.log or "(empty)"))
    return report
