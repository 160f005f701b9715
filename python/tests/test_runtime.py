"""The extension runtime against a host played by the test (a ROUTER socket): dispatch to one
object per instance, acknowledgements, requests inside handlers, and what it drops (§4.8)."""
from __future__ import annotations

import json
import threading
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest
import zmq

import msghost
from msghost import Conversation, Message, MessageErrorCode, MessagesError, PresentationStyle, Size
from msghost.envelope import TAG, Codec, Envelope, encode
from msghost.extension import HelloRefused, Runtime

TOKEN = "launch-token-1"
CONVERSATION = {"localParticipantIdentifier": "7C1D5A4E-0B1E-4F5B-9A52-1C0F7E1E2B01",
                "remoteParticipantIdentifiers": ["A4E0C3B2-5D6F-4A1B-8C9D-0E1F2A3B4C5D"], "selectedMessage": None}


class FakeHost:
    """The daemon's side of one extension connection."""

    def __init__(self) -> None:
        self.context = zmq.Context()
        self.router = self.context.socket(zmq.ROUTER)
        self.router.setsockopt(zmq.LINGER, 0)
        port = self.router.bind_to_random_port("tcp://127.0.0.1")
        self.endpoint = f"tcp://127.0.0.1:{port}"
        self.codec = Codec(TOKEN.encode(), id_prefix="h")
        self.peer: Optional[bytes] = None

    def receive(self, timeout: float = 5.0) -> Optional[Envelope]:
        if not self.router.poll(int(timeout * 1000)):
            return None
        identity, *frames = self.router.recv_multipart()
        self.peer = identity
        return self.codec.decode(frames)

    def expect(self, type_: str, timeout: float = 5.0) -> Envelope:
        envelope = self.receive(timeout)
        assert envelope is not None, f"nothing arrived, expected {type_}"
        assert envelope.type == type_, (envelope.type, envelope.body)
        return envelope

    def send_frames(self, frames: List[bytes]) -> None:
        assert self.peer is not None
        self.router.send_multipart([self.peer, *frames])

    def send(self, type_: str, body: Dict[str, Any], reply_to: Optional[str] = None) -> Tuple[str, List[bytes]]:
        message_id, frames = self.codec.encode(type_, body, reply_to=reply_to)
        self.send_frames(frames)
        return message_id, frames

    def callback(self, type_: str, body: Dict[str, Any]) -> Envelope:
        """Sends a callback and returns the acknowledgement."""
        message_id, _ = self.send(type_, body)
        ack = self.expect("reply")
        assert ack.reply_to == message_id and ack.body["status"] == "ok"
        return ack

    def close(self) -> None:
        self.router.close()
        self.context.term()


class Recorder(msghost.Extension):
    calls: List[Tuple[Any, ...]] = []

    def __init__(self) -> None:
        Recorder.calls.append(("init", self.instance_identifier))

    def will_become_active(self, conversation: Conversation) -> None:
        Recorder.calls.append(("will_become_active", self.instance_identifier, id(self), self.presentation_style, conversation.local_participant_identifier))

    def did_become_active(self, conversation: Conversation) -> None:
        Recorder.calls.append(("did_become_active", self.instance_identifier, id(self)))

    def did_resign_active(self, conversation: Conversation) -> None:
        Recorder.calls.append(("did_resign_active", self.instance_identifier))

    def will_transition(self, style: PresentationStyle) -> None:
        Recorder.calls.append(("will_transition", style, self.presentation_style))

    def did_transition(self, style: PresentationStyle) -> None:
        Recorder.calls.append(("did_transition", style, self.presentation_style))

    def did_receive(self, message: Message, conversation: Conversation) -> None:
        Recorder.calls.append(("did_receive", message.layout.caption if message.layout else None, message.sender_participant_identifier))  # type: ignore[union-attr]

    def content_size_that_fits(self, size: Size) -> Size:
        return Size(size.width, 100)

    def touched(self, payload: Any) -> None:
        Recorder.calls.append(("touched", self.instance_identifier, payload))
        if payload == "raise":
            raise RuntimeError("a bug in a handler")
        if payload == "send":
            try:
                sent = self.active_conversation.send(Message(summary_text="hi"))
                Recorder.calls.append(("sent", sent.sender_participant_identifier))
            except MessagesError as error:
                Recorder.calls.append(("refused", error.code))
        if payload == "dismiss":
            self.dismiss()

    def will_terminate(self, reason: str) -> None:
        Recorder.calls.append(("will_terminate", self.instance_identifier, reason))

    def did_receive_memory_warning(self) -> None:
        Recorder.calls.append(("did_receive_memory_warning", self.instance_identifier))


