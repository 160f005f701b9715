"""A real msghostd per test: `Daemon` writes a config, app manifests and a world seed into a
directory, starts the daemon there, waits until it says it is ready (`READY=1` on a
`NOTIFY_SOCKET` of the harness), plays the user through `Daemon.control` (a `ControlClient`)
and helpers, and always stops it.

With pytest, use the `msghost_daemon` fixture (the plugin `msghost.pytest_plugin`, loaded
automatically once `msghost` is installed):

    from msghost.testing import App

    def test_touch_sends(msghost_daemon):
        daemon = msghost_daemon(apps=[App.python("com.example.hello", "app.py")])
        daemon.open("kate-iphone")
        daemon.touch("kate-iphone")
        assert daemon.transcript("john-iphone")[-1]["kind"] == "message"

Without pytest: `with msghost.testing.daemon(apps=[…]) as daemon: …`.

msghostd is found through `MSGHOSTD` (a path), else in the msghost-daemon wheel (`pip install
"msghost[daemon]"`), else on `PATH`, else in the `.build/debug` of the msghost repository
around the working directory or this package.
"""
from __future__ import annotations

import contextlib
import importlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from .control import ControlClient, Event, InputFieldResult, OpenResult, ParticipantsResult, StatusResult, StickerDrawer, TapResult, TranscriptEntry, ViewResult
from ._notify import NotifyListener, wait_for_exit
from .curve import CurveKeys, keypair

__all__ = [
    "App",
    "Member",
    "World",
    "Daemon",
    "DaemonError",
    "daemon",
    "find_msghostd",
    "swift_example",
    "DEFAULT_SETTINGS",
]

#: What a test daemon runs with unless the test says otherwise (as Swift's TestDaemon).
DEFAULT_SETTINGS: Dict[str, Any] = {
    "log.level": "debug",
    "extensions.idleGraceMs": 200,
    "extensions.terminateGraceMs": 200,
    "extensions.killGraceMs": 1000,
}

#: Where this package is imported from: put on an app's PYTHONPATH so that the extension
#: imports the same msghost as the test.
_PACKAGE_ROOT = str(Path(__file__).resolve().parent.parent)


class DaemonError(Exception):
    """msghostd could not be found, did not start, or a helper's condition never held."""


def swift_example(bundle_id: str, product: str, variable: str, msghostd: Optional[Union[str, Path]] = None,
                  working_directory: Optional[Union[str, Path]] = None) -> App:
    """A Swift extension built with msghost (an example, or your own package's): `$variable`
    if set, else the executable `product` beside the msghostd these tests run (`swift build`
    puts them side by side). Fails the test, saying what to build, when it is missing."""
    binary = os.environ.get(variable) or str(Path(find_msghostd(msghostd)).with_name(product))
    if not os.access(binary, os.X_OK):
        import pytest

        pytest.fail(f"{binary} is not built: run `swift build` (or set {variable})")
    return App(bundle_id, binary, working_directory=working_directory)


def find_msghostd(explicit: Optional[Union[str, Path]] = None) -> str:
    """The msghostd to run: `explicit`, else `$MSGHOSTD`, else the one of the msghost-daemon
    wheel (`pip install "msghost[daemon]"`), else `msghostd` on PATH, else the repository's
    `.build/debug/msghostd` (searched upward from the working directory and from this
    package). The wheel's program is run directly, not through the launcher pip puts on PATH,
    so that a test's daemon starts with no Python in between."""
    for candidate in (explicit, os.environ.get("MSGHOSTD")):
        if candidate:
            path = Path(candidate).expanduser()
            if not (path.is_file() and os.access(path, os.X_OK)):
                raise DaemonError(f"msghostd {path} (from {'MSGHOSTD' if candidate != explicit else 'the test'}) is not an executable file")
            return str(path.resolve())
    try:
        daemon_wheel = importlib.import_module("msghost_daemon")
    except ImportError:
        pass
    else:
        return str(daemon_wheel.executable("msghostd"))
    found = shutil.which("msghostd")
    if found:
        return found
    starts = [Path.cwd(), Path(__file__).resolve().parent]
    for start in starts:
        for directory in (start, *start.parents):
            for build in ("debug", "release"):
                path = directory / ".build" / build / "msghostd"
                if path.is_file() and os.access(path, os.X_OK):
                    return str(path)
    raise DaemonError(
        "msghostd not found: set MSGHOSTD=/path/to/msghostd, put msghostd on PATH, "
        "or build it in the msghost repository (swift build) and run from there")


