"""CURVE keys for a `tcp://` endpoint, which msghostd always serves as a CurveZMQ server
(docs/SECURITY.md, docs/PROTOCOL.md §1).

A client needs the daemon's public key (its state directory's `curve-server.pub`) and a key
pair of its own whose public half the daemon admits: for an extension the daemon launches,
the pair it made for that launch (`MSGHOST_CURVE_SECRET_KEY`); for a control client, one that
`curve.controlKeys` lists (make one with `msghost.curve.keypair()` or `msghostctl keygen`).
Keys are 40-character Z85 text throughout.
"""
import os
from dataclasses import dataclass
from typing import Mapping, Optional, Tuple

import zmq

__all__ = ["CurveKeys", "keypair"]

SERVER_KEY_VARIABLE = "MSGHOST_CURVE_SERVER_KEY"
SECRET_KEY_VARIABLE = "MSGHOST_CURVE_SECRET_KEY"


def keypair() -> Tuple[str, str]:
    """A new key pair, `(public_key, secret_key)`, as Z85 text."""
    public, secret = zmq.curve_keypair()
    return public.decode("ascii"), secret.decode("ascii")


@dataclass(frozen=True)
class CurveKeys:
    """What a client connects to a CURVE endpoint with: the daemon's public key and the
    secret half of its own key pair (the public half is derived from it)."""

    server_key: str
    secret_key: str

    @property
    def public_key(self) -> str:
        return zmq.curve_public(self.secret_key.encode("ascii")).decode("ascii")

    @classmethod
    def resolve(cls, server_key: Optional[str], secret_key: Optional[str], environ: Optional[Mapping[str, str]] = None) -> Optional["CurveKeys"]:
        """The keys given, else `MSGHOST_CURVE_SERVER_KEY` and `MSGHOST_CURVE_SECRET_KEY`;
        None when neither is there (an ipc endpoint). One without the other is an error."""
        environ = os.environ if environ is None else environ
        server = server_key or environ.get(SERVER_KEY_VARIABLE) or None
        secret = secret_key or environ.get(SECRET_KEY_VARIABLE) or None
        if server is None and secret is None:
            return None
        if server is None or secret is None:
            raise ValueError(f"CURVE needs both the server key ({SERVER_KEY_VARIABLE}) and a secret key ({SECRET_KEY_VARIABLE}); only one was given")
        return cls(server, secret)

    def apply(self, socket: "zmq.Socket[bytes]") -> None:
        """Makes `socket` a CURVE client with these keys; call before `connect`."""
        socket.curve_serverkey = self.server_key.encode("ascii")
        socket.curve_publickey = self.public_key.encode("ascii")
        socket.curve_secretkey = self.secret_key.encode("ascii")
