"""msghost.assertions: a failure names the entry, the field and both values."""
from __future__ import annotations

import pytest

from msghost.assertions import assert_entries, assert_field

SCOOP = {"kind": "message", "from": "Kate Bell", "caption": "One scoop"}


def test_equal_entries_pass():
    assert_entries([dict(SCOOP)], [dict(SCOOP)], "kate-iphone in kate-john")
    assert_field({"text": "", "staged": None}, "", None, "kate-iphone in kate-john")


def test_a_differing_caption_is_named_with_both_values():
    with pytest.raises(AssertionError) as failure:
        assert_entries([{**SCOOP, "caption": "Two scoops"}], [SCOOP], "kate-iphone in kate-john")
    assert str(failure.value) == "kate-iphone in kate-john, entry 1 of 1: 'caption' is 'Two scoops', expected 'One scoop'"


def test_a_missing_field_an_extra_field_and_a_missing_entry():
    with pytest.raises(AssertionError) as failure:
        assert_entries([{"kind": "message", "from": "Kate Bell", "rendering": "live"}], [SCOOP, SCOOP], "john-iphone in kate-john")
    lines = str(failure.value).splitlines()
    assert lines[0] == "john-iphone in kate-john: 1 entries shown, expected 2"
    assert "john-iphone in kate-john, entry 1 of 2: 'caption' is (absent), expected 'One scoop'" in lines
    assert "john-iphone in kate-john, entry 1 of 2: 'rendering' is 'live', expected (absent)" in lines
    assert lines[-1].startswith("john-iphone in kate-john, entry 2 of 2: missing, expected {'kind': 'message'")


def test_an_extra_entry_is_shown_whole():
    with pytest.raises(AssertionError) as failure:
        assert_entries([SCOOP, {"kind": "text", "from": "John", "text": "hi"}], [SCOOP], "kate-iphone in kate-john")
    assert "kate-iphone in kate-john, extra entry 2: {'kind': 'text', 'from': 'John', 'text': 'hi'}" in str(failure.value)


def test_the_input_field_text_and_staged_item():
    with pytest.raises(AssertionError) as failure:
        assert_field({"text": "hey", "staged": {**SCOOP, "caption": "Two"}}, "", SCOOP, "kate-iphone in kate-john")
    assert str(failure.value).splitlines() == [
        "kate-iphone in kate-john, input field: text is 'hey', expected ''",
        "kate-iphone in kate-john, staged item: 'caption' is 'Two', expected 'One scoop'",
    ]
    with pytest.raises(AssertionError, match="staged is None, expected"):
        assert_field({"text": "", "staged": None}, "", SCOOP, "kate-iphone in kate-john")
