"""The msghost envelope (docs/PROTOCOL.md §2): frames, JSON, HMAC-SHA256, and what to drop.

One message is 4 or more frames::

    frame 0   b"MSGHOST/1"
    frame 1   lowercase hex HMAC-SHA256 over every other frame, in order (empty on the control endpoint)
    frame 2   header JSON {"id", "type", "time", "replyTo"?}
    frame 3   body JSON object
    frame 4…  binary frames, referenced from the body as {"frame": N}

`Codec` encodes what a peer sends and checks what it receives: a message that is malformed,
whose signature does not verify, or whose header id was already seen is refused with
`Dropped` (PROTOCOL.md §4.8), and the reason is counted in `Codec.dropped`.
"""
from __future__ import annotations

import collections
import hashlib
import hmac
import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Set

from ._version import PROTOCOL_VERSION

__all__ = [
    "TAG",
    "MAX_FRAMES",
    "MAX_HEADER_BYTES",
    "MAX_FRAME_BYTES",
    "Envelope",
    "Dropped",
    "Codec",
    "sign",
    "encode_json",
    "encode",
    "decode",
]

#: The version tag, frame 0 of every message.
TAG = f"MSGHOST/{PROTOCOL_VERSION}".encode("ascii")
#: At most this many frames per message (PROTOCOL.md §2.4).
MAX_FRAMES = 16
#: The largest header (PROTOCOL.md §2.4).
MAX_HEADER_BYTES = 4096
#: The largest frame the daemon accepts by default (`limits.maxFrameBytes`).
MAX_FRAME_BYTES = 16 * 1024 * 1024


def encode_json(value: Any) -> bytes:
    """JSON as msghost writes it: keys sorted, no spaces, UTF-8 (the golden frames' form)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def sign(key: bytes, frames: Iterable[bytes]) -> bytes:
    """hex(HMAC-SHA256(key, frame0 ‖ frame2 ‖ frame3 ‖ …)) as ASCII bytes: `frames` are every
    frame except the signature, in order."""
    mac = hmac.new(key, digestmod=hashlib.sha256)
    for frame in frames:
        mac.update(frame)
    return mac.hexdigest().encode("ascii")


@dataclass
class Envelope:
    """One decoded message: its header, body and binary frames."""

    header: Dict[str, Any]
    body: Dict[str, Any]
    buffers: List[bytes] = field(default_factory=list)
    #: frame 1 as received (hex ASCII, or empty)
    signature: bytes = b""

    @property
    def id(self) -> str:
        return str(self.header["id"])

    @property
    def type(self) -> str:
        return str(self.header["type"])

    @property
    def reply_to(self) -> Optional[str]:
        value = self.header.get("replyTo")
        return value if isinstance(value, str) else None

    @property
    def time(self) -> Optional[int]:
        value = self.header.get("time")
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    @property
    def is_reply(self) -> bool:
        return self.type == "reply"


class Dropped(Exception):
    """A received message that must be dropped (PROTOCOL.md §4.8); `reason` is one of
    `malformed`, `badSignature` or `replay`, and the message says what was wrong."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


def encode(header: Mapping[str, Any], body: Mapping[str, Any], buffers: Sequence[bytes] = (), key: Optional[bytes] = None) -> List[bytes]:
    """The frames of one message; signed with `key`, or with an empty signature when `key` is
    None (the control endpoint)."""
    frames = [TAG, encode_json(dict(header)), encode_json(dict(body)), *[bytes(b) for b in buffers]]
    if len(frames) + 1 > MAX_FRAMES:
        raise ValueError(f"a message has at most {MAX_FRAMES} frames, this one would have {len(frames) + 1}")
    signature = sign(key, frames) if key is not None else b""
    return [frames[0], signature, *frames[1:]]


