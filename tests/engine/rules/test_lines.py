"""Enumeration of winning lines."""

from __future__ import annotations

import pytest

from tictactoe_tui.engine import BoardSpec, win_lines
from tictactoe_tui.engine.rules.lines import line_count


@pytest.mark.parametrize(
    ("spec", "count"),
    [("3x3k3", 8), ("4x4k3", 24), ("4x4k4", 10), ("15x15k5", 572), ("7x6k4", 69), ("4x3k3", 14),
     ("5x2k4", 4), ("3x3k1", 9), ("1x1k1", 1), ("2x2k2", 6)],
)
def test_line_counts_match_known_figures(spec: str, count: int) -> None:
    assert len(win_lines(BoardSpec.parse(spec)).masks) == count


@pytest.mark.parametrize("width", range(1, 8))
@pytest.mark.parametrize("height", range(1, 8))
def test_line_counts_match_the_closed_form(width: int, height: int) -> None:
    for k in range(1, max(width, height) + 1):
        assert len(win_lines(BoardSpec(width, height, k)).masks) == line_count(width, height, k)


def test_every_line_is_k_cells_in_a_straight_row() -> None:
    spec = BoardSpec(6, 5, 4)
    lines = win_lines(spec)
    for mask in lines.masks:
        cells = lines.cells_of(mask)
        assert len(cells) == spec.k
        points = [spec.coordinates(cell) for cell in cells]
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(points, points[1:], strict=False)}
        assert len(steps) == 1
        assert steps.pop() in {(1, 0), (0, 1), (1, 1), (-1, 1)}


def test_lines_through_a_cell_are_exactly_the_lines_containing_it() -> None:
    spec = BoardSpec(5, 5, 4)
    lines = win_lines(spec)
    for cell in range(spec.cells):
        assert set(lines.through[cell]) == {mask for mask in lines.masks if mask >> cell & 1}
    centre = spec.parse_cell("c3")
    corner = spec.parse_cell("a1")
    assert len(lines.through[centre]) > len(lines.through[corner])


def test_classic_board_lines() -> None:
    spec = BoardSpec(3, 3, 3)
    named = {" ".join(spec.cell_name(c) for c in win_lines(spec).cells_of(m)) for m in win_lines(spec).masks}
    assert named == {"a1 b1 c1", "a2 b2 c2", "a3 b3 c3", "a1 a2 a3", "b1 b2 b3", "c1 c2 c3",
                     "a1 b2 c3", "c1 b2 a3"}
