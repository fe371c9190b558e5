"""Numbers from outside are read within bounds, and bad values are quoted short."""

from __future__ import annotations

import pytest
from long_input import LONG, short_id

from tictactoe_tui.engine import NotationError
from tictactoe_tui.engine.errors import NumberTooLongError
from tictactoe_tui.engine.rules.inputs import MAX_DIGITS, SHOWN_CHARS, parse_int, quote, shorten


@pytest.mark.parametrize(
    ("text", "value"),
    [("0", 0), ("7", 7), (" -12 ", -12), ("+3", 3), ("0007", 7), ("9" * MAX_DIGITS, int("9" * MAX_DIGITS)),
     ("0" * 5000 + "42", 42), ("-" + "0" * 5000, 0)],
    ids=short_id,
)
def test_whole_numbers_are_read_as_int_reads_them(text: str, value: int) -> None:
    assert parse_int(text) == value


@pytest.mark.parametrize("text", ["1" + "0" * MAX_DIGITS, LONG, "-" + LONG, f" {LONG} "], ids=short_id)
def test_longer_numbers_are_refused_before_conversion(text: str) -> None:
    with pytest.raises(NumberTooLongError) as refused:
        parse_int(text)
    message = str(refused.value)
    assert "out of range" in message
    assert len(message) < 100
    assert isinstance(refused.value, NotationError) and isinstance(refused.value, ValueError)


@pytest.mark.parametrize("text", ["", " ", "x", "1.5", "1_000", "--1", "1 2", "²"])
def test_text_that_is_no_whole_number_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as refused:
        parse_int(text)
    assert not isinstance(refused.value, NumberTooLongError)
    assert "is not a whole number" in str(refused.value)


def test_a_long_value_not_a_number_is_quoted_short() -> None:
    with pytest.raises(NotationError) as refused:
        parse_int("x" * 10_000)
    assert len(str(refused.value)) < 100


def test_short_text_is_left_whole_and_long_text_ends_in_an_ellipsis() -> None:
    assert shorten("a1 b2") == "a1 b2"
    assert shorten("x" * SHOWN_CHARS) == "x" * SHOWN_CHARS
    long = "0123456789" * 500
    shortened = shorten(long)
    assert len(shortened) == SHOWN_CHARS
    assert shortened.endswith("…") and long.startswith(shortened[:-1])
    assert shorten(long, 5) == "0123…"


def test_quote_writes_the_shortened_text_as_repr_does() -> None:
    assert quote("b2") == "'b2'"
    assert quote("it's") == repr("it's")
    assert quote("y" * 1000) == repr("y" * (SHOWN_CHARS - 1) + "…")
