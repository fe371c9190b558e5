"""The marks differ by shape at every size, and a cell's text is exactly its size."""

from __future__ import annotations

import pytest

from tictactoe_tui.app.geometry import CELL_SIZES, CellSize, Glyph
from tictactoe_tui.app.glyphs import EMPTY_SMALL, MARKS, cell_lines
from tictactoe_tui.engine import Mark


@pytest.mark.parametrize("glyph", list(Glyph))
def test_x_and_o_have_different_shapes(glyph: Glyph) -> None:
    x, o = MARKS[glyph][Mark.X], MARKS[glyph][Mark.O]
    assert len(x) == len(o) == glyph.value
    assert len({len(row) for row in x + o}) == 1, "every row of both drawings is equally wide"
    assert x != o
    if glyph is not Glyph.SMALL:  # A letter's shape is its own; drawings must differ in where the ink is.
        ink = [[ch != " " for ch in "".join(drawing)] for drawing in (x, o)]
        assert ink[0] != ink[1]


@pytest.mark.parametrize("size", CELL_SIZES, ids=lambda size: size.glyph.name)
def test_each_mark_fits_its_cell_with_room_for_the_cursor(size: CellSize) -> None:
    for mark in Mark:
        drawing = MARKS[size.glyph][mark]
        assert len(drawing) <= size.height
        assert len(drawing[0]) <= size.width - 2


@pytest.mark.parametrize("size", CELL_SIZES, ids=lambda size: size.glyph.name)
@pytest.mark.parametrize("mark", [Mark.X, Mark.O, None])
@pytest.mark.parametrize("cursor", [False, True])
def test_a_cell_is_exactly_its_size(size: CellSize, mark: Mark | None, cursor: bool) -> None:
    lines = cell_lines(mark, size.glyph, size.width, size.height, cursor=cursor)
    assert len(lines) == size.height
    assert all(len(line) == size.width for line in lines)


def test_the_large_mark_is_centred() -> None:
    lines = cell_lines(Mark.O, Glyph.LARGE, 13, 7)
    assert lines[0].strip() == "" and lines[-1].strip() == ""
    assert lines[1] == "  " + MARKS[Glyph.LARGE][Mark.O][0] + "  "


def test_small_cells_show_the_letter_or_a_dot() -> None:
    assert cell_lines(Mark.X, Glyph.SMALL, 3, 1) == [" X "]
    assert cell_lines(Mark.O, Glyph.SMALL, 3, 1) == [" O "]
    assert cell_lines(None, Glyph.SMALL, 3, 1) == [f" {EMPTY_SMALL} "]


def test_the_cursor_brackets_the_cell() -> None:
    assert cell_lines(Mark.X, Glyph.SMALL, 3, 1, cursor=True) == ["[X]"]
    lines = cell_lines(None, Glyph.LARGE, 13, 5, cursor=True)
    assert (lines[0][0], lines[0][-1], lines[-1][0], lines[-1][-1]) == ("┌", "┐", "└", "┘")
    assert lines[2].strip() == ""


def test_a_note_shows_in_an_empty_cell_only() -> None:
    assert cell_lines(None, Glyph.MEDIUM, 7, 3, annotation="W3")[1] == "  W3   "
    assert cell_lines(None, Glyph.SMALL, 3, 1, annotation="L") == [" L "]
    assert "W3" not in "".join(cell_lines(Mark.X, Glyph.MEDIUM, 7, 3, annotation="W3"))
    assert cell_lines(None, Glyph.SMALL, 3, 1, annotation="draw") == ["dra"]


def test_no_room_means_no_text() -> None:
    assert cell_lines(Mark.X, Glyph.LARGE, 0, 5) == []
