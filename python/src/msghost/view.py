"""What your extension shows (PROTOCOL.md §4.9): on Linux there is no UIKit, so you describe
your view with these values and `Extension.set_view`; msghost-web draws it and
`msghostctl view` prints it. Activating a `Button` is a user touch: your `touched` gets the
button's payload, its id and the text of every `TextField` (and may send once).

    self.set_view(
        Text("Build an ice cream", style="title"),
        Row(Button("cone", "Cone", payload={"base": "cone"}), Button("cup", "Cup", payload={"base": "cup"})),
        TextField("note", placeholder="A note"),
    )

The daemon checks the limits (256 elements in all, rows 4 deep, unique ids of 1–128
characters, texts of at most 4,096 characters, images 1–4,096 points a side) and refuses a
view that breaks one: `set_view` raises `MessagesError` (domain msghost.protocol,
`invalidBody`) naming the element, e.g. `view.elements[1].elements[0].id`.
"""
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple, Union

__all__ = ["Text", "Image", "Button", "TextField", "Row", "Element", "TEXT_STYLES"]

#: the styles a `Text` may have; the daemon draws `body` when none is given.
TEXT_STYLES = ("title", "headline", "body", "caption")

_UNSET: Any = object()


@dataclass(frozen=True)
class Text:
    """A line or paragraph of text; `style` is one of `TEXT_STYLES` (default: body)."""

    text: str
    style: Optional[str] = None

    def to_wire(self, buffers: List[bytes]) -> Dict[str, Any]:
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

    def to_wire(self, buffers: List[bytes]) -> Dict[str, Any]:
        image = self.image
        data = bytes(image) if isinstance(image, (bytes, bytearray, memoryview)) else Path(os.fspath(image)).read_bytes()
        wire: Dict[str, Any] = {"type": "image", "image": {"frame": len(buffers)}}
        buffers.append(data)
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

    def to_wire(self, buffers: List[bytes]) -> Dict[str, Any]:
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

    def to_wire(self, buffers: List[bytes]) -> Dict[str, Any]:
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

    def to_wire(self, buffers: List[bytes]) -> Dict[str, Any]:
        return {"type": "row", "elements": [element.to_wire(buffers) for element in self.elements]}


Element = Union[Text, Image, Button, TextField, Row]


def view_to_wire(elements: Tuple[Element, ...]) -> Tuple[Dict[str, Any], List[bytes]]:
    """The `view` of a `setView` body and its binary frames (the images' bytes, in order)."""
    buffers: List[bytes] = []
    for element in elements:
        if not hasattr(element, "to_wire"):
            raise TypeError(f"a view element must be Text, Image, Button, TextField or Row, not {element!r}")
    return {"elements": [element.to_wire(buffers) for element in elements]}, buffers
