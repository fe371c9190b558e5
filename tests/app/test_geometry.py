"""Board layout: the largest cells that fit, the side panel giving way, and the too-small threshold."""

from __future__ import annotations

import pytest

from tictactoe_tui.app.geometry import (
    CELL_SIZES,
    CHROME_HEIGHT,
    LABEL_WIDTH,
    SIDE_PANEL_WIDTH,
    Geometry,
    Glyph,
    fit_board,
    geometries,
    needed_size,
    plan_screen,
    rows_above,
    too_small_message,
)
from tictactoe_tui.app.glyphs import cell_lines
from tictactoe_tui.engine import BoardSpec, Mark

SPECS = [BoardSpec.parse(text) for text in
         ("1x1k1", "3x3k3", "4x4k3", "5x5k4", "7x6k4", "15x15k5", "19x19k5", "26x26k5", "26x1k3", "1x26k4")]


@pytest.mark.parametrize(("spec", "glyph", "lines", "panel"), [
    ("3x3k3", Glyph.LARGE, True, True),
    ("4x4k3", Glyph.LARGE, False, True),
    ("5x5k4", Glyph.MEDIUM, True, True),
    ("7x6k4", Glyph.MEDIUM, False, True),
    ("15x15k5", Glyph.SMALL, False, True),
    ("19x19k5", Glyph.SMALL, False, False),
])
def test_the_presets_in_an_ordinary_terminal(spec: str, glyph: Glyph, lines: bool, panel: bool) -> None:
    plan = plan_screen(BoardSpec.parse(spec), 80, 24)
    assert plan.geometry is not None
    assert (plan.geometry.cell.glyph, plan.geometry.lines, plan.side_panel) == (glyph, lines, panel)


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_every_plan_fits_in_the_terminal(spec: BoardSpec) -> None:
    for width in range(4, 140, 7):
        for height in range(3, 50, 4):
            plan = plan_screen(spec, width, height)
            if plan.geometry is None:
                continue
            room = width - (SIDE_PANEL_WIDTH if plan.side_panel else 0)
            assert plan.geometry.width <= room
            assert plan.geometry.height + CHROME_HEIGHT <= height


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_the_board_is_centred_over_one_status_row_with_the_odd_row_below(spec: BoardSpec) -> None:
    for height in range(3, 50, 3):
        plan = plan_screen(spec, 80, height)
        if plan.geometry is None:
            continue
        above = rows_above(plan.geometry, height)
        below = height - CHROME_HEIGHT - plan.geometry.height - above
        assert below - above in (0, 1)


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_needed_size_is_exactly_the_threshold(spec: BoardSpec) -> None:
    width, height = needed_size(spec)
    assert plan_screen(spec, width, height).geometry is not None
    assert plan_screen(spec, width - 1, height).geometry is None
    assert plan_screen(spec, width, height - 1).geometry is None


def test_larger_terminals_never_get_smaller_cells() -> None:
    spec = BoardSpec(3, 3, 3)
    order = geometries(spec)
    previous = len(order)
    for size in range(10, 120):
        geometry = fit_board(spec, size, size // 2)
        rank = order.index(geometry) if geometry is not None else len(order)
        assert rank <= previous
        previous = rank


def test_the_side_panel_gives_way_when_the_board_would_shrink() -> None:
    spec = BoardSpec(3, 3, 3)
    beside = plan_screen(spec, 80, 24)
    alone = plan_screen(spec, 60, 24)
    assert beside.side_panel and not alone.side_panel
    assert alone.geometry is not None and alone.geometry.cell.glyph is Glyph.LARGE


def test_lines_take_a_frame_and_one_cell_between_cells() -> None:
    geometry = Geometry(BoardSpec(3, 3, 3), geometries(BoardSpec(3, 3, 3))[0].cell, lines=True)
    assert geometry.grid_width == 3 * 13 + 4
    assert geometry.grid_height == 3 * 5 + 4
    assert geometry.width == geometry.grid_width + LABEL_WIDTH


@pytest.mark.parametrize("geometry", [g for spec in SPECS[:6] for g in geometries(spec)], ids=repr)
def test_labels_line_up_with_the_cells(geometry: Geometry) -> None:
    spec = geometry.spec
    rows = geometry.row_labels()
    assert len(rows) == geometry.grid_height
    for row in range(spec.height):
        middle = geometry.row_offset(row) + (geometry.cell.height - 1) // 2
        assert rows[middle].strip() == str(row + 1)
    letters = geometry.column_labels()
    assert len(letters) == geometry.width
    for col in range(spec.width):
        middle = LABEL_WIDTH + geometry.column_offset(col) + (geometry.cell.width - 1) // 2
        assert letters[middle] == spec.cell_name(col)[0]
    assert "".join(letters.split()) == "".join(spec.cell_name(col)[0] for col in range(spec.width))


def test_a1_is_labelled_bottom_left() -> None:
    geometry = geometries(BoardSpec(4, 4, 3))[0]
    assert geometry.row_labels()[-1 - geometry.gutter - geometry.cell.height // 2].strip() == "1"
    assert geometry.column_labels().strip().startswith("a")


def test_too_small_message_says_how_large_the_terminal_must_be() -> None:
    message = too_small_message(BoardSpec(26, 26, 5), 80, 24)
    width, height = needed_size(BoardSpec(26, 26, 5))
    assert f"needs {width}x{height}, now 80x24" in message
    assert "26x26" in message


def test_gomoku_uses_the_room_of_a_larger_terminal() -> None:
    spec = BoardSpec(15, 15, 5)
    small = plan_screen(spec, 80, 24).geometry
    roomy = plan_screen(spec, 120, 40).geometry
    assert small is not None and roomy is not None
    assert (small.cell.width, small.cell.height) == (3, 1), "15x15 still fits an 80x24 terminal"
    assert (roomy.cell.width, roomy.cell.height) == (5, 2), "and draws larger where there is room"
    assert roomy.width <= 120 - SIDE_PANEL_WIDTH and roomy.height <= 40 - CHROME_HEIGHT


def test_labels_line_up_with_the_marks_in_every_cell_size() -> None:
    for cell in CELL_SIZES:
        geometry = Geometry(BoardSpec(4, 4, 3), cell, lines=False)
        drawn = cell_lines(Mark.X, cell.glyph, cell.width, cell.height)
        inked_rows = [row for row, line in enumerate(drawn) if line.strip()]
        inked_columns = [col for col in range(cell.width) if any(line[col] != " " for line in drawn)]
        mark_row = (inked_rows[0] + inked_rows[-1]) // 2
        mark_column = (inked_columns[0] + inked_columns[-1]) // 2
        assert geometry.row_labels()[geometry.row_offset(3) + mark_row].strip() == "4", cell
        assert geometry.column_labels()[LABEL_WIDTH + geometry.column_offset(1) + mark_column] == "b", cell
