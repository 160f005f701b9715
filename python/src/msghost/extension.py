"""The extension side: `Extension`, the base class of your app (`MSMessagesAppViewController`
with Pythonic names), and `run`, which connects it to msghostd (docs/PROTOCOL.md §4).

    import msghost

    class Hello(msghost.Extension):
        def touched(self, payload):
            self.active_conversation.send(msghost.Message(
                layout=msghost.TemplateLayout(caption="Hello!")))

    if __name__ == "__main__":
        msghost.run(Hello)

The SDK makes one object of your class per instance the daemon names (the main compact or
expanded instance, and one per live-layout bubble on screen), calls its methods one at a
time, and acknowledges each callback when the method returns. Requests made inside a method
(`send`, `insert`, `dismiss` …) wait for the daemon's answer while callbacks for other
instances that arrive meanwhile are set aside and delivered afterwards, in order.
"""
from __future__ import annotations

import collections
import functools
import inspect
import logging
import os
import sys
import traceback
from typing import Any, Callable, Deque, Dict, FrozenSet, List, Mapping, Optional, Sequence, Type, TypedDict, Union

import zmq

from ._version import PROTOCOL_VERSION, __version__
from .curve import CurveKeys
from .envelope import Codec, Dropped, Envelope, decode
from .errors import MessagesError
from .values import Conversation, Message, PresentationContext, PresentationStyle, Size, Sticker
from .view import Element, view_to_wire

__all__ = ["Extension", "Runtime", "HelloRefused", "run", "SDK_NAME"]

SDK_NAME = f"msghost-python/{__version__}"

log = logging.getLogger("msghost")

class HelloRefused(Exception):
    """The daemon refused the hello (`badToken`, `unsupportedVersion` …)."""

    def __init__(self, reply: Mapping[str, Any]) -> None:
        self.error = MessagesError.from_reply(reply)
        super().__init__(f"msghostd refused the hello: {self.error}")


class _Binding:
    """What the SDK knows about one instance; kept off the subclass's namespace."""

    def __init__(self, runtime: "Runtime", instance: Optional[str]) -> None:
        self.runtime = runtime
        self.instance = instance
        # Until a callback names the conversation: one with no participants, still able to
        # make requests for this instance (the daemon judges them).
        self.conversation = Conversation.from_wire({}, instance=instance, requester=runtime)
        self.presentation_style: Optional[PresentationStyle] = None
        self.presentation_context: PresentationContext = PresentationContext.messages


