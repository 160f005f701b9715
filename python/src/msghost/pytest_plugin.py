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
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Generator, Iterator, List, Mapping, Optional, Sequence, Union

import pytest

from .testing import App, Daemon, World

__all__ = ["DaemonFactory", "msghost_daemon"]

_DAEMONS_ATTRIBUTE = "_msghost_daemons"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("msghost")
    group.addoption("--msghostd", action="store", default=None, metavar="PATH",
                    help="the msghostd binary the msghost_daemon fixture starts (default: $MSGHOSTD, the msghost-daemon wheel, PATH, then .build/debug)")


class DaemonFactory:
    """What the `msghost_daemon` fixture gives: call it to start a daemon."""

    def __init__(self, directory: Path, msghostd: Optional[str], daemons: List[Daemon]) -> None:
        self._directory = directory
        self._msghostd = msghostd
        self.daemons = daemons

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
        return daemon


@pytest.fixture
def msghost_daemon(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[DaemonFactory]:
    """A factory of real msghostd daemons for this test, each in its own directory under
    `tmp_path`, all stopped at teardown."""
    daemons: List[Daemon] = []
    setattr(request.node, _DAEMONS_ATTRIBUTE, daemons)
    factory = DaemonFactory(tmp_path, request.config.getoption("msghostd", default=None), daemons)
    try:
        yield factory
    finally:
        for daemon in daemons:
            daemon.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.failed:
        for daemon in getattr(item, _DAEMONS_ATTRIBUTE, []):
            report.sections.append((f"msghostd log ({daemon.directory})", daemon.log or "(empty)"))
    return report
