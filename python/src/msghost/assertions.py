"""Assertions on what a device shows that name what differs: the entry, the field and both
values, in pytest's default output (no `-vv` needed).

`msghostctl export-test --python` writes its checks with these. An `assert a == b` of two
lists of dicts is shortened by pytest to `{'text': '', ...mplate', ...}} == {...}` unless run
with `-vv`, which hides the one caption that changed; these raise an `AssertionError` whose
message is every difference, one a line:

    kate-iphone in kate-john, entry 2 of 3: 'caption' is 'Two scoops', expected 'One scoop'
"""
from __future__ import annotations

from typing import Any, List, Mapping, Optional, Sequence

__all__ = ["assert_entries", "assert_field", "differences"]

_MISSING = object()


def _shown(value: Any) -> str:
    return "(absent)" if value is _MISSING else repr(value)


def differences(actual: Mapping[str, Any], expected: Mapping[str, Any], where: str) -> List[str]:
    """Each key whose value differs between `actual` and `expected` (a key one lacks, too),
    as `where: 'key' is ACTUAL, expected EXPECTED`, in the expected dict's order, then the
    extra keys of `actual`."""
    keys = list(expected) + [key for key in actual if key not in expected]
    lines = []
    for key in keys:
        have, want = actual.get(key, _MISSING), expected.get(key, _MISSING)
        if have != want:
            lines.append(f"{where}: {key!r} is {_shown(have)}, expected {_shown(want)}")
    return lines


def assert_entries(actual: Sequence[Mapping[str, Any]], expected: Sequence[Mapping[str, Any]], where: str) -> None:
    """`actual` (entries as drawn, oldest first) is `expected`, field by field. A missing or
    an extra entry is named with its index and its fields."""
    lines: List[str] = []
    if len(actual) != len(expected):
        lines.append(f"{where}: {len(actual)} entries shown, expected {len(expected)}")
    for index in range(max(len(actual), len(expected))):
        place = f"{where}, entry {index + 1} of {len(expected)}"
        if index >= len(actual):
            lines.append(f"{place}: missing, expected {dict(expected[index])!r}")
        elif index >= len(expected):
            lines.append(f"{where}, extra entry {index + 1}: {dict(actual[index])!r}")
        else:
            lines += differences(actual[index], expected[index], place)
    if lines:
        raise AssertionError("\n".join(lines))


def assert_field(actual: Mapping[str, Any], text: str, staged: Optional[Mapping[str, Any]], where: str) -> None:
    """A device's input field (`{"text": …, "staged": entry or None}`) holds `text` and
    `staged`, field by field."""
    lines: List[str] = []
    if actual.get("text") != text:
        lines.append(f"{where}, input field: text is {actual.get('text')!r}, expected {text!r}")
    have = actual.get("staged")
    if (have is None) != (staged is None):
        lines.append(f"{where}, input field: staged is {have!r}, expected {staged!r}")
    elif have is not None and staged is not None:
        lines += differences(have, staged, f"{where}, staged item")
    if lines:
        raise AssertionError("\n".join(lines))