class Extension:
    """The base class of an iMessage app's extension: override the callbacks you need.

    One object per instance; create none yourself, `msghost.run(YourClass)` does. Every
    method below is called on the instance it is about, one at a time, and its return is the
    acknowledgement the daemon waits for. Names follow `MSMessagesAppViewController`.
    """

    _msghost: _Binding

    # -- state ------------------------------------------------------------------------------
    @property
    def instance_identifier(self) -> Optional[str]:
        """The daemon's opaque name for this instance."""
        binding = self.__dict__.get("_msghost")
        return binding.instance if binding else None

    @property
    def active_conversation(self) -> Conversation:
        """`activeConversation`: the conversation this instance was last given (with
        `selected_message`); use it to insert and send. Before the first callback that
        names one, it has no participants."""
        binding = self.__dict__.get("_msghost")
        return binding.conversation if binding else Conversation("")

    @property
    def presentation_style(self) -> Optional[PresentationStyle]:
        """`presentationStyle`: compact, expanded or transcript (the new style from
        `did_transition` on)."""
        binding = self.__dict__.get("_msghost")
        return binding.presentation_style if binding else None

    @property
    def presentation_context(self) -> PresentationContext:
        """`presentationContext`: messages, or media (where direct send and `insert` of
        messages and text are unavailable)."""
        binding = self.__dict__.get("_msghost")
        return binding.presentation_context if binding else PresentationContext.messages

    # -- requests ---------------------------------------------------------------------------
    def request_presentation_style(self, style: Union[PresentationStyle, str]) -> None:
        """`requestPresentationStyle(_:)`: the daemon answers with `will_transition` and
        `did_transition` once this method's caller has returned."""
        self._request("requestPresentationStyle", {"presentationStyle": PresentationStyle(style).value})

    def dismiss(self) -> None:
        """`dismiss()`: close the app (the resign callbacks follow)."""
        self._request("dismiss", {})

    def set_view(self, *elements: "Element") -> None:
        """Describe what this instance shows (PROTOCOL.md §4.9): `Text`, `Image`, `Button`,
        `TextField`, `Choice`, `Toggle`, `DatePicker`, `StickerView` and `Row` from
        `msghost.view`, top to bottom; it replaces the whole view, and no elements clear it.
        Only the main (compact or expanded) instance that is open may set one; the view goes
        when it resigns. Raises `MessagesError` if the daemon refuses."""
        view, buffers, stickers = view_to_wire(elements)
        self._request("setView", {"view": view}, buffers)
        self.__dict__["_msghost_view_stickers"] = stickers

    def _request(self, type_: str, body: Dict[str, Any], buffers: Sequence[bytes] = ()) -> Dict[str, Any]:
        binding: Optional[_Binding] = self.__dict__.get("_msghost")
        if binding is None or binding.instance is None:
            raise RuntimeError(f"{type(self).__name__} is not attached to a running instance; msghost.run() creates the objects")
        return binding.runtime.request(type_, {"instance": binding.instance, **body}, buffers)

    # -- callbacks (override these) ---------------------------------------------------------
    def will_become_active(self, conversation: Conversation) -> None:
        """`willBecomeActive(with:)`."""

    def did_become_active(self, conversation: Conversation) -> None:
        """`didBecomeActive(with:)`."""

    def will_resign_active(self, conversation: Conversation) -> None:
        """`willResignActive(with:)`."""

    def did_resign_active(self, conversation: Conversation) -> None:
        """`didResignActive(with:)`. This object is not called again afterwards (except
        `will_terminate`); a later opening gets a new one."""

    def will_select(self, message: Message, conversation: Conversation) -> None:
        """`willSelect(_:conversation:)`: the user tapped one of your app's bubbles."""

    def did_select(self, message: Message, conversation: Conversation) -> None:
        """`didSelect(_:conversation:)`."""

    def did_receive(self, message: Message, conversation: Conversation) -> None:
        """`didReceive(_:conversation:)`: one of your app's messages arrived from someone else."""

    def did_start_sending(self, message: Message, conversation: Conversation) -> None:
        """`didStartSending(_:conversation:)`: a message of yours left (direct send, or the
        user's Send on what you inserted)."""

    def did_cancel_sending(self, message: Message, conversation: Conversation) -> None:
        """`didCancelSending(_:conversation:)`: the user deleted what you inserted."""

    def will_transition(self, style: PresentationStyle) -> None:
        """`willTransition(to:)`."""

    def did_transition(self, style: PresentationStyle) -> None:
        """`didTransition(to:)`."""

    def view_will_appear(self) -> None:
        """`viewWillAppear(_:)`."""

    def view_did_appear(self) -> None:
        """`viewDidAppear(_:)`."""

    def view_will_disappear(self) -> None:
        """`viewWillDisappear(_:)`."""

    def view_did_disappear(self) -> None:
        """`viewDidDisappear(_:)`."""

    def content_size_that_fits(self, size: Size) -> Size:
        """`contentSizeThatFits(_:)`, for a live-layout bubble: the size it wants within
        `size` (the daemon clamps it). The default takes all of it."""
        return size

    def touched(self, payload: Any, button: Optional[str] = None, fields: Optional[Dict[str, str]] = None) -> None:
        """The user touched your view; `payload` is whatever the touch carried (any JSON).
        When the touch activated a `Button` of the view you set (`set_view`), `button` is its
        id, `payload` its payload, and `fields` every input's value by id (a `TextField`'s text,
        a `Choice`'s option id, a `Toggle`'s "true"/"false", a `DatePicker`'s date); for a
        plain touch both are None. An override may leave out `button` and `fields`: they are
        passed only to one that names them (or takes `**kwargs`).
        A touch allows one direct `send` (PROTOCOL.md §4.5)."""

    def stickers(self) -> Sequence[Sticker]:
        """The user opened the sticker drawer over your app (`MSStickerBrowserViewDataSource`,
        asked as a whole): the stickers to show, in order, at most 256. The daemon checks and
        copies each file as `insert_sticker` would and leaves out those it refuses; the user
        then taps one into the input field or peels it onto a bubble, and you are not told
        (PROTOCOL.md §4.11). The default offers the stickers of the `StickerView`s of the view
        you set last, in their order (so that the person can peel them), else none."""
        return list(self.__dict__.get("_msghost_view_stickers", []))

    def did_receive_memory_warning(self) -> None:
        """`didReceiveMemoryWarning()`: the process's resident memory crossed the app's soft
        line (manifest `memoryWarningMB`, else 4/5 of `memoryLimitMB`); free what can be
        rebuilt. Called once per crossing on each object whose instance is active (else on the
        last object made, else a new one); above `memoryLimitMB` the daemon kills the process."""

    def will_terminate(self, reason: str) -> None:
        """The process is about to be ended: `idle`, `daemonStopping`, `uninstalled`,
        `unresponsive`, `launchFailed` or `memory`. Called once per process, on each object
        whose instance is still active, else on the last object made (else on a new one)."""