@dataclass
class App:
    """An app of the test's world: its manifest (PROTOCOL.md §4.1, config/apps/*.yaml),
    installed on every device of the world (except `World.without_apps`)."""

    bundle_id: str
    command: str
    args: Sequence[str] = ()
    #: where it runs (default: the daemon's directory)
    working_directory: Optional[Union[str, Path]] = None
    contexts: Sequence[str] = ("messages",)
    env: Mapping[str, str] = field(default_factory=dict)
    #: more manifest keys, e.g. {"memoryLimitMB": 64, "responseTimeoutMs": 500}
    manifest: Mapping[str, Any] = field(default_factory=dict)
    display_name: Optional[str] = None

    @classmethod
    def python(
        cls,
        bundle_id: str,
        script: Union[str, Path],
        args: Sequence[str] = (),
        *,
        working_directory: Optional[Union[str, Path]] = None,
        contexts: Sequence[str] = ("messages",),
        env: Optional[Mapping[str, str]] = None,
        manifest: Optional[Mapping[str, Any]] = None,
        display_name: Optional[str] = None,
    ) -> "App":
        """A Python extension: `script` run by this interpreter (`sys.executable`), with this
        msghost package importable. A relative `script` is relative to the working directory
        of the test."""
        script_path = Path(script).expanduser().absolute()
        python_path = os.pathsep.join(p for p in (_PACKAGE_ROOT, os.environ.get("PYTHONPATH", "")) if p)
        return cls(
            bundle_id=bundle_id,
            command=sys.executable,
            args=[str(script_path), *args],
            working_directory=working_directory if working_directory is not None else script_path.parent,
            contexts=contexts,
            env={"PYTHONUNBUFFERED": "1", "PYTHONPATH": python_path, **(env or {})},
            manifest=dict(manifest or {}),
            display_name=display_name,
        )

    def manifest_dict(self, default_directory: Path) -> Dict[str, Any]:
        manifest: Dict[str, Any] = {
            "bundleID": self.bundle_id,
            "displayName": self.display_name or self.bundle_id,
            "command": self.command,
            "args": [str(arg) for arg in self.args],
            "workingDirectory": str(Path(self.working_directory).absolute()) if self.working_directory else str(default_directory),
            "contexts": list(self.contexts),
            "env": {"PYTHONUNBUFFERED": "1", **{str(k): str(v) for k, v in self.env.items()}},
        }
        manifest.update(self.manifest)
        return manifest


@dataclass
class Member:
    """A person of the test's world and their devices: ids, or (id, platform) pairs."""

    handle: str
    name: str
    devices: Sequence[Union[str, Tuple[str, str]]] = ()

    def device_list(self) -> List[Tuple[str, str]]:
        return [(device, "ios17") if isinstance(device, str) else (device[0], device[1]) for device in self.devices]


@dataclass
class World:
    """The people, their devices and the one conversation a test runs in."""

    members: Sequence[Member]
    conversation: str
    #: devices that do not get the test's apps
    without_apps: Sequence[str] = ()

    @classmethod
    def kate_and_john(cls) -> "World":
        """Kate Bell and John Appleseed, an iPhone each (`kate-iphone`, `john-iphone`), in
        `kate-john`: the default."""
        return cls([Member("kate@example.com", "Kate Bell", ["kate-iphone"]),
                    Member("john@example.com", "John Appleseed", ["john-iphone"])], "kate-john")

    @classmethod
    def amber_ben_chris(cls) -> "World":
        """The WWDC 2016 group: Amber, Ben and Chris, an iPhone each, in `abc`."""
        return cls([Member("amber@example.com", "Amber", ["amber-iphone"]),
                    Member("ben@example.com", "Ben", ["ben-iphone"]),
                    Member("chris@example.com", "Chris", ["chris-iphone"])], "abc")

    def devices(self) -> List[Tuple[str, str, str]]:
        """(owner handle, device id, platform) of every device."""
        return [(member.handle, device, platform) for member in self.members for device, platform in member.device_list()]

    def seed(self, apps: Sequence[App]) -> Dict[str, Any]:
        """The world seed (config/world.yaml's form)."""
        return {
            "people": [{"handle": m.handle, "name": m.name} for m in self.members],
            "devices": [{"id": device, "owner": owner, "platform": platform} for owner, device, platform in self.devices()],
            "conversations": [{"id": self.conversation, "members": [m.handle for m in self.members]}],
            "installs": [{"device": device, "app": app.bundle_id}
                         for app in apps for _, device, platform in self.devices() if device not in self.without_apps],
        }