@pytest.fixture
def host() -> Iterator[FakeHost]:
    fake = FakeHost()
    yield fake
    fake.close()


def start(host: FakeHost, cls: type = Recorder, *, context: Optional[zmq.Context[zmq.Socket[bytes]]] = None,
          runtimes: Optional[List[Runtime]] = None) -> Tuple[threading.Thread, Dict[str, Any]]:
    """Runs the extension on a thread; returns it and where its exit status lands. With no
    `context` the runtime makes its own (as `msghost.run` does); `runtimes` receives it."""
    Recorder.calls = []
    outcome: Dict[str, Any] = {}

    def serve() -> None:
        runtime = Runtime(cls, endpoint=host.endpoint, token=TOKEN, app="com.example.test", context=context)
        if runtimes is not None:
            runtimes.append(runtime)
        try:
            runtime.hello()
            outcome["status"] = runtime.serve()
        except BaseException as error:  # noqa: BLE001 - reported to the test
            outcome["error"] = error
        finally:
            runtime.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    hello = host.expect("hello")
    assert hello.body["app"] == "com.example.test" and hello.body["protocol"] == 1 and hello.body["sdk"].startswith("msghost-python/")
    host.send("reply", {"status": "ok", "protocol": 1}, reply_to=hello.id)
    return thread, outcome


def terminate(host: FakeHost, thread: threading.Thread, outcome: Dict[str, Any]) -> None:
    host.callback("terminate", {"reason": "idle", "graceMs": 500})
    thread.join(5)
    assert not thread.is_alive() and outcome == {"status": 0}


def cold_start(host: FakeHost, instance: str = "i1", style: str = "compact") -> None:
    for kind in ("willBecomeActive", "didBecomeActive"):
        host.callback(kind, {"instance": instance, "conversation": CONVERSATION, "presentationStyle": style, "presentationContext": "messages"})
    for kind in ("viewWillAppear", "viewDidAppear"):
        host.callback(kind, {"instance": instance})


def test_one_object_per_instance_with_the_state_of_its_callbacks(host: FakeHost) -> None:
    thread, outcome = start(host)
    cold_start(host, "i1")
    cold_start(host, "t1", "transcript")
    host.callback("willTransition", {"instance": "i1", "presentationStyle": "expanded"})
    host.callback("didTransition", {"instance": "i1", "presentationStyle": "expanded"})
    ack = host.callback("contentSizeThatFits", {"instance": "t1", "size": {"width": 300, "height": 480}})
    assert ack.body["size"] == {"width": 300, "height": 100}
    terminate(host, thread, outcome)
    calls = Recorder.calls
    assert calls[0] == ("init", "i1")
    assert calls[1][:2] == ("will_become_active", "i1") and calls[1][3] is PresentationStyle.compact
    assert calls[1][4] == CONVERSATION["localParticipantIdentifier"]
    assert calls[2] == ("did_become_active", "i1", calls[1][2]), "the same object for the same instance"
    assert calls[3] == ("init", "t1") and calls[4][3] is PresentationStyle.transcript and calls[4][2] != calls[1][2]
    assert ("will_transition", PresentationStyle.expanded, PresentationStyle.compact) in calls
    assert ("did_transition", PresentationStyle.expanded, PresentationStyle.expanded) in calls
    assert [c for c in calls if c[0] == "will_terminate"] == [("will_terminate", "i1", "idle"), ("will_terminate", "t1", "idle")]


