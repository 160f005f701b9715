"""A client of msghostd's control endpoint (docs/PROTOCOL.md §7): the user, played by a program.

    from msghost.control import ControlClient

    control = ControlClient("ipc:///path/to/run/control.sock")
    control.open("kate-iphone", "kate-john", "com.example.python-raw")
    control.touch("kate-iphone", {"caption": "Vanilla?"})
    for entry in control.transcript("john-iphone", "kate-john"):
        print(entry["kind"], entry.get("rendered"))

Every method sends one request and returns its reply's fields (JSON, with the protocol's
field names, typed as `TypedDict`s below), or raises `ControlError` (domain, code, name,
description) when the daemon refused, or `TransportError` when it did not answer in time.
Requests that play the user (`open`, `touch`, `close` …) are answered only once every callback
they caused was acknowledged, so a test reads the outcome right after the call.

One request at a time: a client is for one thread (a ZeroMQ socket serves one thread).
"""
from __future__ import annotations

import base64
import os
import time
from typing import Any, Dict, Generator, List, Mapping, Optional, Sequence, Tuple, TypedDict

import zmq

from .curve import CurveKeys
from .envelope import Codec, Dropped, Envelope
from .errors import ControlError, TransportError

__all__ = [
    "ControlClient",
    "ControlError",
    "TransportError",
    "default_endpoint",
    "Person",
    "Device",
    "ConversationRecord",
    "Install",
    "AppRecord",
    "WorldResult",
    "ParticipantEntry",
    "ParticipantsResult",
    "OpenResult",
    "ViewResult",
    "TapResult",
    "StickerDrawer",
    "InputFieldResult",
    "TranscriptEntry",
    "TranscriptPage",
    "Rendered",
    "FileRecord",
    "Event",
    "EventsResult",
    "StatusResult",
]


# -- reply shapes (PROTOCOL.md §7; the same names as on the wire) ------------------------------
# The daemon leaves out a field that has no value: in the `total=False` shapes, a key that may
# be missing is simply not there (use `.get`), rather than null.
class Person(TypedDict):
    handle: str
    name: str


class Device(TypedDict):
    id: str
    owner: str
    platform: str
    model: str


class ConversationRecord(TypedDict):
    id: str
    members: List[str]


class Install(TypedDict):
    id: str
    device: str
    app: str
    installedAt: int


class AppRecord(TypedDict, total=False):
    bundleID: str
    displayName: str
    contexts: List[str]
    memoryLimitBytes: int
    launchTimeoutMs: int
    responseTimeoutMs: int


class WorldResult(TypedDict):
    people: List[Person]
    devices: List[Device]
    conversations: List[ConversationRecord]
    apps: List[AppRecord]
    installs: List[Install]


class ParticipantEntry(TypedDict):
    person: str
    identifier: str


class ParticipantsResult(TypedDict):
    install: Install
    participants: List[ParticipantEntry]


class OpenResult(TypedDict):
    instance: str
    presentationStyle: str


class ViewResult(TypedDict):
    """`view`: the app open on a device and the view it set (PROTOCOL.md §4.9); every field
    None when no app is open, `view` None when it set none. `view["elements"]` are dicts as on
    the wire, images as `{"url": "file:///…"}`."""

    app: Optional[str]
    instance: Optional[str]
    presentationStyle: Optional[str]
    view: Optional[Dict[str, Any]]


class StickerDrawer(TypedDict):
    """`stickers`: what the sticker drawer of the open app shows (PROTOCOL.md §4.11). Each of
    `stickers` is `{"index", "localizedDescription", "file"}` (the daemon's copy); each of
    `rejected` is `{"index", "url", "error"}`, the error inserting it would have given."""

    app: str
    instance: str
    stickers: List[Dict[str, Any]]
    rejected: List[Dict[str, Any]]


class TapResult(TypedDict, total=False):
    action: str  # selected, openedURL or none
    instance: str
    url: str
    reason: str


class Rendered(TypedDict, total=False):
    caption: str
    subcaption: str
    trailingCaption: str
    trailingSubcaption: str
    imageTitle: str
    imageSubtitle: str
    summaryText: str


class FileRecord(TypedDict):
    url: str
    filename: str
    mediaType: str
    byteCount: int


