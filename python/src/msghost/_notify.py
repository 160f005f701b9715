"""How the test harness (`msghost.testing.Daemon`) knows when its msghostd is up and when it
is gone, at once rather than by asking again and again.

Up: msghostd speaks systemd's sd_notify protocol. It sends `READY=1` in one datagram to the
socket `$NOTIFY_SOCKET` names once its store is open, its world loaded and both of its sockets
bound. The harness binds such a socket (in the abstract namespace: no file, no path-length
limit), starts the daemon with `NOTIFY_SOCKET` naming it, and waits for that datagram or for
the daemon's exit, whichever comes first. Asking the control endpoint instead was slow: a
client that connects before the endpoint exists retries only after libzmq's reconnect
interval (100 ms, plus up to as much again at random), about five times the daemon's own start.

Gone: a pidfd (Linux 5.3, Python 3.9) becomes readable the moment the process exits, so
`wait_for_exit` returns then, not at the next tick of `Popen.wait`'s back-off (up to 50 ms).
"""
from __future__ import annotations

import os
import secrets
import select
import socket
import subprocess
import threading
import time
from typing import Optional

__all__ = ["NotifyListener", "wait_for_exit"]


def _address(name: str) -> str:
    """A `NOTIFY_SOCKET` value as a socket address: `@name` is abstract (a leading NUL)."""
    return "\0" + name[1:] if name.startswith("@") else name


def _pidfd(process: "subprocess.Popen[bytes]") -> Optional[int]:
    """A pidfd of the child, or None where there is none (an old kernel or Python, or a child
    already reaped). Only while `process` is not yet reaped does its pid name it."""
    if process.returncode is not None or not hasattr(os, "pidfd_open"):
        return None
    try:
        return os.pidfd_open(process.pid)
    except OSError:
        return None


def wait_for_exit(process: "subprocess.Popen[bytes]", timeout: float) -> bool:
    """Waits up to `timeout` seconds for `process` to exit and reaps it; True if it did."""
    if process.poll() is not None:
        return True
    pidfd = _pidfd(process)
    if pidfd is None:
        try:
            process.wait(timeout)
            return True
        except subprocess.TimeoutExpired:
            return False
    try:
        poller = select.poll()
        poller.register(pidfd, select.POLLIN)
        if not poller.poll(max(0, int(timeout * 1000))):
            return False
    finally:
        os.close(pidfd)
    process.wait()
    return True


class NotifyListener:
    """systemd's side of sd_notify for one start of a daemon.

    `forward_to`: the test's own `NOTIFY_SOCKET` (from `Daemon(environment=…)`), to which
    every datagram is passed on for as long as the daemon runs, so that a test of the daemon's
    notifications still gets them all (READY, the watchdog, STOPPING)."""

    def __init__(self, forward_to: Optional[str] = None) -> None:
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
        self.name = f"@msghost-test-{os.getpid()}-{secrets.token_hex(8)}"
        self.socket.bind(_address(self.name))
        self._forward_to = _address(forward_to) if forward_to else None
        self._closed = threading.Event()
        self._thread: Optional[threading.Thread] = None

    def _receive(self) -> bytes:
        message = self.socket.recv(4096)
        if self._forward_to is not None:
            try:
                self.socket.sendto(message, self._forward_to)
            except OSError:
                pass  # the test's socket is gone or full: as systemd's, a lost notification
        return message

    def wait_until_ready(self, process: "subprocess.Popen[bytes]", timeout: float) -> Optional[bool]:
        """True once `READY=1` arrives; False if the daemon exits first; None after `timeout`
        seconds of neither."""
        pidfd = _pidfd(process)
        poller = select.poll()
        poller.register(self.socket.fileno(), select.POLLIN)
        if pidfd is not None:
            poller.register(pidfd, select.POLLIN)
        deadline = time.monotonic() + timeout
        try:
            while True:
                if pidfd is None and process.poll() is not None:
                    return False
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                # Without a pidfd, the exit is noticed by polling: every 10 ms.
                wait = remaining if pidfd is not None else min(remaining, 0.01)
                for fd, _ in poller.poll(max(1, int(wait * 1000))):
                    if fd == self.socket.fileno():
                        if b"READY=1" in self._receive().split(b"\n"):
                            return True
                    else:
                        return False
        finally:
            if pidfd is not None:
                os.close(pidfd)

    def keep_forwarding(self) -> None:
        """After READY: passes on what else the daemon sends, on a thread of its own, until
        `close`; without a socket to forward to, closes now."""
        if self._forward_to is None:
            self.close()
            return
        self._thread = threading.Thread(target=self._forward, name=f"msghost notify {self.name}", daemon=True)
        self._thread.start()

    def _forward(self) -> None:
        poller = select.poll()
        poller.register(self.socket.fileno(), select.POLLIN)
        while not self._closed.is_set():
            if poller.poll(50):
                self._receive()
        # What the daemon sent before it exited (STOPPING=1) is still queued: pass it on.
        self.socket.setblocking(False)
        try:
            while True:
                self._receive()
        except OSError:
            pass
        self.socket.close()

    def close(self) -> None:
        """Stops listening; a forwarding thread closes the socket once it has drained it."""
        if self._thread is None:
            self.socket.close()
        self._closed.set()