def _nested(settings: Mapping[str, Any]) -> Dict[str, Any]:
    """Dotted keys ("extensions.idleGraceMs") as the YAML sections msghostd reads."""
    config: Dict[str, Any] = {}
    for key, value in settings.items():
        section, _, rest = key.partition(".")
        if rest:
            config.setdefault(section, {})[rest] = value
        else:
            config[key] = value
    return config


def _write_yaml(path: Path, value: Any) -> None:
    # JSON is YAML: no YAML library needed, and no quoting surprises.
    path.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _parent_death_signal() -> None:  # pragma: no cover - runs in the child
    """The daemon dies with the test process (Linux PR_SET_PDEATHSIG), so no daemon outlives
    a killed test run. Where there is no `setpriv` (see `_with_parent_death_signal`)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)
    except Exception:
        pass


def _with_parent_death_signal(command: List[str]) -> Tuple[List[str], Optional[Callable[[], None]]]:
    """`command` made to get SIGTERM when the test process dies: run through util-linux's
    `setpriv --pdeathsig TERM` (one more exec, about 1 ms), else with a pre-exec function.
    Why not always the function: any `preexec_fn` makes subprocess fork the whole interpreter
    and run Python in the child instead of a vfork and exec, 5 to 15 ms a start, as much as
    the daemon's own start to READY."""
    setpriv = shutil.which("setpriv")
    if setpriv:
        return [setpriv, "--pdeathsig", "TERM", "--", *command], None
    return command, _parent_death_signal


