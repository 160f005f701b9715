"""The parent app: an iMessage app's containing app, which sends the app's balloons from a
compose sheet (`MFMessageComposeViewController`, WWDC 2017; docs/PROTOCOL.md §4.10).

    import msghost

    class Shop(msghost.ParentApp):
        def touched(self, payload):
            self.present(msghost.MessageComposeViewController(
                recipients=["ben@example.com"], body="Join me",
                message=msghost.Message(layout=msghost.TemplateLayout(caption="Vanilla"))))

        def message_compose_did_finish(self, controller, result):
            print("the user", result.name.lower(), "the sheet")

    if __name__ == "__main__":
        msghost.run_parent_app(Shop)

msghostd starts it (the manifest's `parentApp`, with `MSGHOST_ROLE=parentApp`) when the user
opens it on a device; only the user sends or cancels the sheet (control `compose`).
"""
from __future__ import annotations

import enum
import logging
import os
import traceback
from typing import Any, Dict, List, Mapping, Optional, Protocol, Sequence, Type

from ._version import PROTOCOL_VERSION
from .extension import Extension, Runtime, _configure_logging, _curve_arguments, _hello_and_serve
from .values import Message

__all__ = ["ParentApp", "MessageComposeViewController", "MessageComposeResult", "MessageComposeDelegate", "run_parent_app"]

log = logging.getLogger("msghost")


class MessageComposeResult(enum.IntEnum):
    """MessageUI's `MessageComposeResult`, with Apple's raw values."""
    CANCELLED = 0
    SENT = 1
    FAILED = 2


class MessageComposeDelegate(Protocol):
    """`MFMessageComposeViewControllerDelegate`."""
    def message_compose_did_finish(self, controller: "MessageComposeViewController", result: MessageComposeResult) -> None: ...


class MessageComposeViewController:
    """`MFMessageComposeViewController`: the sheet's recipients (handles, as the user would type
    them), its text and its `message` (the app's `MSMessage`, template or live layout)."""

    def __init__(self, recipients: Optional[Sequence[str]] = None, body: Optional[str] = None, message: Optional[Message] = None,
                 delegate: Optional[MessageComposeDelegate] = None) -> None:
        self.recipients: List[str] = list(recipients or [])
        self.body = body
        self.message = message
        #: who hears how the sheet finished; default: the `ParentApp` that presents it
        self.message_compose_delegate = delegate

    @staticmethod
    def can_send_text() -> bool:
        """Always: a parent app runs only on a device whose Messages can send."""
        return True

    @staticmethod
    def can_send_attachments() -> bool:
        return True

    def to_wire(self, instance: str, buffers: List[bytes]) -> Dict[str, Any]:
        return {"instance": instance, "recipients": self.recipients, "body": self.body,
                "message": self.message.to_wire(buffers) if self.message is not None else None}


class ParentApp:
    """Subclass it and override what you need; `run_parent_app` makes one object per process."""

    _runtime: "_ParentAppRuntime"
    _instance: str = ""
    _presented: Optional[MessageComposeViewController] = None

    def application_did_become_active(self) -> None:
        """The user opened the app (control `openParentApp`)."""

    def application_will_resign_active(self) -> None:
        """The user closed it; the process ends soon after."""

    def touched(self, payload: Any) -> None:
        """The user touched the app (control `touch` while it is in the foreground)."""

    def message_compose_did_finish(self, controller: MessageComposeViewController, result: MessageComposeResult) -> None:
        """`messageComposeViewController(_:didFinishWith:)`, for sheets without a delegate."""

    def did_receive_memory_warning(self) -> None:
        pass

    def open_url(self, url: Optional[str], message: Message) -> None:
        """`application(_:open:options:)`: the user tapped a received bubble of the app and its
        manifest opens messages in the parent app (`parentApp.opensMessages`); `message` is as
        this install sees it."""

    def will_terminate(self, reason: str) -> None:
        pass

    def present(self, controller: MessageComposeViewController) -> None:
        """Presents the sheet; raises `MessagesError` if the daemon refuses it (`msghost.compose`
        `composeAlreadyPresented` 1 or `notInForeground` 2, or a bad message)."""
        buffers: List[bytes] = []
        body = controller.to_wire(self._instance, buffers)
        self._runtime.request("presentMessageCompose", body, buffers)
        self._presented = controller

    def _finished(self, result: MessageComposeResult) -> None:
        controller, self._presented = self._presented, None
        if controller is None:
            return
        delegate = controller.message_compose_delegate or self
        delegate.message_compose_did_finish(controller, result)


