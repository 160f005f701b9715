"""The envelope codec against docs/PROTOCOL.md §2 and the golden frames of the Swift side
(Tests/MsgHostProtocolTests/EnvelopeTests.swift), and what an extension must drop (§4.8)."""
from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from msghost.envelope import MAX_FRAMES, TAG, Codec, Dropped, decode, encode, encode_json, sign

KEY = b"token-1"
# Computed with Python's hmac outside the SDK and pinned in the Swift tests too.
GOLDEN_HELLO_SIGNATURE = "2c473cde89cb011d7641c6584632598384b4c480a071192b98734b2ec9ed5ad1"
GOLDEN_HELLO_HEADER = b'{"id":"x1","time":1763779200000,"type":"hello"}'
GOLDEN_HELLO_BODY = b'{"app":"com.example.python-raw","pid":42,"protocol":1,"sdk":"python-raw/1"}'


def signed(header: bytes, body: bytes, *buffers: bytes, key: bytes = KEY, tag: bytes = TAG) -> list:
    rest = [header, body, *buffers]
    return [tag, hmac.new(key, tag + b"".join(rest), hashlib.sha256).hexdigest().encode(), *rest]


def test_hello_encodes_to_the_golden_frames() -> None:
    frames = encode({"id": "x1", "type": "hello", "time": 1763779200000},
                    {"app": "com.example.python-raw", "protocol": 1, "pid": 42, "sdk": "python-raw/1"}, key=KEY)
    assert frames == [b"MSGHOST/1", GOLDEN_HELLO_SIGNATURE.encode(), GOLDEN_HELLO_HEADER, GOLDEN_HELLO_BODY]


def test_the_codec_makes_the_golden_hello_with_its_ids_and_clock() -> None:
    codec = Codec(KEY, clock=lambda: 1763779200000)
    message_id, frames = codec.encode("hello", {"app": "com.example.python-raw", "protocol": 1, "pid": 42, "sdk": "python-raw/1"})
    assert message_id == "x1"
    assert frames[1].decode() == GOLDEN_HELLO_SIGNATURE
    assert codec.encode("reply", {"status": "ok"}, reply_to="h7")[0] == "x2"
    assert json.loads(codec.encode("reply", {"status": "ok"}, reply_to="h7")[1][2])["replyTo"] == "h7"


def test_signature_is_hmac_sha256_over_every_frame_but_itself() -> None:
    assert sign(KEY, [TAG, GOLDEN_HELLO_HEADER, GOLDEN_HELLO_BODY]).decode() == GOLDEN_HELLO_SIGNATURE
    with_buffer = sign(KEY, [TAG, GOLDEN_HELLO_HEADER, GOLDEN_HELLO_BODY, b"\x01\x02"])
    assert with_buffer != GOLDEN_HELLO_SIGNATURE.encode() and len(with_buffer) == 64


def test_control_envelopes_have_an_empty_signature() -> None:
    frames = encode({"id": "c1", "type": "status", "time": 0}, {})
    assert frames[1] == b"" and frames[3] == b"{}"


def test_json_is_sorted_compact_utf8() -> None:
    assert encode_json({"b": 1, "a": "週末/x"}) == '{"a":"週末/x","b":1}'.encode()


def test_received_frames_verify_only_with_the_right_key() -> None:
    frames = signed(b'{"id":"h1","time":1,"type":"touch"}', b'{"instance":"i1"}')
    assert decode(frames, KEY).body == {"instance": "i1"}
    with pytest.raises(Dropped) as wrong:
        decode(frames, b"token-2")
    assert wrong.value.reason == "badSignature"
    tampered = list(frames)
    tampered[3] = b'{"instance":"i2"}'
    with pytest.raises(Dropped):
        decode(tampered, KEY)


def test_binary_frames_are_covered_by_the_signature_and_kept() -> None:
    frames = encode({"id": "x2", "type": "sendMessage", "time": 5}, {}, [b"\x01\x02\x03"], key=KEY)
    assert len(frames) == 5
    assert decode(frames, KEY).buffers == [b"\x01\x02\x03"]
    tampered = [*frames[:4], b"\x09"]
    with pytest.raises(Dropped):
        decode(tampered, KEY)


