"""Hatchling hooks of the msghost-daemon wheel (see pyproject.toml)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Dict

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from hatchling.metadata.plugin.interface import MetadataHookInterface


def _version(root: str) -> str:
    """The version in src/msghost_daemon/_version.py, a copy of the SDK's: run it alone, as
    hatchling's `code` version source does (it imports nothing)."""
    scope: Dict[str, Any] = {}
    exec((Path(root) / "src" / "msghost_daemon" / "_version.py").read_text(), scope)
    return str(scope["__version__"])


class CustomMetadataHook(MetadataHookInterface):
    def update(self, metadata: Dict[str, Any]) -> None:
        # The SDK of the same release: the demo's Python apps and the msghost_daemon fixture
        # need it, and the SDK's `daemon` extra names this package unpinned, so this pin is
        # what keeps the two in step.
        metadata["dependencies"] = [f"msghost=={_version(self.root)}"]


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: Dict[str, Any]) -> None:
        # Programs, not a Python extension: any Python 3, this platform only. auditwheel
        # repair turns linux_x86_64 into the manylinux tag the binaries qualify for.
        build_data["pure_python"] = False
        build_data["tag"] = "py3-none-linux_x86_64"
