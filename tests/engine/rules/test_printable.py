"""Text someone else chose is shown as plain, short text: no control or format character survives."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe_tui.engine.rules.inputs import SHOWN_CHARS, printable


@pytest.mark.parametrize(("text", "shown"), [
    ("Ann", "Ann"),
    ("[bold]Ann[/bold]", "[bold]Ann[/bold]"),
    ("Ann\x1b[31m!", "Ann[31m!"),
    ("\x1b]52;c;cm0gLXJmIH4=\x07", "]52;c;cm0gLXJmIH4="),
    ("A\u202enn", "Ann"),
    ("A\u200bn\u2066n", "Ann"),
    ("Ann\r\nBob\tCy", "Ann Bob Cy"),
    ("\x00\x01\x7f\x9b", ""),
    ("  Ann  ", "Ann"),
])
def test_control_and_format_characters_go_and_blanks_become_one_space(text: str, shown: str) -> None:
    assert printable(text) == shown


def test_long_text_is_shortened() -> None:
    assert printable("x" * 100) == "x" * (SHOWN_CHARS - 1) + "…"
    assert printable("x" * 100, 5) == "xxxx…"


@given(st.text())
def test_whatever_comes_in_nothing_unprintable_comes_out(text: str) -> None:
    shown = printable(text)
    assert len(shown) <= SHOWN_CHARS
    assert not any(unicodedata.category(char)[0] == "C" for char in shown)
    assert shown == " ".join(shown.split()), "one space between words, none around them"
