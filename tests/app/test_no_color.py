"""With NO_COLOR the game stays playable: what colour marked is marked by text style or symbols."""

from __future__ import annotations

import pytest
from driving import board, cell_annotations, game, quick_app, settled
from textual.pilot import Pilot

from tictactoe_tui.app.widgets.cell import BoardCell
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.session.setup import GameSetup

WON = Position.from_moves("3x3", "a1 b1 b2 c1 c3")


@pytest.fixture(autouse=True)
def no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")


def cell(pilot: Pilot[None], name: str) -> BoardCell:
    return board(pilot).query_one(f"#cell-{name}", BoardCell)


def drawn_styles(pilot: Pilot[None], name: str) -> set[tuple[bool, bool]]:
    """(reverse, bold) of every piece of text the cell draws, as the monochrome terminal gets it."""
    widget = cell(pilot, name)
    return {(bool(segment.style and segment.style.reverse), bool(segment.style and segment.style.bold))
            for y in range(widget.size.height) for segment in widget.render_line(y)}


async def test_the_winning_line_is_reversed_and_the_other_marks_are_not() -> None:
    async with quick_app(start=WON).run_test() as pilot:
        assert pilot.app.no_color
        for name in ("a1", "b2", "c3"):
            assert drawn_styles(pilot, name) == {(True, True)}, name
        for name in ("b1", "c1"):
            assert all(not reverse for reverse, _ in drawn_styles(pilot, name)), name


async def test_the_cursor_hint_and_analysis_read_without_colour() -> None:
    async with quick_app(GameSetup(BoardSpec(3, 3, 3), "human", "human")).run_test() as pilot:
        await pilot.press("5", "a", "i")
        await settled(pilot)
        shown = cell_annotations(pilot)
        (hint,) = [name for name, text in shown.items() if text == "hint"]
        assert all(reverse for reverse, _ in drawn_styles(pilot, hint))
        assert set(shown.values()) == {"hint", "=", "-6"}
        others = [name for name, text in shown.items() if text != "hint"]
        for name in others:
            assert shown[name] in str(cell(pilot, name).render())
            assert not any(reverse for reverse, _ in drawn_styles(pilot, name))
        # The cursor is on the hint; it is drawn with corner brackets, not a colour.
        assert board(pilot).cursor == game(pilot).position.spec.parse_cell(hint)
        lines = str(cell(pilot, hint).render()).splitlines()
        assert lines[0][0] == "┌" and lines[-1][-1] == "┘"
