"""A board drawn as tiles: neighbouring empty cells are told apart in every theme; without colour, a grid.

Tiles only separate cells: the marks on both shades must keep WCAG's 3:1
(tests/app/test_board_themes.py), so the step between two tiles stays quiet.
A step of 1.2:1 is a fifth more light, which reads as two shades on every
screen we tried; the old 1.08:1 (textual-light, and 1.0 in both solarized
themes, where $panel is $surface) did not. The high-contrast theme is for
low vision: its tiles must be the clearest of all.
"""

from __future__ import annotations

import pytest
from driving import board, quick_app
from test_board_themes import contrast, true_colour_themes
from textual.pilot import Pilot

from tictactoe_tui.app.geometry import fit_board, without_shades
from tictactoe_tui.app.widgets.cell import BoardCell
from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.session.setup import GameSetup

SEVEN_BY_SIX = GameSetup(BoardSpec(7, 6, 4), "human", "human")
TILE_STEP = 1.2
"""The least contrast between two neighbouring empty tiles in any theme."""


def tiles(pilot: Pilot[None]) -> tuple[BoardCell, BoardCell]:
    """Two neighbouring empty cells away from the cursor (a1 plain, b1 shaded)."""
    shown = board(pilot)
    assert shown.has_class("-tiles"), "7x6 at 80x24 is drawn as tiles"
    plain, shaded = shown.cell_widget(0), shown.cell_widget(1)
    assert shaded.has_class("-shade") and not plain.has_class("-shade")
    assert not plain.cursor and not shaded.cursor
    return plain, shaded


@pytest.mark.slow
async def test_neighbouring_tiles_differ_in_every_theme_and_most_in_high_contrast() -> None:
    app = quick_app(SEVEN_BY_SIX)
    async with app.run_test(size=(80, 24)) as pilot:
        steps: dict[str, float] = {}
        for theme in true_colour_themes(app):
            app.theme = theme
            await pilot.pause()
            plain, shaded = tiles(pilot)
            steps[theme] = contrast(plain.background_colors[1], shaded.background_colors[1])
        assert min(steps.values()) >= TILE_STEP, steps
        assert max(steps, key=steps.__getitem__) == "high-contrast", steps


async def test_without_colour_tall_cells_are_drawn_in_a_grid(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    async with quick_app(GameSetup(BoardSpec(4, 4, 3), "human", "human")).run_test(size=(80, 24)) as pilot:
        assert pilot.app.no_color
        shown = board(pilot)
        assert shown.has_class("-lines") and not shown.has_class("-tiles")
        # A line is drawn between two cells: a cell's right neighbour starts one column later.
        first, second = shown.cell_widget(0), shown.cell_widget(1)
        assert first.size.height > 1 and second.region.x == first.region.right + 1
        assert not any(widget.has_class("-shade") for widget in shown.query(BoardCell))


async def test_without_colour_a_board_too_big_for_a_grid_has_a_dot_in_every_empty_cell(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    async with quick_app(SEVEN_BY_SIX).run_test(size=(80, 24)) as pilot:
        shown = board(pilot)
        assert shown.has_class("-small") and not shown.has_class("-lines")
        empty = [widget for widget in shown.query(BoardCell) if widget.mark is None and not widget.cursor]
        assert len(empty) == 41 and all(str(widget.render()).strip() == "·" for widget in empty)


async def test_an_ansi_theme_gives_up_tiles_and_a_true_colour_theme_has_them() -> None:
    app = quick_app(SEVEN_BY_SIX)
    async with app.run_test(size=(80, 24)) as pilot:
        tiles(pilot)
        app.theme = "ansi-dark"
        await pilot.pause()
        assert board(pilot).has_class("-small"), "one-row cells, a dot in each empty one"
        app.theme = "textual-dark"
        await pilot.pause()
        tiles(pilot)


def test_without_shades_a_board_keeps_its_size_or_shrinks_to_one_row_cells() -> None:
    for spec in (BoardSpec(7, 6, 4), BoardSpec(4, 4, 3), BoardSpec(15, 15, 5), BoardSpec(3, 3, 3)):
        for width, height in ((80, 21), (120, 37), (200, 57), (40, 14)):
            geometry = fit_board(spec, width, height)
            if geometry is None:
                continue
            plain = without_shades(geometry)
            assert plain.width <= geometry.width and plain.height <= geometry.height
            assert plain.lines or plain.cell.height == 1
            if geometry.lines or geometry.cell.height == 1:
                assert plain == geometry