def _object(frame: bytes, what: str) -> Dict[str, Any]:
    try:
        value = json.loads(frame.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise Dropped("malformed", f"the {what} frame is not JSON ({error})") from None
    if not isinstance(value, dict):
        raise Dropped("malformed", f"the {what} frame is not a JSON object")
    return value


def decode(frames: Sequence[bytes], key: Optional[bytes] = None, max_frame_bytes: int = MAX_FRAME_BYTES) -> Envelope:
    """Parses and checks one message. With `key`, its signature must verify; without, it is not
    looked at. Raises `Dropped` naming what is wrong."""
    frames = [bytes(frame) for frame in frames]
    if len(frames) < 4:
        raise Dropped("malformed", f"a message has at least 4 frames, this one has {len(frames)}")
    if len(frames) > MAX_FRAMES:
        raise Dropped("malformed", f"a message has at most {MAX_FRAMES} frames, this one has {len(frames)}")
    if frames[0] != TAG:
        raise Dropped("malformed", f"the version tag is {frames[0][:32]!r}, not {TAG!r}")
    for index, frame in enumerate(frames):
        if len(frame) > max_frame_bytes:
            raise Dropped("malformed", f"frame {index} has {len(frame)} bytes, more than {max_frame_bytes}")
    if len(frames[2]) > MAX_HEADER_BYTES:
        raise Dropped("malformed", f"the header has {len(frames[2])} bytes, more than {MAX_HEADER_BYTES}")
    if key is not None:
        expected = sign(key, [frames[0], *frames[2:]])
        if not hmac.compare_digest(frames[1], expected):
            raise Dropped("badSignature", "the signature does not verify with this connection's key")
    header = _object(frames[2], "header")
    message_id = header.get("id")
    if not isinstance(message_id, str) or not 1 <= len(message_id) <= 64:
        raise Dropped("malformed", "header id must be a string of 1 to 64 characters")
    if not isinstance(header.get("type"), str) or not header["type"]:
        raise Dropped("malformed", "header type must be a non-empty string")
    if "replyTo" in header and header["replyTo"] is not None and not isinstance(header["replyTo"], str):
        raise Dropped("malformed", "header replyTo must be a string")
    body = _object(frames[3], "body")
    return Envelope(header=header, body=body, buffers=frames[4:], signature=frames[1])


class Codec:
    """Both directions of one connection: signs what it sends with `key`, and lets through
    only what it receives that is well formed, signed with `key` and new.

    `key` None means no signatures at all (the control endpoint). Header ids come from
    `ids` (default `x1`, `x2`, …) and times from `clock` (default: now, in ms).
    """

    def __init__(
        self,
        key: Optional[bytes],
        *,
        id_prefix: str = "x",
        ids: Optional[Iterator[str]] = None,
        clock: Optional[Callable[[], int]] = None,
        max_frame_bytes: int = MAX_FRAME_BYTES,
    ) -> None:
        self.key = key
        self.ids = ids if ids is not None else (f"{id_prefix}{n}" for n in itertools.count(1))
        self.clock = clock or (lambda: int(time.time() * 1000))
        self.max_frame_bytes = max_frame_bytes
        self.seen: Set[str] = set()
        #: how many received messages were dropped, by reason
        self.dropped: collections.Counter[str] = collections.Counter()

    def encode(self, type_: str, body: Mapping[str, Any], *, reply_to: Optional[str] = None,
               buffers: Sequence[bytes] = ()) -> "tuple[str, List[bytes]]":
        """A new message of `type_`: its header id and its frames."""
        header: Dict[str, Any] = {"id": next(self.ids), "type": type_, "time": self.clock()}
        if reply_to is not None:
            header["replyTo"] = reply_to
        return header["id"], encode(header, body, buffers, self.key)

    def decode(self, frames: Sequence[bytes]) -> Envelope:
        """The message in `frames`, or `Dropped` if it is malformed, badly signed or a replay.
        A message that passes is remembered, so the same header id is a replay from then on."""
        try:
            envelope = decode(frames, self.key, self.max_frame_bytes)
            if envelope.id in self.seen:
                raise Dropped("replay", f"header id {envelope.id!r} was already seen on this connection")
        except Dropped as dropped:
            self.dropped[dropped.reason] += 1
            raise
        self.seen.add(envelope.id)
        return envelope
