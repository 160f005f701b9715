"""What your extension shows (PROTOCOL.md §4.9): on Linux there is no UIKit, so you describe
your view with these values and `Extension.set_view`; msghost-web draws it and
`msghostctl view` prints it. Activating a `Button` is a user touch: your `touched` gets the
button's payload, its id and the value of every input (and may send once): a `TextField`'s
text, a `Choice`'s option id, a `Toggle`'s "true"/"false", a `DatePicker`'s date as
YYYY-MM-DD (a time HH:MM, both YYYY-MM-DDTHH:MM). A `StickerView` shows a sticker the person
can tap into the input field or peel onto a bubble.

    self.set_view(
        Text("Build an ice cream", style="title"),
        Row(Button("cone", "Cone", payload={"base": "cone"}), Button("cup", "Cup", payload={"base": "cup"})),
        TextField("note", placeholder="A note"),
        Choice("size", [("s", "Small"), ("l", "Large")], selected="s"),
        Toggle("gift", "Gift wrap"),
        DatePicker("day", title="Deliver on", minimum="2026-12-01"),
    )

The daemon checks the limits (256 elements in all, rows 4 deep, unique ids of 1–128
characters, texts of at most 4,096 characters, images 1–4,096 points a side) and refuses a
view that breaks one: `set_view` raises `MessagesError` (domain msghost.protocol,
`invalidBody`) naming the element, e.g. `view.elements[1].elements[0].id`.
"""
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union
from urllib.parse import unquote, urlparse

from .values import Sticker

__all__ = ["Text", "Image", "Button", "TextField", "Row", "Choice", "Toggle", "DatePicker", "StickerView", "Element",
           "TEXT_STYLES", "CHOICE_STYLES", "DATE_MODES"]

#: the styles a `Text` may have; the daemon draws `body` when none is given.
TEXT_STYLES = ("title", "headline", "body", "caption")

#: how a `Choice` is drawn: segments side by side (UISegmentedControl) or a list (UIPickerView).
CHOICE_STYLES = ("segmented", "picker")

#: what a `DatePicker` picks (UIDatePicker.Mode), and the format of its values.
DATE_MODES = {"date": "YYYY-MM-DD", "time": "HH:MM", "dateAndTime": "YYYY-MM-DDTHH:MM"}

_UNSET: Any = object()


class _Frames:
    """What a view carries besides its JSON: image bytes (binary frames) and the stickers its
    `StickerView`s show, by the index the wire names them with."""

    def __init__(self) -> None:
        self.buffers: List[bytes] = []
        self.stickers: List[Sticker] = []

    def append(self, data: bytes) -> int:
        self.buffers.append(data)
        return len(self.buffers) - 1


@dataclass(frozen=True)
class Text:
    """A line or paragraph of text; `style` is one of `TEXT_STYLES` (default: body)."""

    text: str
    style: Optional[str] = None

    def to_wire(self, frames: _Frames) -> Dict[str, Any]:
        if self.style is not None and self.style not in TEXT_STYLES:
            raise ValueError(f"Text style must be one of {', '.join(TEXT_STYLES)}, not {self.style!r}")
        wire: Dict[str, Any] = {"type": "text", "text": self.text}
        if self.style is not None:
            wire["style"] = self.style
        return wire


@dataclass(frozen=True)
class Image:
    """An image: bytes, or the path of an image file (read when the view is set). The daemon
    checks it as it checks a layout image and keeps its own copy. `width`/`height` are the
    size to draw it at, in points (optional)."""

    image: Union[bytes, "os.PathLike[str]", str]
    accessibility_label: Optional[str] = None
    width: Optional[int] = None
    height: Optional[int] = None

    def to_wire(self, frames: _Frames) -> Dict[str, Any]:
        image = self.image
        data = bytes(image) if isinstance(image, (bytes, bytearray, memoryview)) else Path(os.fspath(image)).read_bytes()
        wire: Dict[str, Any] = {"type": "image", "image": {"frame": frames.append(data)}}
        for key, value in (("accessibilityLabel", self.accessibility_label), ("width", self.width), ("height", self.height)):
            if value is not None:
                wire[key] = value
        return wire


@dataclass(frozen=True)
class Button:
    """A button the user can activate (control `activate`, msghost-web). `payload` (any JSON)
    is what `touched` receives; a disabled button cannot be activated."""

    id: str
    title: str
    payload: Any = _UNSET
    enabled: bool = True

    def to_wire(self, frames: _Frames) -> Dict[str, Any]:
        wire: Dict[str, Any] = {"type": "button", "id": self.id, "title": self.title}
        if self.payload is not _UNSET:
            wire["payload"] = self.payload
        if not self.enabled:
            wire["enabled"] = False
        return wire


