"""The board stays where it is when the status line grows: the end of a game, whose message wraps onto a
second row in a narrow terminal, does not move the board under the player's eyes."""

from __future__ import annotations

import pytest
from driving import FirstCellPlayer, board, game, quick_app, screen_lines, seeded, settled, status
from textual.geometry import Region
from textual.pilot import Pilot

from tictactoe_tui.app.widgets.cell import BoardCell
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.session.setup import GameSetup

TTT = BoardSpec(3, 3, 3)
PEOPLE = GameSetup(TTT, "human", "human")
CONNECT_FOUR = GameSetup(BoardSpec(7, 6, 4), "human", "human")


def where(pilot: Pilot[None]) -> tuple[Region, dict[str, Region]]:
    """Where the board is drawn, and each of its cells."""
    shown = board(pilot)
    return shown.region, {str(cell.id): cell.region for cell in shown.query(BoardCell)}


def status_text_on_screen(pilot: Pilot[None]) -> str:
    """The words the status line's rows show, as one line."""
    region = game(pilot).query_one(StatusLine).region
    rows = screen_lines(pilot)[region.y:region.bottom]
    return " ".join(" ".join(row[region.x:region.right].split()) for row in rows)


async def play(pilot: Pilot[None], *cells: str) -> None:
    for cell in cells:
        await pilot.click(f"#cell-{cell}")
        await pilot.pause()


@pytest.mark.parametrize(("size", "setup", "moves"), [
    ((40, 20), PEOPLE, ("a1", "a2", "b1", "b2", "c1")),
    ((40, 24), PEOPLE, ("a1", "a2", "b1", "b2", "c1")),
    ((40, 21), CONNECT_FOUR, ("a1", "b1", "a2", "b2", "a3", "b3", "a4")),
], ids=["3x3-40x20", "3x3-40x24", "7x6-40x21"])
async def test_the_board_stays_put_when_the_end_of_the_game_wraps(
        size: tuple[int, int], setup: GameSetup, moves: tuple[str, ...]) -> None:
    async with quick_app(setup).run_test(size=size) as pilot:
        await play(pilot, *moves[:-1])
        before = where(pilot)
        assert game(pilot).query_one(StatusLine).region.height == 1
        await play(pilot, moves[-1])
        assert game(pilot).position.is_over
        message = status(pilot)
        assert message.startswith("X wins!")
        assert game(pilot).query_one(StatusLine).region.height >= 2, "the message wraps in this terminal"
        assert where(pilot) == before, "the board and its cells have not moved"
        assert status_text_on_screen(pilot) == " ".join(message.split()), "the message is shown whole"
        assert game(pilot).query_one(StatusLine).region.y >= board(pilot).region.bottom, "and covers no cell"


async def test_the_board_stays_put_when_an_assisted_result_is_told_at_60_columns() -> None:
    setup = GameSetup(TTT, "human", "easy")
    async with quick_app(setup, players=seeded(easy=FirstCellPlayer())).run_test(size=(60, 20)) as pilot:
        await pilot.press("i")  # A hint: the result is told as an assisted one, in a longer message.
        await settled(pilot)
        await play(pilot, "b2")  # O takes a1, then b1: the first empty cells.
        await settled(pilot)
        await play(pilot, "c1")
        await settled(pilot)
        before = where(pilot)
        await play(pilot, "a3")
        await settled(pilot)
        message = status(pilot)
        assert message.startswith("X wins! With hints or the analysis: counted as assisted.")
        assert game(pilot).query_one(StatusLine).region.height == 2, "the message wraps at 60 columns"
        assert where(pilot) == before, "the board and its cells have not moved"
        assert status_text_on_screen(pilot) == " ".join(message.split()), "the message is shown whole"