class Daemon:
    """One msghostd in its own directory, with its own ipc endpoints, world and apps.

    `start()` (done by the fixture and by `daemon()`) writes `config/msghostd.yaml`,
    `config/apps/*.yaml` and `config/world.yaml` under `directory`, starts the daemon with its
    state in `state/` and its log in `msghostd.log`, and returns once the daemon says it is
    ready (sd_notify `READY=1`). `stop()` sends SIGTERM and returns once it has exited (SIGKILL
    after 10 s).
    """

    def __init__(
        self,
        directory: Union[str, Path],
        apps: Sequence[App] = (),
        world: Optional[Union[World, Mapping[str, Any]]] = None,
        *,
        clock: str = "system",
        settings: Optional[Mapping[str, Any]] = None,
        environment: Optional[Mapping[str, str]] = None,
        msghostd: Optional[Union[str, Path]] = None,
        start_timeout: float = 20.0,
        curve_secret_key: Optional[str] = None,
    ) -> None:
        """`curve_secret_key`: for a tcp control endpoint (`settings["endpoints.control"]`),
        the secret key the harness's control client connects with; list its public key in
        `settings["curve.controlKeys"]`. The harness then makes the daemon's key pair in the
        state directory before the first start, as the daemon would, to know its public key."""
        self.directory = Path(directory).absolute()
        self.apps = list(apps)
        self.world_seed: Union[World, Mapping[str, Any]] = world if world is not None else World.kate_and_john()
        self.settings = {**DEFAULT_SETTINGS, "clock": clock, **(settings or {})}
        self.environment = dict(environment or {})
        self.msghostd = find_msghostd(msghostd)
        self.start_timeout = start_timeout
        self.config_directory = self.directory / "config"
        self.state_directory = self.directory / "state"
        self.log_path = self.directory / "msghostd.log"
        self._short_runtime: Optional[str] = None
        runtime = self.directory / "run"
        if len(str(runtime / "extensions.sock")) > 100:  # sun_path holds 107 bytes
            self._short_runtime = tempfile.mkdtemp(prefix="msghost-")
            runtime = Path(self._short_runtime)
        self.runtime_directory = runtime
        # `settings` may move an endpoint (e.g. "endpoints.extension": "tcp://127.0.0.1:PORT",
        # a CURVE server whose launches get their keys from the daemon).
        self.control_endpoint = str(self.settings.get("endpoints.control", f"ipc://{runtime}/control.sock"))
        self.extension_endpoint = str(self.settings.get("endpoints.extension", f"ipc://{runtime}/extensions.sock"))
        self.server_key: Optional[str] = None
        self._curve_secret_key = curve_secret_key
        if curve_secret_key is not None:
            self.server_key = self._server_key()
        self.control = ControlClient(self.control_endpoint, server_key=self.server_key, secret_key=curve_secret_key)
        self.process: Optional[subprocess.Popen[bytes]] = None
        self._listener: Optional[NotifyListener] = None

    def _server_key(self) -> str:
        """The daemon's CURVE public key: from its key pair in the state directory, made here
        (mode 0600, as the daemon makes it) if there is none yet."""
        secret_file = self.state_directory / "curve-server.key"
        if not secret_file.exists():
            self.state_directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(secret_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as file:
                file.write(keypair()[1] + "\n")
        return CurveKeys("", secret_file.read_text().strip()).public_key

    # -- the world --------------------------------------------------------------------------
    @property
    def conversation(self) -> str:
        """The test's conversation id."""
        if isinstance(self.world_seed, World):
            return self.world_seed.conversation
        conversations = self.world_seed.get("conversations") or [{}]
        return str(conversations[0].get("id", ""))

    @property
    def app(self) -> Optional[str]:
        """The bundle id of the first app, the default of the helpers."""
        return self.apps[0].bundle_id if self.apps else None

    def _write_files(self) -> None:
        (self.config_directory / "apps").mkdir(parents=True, exist_ok=True)
        _write_yaml(self.config_directory / "msghostd.yaml", _nested(self.settings))
        for app in self.apps:
            _write_yaml(self.config_directory / "apps" / f"{app.bundle_id}.yaml", app.manifest_dict(self.directory))
        seed = self.world_seed.seed(self.apps) if isinstance(self.world_seed, World) else dict(self.world_seed)
        _write_yaml(self.config_directory / "world.yaml", seed)
        self.log_path.touch()

    # -- the process ------------------------------------------------------------------------
    @property
    def arguments(self) -> List[str]:
        return [self.msghostd, "--config", str(self.config_directory / "msghostd.yaml"),
                "--state-directory", str(self.state_directory), "--runtime-directory", str(self.runtime_directory)]

    def start(self) -> "Daemon":
        """Starts msghostd (writing its files the first time) and returns as soon as it is
        ready: it tells so with `READY=1` on the `NOTIFY_SOCKET` the harness gives it (sd_notify,
        as systemd does), once its store is open, its world loaded and its sockets bound; then
        `control` connects. Raises `DaemonError` with the log if the daemon exits first (at
        once) or is not ready within `start_timeout` seconds."""
        if self.process is not None and self.process.poll() is None:
            raise DaemonError("msghostd is already running")
        if not (self.config_directory / "msghostd.yaml").exists():
            self._write_files()
        # The test's settings are in the config file: leave out any MSGHOSTD_* of the caller.
        env = {k: v for k, v in os.environ.items() if not k.startswith("MSGHOSTD_")}
        env.update(self.environment)
        # A NOTIFY_SOCKET the test gave gets every notification, passed on by the listener; one
        # the test process inherited (a service manager's) is not the test daemon's to tell.
        listener = NotifyListener(forward_to=self.environment.get("NOTIFY_SOCKET"))
        env["NOTIFY_SOCKET"] = listener.name
        # The parent-death signal fires when the thread that started the daemon ends: only
        # tie it to the main thread, which lives as long as the test process.
        command, pre_exec = _with_parent_death_signal(self.arguments) if threading.current_thread() is threading.main_thread() else (self.arguments, None)
        try:
            with open(self.log_path, "ab") as log:
                self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env,
                                                cwd=str(self.directory), preexec_fn=pre_exec)
            ready = listener.wait_until_ready(self.process, self.start_timeout)
        except BaseException:
            listener.close()
            raise
        if ready is None:
            listener.close()
            self.stop()
            raise DaemonError(f"msghostd did not report READY=1 within {self.start_timeout:g} s; its log:\n{self.log}")
        if not ready:
            listener.close()
            self.process.wait()
            raise DaemonError(f"msghostd exited with status {self.process.returncode} at start; its log:\n{self.log}")
        listener.keep_forwarding()
        self._listener = listener
        # Connected only now: a socket that connected before the endpoint existed would retry
        # only after libzmq's reconnect interval.
        self.control.reconnect()
        return self

    restart = start

    def stop(self, timeout: float = 10.0) -> Optional[int]:
        """SIGTERM, then SIGKILL after `timeout` seconds; returns the exit status as soon as
        the daemon has exited."""
        code = None
        if self.process is not None:
            if self.process.poll() is None:
                self.process.send_signal(signal.SIGTERM)
                if not wait_for_exit(self.process, timeout):
                    self.process.kill()
                    self.process.wait()
            code = self.process.returncode
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        return code

    def close(self) -> None:
        """Stops the daemon and releases the client and any runtime directory outside
        `directory`."""
        self.stop()
        self.control.disconnect()
        if self._short_runtime:
            shutil.rmtree(self._short_runtime, ignore_errors=True)
            self._short_runtime = None

    def wait_for_exit(self, timeout: float = 10.0) -> Optional[int]:
        """Waits for the daemon to exit by itself; its status, or None if it is still running."""
        if self.process is None or not wait_for_exit(self.process, timeout):
            return None
        return self.process.returncode

    @property
    def pid(self) -> Optional[int]:
        return self.process.pid if self.process else None

    @property
    def is_running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def log(self) -> str:
        """Everything msghostd wrote, extensions' stdout and stderr included."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def msghostctl(self, *args: str, check: bool = True) -> "subprocess.CompletedProcess[str]":
        """Runs msghostctl (from beside msghostd) against this daemon, e.g.
        `daemon.msghostctl("transcript", "--device", "john-iphone", "--conversation", "kate-john")`."""
        ctl = str(Path(self.msghostd).with_name("msghostctl"))
        env = {**os.environ, "MSGHOST_CONTROL": self.control_endpoint}
        if self._curve_secret_key is not None and self.server_key is not None:
            env.update(MSGHOST_CURVE_SERVER_KEY=self.server_key, MSGHOST_CURVE_SECRET_KEY=self._curve_secret_key)
        return subprocess.run([ctl, *args], capture_output=True, text=True, check=check, env=env)

    # -- playing the user (in the test's conversation, with the first app) ------------------
    def _app(self, app: Optional[str]) -> str:
        name = app or self.app
        if not name:
            raise ValueError("no app given, and the daemon was started without apps")
        return name

    def open(self, device: str, app: Optional[str] = None, conversation: Optional[str] = None) -> OpenResult:
        return self.control.open(device, conversation or self.conversation, self._app(app))

    def touch(self, device: str, payload: Any = None) -> None:
        self.control.touch(device, payload)

    def view(self, device: str) -> ViewResult:
        """The view the app open on `device` set (`set_view`): `view["elements"]`, or None."""
        return self.control.view(device)

    def activate(self, device: str, button: str, fields: Optional[Dict[str, str]] = None) -> None:
        """Activates a button of the open app's view (a user touch with its payload)."""
        self.control.activate(device, button, fields)

    def stickers(self, device: str) -> StickerDrawer:
        """Opens the sticker drawer over the app open on `device` (the app's `stickers()`)."""
        return self.control.stickers(device)

    def choose_sticker(self, device: str, sticker: int, onto: Optional[int] = None) -> Optional[str]:
        """Taps sticker `sticker` into the input field, or peels it onto entry `onto` (sent)."""
        return self.control.choose_sticker(device, sticker, onto)

    def close_app(self, device: str) -> None:
        """Closes the app open on `device`."""
        self.control.close(device)

    def chevron(self, device: str) -> OpenResult:
        return self.control.chevron(device)

    def transcript(self, device: str, conversation: Optional[str] = None, *, limit: Optional[int] = None,
                   before: Optional[int] = None) -> List[TranscriptEntry]:
        """One page of `device`'s transcript, oldest first: by default the newest 50."""
        return self.control.transcript(device, conversation or self.conversation, limit=limit, before=before)

    def last_entry(self, device: str, kind: Optional[str] = "message", conversation: Optional[str] = None) -> TranscriptEntry:
        """The newest transcript entry of `kind` (any kind if None), paging back as far as it
        takes: a page of other kinds must not hide it."""
        before: Optional[int] = None
        while True:
            page = self.control.transcript_page(device, conversation or self.conversation, before=before)
            for entry in page["entries"][::-1]:
                if kind is None or entry.get("kind") == kind:
                    return entry
            if not page["more"] or not page["entries"]:
                raise DaemonError(f"no {kind or ''} entry in {device}'s transcript of {conversation or self.conversation}")
            before = page["entries"][0]["entry"]

    def tap(self, device: str, entry: Optional[int] = None, conversation: Optional[str] = None) -> TapResult:
        """Taps a bubble: `entry` (an entry id), or the newest app message."""
        if entry is None:
            entry = self.last_entry(device, "message", conversation)["entry"]
        return self.control.tap(device, conversation or self.conversation, entry)

    def type_text(self, device: str, text: str, conversation: Optional[str] = None) -> None:
        self.control.type_text(device, conversation or self.conversation, text)

    def send(self, device: str, conversation: Optional[str] = None) -> None:
        """Taps Send on `device`."""
        self.control.send(device, conversation or self.conversation)

    def cancel(self, device: str, conversation: Optional[str] = None) -> None:
        self.control.cancel(device, conversation or self.conversation)

    def input_field(self, device: str, conversation: Optional[str] = None) -> InputFieldResult:
        return self.control.input_field(device, conversation or self.conversation)

    def participants(self, device: str, app: Optional[str] = None) -> ParticipantsResult:
        return self.control.participants(device, self._app(app))

    def identifier(self, device: str, person: str, app: Optional[str] = None) -> Optional[str]:
        """The identifier `person` (a handle) has as `device`'s install of the app sees them."""
        return self.control.identifier(device, self._app(app), person)

    def events(self, kind: Optional[str] = None) -> List[Event]:
        return self.control.events(kind=kind)

    def status(self) -> StatusResult:
        return self.control.status()

    def settle(self) -> int:
        return self.control.settle()

    def advance(self, milliseconds: int) -> int:
        """Moves the manual clock (start with `clock="manual"`)."""
        return self.control.advance_clock(milliseconds)

    def eventually(self, what: str, condition: Callable[[], Any], timeout: float = 10.0, interval: float = 0.02) -> Any:
        """Polls `condition` until it returns something true (returned), for what happens after
        a reply (a process exit …); raises `DaemonError` naming `what` after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            result = condition()
            if result:
                return result
            if time.monotonic() > deadline:
                raise DaemonError(f"timed out after {timeout:g} s waiting until {what}")
            time.sleep(interval)

    def __enter__(self) -> "Daemon":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<msghost.testing.Daemon {self.directory} pid={self.pid} running={self.is_running}>"


@contextlib.contextmanager
def daemon(
    apps: Sequence[App] = (),
    world: Optional[Union[World, Mapping[str, Any]]] = None,
    *,
    directory: Optional[Union[str, Path]] = None,
    clock: str = "system",
    settings: Optional[Mapping[str, Any]] = None,
    environment: Optional[Mapping[str, str]] = None,
    msghostd: Optional[Union[str, Path]] = None,
) -> Iterator[Daemon]:
    """A started daemon for the `with` block, always stopped after it; in a temporary
    directory (removed afterwards) unless `directory` is given. The log is printed to
    stderr when the block raises."""
    temporary = None
    if directory is None:
        temporary = tempfile.mkdtemp(prefix="msghost-test-")
        directory = temporary
    handle = Daemon(directory, apps, world, clock=clock, settings=settings, environment=environment, msghostd=msghostd)
    try:
        handle.start()
        yield handle
    except BaseException:
        print(f"---- msghostd log ({handle.directory}) ----\n{handle.log}", file=sys.stderr)
        raise
    finally:
        handle.close()
        if temporary:
            shutil.rmtree(temporary, ignore_errors=True)