class _TouchExtras(TypedDict, total=False):
    """What a touch passes besides the payload, to a `touched` that names it."""
    button: Optional[str]
    fields: Optional[Dict[str, str]]


@functools.lru_cache(maxsize=None)
def _touch_parameters(touched: Callable[..., object]) -> FrozenSet[str]:
    """Which of `button` and `fields` a class's `touched` (the function, so the cache keeps
    one entry per override) takes: apps written before views override
    `touched(self, payload)`, and keep working."""
    try:
        parameters = inspect.signature(touched).parameters.values()
    except (TypeError, ValueError):
        return frozenset()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return frozenset({"button", "fields"})
    return frozenset(p.name for p in parameters if p.name in ("button", "fields"))


#: callback type → (method name, what it is called with)
_MESSAGE_CALLBACKS = {
    "willSelect": "will_select",
    "didSelect": "did_select",
    "didReceive": "did_receive",
    "didStartSending": "did_start_sending",
    "didCancelSending": "did_cancel_sending",
}
_CONVERSATION_CALLBACKS = {
    "willBecomeActive": "will_become_active",
    "didBecomeActive": "did_become_active",
    "willResignActive": "will_resign_active",
    "didResignActive": "did_resign_active",
}
_VIEW_CALLBACKS = {
    "viewWillAppear": "view_will_appear",
    "viewDidAppear": "view_did_appear",
    "viewWillDisappear": "view_will_disappear",
    "viewDidDisappear": "view_did_disappear",
}
_INSTANCE_CALLBACKS = set(_MESSAGE_CALLBACKS) | set(_CONVERSATION_CALLBACKS) | set(_VIEW_CALLBACKS) | {
    "willTransition", "didTransition", "contentSizeThatFits", "touch", "stickers"}


