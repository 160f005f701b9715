"""CURVE on tcp against a real msghostd (docs/SECURITY.md): an extension the daemon launches on
a tcp endpoint connects with the key pair the daemon made for it, and a control client talks
only with a key the config lists."""
from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
import zmq

from msghost import TransportError
from msghost.control import ControlClient
from msghost.curve import CurveKeys, keypair
from msghost.testing import App

APP = "com.example.sdk"
SDK_APP = Path(__file__).resolve().parent / "apps" / "sdk_app.py"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_extension_launched_on_tcp_connects_with_its_own_keys_end_to_end(msghost_daemon: Any, tmp_path: Path) -> None:
    log = tmp_path / "sdk"
    endpoint = f"tcp://127.0.0.1:{free_port()}"
    daemon = msghost_daemon(apps=[App.python(APP, SDK_APP, env={"SDK_APP_LOG": str(log)})], settings={"endpoints.extension": endpoint})
    daemon.open("kate-iphone")
    daemon.touch("kate-iphone", {"ops": [{"op": "send", "caption": "over CURVE"}]})
    john = daemon.transcript("john-iphone")
    assert [(e["kind"], e["rendered"]["caption"]) for e in john] == [("message", "over CURVE")]
    assert [e["kind"] for e in daemon.events("connected")]
    assert not daemon.events("connectionRefused")


def test_a_plain_client_gets_nothing_from_the_curve_extension_endpoint(msghost_daemon: Any) -> None:
    endpoint = f"tcp://127.0.0.1:{free_port()}"
    daemon = msghost_daemon(settings={"endpoints.extension": endpoint})
    context = zmq.Context.instance()
    plain = context.socket(zmq.DEALER)
    plain.setsockopt(zmq.LINGER, 0)
    plain.connect(endpoint)
    plain.send_multipart([b"MSGHOST/1", b"", b'{"id":"h1","type":"hello","time":0}', b'{"app":"x","pid":1,"sdk":"plain"}'])
    assert plain.poll(1000) == 0  # the NULL handshake never completes against a CURVE server
    plain.close()
    assert daemon.status()["counters"].get("protocolErrors", 0) == 0


def test_a_control_client_talks_only_with_a_listed_key(msghost_daemon: Any) -> None:
    public, secret = keypair()
    endpoint = f"tcp://127.0.0.1:{free_port()}"
    daemon = msghost_daemon(settings={"endpoints.control": endpoint, "curve.controlKeys": [public]}, curve_secret_key=secret)
    assert daemon.server_key == (Path(daemon.state_directory) / "curve-server.pub").read_text().strip()
    assert daemon.status()["daemon"]["pid"] == daemon.pid
    assert "msghostd pid" in daemon.msghostctl("status").stdout  # msghostctl gets the keys from the environment

    _, stranger = keypair()
    with ControlClient(endpoint, server_key=daemon.server_key, secret_key=stranger, timeout=1) as refused:
        with pytest.raises(TransportError):
            refused.status()
    refusals = [e for e in daemon.events("connectionRefused") if e.get("name") == "unknownClientKey"]
    assert refusals and "control endpoint refused CURVE client key " + CurveKeys("", stranger).public_key in refusals[0]["detail"]
    assert "CURVE client refused" in daemon.log


def test_curve_keys_come_in_pairs() -> None:
    with pytest.raises(ValueError, match="MSGHOST_CURVE_SECRET_KEY"):
        CurveKeys.resolve("k" * 40, None, environ={})
    assert CurveKeys.resolve(None, None, environ={}) is None
    public, secret = keypair()
    assert CurveKeys.resolve(None, None, environ={"MSGHOST_CURVE_SERVER_KEY": public, "MSGHOST_CURVE_SECRET_KEY": secret}) == CurveKeys(public, secret)