class TranscriptEntry(TypedDict, total=False):
    index: int
    entry: int
    messageID: str
    kind: str  # message, summary, text, sticker, attachment, legacyImage, legacyURL
    sender: str
    senderName: str
    senderDevice: str
    app: str
    rendering: str  # live, template, alternate
    senderParticipantIdentifier: str
    message: Dict[str, Any]
    rendered: Rendered
    text: str
    file: FileRecord
    liveSize: Dict[str, float]
    sentAt: int
    expiring: bool
    kept: bool


class TranscriptPage(TypedDict):
    """One page of a transcript, oldest first. `more`: entries older than the page exist (pass
    the first entry's `entry` as `before` for them); `olderCount`: how many."""
    entries: List[TranscriptEntry]
    more: bool
    olderCount: int


class _InputFieldText(TypedDict):
    text: str


class InputFieldResult(_InputFieldText, total=False):
    staged: TranscriptEntry  # absent when nothing is staged


class Event(TypedDict, total=False):
    seq: int
    time: int
    kind: str
    device: str
    app: str
    conversation: str
    instance: str
    code: int
    name: str
    pid: int
    detail: str


class EventsResult(TypedDict):
    events: List[Event]
    next: int


class TapError(TypedDict):
    domain: str
    code: int
    name: str
    message: str


class Frame(TypedDict):
    """One message between the daemon and an extension, as the wire tap pushes it (§7.1)."""
    seq: int
    time: int
    direction: str
    device: Optional[str]
    app: Optional[str]
    pid: Optional[int]
    type: str
    id: str
    replyTo: Optional[str]
    body: Any
    binary: List[int]
    error: Optional[TapError]


class HeldMessage(TypedDict, total=False):
    id: str
    conversation: str
    sender: str
    sentAt: int
    kind: str
    text: str


class StatusResult(TypedDict):
    daemon: Dict[str, Any]
    extensions: List[Dict[str, Any]]
    counters: Dict[str, int]
    quarantined: List[str]


def default_endpoint(environ: Optional[Mapping[str, str]] = None) -> str:
    """Where msghostctl would connect: `$MSGHOST_CONTROL`, else
    `ipc://$MSGHOST_RUNTIME/control.sock`, else `ipc:///run/msghost/control.sock`."""
    environ = os.environ if environ is None else environ
    if environ.get("MSGHOST_CONTROL"):
        return environ["MSGHOST_CONTROL"]
    if environ.get("MSGHOST_RUNTIME"):
        return f"ipc://{environ['MSGHOST_RUNTIME']}/control.sock"
    return "ipc:///run/msghost/control.sock"


def _without_none(body: Mapping[str, Any]) -> Dict[str, Any]:
    return {key: value for key, value in body.items() if value is not None}


