"""Drives msghost-mcp as an agent would: the MCP Python client (`mcp` from PyPI) over stdio,
against the daemon msghost-mcp starts itself on the default world (`--world config/world.yaml`,
the example apps of config/apps). Run by MsgHostMCPTests/AgentSessionTests under `swift test`,
which names the binaries: $MSGHOST_MCP, $MSGHOSTD, $MSGHOSTCTL."""
from __future__ import annotations

import asyncio
import os
import re
from contextlib import asynccontextmanager
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

REPOSITORY = Path(__file__).resolve().parents[2]
BUILD = REPOSITORY / ".build" / "debug"
MSGHOST_MCP = os.environ.get("MSGHOST_MCP", str(BUILD / "msghost-mcp"))


WORLD = str(REPOSITORY / "config" / "world.yaml")


def server_environment() -> dict[str, str]:
    """msghost-mcp's environment: the daemon and msghostctl of this build."""
    environment = dict(os.environ)
    environment.setdefault("MSGHOSTD", str(BUILD / "msghostd"))
    environment.setdefault("MSGHOSTCTL", str(BUILD / "msghostctl"))
    return environment


@asynccontextmanager
async def mcp_session(*arguments: str, world: bool = True):
    """An initialized MCP client session with a fresh msghost-mcp: by default on a fresh
    daemon of its own (`--world`), else on the daemon `arguments` name."""
    parameters = StdioServerParameters(
        command=MSGHOST_MCP, args=(["--world", WORLD] if world else []) + list(arguments),
        env=server_environment(), cwd=str(REPOSITORY))
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            yield session


def run(coroutine):
    """Runs one test's coroutine (no pytest plugin needed)."""
    return asyncio.run(asyncio.wait_for(coroutine, timeout=240))


def field(model, name: str):
    """A field of the client's models by its Python name (mcp 2) or its wire name (mcp 1)."""
    camel = re.sub(r"_(\w)", lambda match: match.group(1).upper(), name)
    return getattr(model, name) if hasattr(model, name) else getattr(model, camel)


def failed(result) -> bool:
    """Whether a tool answered with isError."""
    return bool(field(result, "is_error"))


def text(result) -> str:
    """A tool answer's text, as a model reads it."""
    return "\n".join(part.text for part in result.content if getattr(part, "type", None) == "text")


def screen_of(answer: str, device: str) -> str:
    """The part of an answer that shows `device`'s screen (up to the next device's)."""
    match = re.search(rf"── {re.escape(device)} .*?(?=\n── |\n\nscreens of |\Z)", answer, re.S)
    assert match, f"no screen of {device} in:\n{answer}"
    return match.group(0)


async def act(session: ClientSession, tool: str, **arguments) -> str:
    """Calls a tool that must succeed; returns its text."""
    result = await session.call_tool(tool, arguments)
    answer = text(result)
    assert not failed(result), f"{tool} {arguments} failed:\n{answer}"
    return answer
