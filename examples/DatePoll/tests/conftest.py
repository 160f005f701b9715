"""Loads the msghost pytest plugin when msghost is not installed (a checkout used as is), and
finds the Swift extension these tests drive (`DATEPOLL_BINARY`, else `DatePollExtension` beside
msghostd)."""
import sys
from pathlib import Path

import pytest

try:
    import msghost  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "python" / "src"))

from msghost.testing import App, swift_example  # noqa: E402


def pytest_configure(config):
    manager = config.pluginmanager
    if not (manager.has_plugin("msghost") or manager.has_plugin("msghost.pytest_plugin")):
        import msghost.pytest_plugin

        manager.register(msghost.pytest_plugin, "msghost")


@pytest.fixture
def datepoll(request: pytest.FixtureRequest) -> App:
    return swift_example("com.example.datepoll", "DatePollExtension", "DATEPOLL_BINARY", request.config.getoption("msghostd", default=None))