def test_the_context_the_runtime_made_is_ended_so_the_ack_of_terminate_leaves_before_exit(host: FakeHost) -> None:
    # pyzmq never ends a context at interpreter exit, and only ending it waits out the linger:
    # a runtime on a shared context could exit with its last reply still queued (a conformance
    # run under load lost the ack of terminate that way).
    runtimes: List[Runtime] = []
    thread, outcome = start(host, runtimes=runtimes)
    cold_start(host)
    terminate(host, thread, outcome)
    (runtime,) = runtimes
    assert runtime.owns_context and runtime.context is not zmq.Context.instance()
    assert runtime.context.closed, "serve() returns only once the context is ended"


def test_a_context_given_to_the_runtime_is_left_to_its_owner(host: FakeHost) -> None:
    context = zmq.Context()
    runtimes: List[Runtime] = []
    thread, outcome = start(host, context=context, runtimes=runtimes)
    terminate(host, thread, outcome)
    assert not runtimes[0].owns_context and not context.closed
    context.term()


def test_a_memory_warning_reaches_every_active_object_and_is_acknowledged(host: FakeHost) -> None:
    thread, outcome = start(host)
    cold_start(host, "i1")
    cold_start(host, "t1", "transcript")
    ack = host.callback("didReceiveMemoryWarning", {"residentBytes": 60 << 20, "warningBytes": 48 << 20, "limitBytes": 64 << 20})
    assert ack.body == {"status": "ok"}
    assert thread.is_alive(), "a warning is not the end"
    terminate(host, thread, outcome)
    warned = [c for c in Recorder.calls if c[0] == "did_receive_memory_warning"]
    assert sorted(warned) == [("did_receive_memory_warning", "i1"), ("did_receive_memory_warning", "t1")]


def test_unknown_callbacks_are_acknowledged_and_unknown_fields_ignored(host: FakeHost) -> None:
    thread, outcome = start(host)
    cold_start(host)
    host.callback("didFrobnicate", {"instance": "i1", "frobs": [1, 2]})
    host.callback("didFrobnicateTheProcess", {})
    host.callback("viewWillDisappear", {"instance": "i1", "addedLater": {"x": True}})
    terminate(host, thread, outcome)


def test_forged_replayed_and_malformed_messages_are_dropped_unanswered(host: FakeHost) -> None:
    thread, outcome = start(host)
    cold_start(host)
    touch = {"instance": "i1", "payload": "forged"}
    wrong_key = encode({"id": "f1", "type": "touch", "time": 1}, touch, key=b"another-token")
    host.send_frames(wrong_key)
    host.send_frames(encode({"id": "f2", "type": "touch", "time": 1}, touch))  # unsigned
    _, good = host.send("didReceive", {"instance": "i1", "message": {"layout": {"type": "template", "caption": "real"}}, "conversation": CONVERSATION})
    assert host.expect("reply").body == {"status": "ok"}
    host.send_frames(good)  # the same frames again
    host.send_frames([TAG, b"x"])
    host.send_frames([b"MSGHOST/2", *good[1:]])
    host.send_frames([TAG, good[1], b"not json", good[3]])
    host.send("reply", {"status": "ok"}, reply_to="never-sent")
    assert host.receive(0.3) is None, "nothing is answered"
    assert [c for c in Recorder.calls if c[0] in ("touched", "did_receive")] == [("did_receive", "real", None)]
    terminate(host, thread, outcome)


def test_a_request_in_a_handler_waits_for_its_reply_and_keeps_other_callbacks(host: FakeHost) -> None:
    thread, outcome = start(host)
    cold_start(host, "i1")
    cold_start(host, "t1", "transcript")
    touch_id, _ = host.send("touch", {"instance": "i1", "payload": "send"})
    request = host.expect("sendMessage")
    assert request.body == {"instance": "i1", "message": {"summaryText": "hi"}}
    size_id, _ = host.send("contentSizeThatFits", {"instance": "t1", "size": {"width": 320, "height": 240}})
    host.send("reply", {"status": "error", "error": {"domain": "x", "code": 1}}, reply_to="x-unknown")  # not ours
    host.send("reply", {"status": "ok", "message": {"senderParticipantIdentifier": "7C1D", "isPending": False}}, reply_to=request.id)
    first, second = host.expect("reply"), host.expect("reply")
    assert (first.reply_to, second.reply_to) == (touch_id, size_id), "the touch is answered, then the callback set aside"
    assert second.body["size"] == {"width": 320, "height": 100}
    assert ("sent", "7C1D") in Recorder.calls
    terminate(host, thread, outcome)