@pytest.mark.parametrize("frames, expected", [
    ([TAG, b"sig", b"{}"], "at least 4 frames"),
    ([b"HELLO", b"", b'{"id":"1","type":"t","time":1}', b"{}"], "version tag"),
    ([b"MSGHOST/2", b"", b'{"id":"1","type":"t","time":1}', b"{}"], "version tag"),
    ([TAG, b"", b"not json", b"{}"], "header frame is not JSON"),
    ([TAG, b"", b"\xff\xfe", b"{}"], "header frame is not JSON"),
    ([TAG, b"", b"[1]", b"{}"], "header frame is not a JSON object"),
    ([TAG, b"", b'{"id":"","type":"t","time":1}', b"{}"], "1 to 64"),
    ([TAG, b"", b'{"type":"t","time":1}', b"{}"], "1 to 64"),
    ([TAG, b"", b'{"id":"' + b"a" * 65 + b'","type":"t","time":1}', b"{}"], "1 to 64"),
    ([TAG, b"", b'{"id":"1","time":1}', b"{}"], "type"),
    ([TAG, b"", b'{"id":"1","type":"t","time":1}', b"[1]"], "body frame is not a JSON object"),
    ([TAG, b"", b'{"id":"1","type":"t","time":1,"pad":"' + b"x" * 4096 + b'"}', b"{}"], "header has"),
    ([TAG, b"", b'{"id":"1","type":"t","time":1}', b"{}", *[b""] * 13], "at most 16 frames"),
])
def test_malformed_messages_are_dropped_naming_what_is_wrong(frames: list, expected: str) -> None:
    with pytest.raises(Dropped) as dropped:
        decode(frames)
    assert dropped.value.reason == "malformed"
    assert expected in str(dropped.value)


def test_unknown_header_and_body_fields_are_kept_not_refused() -> None:
    envelope = decode(signed(b'{"id":"h1","priority":3,"time":1,"type":"viewWillAppear"}', b'{"instance":"i1","new":true}'), KEY)
    assert envelope.type == "viewWillAppear" and envelope.header["priority"] == 3 and envelope.body["new"] is True


def test_the_codec_drops_replays_bad_signatures_and_malformed_messages_and_counts_them() -> None:
    codec = Codec(KEY)
    good = signed(b'{"id":"h1","time":1,"type":"touch"}', b'{"instance":"i1"}')
    assert codec.decode(good).id == "h1"
    with pytest.raises(Dropped) as replay:
        codec.decode(good)
    assert replay.value.reason == "replay"
    reused = signed(b'{"id":"h1","time":2,"type":"didReceive"}', b'{"instance":"i1"}')  # new frames, old id
    with pytest.raises(Dropped):
        codec.decode(reused)
    with pytest.raises(Dropped):
        codec.decode(signed(b'{"id":"h2","time":1,"type":"touch"}', b"{}", key=b"other"))
    with pytest.raises(Dropped):
        codec.decode([TAG])
    # A forged message does not use up its id: the real one is still accepted.
    assert codec.decode(signed(b'{"id":"h2","time":1,"type":"touch"}', b"{}")).id == "h2"
    assert codec.dropped == {"replay": 2, "badSignature": 1, "malformed": 1}


def test_oversize_frames_are_dropped_but_large_ones_within_the_limit_pass() -> None:
    codec = Codec(KEY, max_frame_bytes=1024)
    with pytest.raises(Dropped):
        codec.decode(signed(b'{"id":"h1","time":1,"type":"touch"}', b"{}", b"x" * 1025))
    assert Codec(KEY).decode(signed(b'{"id":"h1","time":1,"type":"touch"}', b'{"pad":"' + b"x" * (2 << 20) + b'"}')).id == "h1"


def test_a_message_has_at_most_16_frames_when_sending_too() -> None:
    with pytest.raises(ValueError):
        encode({"id": "x", "type": "t", "time": 0}, {}, [b""] * (MAX_FRAMES - 3), key=KEY)
    assert len(encode({"id": "x", "type": "t", "time": 0}, {}, [b""] * (MAX_FRAMES - 4), key=KEY)) == MAX_FRAMES
