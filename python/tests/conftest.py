"""Loads the msghost pytest plugin when msghost is not installed (a checkout used as is):
with `pip install ./python` the plugin is already there through its entry point."""
import sys
from pathlib import Path

try:
    import msghost  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))


def pytest_configure(config):
    manager = config.pluginmanager
    if not (manager.has_plugin("msghost") or manager.has_plugin("msghost.pytest_plugin")):
        import msghost.pytest_plugin

        manager.register(msghost.pytest_plugin, "msghost")
