"""The bodies `ControlClient`'s user actions send (PROTOCOL.md §7), without a daemon: a tap on
the app's screen, and a drag, which is `tapScreen` with `to` and `steps`."""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Tuple

from msghost.control import ControlClient


def recording_client() -> Tuple[ControlClient, List[Tuple[str, Dict[str, Any]]]]:
    """A client that records what it would send instead of sending it."""
    client = ControlClient.__new__(ControlClient)
    sent: List[Tuple[str, Dict[str, Any]]] = []

    def request(command: str, body: Optional[Mapping[str, Any]] = None, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        sent.append((command, dict(body or {})))
        return {}

    client.request = request  # type: ignore[method-assign]
    return client, sent


def test_a_tap_carries_only_what_it_was_given() -> None:
    client, sent = recording_client()
    client.tap_screen("kate-iphone", 10, 20.5)
    client.tap_screen("kate-iphone", 1, 2, long=True, text="hi\n")
    assert sent == [("tapScreen", {"device": "kate-iphone", "x": 10, "y": 20.5}),
                    ("tapScreen", {"device": "kate-iphone", "x": 1, "y": 2, "long": True, "text": "hi\n"})]


def test_a_drag_is_tap_screen_with_to_and_its_steps() -> None:
    client, sent = recording_client()
    client.drag_screen("kate-iphone", (10, 20), (300, 250.5))
    client.drag_screen("kate-iphone", (10, 20), (30, 40), steps=3)
    client.tap_screen("kate-iphone", 5, 6, to=(7, 8))
    assert sent == [
        ("tapScreen", {"device": "kate-iphone", "x": 10, "y": 20, "to": {"x": 300, "y": 250.5}}),
        ("tapScreen", {"device": "kate-iphone", "x": 10, "y": 20, "to": {"x": 30, "y": 40}, "steps": 3}),
        ("tapScreen", {"device": "kate-iphone", "x": 5, "y": 6, "to": {"x": 7, "y": 8}}),
    ]