class ControlClient:
    """A blocking client of the control endpoint. Connecting is lazy: the daemon need not be
    up yet; requests wait for it (up to `timeout` seconds each)."""

    def __init__(
        self,
        endpoint: Optional[str] = None,
        *,
        timeout: float = 30.0,
        server_key: Optional[str] = None,
        secret_key: Optional[str] = None,
        context: Optional[zmq.Context[zmq.Socket[bytes]]] = None,
    ) -> None:
        """`server_key` and `secret_key` (default, for a tcp endpoint: `MSGHOST_CURVE_SERVER_KEY`,
        `MSGHOST_CURVE_SECRET_KEY`) are for a tcp endpoint, which is a CURVE server: the
        daemon's public key and the secret half of a key pair its `curve.controlKeys` lists.
        A key the daemon does not admit is refused at the handshake, so requests then go
        unanswered (`TransportError`)."""
        self.endpoint = endpoint or default_endpoint()
        self.timeout = timeout
        self.context = context or zmq.Context.instance()
        # The environment's keys are for tcp only: an ipc endpoint is plain.
        self._curve = CurveKeys.resolve(server_key, secret_key, environ=None if self.endpoint.startswith("tcp://") else {})
        self.socket = self._connected_socket()
        self.codec = Codec(None, id_prefix=f"ctl-{os.getpid()}-{id(self):x}-")

    def _connected_socket(self) -> zmq.Socket[bytes]:
        socket = self.context.socket(zmq.DEALER)
        socket.setsockopt(zmq.LINGER, 0)
        if self._curve is not None:
            self._curve.apply(socket)
        socket.connect(self.endpoint)
        return socket

    def disconnect(self) -> None:
        """Closes this client's socket (`close` is the control command)."""
        self.socket.close()

    def reconnect(self) -> None:
        """Closes this client's socket and connects a new one to the same endpoint, with the
        same keys; requests waiting for a reply are dropped. For a daemon that has just
        started: a socket that connected before the daemon's endpoint existed retries only
        after libzmq's reconnect interval (100 ms or more), a new one connects at once.

        A new connection is a new replay window (PROTOCOL.md §4.8): a restarted daemon numbers
        its messages afresh, so the ids seen from the last one are forgotten."""
        self.socket.close()
        self.socket = self._connected_socket()
        self.codec.seen.clear()

    def __enter__(self) -> "ControlClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.disconnect()

    # -- the wire ---------------------------------------------------------------------------
    def post(self, command: str, body: Optional[Mapping[str, Any]] = None) -> str:
        """Sends a request without waiting for its reply; returns its id (see `wait`).

        The send itself waits at most `timeout` seconds: a DEALER with no connection to send
        on (the daemon is not up, or refused this client's CURVE key and the connection is
        being made again) would otherwise block for ever."""
        message_id, frames = self.codec.encode(command, _without_none(body or {}))
        self.socket.setsockopt(zmq.SNDTIMEO, max(1, int(self.timeout * 1000)))
        try:
            self.socket.send_multipart(frames)
        except zmq.Again:
            raise TransportError(f"could not send {command} to {self.endpoint} within {self.timeout:g} s: no connection (is msghostd running, and does it know this client's key?)") from None
        return message_id

    def _next(self, deadline: Optional[float]) -> Optional[Envelope]:
        while True:
            if deadline is not None:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not self.socket.poll(max(1, int(remaining * 1000))):
                    return None
            frames = self.socket.recv_multipart()
            try:
                return self.codec.decode(frames)
            except Dropped:
                continue

    def wait(self, request_id: str, timeout: Optional[float] = None) -> Dict[str, Any]:
        """The fields of the ok reply to `request_id` (without `status`), or `ControlError` /
        `TransportError`."""
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        while True:
            envelope = self._next(deadline)
            if envelope is None:
                raise TransportError(f"no reply to request {request_id} from {self.endpoint} within {timeout:g} s (is msghostd running?)")
            if envelope.is_reply and envelope.reply_to == request_id:
                if envelope.body.get("status") == "ok":
                    return {key: value for key, value in envelope.body.items() if key != "status"}
                raise ControlError.from_reply(envelope.body)
            # a late answer to an earlier request, or an event of a subscription: not ours

    def request(self, command: str, body: Optional[Mapping[str, Any]] = None, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        """Sends any control command (the header `type`) and returns the ok reply's body."""
        return self.wait(self.post(command, body), timeout)

    # -- the daemon -------------------------------------------------------------------------
    def status(self, *, timeout: Optional[float] = None) -> StatusResult:
        """The daemon, its running extensions, its counters and quarantined apps."""
        return self.request("status", timeout=timeout)  # type: ignore[return-value]

    def world(self) -> WorldResult:
        """People, devices, conversations, apps and installs."""
        return self.request("world")  # type: ignore[return-value]

    def create_person(self, handle: str, name: str) -> Person:
        return self.request("createPerson", {"handle": handle, "name": name})["person"]  # type: ignore[no-any-return]

    def create_device(self, id: str, owner: str, platform: Optional[str] = None, model: Optional[str] = None) -> Device:
        """A device of `owner` (a handle); `platform`: ios17 (default), ios11, ios10, macos,
        watchos or legacy; `model`, which gives its apps their screen: iPhoneSE, iPhone14
        (default), iPhone15, iPhone15ProMax or iPad."""
        return self.request("createDevice", {"id": id, "owner": owner, "platform": platform, "model": model})["device"]  # type: ignore[no-any-return]

    def create_conversation(self, members: Sequence[str], id: Optional[str] = None) -> ConversationRecord:
        return self.request("createConversation", {"members": list(members), "id": id})["conversation"]  # type: ignore[no-any-return]

    def add_member(self, conversation: str, person: str) -> ConversationRecord:
        """`person` joins: their devices get what is sent from now on."""
        return self.request("addMember", {"conversation": conversation, "person": person})["conversation"]  # type: ignore[no-any-return]

    def remove_member(self, conversation: str, person: str) -> ConversationRecord:
        """`person` leaves: their devices keep what they had and get nothing more."""
        return self.request("removeMember", {"conversation": conversation, "person": person})["conversation"]  # type: ignore[no-any-return]

    def install_app(self, device: str, app: str) -> Install:
        """A new install (new participant identifiers)."""
        return self.request("installApp", {"device": device, "app": app})["install"]  # type: ignore[no-any-return]

    def uninstall_app(self, device: str, app: str) -> None:
        self.request("uninstallApp", {"device": device, "app": app})

    def participants(self, device: str, app: str) -> ParticipantsResult:
        """The identifier each person has as the install of `app` on `device` sees them."""
        return self.request("participants", {"device": device, "app": app})  # type: ignore[return-value]

    def identifier(self, device: str, app: str, person: str) -> Optional[str]:
        """The identifier `person` (a handle) has for the install of `app` on `device`."""
        for entry in self.participants(device, app)["participants"]:
            if entry["person"] == person:
                return entry["identifier"]
        return None

    # -- playing the user -------------------------------------------------------------------
    def open(self, device: str, conversation: str, app: str) -> OpenResult:
        """Opens `app` from the drawer (compact); replies once the callbacks were answered."""
        return self.request("open", {"device": device, "conversation": conversation, "app": app})  # type: ignore[return-value]

    def close(self, device: str) -> None:
        """Closes the app open on `device` (the resign callbacks, then the process is ended)."""
        self.request("close", {"device": device})

    def touch(self, device: str, payload: Any = None) -> None:
        """Touches the open app; `payload` (any JSON) reaches its `touch` callback."""
        body: Dict[str, Any] = {"device": device}
        if payload is not None:
            body["payload"] = payload
        self.request("touch", body)

    def view(self, device: str) -> ViewResult:
        """The view the app open on `device` set (`setView`), as the page draws it."""
        return self.request("view", {"device": device})  # type: ignore[return-value]

    def activate(self, device: str, button: str, fields: Optional[Mapping[str, str]] = None) -> None:
        """Activates a button of the open app's view: a user touch (it allows one direct send)
        whose `touch` callback carries the button's payload, `button` and every text field's
        text (`fields` gives what the user typed, by text field id)."""
        body: Dict[str, Any] = {"device": device, "button": button}
        if fields is not None:
            body["fields"] = dict(fields)
        self.request("activate", body)

    def tap_screen(self, device: str, x: float, y: float, long: bool = False, text: Optional[str] = None,
                   to: Optional[Tuple[float, float]] = None, steps: Optional[int] = None) -> None:
        """Taps the open app's own screen (a `screen` in its view, drawn from its UIKit views) at
        (`x`, `y`) points from its top left, or presses there (`long`), then types `text` into what
        the tap focused: a user touch (it allows one direct send) that the app's views answer.
        With `to` (a point `(x, y)`) the finger drags from (`x`, `y`) to it instead, through
        `steps` moves (1–100; the daemon's default is 10): still one user touch."""
        body: Dict[str, Any] = {"device": device, "x": x, "y": y}
        if long:
            body["long"] = True
        if text is not None:
            body["text"] = text
        if to is not None:
            body["to"] = {"x": to[0], "y": to[1]}
        if steps is not None:
            body["steps"] = steps
        self.request("tapScreen", body)

    def drag_screen(self, device: str, start: Tuple[float, float], end: Tuple[float, float], steps: Optional[int] = None) -> None:
        """Drags on the open app's own screen from `start` to `end` (points from its top left),
        as a piece is moved in a game: `tap_screen` with `to`."""
        self.tap_screen(device, start[0], start[1], to=end, steps=steps)

    def stickers(self, device: str) -> StickerDrawer:
        """Opens the sticker drawer over the app open on `device`: the daemon asks the app for
        its stickers and replies once it has checked them."""
        return self.request("stickers", {"device": device})  # type: ignore[return-value]

    def choose_sticker(self, device: str, sticker: int, onto: Optional[int] = None) -> Optional[str]:
        """Picks sticker `sticker` (an `index` from `stickers`): into the input field, or with
        `onto` (an entry id from `transcript`) peeled onto that bubble, which sends it; then
        the new message's id."""
        body: Dict[str, Any] = {"device": device, "sticker": sticker}
        if onto is not None:
            body["onto"] = onto
        result: Dict[str, Any] = self.request("chooseSticker", body)
        message_id = result.get("messageID")
        return message_id if isinstance(message_id, str) else None

    def tap(self, device: str, conversation: str, entry: int) -> TapResult:
        """Taps a bubble: `entry` is an entry id from `transcript` (its `entry` field)."""
        return self.request("tap", {"device": device, "conversation": conversation, "entry": entry})  # type: ignore[return-value]

    def chevron(self, device: str) -> OpenResult:
        """Toggles the open app between compact and expanded."""
        return self.request("chevron", {"device": device})  # type: ignore[return-value]

    def show(self, device: str, conversation: Optional[str] = None) -> None:
        """Shows a conversation on `device` (none: the conversation list)."""
        self.request("show", {"device": device, "conversation": conversation})

    def type_text(self, device: str, conversation: str, text: str) -> None:
        """Types into the input field (replacing the text there)."""
        self.request("typeText", {"device": device, "conversation": conversation, "text": text})

    def send(self, device: str, conversation: str) -> None:
        """Taps Send: what was staged and typed leaves the device."""
        self.request("send", {"device": device, "conversation": conversation})

    def cancel(self, device: str, conversation: str) -> None:
        """Deletes the staged item (its ×)."""
        self.request("cancel", {"device": device, "conversation": conversation})

    def input_field(self, device: str, conversation: str) -> InputFieldResult:
        return self.request("inputField", {"device": device, "conversation": conversation})  # type: ignore[return-value]

    # -- delivery and contacts --------------------------------------------------------------
    def delivery(self, device: str, latency_ms: Optional[int] = None, hold: Optional[bool] = None) -> None:
        """How messages reach `device` from now on: after `latency_ms`, or held until `release`."""
        self.request("delivery", {"device": device, "latencyMs": latency_ms, "hold": hold})

    def release(self, device: str, order: Optional[str] = None, messages: Optional[Sequence[str]] = None) -> List[str]:
        """Held messages arrive now, in `order` (`sent` or `reverse`) or as listed; returns
        the ids released."""
        reply = self.request("release", {"device": device, "order": order, "messages": list(messages) if messages is not None else None})
        return list(reply.get("released", []))

    def contact(self, device: str, person: str, name: Optional[str] = None) -> None:
        """The name `device`'s owner has for `person` (none: their display name)."""
        body: Dict[str, Any] = {"device": device, "person": person}
        if name is not None:
            body["name"] = name
        self.request("contact", body)

    def keep(self, device: str, conversation: str, entry: int) -> None:
        """Keeps an expiring message."""
        self.request("keep", {"device": device, "conversation": conversation, "entry": entry})

    # -- observing --------------------------------------------------------------------------
    def transcript(self, device: str, conversation: str, *, limit: Optional[int] = None, before: Optional[int] = None) -> List[TranscriptEntry]:
        """What `device` shows of `conversation`, oldest first: the newest `limit` entries
        (default 50, at most 1000) with an id below `before` (default: all)."""
        return list(self.transcript_page(device, conversation, limit=limit, before=before)["entries"])

    def transcript_page(self, device: str, conversation: str, *, limit: Optional[int] = None, before: Optional[int] = None) -> TranscriptPage:
        """`transcript` with `more` and `olderCount`, to page back: pass the first entry's
        `entry` as `before` while `more` is true."""
        body = {"device": device, "conversation": conversation, "limit": limit, "before": before}
        return self.request("transcript", body)  # type: ignore[return-value]

    def events(self, after: Optional[int] = None, *, kind: Optional[str] = None) -> List[Event]:
        """The daemon's recent events, oldest first (only those of `kind` if given)."""
        events: List[Event] = list(self.events_page(after)["events"])
        return [event for event in events if event.get("kind") == kind] if kind else events

    def events_page(self, after: Optional[int] = None) -> EventsResult:
        """`events` with its `next` sequence number, to pass as `after` next time."""
        return self.request("events", {"after": after})  # type: ignore[return-value]

    def subscribe(self, after: Optional[int] = None, *, timeout: Optional[float] = None) -> Generator[Event, None, None]:
        """Streams events as the daemon pushes them (after `after`, default: only new ones),
        until the iterator is closed or, with `timeout`, no event came for that long.
        The client must not make other requests while the iterator is in use."""
        yield from self._stream("subscribe", {"after": after}, "event", timeout)

    follow = subscribe

    def wire_tap(self, *, timeout: Optional[float] = None) -> Generator[Frame, None, None]:
        """Streams every message between the daemon and its extensions as the daemon pushes
        it (`wireTap`, PROTOCOL.md §7.1), until the iterator is closed or, with `timeout`, no
        frame came for that long. The client must not make other requests meanwhile."""
        yield from self._stream("wireTap", {}, "frame", timeout)

    def _stream(self, command: str, body: Mapping[str, Any], push_type: str, timeout: Optional[float]) -> Generator[Any, None, None]:
        request_id = self.post(command, body)
        self.wait(request_id)
        deadline_for = (lambda: time.monotonic() + timeout) if timeout is not None else (lambda: None)
        while True:
            envelope = self._next(deadline_for())
            if envelope is None:
                return
            if envelope.type == push_type and envelope.reply_to == request_id:
                yield envelope.body

    def metrics(self) -> str:
        """The daemon's metrics in Prometheus text format 0.0.4 (PROTOCOL.md §7.1)."""
        return str(self.request("metrics")["text"])

    def file(self, url: str) -> bytes:
        """The bytes of a file in the daemon's store, by the file:// URL it gave out."""
        return base64.b64decode(self.request("file", {"url": url})["data"], validate=True)

    def held(self, device: str) -> List[HeldMessage]:
        """The messages held for `device`, in arrival order (the ids `release` takes)."""
        return list(self.request("held", {"device": device})["messages"])

    def settle(self, *, timeout: Optional[float] = None) -> int:
        """Waits until nothing is in flight (callbacks, launches, deliveries, exits); returns
        the daemon's time."""
        return int(self.request("settle", timeout=timeout)["now"])

    def advance_clock(self, milliseconds: int) -> int:
        """Moves a `--clock manual` daemon's clock; what falls due fires before it returns."""
        return int(self.request("advanceClock", {"milliseconds": int(milliseconds)})["now"])

    def reset(self, device: str, app: str) -> None:
        """Lifts the quarantine of `app` on `device`."""
        self.request("reset", {"device": device, "app": app})

    def memory_pressure(self, device: str, app: str, level: str) -> None:
        """The device runs short of memory for `app`'s running extension: `warning` sends it
        `didReceiveMemoryWarning`, `critical` ends it at once (reason `memoryPressure`)."""
        self.request("memoryPressure", {"device": device, "app": app, "level": level})

    # -- the parent app and its compose sheet (PROTOCOL.md §4.10) ---------------------------
    def open_parent_app(self, device: str, app: str) -> str:
        """Brings `app`'s parent app to the foreground of `device`; returns its instance."""
        return str(self.request("openParentApp", {"device": device, "app": app})["instance"])

    def close_parent_app(self, device: str) -> None:
        """Closes the parent app in the foreground of `device` (a sheet it had up is cancelled)."""
        self.request("closeParentApp", {"device": device})

    def compose_sheet(self, device: str) -> Dict[str, Any]:
        """The parent app in the foreground of `device` and its compose sheet (`parentApp`, `sheet`)."""
        return self.request("composeSheet", {"device": device})

    def compose(self, device: str, action: str) -> Dict[str, Any]:
        """Taps Send (`action` "send") or Cancel ("cancel") on the sheet; returns `result`
        ("sent", "cancelled", "failed"), `conversation` and `reason`."""
        return self.request("compose", {"device": device, "action": action})