class Runtime:
    """One connection to the daemon, serving the instances of one extension class.

    Most apps only call `msghost.run`; `Runtime` is for tools that need the pieces (tests that
    play the host, an extension started by hand in attach mode).
    """

    def __init__(
        self,
        extension_class: Type[Extension],
        *,
        endpoint: str,
        token: str,
        app: str,
        protocol: int = PROTOCOL_VERSION,
        attach_device: Optional[str] = None,
        server_key: Optional[str] = None,
        secret_key: Optional[str] = None,
        context: Optional[zmq.Context[zmq.Socket[bytes]]] = None,
    ) -> None:
        if not (isinstance(extension_class, type) and issubclass(extension_class, Extension)):
            raise TypeError(f"run() wants a subclass of msghost.Extension, not {extension_class!r}")
        self.extension_class = extension_class
        self.endpoint = endpoint
        self.app = app
        self.protocol = protocol
        self.attach_device = attach_device
        self.codec = Codec(token.encode("utf-8"), id_prefix="x")
        # A context of its own unless given one, ended by `close`: only ending the context waits
        # out the linger, and pyzmq never ends one at interpreter exit, so with a shared context
        # the ack of terminate could still be in ZeroMQ's I/O thread when the process exits.
        self.owns_context = context is None
        self.context = zmq.Context() if context is None else context
        self.socket = self.context.socket(zmq.DEALER)
        self.socket.setsockopt(zmq.LINGER, 1000)  # long enough for the last reply to leave
        # A tcp endpoint is a CURVE server: the keys come from the launch environment.
        curve = CurveKeys.resolve(server_key, secret_key, environ={})
        if curve is not None:
            curve.apply(self.socket)
        self.socket.connect(endpoint)
        #: callbacks that arrived while a request waited for its reply, oldest first
        self.backlog: Deque[Envelope] = collections.deque()
        #: the objects of instances that have not resigned, by instance id
        self.instances: Dict[str, Extension] = {}
        self.last_object: Optional[Extension] = None
        self.closed = False

    # -- connection -------------------------------------------------------------------------
    def _send(self, type_: str, body: Mapping[str, Any], *, reply_to: Optional[str] = None, buffers: Sequence[bytes] = ()) -> str:
        message_id, frames = self.codec.encode(type_, body, reply_to=reply_to, buffers=buffers)
        self.socket.send_multipart(frames)
        return message_id

    def _receive(self, timeout_ms: Optional[int] = None) -> Optional[Envelope]:
        """The next good message from the socket; drops (and logs) the rest (§4.8)."""
        while True:
            if timeout_ms is not None and not self.socket.poll(timeout_ms):
                return None
            frames = self.socket.recv_multipart()
            try:
                return self.codec.decode(frames)
            except Dropped as dropped:
                log.warning("dropped a message from the host: %s", dropped)

    def request(self, type_: str, body: Mapping[str, Any], buffers: Sequence[bytes] = ()) -> Dict[str, Any]:
        """Sends a request and returns its ok reply; raises `MessagesError` on an error reply.
        Callbacks that arrive meanwhile are kept for later, in order."""
        request_id = self._send(type_, body, buffers=buffers)
        while True:
            envelope = self._receive()
            assert envelope is not None
            if envelope.is_reply:
                if envelope.reply_to == request_id:
                    if envelope.body.get("status") == "ok":
                        return envelope.body
                    raise MessagesError.from_reply(envelope.body)
                log.warning("ignored a reply to %r, which is not waited for", envelope.reply_to)
                continue
            self.backlog.append(envelope)

    def hello(self) -> Dict[str, Any]:
        """Says hello (§4.2) and returns the daemon's ok reply; raises `HelloRefused`."""
        body: Dict[str, Any] = {"app": self.app, "protocol": self.protocol, "pid": os.getpid(), "sdk": SDK_NAME}
        if self.attach_device is not None:
            body["attachDevice"] = self.attach_device
        hello_id = self._send("hello", body)
        while True:
            frames = self.socket.recv_multipart()
            try:
                envelope = self.codec.decode(frames)
            except Dropped as dropped:
                refusal = self._unsigned_refusal(frames, hello_id)
                if refusal is not None:
                    raise HelloRefused(refusal) from None
                log.warning("dropped a message from the host: %s", dropped)
                continue
            if envelope.is_reply and envelope.reply_to == hello_id:
                if envelope.body.get("status") != "ok":
                    raise HelloRefused(envelope.body)
                return envelope.body
            if envelope.is_reply:
                log.warning("ignored a reply to %r, which is not waited for", envelope.reply_to)
            else:
                self.backlog.append(envelope)

    @staticmethod
    def _unsigned_refusal(frames: List[bytes], hello_id: str) -> Optional[Dict[str, Any]]:
        """The daemon's refusal of a hello has an empty signature (§2.1, §4.2): the only
        unsigned message an extension believes, and only as an error reply to its hello."""
        if len(frames) < 2 or frames[1] != b"":
            return None
        try:
            envelope = decode(frames)
        except Dropped:
            return None
        if envelope.is_reply and envelope.reply_to == hello_id and envelope.body.get("status") == "error":
            return envelope.body
        return None

    def close(self) -> None:
        """Closes the socket; ends the context if the runtime made it, which returns once the
        replies already sent have left (or the one-second linger has passed)."""
        if not self.closed:
            self.closed = True
            self.socket.close()
            if self.owns_context:
                self.context.term()

    # -- serving ----------------------------------------------------------------------------
    def serve(self) -> int:
        """Answers callbacks until `terminate`; returns the exit status (0)."""
        try:
            while True:
                envelope = self.backlog.popleft() if self.backlog else self._receive()
                assert envelope is not None
                if envelope.is_reply:
                    log.warning("ignored a reply to %r, which is not waited for", envelope.reply_to)
                    continue  # never answer a reply (§4.8)
                if self.handle(envelope):
                    return 0
        finally:
            self.close()

    def handle(self, envelope: Envelope) -> bool:
        """Runs one callback and acknowledges it; True after `terminate`."""
        kind, body = envelope.type, envelope.body
        answer: Dict[str, Any] = {}
        try:
            if kind == "terminate":
                self._terminate(body)
            elif kind == "didReceiveMemoryWarning":
                for obj in self._process_targets():
                    obj.did_receive_memory_warning()
            elif kind in _INSTANCE_CALLBACKS:
                instance = body.get("instance")
                if isinstance(instance, str) and instance:
                    answer = self._dispatch(kind, instance, body) or {}
                else:
                    log.warning("%s without an instance; acknowledged without calling the app", kind)
            # Any other type is a callback this SDK does not know yet: acknowledge it (§6).
        except Exception:
            log.error("%s raised in %s:\n%s", self.extension_class.__name__, kind, traceback.format_exc().rstrip())
            if kind == "contentSizeThatFits":
                answer = {"size": body.get("size")}
        self._send("reply", {"status": "ok", **answer}, reply_to=envelope.id)
        return kind == "terminate"

    def _object(self, instance: str) -> Extension:
        existing = self.instances.get(instance)
        if existing is not None:
            return existing
        obj = self._make(instance)
        self.instances[instance] = obj
        return obj

    def _make(self, instance: Optional[str]) -> Extension:
        cls = self.extension_class
        obj = cls.__new__(cls)
        obj.__dict__["_msghost"] = _Binding(self, instance)
        obj.__init__()  # type: ignore[misc]
        self.last_object = obj
        return obj

    def _conversation(self, instance: str, body: Mapping[str, Any]) -> Conversation:
        return Conversation.from_wire(body.get("conversation"), instance=instance, requester=self)

    def _dispatch(self, kind: str, instance: str, body: Mapping[str, Any]) -> Optional[Dict[str, Any]]:
        obj = self._object(instance)
        binding: _Binding = obj.__dict__["_msghost"]
        if kind in _CONVERSATION_CALLBACKS:
            conversation = self._conversation(instance, body)
            binding.conversation = conversation
            if kind in ("willBecomeActive", "didBecomeActive"):
                style, context = body.get("presentationStyle"), body.get("presentationContext")
                if style in PresentationStyle._value2member_map_:
                    binding.presentation_style = PresentationStyle(style)
                if context in PresentationContext._value2member_map_:
                    binding.presentation_context = PresentationContext(context)
            try:
                getattr(obj, _CONVERSATION_CALLBACKS[kind])(conversation)
            finally:
                if kind == "didResignActive":
                    self.instances.pop(instance, None)
            return None
        if kind in _MESSAGE_CALLBACKS:
            conversation = self._conversation(instance, body)
            binding.conversation = conversation
            message_wire = body.get("message")
            message = Message.from_wire(message_wire if isinstance(message_wire, Mapping) else {})
            getattr(obj, _MESSAGE_CALLBACKS[kind])(message, conversation)
            return None
        if kind in _VIEW_CALLBACKS:
            getattr(obj, _VIEW_CALLBACKS[kind])()
            return None
        if kind in ("willTransition", "didTransition"):
            raw = body.get("presentationStyle")
            style = PresentationStyle(raw) if raw in PresentationStyle._value2member_map_ else None
            if style is None:
                log.warning("%s with an unknown presentationStyle %r; acknowledged without calling the app", kind, raw)
                return None
            if kind == "willTransition":
                obj.will_transition(style)
            else:
                binding.presentation_style = style
                obj.did_transition(style)
            return None
        if kind == "contentSizeThatFits":
            offered = Size.from_wire(body.get("size"))
            wanted = obj.content_size_that_fits(offered)
            return {"size": Size.from_wire(wanted if wanted is not None else offered).to_wire()}
        if kind == "stickers":
            return {"stickers": [sticker.to_wire() for sticker in obj.stickers()]}
        if kind == "touch":
            extra: _TouchExtras = {}
            accepted = _touch_parameters(type(obj).touched)
            button, fields = body.get("button"), body.get("fields")
            if "button" in accepted:
                extra["button"] = button if isinstance(button, str) else None
            if "fields" in accepted:
                extra["fields"] = {k: v for k, v in fields.items() if isinstance(v, str)} if isinstance(fields, Mapping) else None
            obj.touched(body.get("payload"), **extra)
            return None
        return None

    def _process_targets(self) -> List[Extension]:
        """Who hears a callback about the whole process: every active object, else the last
        one made, else a new one."""
        return list(self.instances.values()) or ([self.last_object] if self.last_object else [self._make(None)])

    def _terminate(self, body: Mapping[str, Any]) -> None:
        reason = str(body.get("reason", ""))
        for obj in self._process_targets():
            try:
                obj.will_terminate(reason)
            except Exception:
                log.error("%s raised in terminate:\n%s", self.extension_class.__name__, traceback.format_exc().rstrip())