@dataclass(frozen=True)
class TextField:
    """A text field; what the user types reaches `touched` as `fields[id]` when a button is
    activated (else `text`, else "")."""

    id: str
    placeholder: Optional[str] = None
    text: Optional[str] = None

    def to_wire(self, frames: _Frames) -> Dict[str, Any]:
        wire: Dict[str, Any] = {"type": "textField", "id": self.id}
        if self.placeholder is not None:
            wire["placeholder"] = self.placeholder
        if self.text is not None:
            wire["text"] = self.text
        return wire


@dataclass(frozen=True, init=False)
class Row:
    """Elements laid out horizontally: `Row(Button(...), Button(...))`."""

    elements: Tuple["Element", ...] = field(default=())

    def __init__(self, *elements: "Element") -> None:
        object.__setattr__(self, "elements", tuple(elements))

    def to_wire(self, frames: _Frames) -> Dict[str, Any]:
        return {"type": "row", "elements": [element.to_wire(frames) for element in self.elements]}


@dataclass(frozen=True)
class Choice:
    """One of `options` (UISegmentedControl, or UIPickerView with `style="picker"`): each an
    id, or an (id, title) pair. The chosen option's id reaches `touched` as `fields[id]` ("" when
    none is chosen)."""

    id: str
    options: Sequence[Union[str, Tuple[str, str]]]
    selected: Optional[str] = None
    style: str = "segmented"

    def to_wire(self, frames: _Frames) -> Dict[str, Any]:
        if self.style not in CHOICE_STYLES:
            raise ValueError(f"Choice style must be one of {', '.join(CHOICE_STYLES)}, not {self.style!r}")
        options = [{"id": o, "title": o} if isinstance(o, str) else {"id": o[0], "title": o[1]} for o in self.options]
        wire: Dict[str, Any] = {"type": "choice", "id": self.id, "options": options}
        if self.selected is not None:
            wire["selected"] = self.selected
        if self.style != "segmented":
            wire["style"] = self.style
        return wire


@dataclass(frozen=True)
class Toggle:
    """A switch with its label (UISwitch); `touched` gets `fields[id]` "true" or "false"."""

    id: str
    title: str
    on: bool = False

    def to_wire(self, frames: _Frames) -> Dict[str, Any]:
        return {"type": "toggle", "id": self.id, "title": self.title, "on": self.on}


@dataclass(frozen=True)
class DatePicker:
    """A date, a time or both (UIDatePicker; `mode` one of `DATE_MODES`), as wall-clock strings
    in the mode's format: `value` shown first, `minimum`/`maximum` the range. `touched` gets
    `fields[id]` in that format ("" when nothing is picked)."""

    id: str
    title: Optional[str] = None
    mode: str = "date"
    value: Optional[str] = None
    minimum: Optional[str] = None
    maximum: Optional[str] = None

    def to_wire(self, frames: _Frames) -> Dict[str, Any]:
        if self.mode not in DATE_MODES:
            raise ValueError(f"DatePicker mode must be one of {', '.join(DATE_MODES)}, not {self.mode!r}")
        wire: Dict[str, Any] = {"type": "date", "id": self.id}
        for key, value in (("title", self.title), ("value", self.value), ("minimum", self.minimum), ("maximum", self.maximum)):
            if value is not None:
                wire[key] = value
        if self.mode != "date":
            wire["mode"] = self.mode
        return wire


@dataclass(frozen=True)
class StickerView:
    """A sticker in your own screen (MSStickerView), `side` points square: the person can tap
    it into the input field or peel it onto a bubble, which the daemon does without telling
    you. Unless you override `stickers`, your app offers the stickers of its view when asked."""

    sticker: Sticker
    side: int = 136

    def to_wire(self, frames: _Frames) -> Dict[str, Any]:
        data = Path(unquote(urlparse(self.sticker.url).path)).read_bytes()
        frames.stickers.append(self.sticker)
        return {"type": "sticker", "image": {"frame": frames.append(data)}, "sticker": len(frames.stickers) - 1,
                "accessibilityLabel": self.sticker.localized_description, "width": self.side, "height": self.side}


Element = Union[Text, Image, Button, TextField, Row, Choice, Toggle, DatePicker, StickerView]


def view_to_wire(elements: Tuple[Element, ...]) -> Tuple[Dict[str, Any], List[bytes], List[Sticker]]:
    """The `view` of a `setView` body, its binary frames (the images' bytes, in order) and the
    stickers of its `StickerView`s (by the index the wire gives them)."""
    frames = _Frames()
    for element in elements:
        if not hasattr(element, "to_wire"):
            raise TypeError(f"a view element must be Text, Image, Button, TextField, Row, Choice, Toggle, DatePicker or StickerView, not {element!r}")
    return {"elements": [element.to_wire(frames) for element in elements]}, frames.buffers, frames.stickers
