"""In a terminal narrower than 80 columns the game screen's footer keeps the keys that matter most, and the
palette's key that leads to every other command, instead of cutting keys off at its right edge."""

from __future__ import annotations

import pytest
from driving import FirstCellPlayer, game, quick_app, screen_lines, seeded, until
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.session.setup import GameSetup

TTT = BoardSpec(3, 3, 3)
SETUPS = {
    "people": GameSetup(TTT, "human", "human"),
    "against-the-computer": GameSetup(TTT, "human", "easy"),
    "computers": GameSetup(TTT, "easy", "easy"),
}
ESSENTIAL = ("u Undo", "n New", "q Quit", "? Help", "^p palette")


def app_for(setup: GameSetup) -> TicTacToeApp:
    """The app with the game of ``setup``; computers that take their time, so the game stays under way."""
    return TicTacToeApp(setup, players=seeded(easy=FirstCellPlayer()), pause=3600.0)


def shown_keys(pilot: Pilot[None]) -> list[FooterKey]:
    return [key for key in pilot.app.screen.query(FooterKey) if key.display]


@pytest.mark.parametrize("width", [60, 40])
@pytest.mark.parametrize("kind", SETUPS)
async def test_a_narrow_footer_shows_the_keys_that_matter_most_whole(kind: str, width: int) -> None:
    async with app_for(SETUPS[kind]).run_test(size=(width, 20)) as pilot:
        await until(pilot, lambda: bool(shown_keys(pilot)))
        footer = screen_lines(pilot)[-1]
        for label in ESSENTIAL:
            assert label in footer, f"{label!r} is on the footer's line: {footer!r}"
        assert all(key.region.right <= width for key in shown_keys(pilot)), "no key is cut at the edge"


async def test_keys_left_out_of_a_narrow_footer_still_work_and_the_palette_key_opens_it() -> None:
    async with quick_app(SETUPS["people"]).run_test(size=(60, 20)) as pilot:
        assert "a Analysis" not in screen_lines(pilot)[-1]
        await pilot.press("5", "a")
        assert game(pilot).analysing, "a still switches the analysis on"
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(pilot.app.screen, CommandPalette))

