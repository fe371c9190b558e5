"""A board drawn as tiles: neighbouring empty cells are told apart in every theme, and without colour.

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

from tictactoe_tui.app.widgets.cell import TILE_DOT, BoardCell
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


async def test_without_colour_every_other_empty_tile_has_a_dot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    async with quick_app(SEVEN_BY_SIX).run_test(size=(80, 24)) as pilot:
        assert pilot.app.no_color
        plain, shaded = tiles(pilot)
        assert TILE_DOT in str(shaded.render()) and not str(plain.render()).strip()
        middle = shaded.render_line(shaded.size.height // 2)
        dots = [segment for segment in middle if TILE_DOT in segment.text]
        assert dots and all(segment.style is not None and segment.style.dim for segment in dots)
        await pilot.press("home", "pagedown", "right", "enter")  # X on b1, a shaded tile
        assert TILE_DOT not in str(shaded.render()), "a mark replaces the dot"