def test_refusals_raise_messages_error_with_apple_codes(host: FakeHost) -> None:
    thread, outcome = start(host)
    cold_start(host)
    touch_id, _ = host.send("touch", {"instance": "i1", "payload": "send"})
    request = host.expect("sendMessage")
    host.send("reply", {"status": "error", "error": {"domain": "com.apple.messages.messagesapp-error", "code": 9,
                                                     "name": "sendWithoutRecentInteraction", "description": "no touch"}}, reply_to=request.id)
    assert host.expect("reply").reply_to == touch_id
    assert ("refused", MessageErrorCode.send_without_recent_interaction) in Recorder.calls
    terminate(host, thread, outcome)


def test_an_exception_in_a_handler_is_logged_and_the_callback_still_acknowledged(host: FakeHost, caplog: pytest.LogCaptureFixture) -> None:
    thread, outcome = start(host)
    cold_start(host)
    host.callback("touch", {"instance": "i1", "payload": "raise"})
    host.callback("touch", {"instance": "i1", "payload": "again"})
    assert ("touched", "i1", "again") in Recorder.calls
    assert "a bug in a handler" in caplog.text
    terminate(host, thread, outcome)


def test_a_resigned_instance_gets_a_new_object_next_time_and_terminate_goes_to_the_last(host: FakeHost) -> None:
    thread, outcome = start(host)
    cold_start(host, "i1")
    host.callback("didResignActive", {"instance": "i1", "conversation": CONVERSATION})
    cold_start(host, "i2")
    host.callback("didResignActive", {"instance": "i2", "conversation": CONVERSATION})
    terminate(host, thread, outcome)
    assert [c for c in Recorder.calls if c[0] in ("init", "will_terminate")] == [
        ("init", "i1"), ("init", "i2"), ("will_terminate", "i2", "idle")]


def test_dismiss_from_a_handler(host: FakeHost) -> None:
    thread, outcome = start(host)
    cold_start(host)
    touch_id, _ = host.send("touch", {"instance": "i1", "payload": "dismiss"})
    request = host.expect("dismiss")
    assert request.body == {"instance": "i1"}
    host.send("reply", {"status": "ok"}, reply_to=request.id)
    assert host.expect("reply").reply_to == touch_id
    terminate(host, thread, outcome)


def test_an_unsigned_refusal_of_the_hello_is_believed(host: FakeHost) -> None:
    errors: List[HelloRefused] = []

    def serve() -> None:
        runtime = Runtime(Recorder, endpoint=host.endpoint, token="wrong", app="com.example.test")
        try:
            runtime.hello()
        except HelloRefused as refused:
            errors.append(refused)
        finally:
            runtime.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    identity_hello = host.router.recv_multipart()
    host.peer = identity_hello[0]
    hello_id = json.loads(identity_hello[3])["id"]
    host.send_frames(encode({"id": "h1", "type": "reply", "time": 1, "replyTo": hello_id},
                            {"status": "error", "error": {"domain": "msghost.protocol", "code": 5, "name": "badToken", "description": "no launch"}}))
    thread.join(5)
    assert len(errors) == 1 and errors[0].error.code == msghost.ProtocolErrorCode.bad_token


def test_run_needs_the_launch_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("MSGHOST_ENDPOINT", "MSGHOST_TOKEN", "MSGHOST_APP"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(SystemExit) as exit_:
        msghost.run(Recorder)
    assert "MSGHOST_ENDPOINT" in str(exit_.value)
    with pytest.raises(TypeError):
        Runtime(object, endpoint="tcp://127.0.0.1:1", token="t", app="a")  # type: ignore[arg-type]


def test_an_extension_made_by_hand_has_no_daemon_but_does_not_break() -> None:
    extension = Recorder.__new__(Recorder)
    assert extension.instance_identifier is None and extension.presentation_style is None
    assert extension.active_conversation.local_participant_identifier == ""
    with pytest.raises(RuntimeError):
        extension.dismiss()