class _ParentAppRuntime(Runtime):
    """A `Runtime` that serves one `ParentApp` object instead of extension instances."""

    def __init__(self, parent_class: Type[ParentApp], **kwargs: Any) -> None:
        if not (isinstance(parent_class, type) and issubclass(parent_class, ParentApp)):
            raise TypeError(f"run_parent_app() wants a subclass of msghost.ParentApp, not {parent_class!r}")
        super().__init__(Extension, **kwargs)
        self.parent = parent_class()
        self.parent._runtime = self

    def handle(self, envelope: Any) -> bool:
        kind, body = envelope.type, envelope.body
        try:
            instance = body.get("instance")
            if isinstance(instance, str) and instance:
                self.parent._instance = instance
            if kind == "terminate":
                self.parent.will_terminate(str(body.get("reason", "")))
            elif kind == "applicationDidBecomeActive":
                self.parent.application_did_become_active()
            elif kind == "applicationWillResignActive":
                self.parent.application_will_resign_active()
            elif kind == "touch":
                self.parent.touched(body.get("payload"))
            elif kind == "messageComposeDidFinish":
                raw = body.get("result")
                names = {result.name.lower(): result for result in MessageComposeResult}
                if isinstance(raw, str) and raw in names:
                    self.parent._finished(names[raw])
                else:
                    log.warning("messageComposeDidFinish with an unknown result %r; acknowledged without calling the app", raw)
            elif kind == "didReceiveMemoryWarning":
                self.parent.did_receive_memory_warning()
            elif kind == "openURL":
                url, message = body.get("url"), body.get("message")
                self.parent.open_url(url if isinstance(url, str) else None, Message.from_wire(message if isinstance(message, Mapping) else {}))
            # Any other type: acknowledged (§6).
        except Exception:
            log.error("%s raised in %s:\n%s", type(self.parent).__name__, kind, traceback.format_exc().rstrip())
        self._send("reply", {"status": "ok"}, reply_to=envelope.id)
        return bool(kind == "terminate")


def run_parent_app(parent_class: Type[ParentApp], *, endpoint: Optional[str] = None, token: Optional[str] = None,
                   app: Optional[str] = None, server_key: Optional[str] = None, secret_key: Optional[str] = None) -> int:
    """Connects `parent_class` to msghostd and serves it until the daemon says terminate;
    returns 0 then. Everything comes from the launch environment, as for `msghost.run`."""
    _configure_logging()
    environment: Mapping[str, str] = os.environ
    missing = [name for name, value in (("MSGHOST_ENDPOINT", endpoint), ("MSGHOST_TOKEN", token), ("MSGHOST_APP", app))
               if value is None and not environment.get(name)]
    if missing:
        raise SystemExit(f"msghost: {', '.join(missing)} not set: a parent app is started by msghostd (docs/PROTOCOL.md §4.10)")
    runtime = _ParentAppRuntime(
        parent_class,
        endpoint=endpoint or environment["MSGHOST_ENDPOINT"],
        token=token or environment["MSGHOST_TOKEN"],
        app=app or environment["MSGHOST_APP"],
        protocol=PROTOCOL_VERSION,
        **_curve_arguments(server_key, secret_key, environment),
    )
    return _hello_and_serve(runtime)
