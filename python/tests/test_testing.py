"""How the harness (`msghost.testing.Daemon`, behind the `msghost_daemon` fixture) knows that
its daemon is up and that it is gone: `READY=1` on a NOTIFY_SOCKET of its own, the exit of
the process, never a retry loop."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest
import zmq

from msghost._notify import wait_for_exit
from msghost.testing import Daemon, DaemonError


def fake_msghostd(path: Path, body: str) -> Path:
    """A stand-in for msghostd: a Python script run with the harness's arguments. It first
    unblocks every signal: a process inherits its parent's blocked
    signals, and these tests also run under `swift test`, whose Foundation `Process` starts
    pytest with SIGTERM blocked, so a stand-in that did not would neither stop on SIGTERM nor
    die with its parent."""
    path.write_text(f"#!{sys.executable}\nimport os, signal, socket, sys, time\n"
                    f"signal.pthread_sigmask(signal.SIG_SETMASK, set())\n{body}\n")
    path.chmod(0o755)
    return path


@pytest.fixture
def slow_reconnects() -> Iterator[None]:
    """Control clients made meanwhile retry a failed connect only after a minute, instead of
    libzmq's 100 ms: a harness that connects before the daemon's endpoint exists then waits a
    minute for its first answer."""
    context = zmq.Context.instance()
    context.setsockopt(zmq.RECONNECT_IVL, 60_000)
    try:
        yield
    finally:
        context.setsockopt(zmq.RECONNECT_IVL, 100)


def test_start_waits_for_ready_on_its_notify_socket_then_connects(tmp_path: Path, slow_reconnects: None) -> None:
    with Daemon(tmp_path / "d", start_timeout=20) as daemon:
        daemon.start()
        environment = Path(f"/proc/{daemon.pid}/environ").read_bytes().split(b"\0")
        notify = [entry for entry in environment if entry.startswith(b"NOTIFY_SOCKET=")]
        assert notify and notify[0].startswith(b"NOTIFY_SOCKET=@msghost-test-"), notify
        # Connected after READY, when the endpoint was there: answered without any retry.
        assert daemon.control.status(timeout=10)["daemon"]["pid"] == daemon.pid
        # A restart connects afresh too: the old connection's retry would wait a minute.
        daemon.stop()
        daemon.start()
        assert daemon.control.status(timeout=10)["daemon"]["pid"] == daemon.pid


#: A stand-in's body: says READY=1 (no control endpoint at all), then waits.
READY_THEN_WAIT = """
name = os.environ["NOTIFY_SOCKET"]
address = "\\0" + name[1:] if name.startswith("@") else name
sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
sender.sendto(b"STATUS=starting", address)
sender.sendto(f"READY=1\\nMAINPID={os.getpid()}".encode(), address)
time.sleep(60)"""


def test_start_returns_on_ready_without_asking_the_control_endpoint(tmp_path: Path) -> None:
    """A stand-in that only says READY=1 (no control endpoint at all) is started."""
    fake = fake_msghostd(tmp_path / "fake", READY_THEN_WAIT)
    with Daemon(tmp_path / "d", msghostd=fake, start_timeout=20) as daemon:
        daemon.start()
        assert daemon.is_running
        assert daemon.stop() == -15  # SIGTERM, which the stand-in does not handle


def test_a_daemon_that_exits_before_ready_fails_start_at_once_with_its_output(tmp_path: Path) -> None:
    fake = fake_msghostd(tmp_path / "fake", 'print("msghostd: cannot bind: the sky fell", file=sys.stderr); sys.exit(3)')
    daemon = Daemon(tmp_path / "d", msghostd=fake, start_timeout=60)
    began = time.monotonic()
    with pytest.raises(DaemonError) as failed:
        daemon.start()
    assert time.monotonic() - began < 30, "start waited for its timeout instead of the exit"
    assert "exited with status 3" in str(failed.value) and "the sky fell" in str(failed.value)
    daemon.close()


def test_a_daemon_that_never_says_ready_fails_start_after_the_timeout_and_is_stopped(tmp_path: Path) -> None:
    fake = fake_msghostd(tmp_path / "fake", 'print("starting, slowly"); sys.stdout.flush(); time.sleep(60)')
    daemon = Daemon(tmp_path / "d", msghostd=fake, start_timeout=5)
    with pytest.raises(DaemonError) as failed:
        daemon.start()
    assert "did not report READY=1 within 5 s" in str(failed.value) and "starting, slowly" in str(failed.value)
    assert not daemon.is_running
    daemon.close()


def test_a_notify_socket_the_test_gives_gets_every_notification(tmp_path: Path) -> None:
    """The harness listens on its own socket and passes everything on to the test's."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(tmp_path / "notify.sock"))
    listener.settimeout(10)
    with Daemon(tmp_path / "d", environment={"NOTIFY_SOCKET": str(tmp_path / "notify.sock")}) as daemon:
        daemon.start()
        ready = listener.recv(4096).decode()
        assert "READY=1" in ready.split("\n") and f"MAINPID={daemon.pid}" in ready
        assert daemon.stop() == 0
    received = []
    listener.settimeout(2)
    while "STOPPING=1" not in received:
        received.append(listener.recv(4096).decode())
    listener.close()


def test_wait_for_exit_returns_when_the_process_exits(tmp_path: Path) -> None:
    process = subprocess.Popen(["sleep", "0.5"])
    assert not wait_for_exit(process, 0.05) and process.returncode is None
    assert wait_for_exit(process, 10) and process.returncode == 0
    assert wait_for_exit(process, 0)


def test_the_daemon_dies_with_the_test_process(tmp_path: Path) -> None:
    """No daemon outlives a killed test run (parent-death signal, through setpriv)."""
    fake = fake_msghostd(tmp_path / "fake", READY_THEN_WAIT)
    source = str(Path(__file__).resolve().parents[1] / "src")
    script = (f"import sys, time; sys.path.insert(0, {source!r})\n"
              "from msghost.testing import Daemon\n"
              f"daemon = Daemon({str(tmp_path / 'd')!r}, msghostd={str(fake)!r}).start()\n"
              "print(daemon.pid, flush=True); time.sleep(60)")
    test_run = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
    assert test_run.stdout is not None
    pid = int(test_run.stdout.readline())
    test_run.kill()
    test_run.wait()
    deadline = time.monotonic() + 10
    while not gone(pid):
        assert time.monotonic() < deadline, "the daemon outlived the test process"
        time.sleep(0.01)


def gone(pid: int) -> bool:
    """The process has exited (a zombie not yet reaped by its new parent counts)."""
    try:
        return "\nState:\tZ" in Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
