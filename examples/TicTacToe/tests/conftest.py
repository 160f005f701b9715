"""Loads the msghost pytest plugin when msghost is not installed (a checkout used as is), and
finds the Swift game these tests drive: `TICTACTOE_BINARY`, else `TicTacToeExtension` beside
the msghostd the plugin runs (`swift build` puts them side by side)."""
import os
import sys
from pathlib import Path

import pytest

try:
    import msghost  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "python" / "src"))

from msghost.testing import App, find_msghostd  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[1]
BUNDLE_ID = "com.example.tictactoe"


def pytest_configure(config):
    manager = config.pluginmanager
    if not (manager.has_plugin("msghost") or manager.has_plugin("msghost.pytest_plugin")):
        import msghost.pytest_plugin

        manager.register(msghost.pytest_plugin, "msghost")


@pytest.fixture
def tictactoe(request: pytest.FixtureRequest) -> App:
    """The Swift extension as an app of the test's world, run in the example's folder so that
    UIImage(named:) finds Resources/tictactoe.png."""
    binary = os.environ.get("TICTACTOE_BINARY") or str(
        Path(find_msghostd(request.config.getoption("msghostd", default=None))).with_name("TicTacToeExtension"))
    if not os.access(binary, os.X_OK):
        pytest.fail(f"{binary} is not built: run `swift build` (or set TICTACTOE_BINARY)")
    return App(BUNDLE_ID, binary, working_directory=EXAMPLE)
