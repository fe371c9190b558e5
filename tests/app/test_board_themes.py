"""The board stays readable in every theme: marks stand out from their cells, the winning line from the rest.

Contrast is WCAG's ratio of relative luminances; 3:1 is its minimum for large
text and graphics, which a board's marks are. Themes built on the terminal's
own ANSI colours are left out: their colours are whatever the terminal says.
"""

from __future__ import annotations

import pytest
from textual.color import Color

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.widgets.cell import BoardCell
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.session.setup import GameSetup


def luminance(color: Color) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)


def contrast(a: Color, b: Color) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def colours(cell: BoardCell) -> tuple[Color, Color]:
    style = cell.rich_style
    assert style.color is not None and style.bgcolor is not None
    return Color.from_rich_color(style.color), Color.from_rich_color(style.bgcolor)


def true_colour_themes(app: TicTacToeApp) -> list[str]:
    themes = app.available_themes.items()
    return sorted(name for name, theme in themes if not theme.primary.startswith("ansi"))


@pytest.mark.slow
async def test_marks_stand_out_in_every_theme() -> None:
    for spec, moves in (("3x3", "a1 b1 b2 c1 a2"), ("4x4k3", "a1 b1 a2 a3 b3")):
        start = Position.from_moves(spec, moves)
        app = TicTacToeApp(GameSetup(start.spec, "human", "human"), start)
        async with app.run_test() as pilot:
            themes = true_colour_themes(app)
            assert len(themes) >= 10
            for theme in themes:
                app.theme = theme
                await pilot.pause()
                for cell in app.screen.query(BoardCell):
                    if cell.mark is not None:
                        ratio = contrast(*colours(cell))
                        assert ratio >= 3.0, f"{theme}: {start.cell_name(cell.cell)} at {ratio:.1f}:1"


@pytest.mark.slow
async def test_the_winning_line_stands_out_in_every_theme() -> None:
    won = Position.from_moves("3x3", "a1 b1 b2 c1 c3")
    app = TicTacToeApp(GameSetup(BoardSpec(3, 3, 3), "human", "human"), won)
    async with app.run_test() as pilot:
        for theme in true_colour_themes(app):
            app.theme = theme
            await pilot.pause()
            winner = app.screen.query_one("#cell-c3", BoardCell)
            other = app.screen.query_one("#cell-b1", BoardCell)
            glyph, block = colours(winner)
            assert contrast(glyph, block) >= 3.0, theme
            assert contrast(block, colours(other)[1]) >= 2.0, theme