def _configure_logging() -> None:
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(name)s: %(levelname)s: %(message)s"))
        root.addHandler(handler)
        if root.level == logging.WARNING:
            root.setLevel(logging.INFO)


class _CurveArguments(TypedDict, total=False):
    """`Runtime`'s CURVE keyword arguments, both or neither."""
    server_key: str
    secret_key: str


def _curve_arguments(server_key: Optional[str], secret_key: Optional[str], environment: Mapping[str, str]) -> _CurveArguments:
    try:
        curve = CurveKeys.resolve(server_key, secret_key, environment)
    except ValueError as error:
        raise SystemExit(f"msghost: {error}") from None
    return {} if curve is None else {"server_key": curve.server_key, "secret_key": curve.secret_key}


def run(
    extension_class: Type[Extension],
    *,
    endpoint: Optional[str] = None,
    token: Optional[str] = None,
    app: Optional[str] = None,
    attach_device: Optional[str] = None,
    server_key: Optional[str] = None,
    secret_key: Optional[str] = None,
) -> int:
    """Connects `extension_class` to msghostd and serves it until the daemon says terminate;
    returns 0 then (the process should exit).

    Everything comes from the launch environment the daemon sets (PROTOCOL.md §4.1:
    `MSGHOST_ENDPOINT`, `MSGHOST_TOKEN`, `MSGHOST_APP`); the arguments override it. For attach
    mode (§4.7) pass `attach_device` (or set `MSGHOST_ATTACH_DEVICE`) and the manifest's attach
    key as `token` (or `MSGHOST_TOKEN`). On a tcp endpoint the daemon also sets
    `MSGHOST_CURVE_SERVER_KEY` and `MSGHOST_CURVE_SECRET_KEY` (or pass `server_key` and
    `secret_key`; see `msghost.curve`).
    """
    _configure_logging()
    environment = os.environ
    missing = [name for name, value in (("MSGHOST_ENDPOINT", endpoint), ("MSGHOST_TOKEN", token), ("MSGHOST_APP", app))
               if value is None and not environment.get(name)]
    if missing:
        raise SystemExit(f"msghost: {', '.join(missing)} not set: an extension is started by msghostd (see docs/PROTOCOL.md §4.1)")
    protocol = int(environment.get("MSGHOST_PROTOCOL", str(PROTOCOL_VERSION)) or PROTOCOL_VERSION)
    if protocol != PROTOCOL_VERSION:
        log.warning("MSGHOST_PROTOCOL is %s; this SDK speaks %s", protocol, PROTOCOL_VERSION)
    runtime = Runtime(
        extension_class,
        endpoint=endpoint or environment["MSGHOST_ENDPOINT"],
        token=token or environment["MSGHOST_TOKEN"],
        app=app or environment["MSGHOST_APP"],
        attach_device=attach_device or environment.get("MSGHOST_ATTACH_DEVICE") or None,
        **_curve_arguments(server_key, secret_key, environment),
    )
    return _hello_and_serve(runtime)


def _hello_and_serve(runtime: Runtime) -> int:
    """Says hello, then serves until `terminate`; a refused hello ends the process."""
    try:
        runtime.hello()
    except HelloRefused as refused:
        runtime.close()
        raise SystemExit(f"msghost: {refused}") from None
    return runtime.serve()
