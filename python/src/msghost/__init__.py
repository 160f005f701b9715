"""msghost for Python: write iMessage-app extensions that run under msghostd, drive the
daemon, and test them with pytest.

- `Extension`, `run`: your app (`MSMessagesAppViewController` with Pythonic names);
- `ParentApp`, `run_parent_app`, `MessageComposeViewController`, `MessageComposeResult`: its
  containing app, which sends the app's balloons from a compose sheet (PROTOCOL.md §4.10);
- `Text`, `Image`, `Button`, `TextField`, `Row`: what your app shows (`Extension.set_view`);
- `Message`, `Session`, `TemplateLayout`, `LiveLayout`, `Sticker`, `Conversation`, `Size`,
  `PresentationStyle`, `PresentationContext`: Messages.framework's values;
- `MessagesError`, `MessageErrorCode`: what the daemon refuses, with Apple's codes;
- `msghost.control.ControlClient`: the control API (what `msghostctl` does);
- `msghost.testing` and the pytest fixture `msghost_daemon`: a real daemon per test;
- `msghost.envelope`: the wire (frames, signatures, what to drop).
- `msghost.curve`: CURVE keys for a tcp endpoint (`keypair()`, `CurveKeys`).
- `PROTOCOL_VERSION`, `__version__`: the protocol this SDK speaks, and the package version
  derived from it (its major number is the protocol's).

The protocol is docs/PROTOCOL.md in the msghost repository.
"""
from ._version import PROTOCOL_VERSION
from ._version import __version__ as __version__
from .errors import (
    CONTROL_ERROR_DOMAIN,
    HOST_ERROR_DOMAIN,
    MESSAGES_ERROR_DOMAIN,
    PROTOCOL_ERROR_DOMAIN,
    STICKERS_ERROR_DOMAIN,
    ControlError,
    ControlErrorCode,
    HostErrorCode,
    MessageErrorCode,
    MessagesError,
    ProtocolErrorCode,
    StickersErrorCode,
    TransportError,
    WireError,
)
from .extension import Extension, HelloRefused, Runtime, run
from .parent_app import MessageComposeResult, MessageComposeViewController, ParentApp, run_parent_app
from .view import Button, Choice, DatePicker, Image, Row, StickerView, Text, TextField, Toggle
from .values import (
    Conversation,
    LiveLayout,
    Message,
    PresentationContext,
    PresentationStyle,
    Session,
    Size,
    Sticker,
    TemplateLayout,
)


__all__ = [
    "Extension",
    "run",
    "Runtime",
    "HelloRefused",
    "Text",
    "Image",
    "Button",
    "TextField",
    "Choice",
    "Toggle",
    "DatePicker",
    "StickerView",
    "Row",
    "Conversation",
    "Message",
    "Session",
    "TemplateLayout",
    "LiveLayout",
    "Sticker",
    "Size",
    "PresentationStyle",
    "PresentationContext",
    "MessagesError",
    "MessageErrorCode",
    "StickersErrorCode",
    "ProtocolErrorCode",
    "ControlError",
    "ControlErrorCode",
    "HostErrorCode",
    "TransportError",
    "WireError",
    "MESSAGES_ERROR_DOMAIN",
    "STICKERS_ERROR_DOMAIN",
    "PROTOCOL_ERROR_DOMAIN",
    "CONTROL_ERROR_DOMAIN",
    "HOST_ERROR_DOMAIN",
    "PROTOCOL_VERSION",
    "ParentApp",
    "MessageComposeViewController",
    "MessageComposeResult",
    "run_parent_app",
]
