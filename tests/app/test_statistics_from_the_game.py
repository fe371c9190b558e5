"""Finished games count in the session's scoreboard and, against the computer, in the statistics on disk."""

from __future__ import annotations

from functools import partial
from typing import Any

from driving import (
    FirstCellPlayer,
    game,
    notifications,
    quick_app,
    run_command,
    seeded,
    settled,
    status,
    until,
)
from textual.pilot import Pilot
from textual.widgets import DataTable

from tictactoe_tui.app.screens.statistics import StatisticsScreen
from tictactoe_tui.app.widgets.scoreboard import Scoreboard
from tictactoe_tui.engine import BoardSpec, Position, Status
from tictactoe_tui.profile.statistics import Tally, load_statistics
from tictactoe_tui.session.setup import GameSetup

AGAINST_EASY = GameSetup(BoardSpec(3, 3, 3), "human", "easy")
TTT = BoardSpec(3, 3, 3)


async def win_against_the_first_cell_player(pilot: Pilot[None]) -> None:
    """X b2 (O a1), X c1 (O b1), X a3: X wins on the diagonal a3 b2 c1."""
    for key, moves in (("5", 2), ("3", 4), ("7", 5)):
        await pilot.press(key)
        await until(pilot, partial(played, pilot, moves))
    assert game(pilot).position.outcome.status is Status.X_WINS


def played(pilot: Pilot[None], moves: int) -> bool:
    return len(game(pilot).position.moves) == moves


def table_rows(pilot: Pilot[None]) -> list[list[str]]:
    table: DataTable[Any] = pilot.app.screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


def scoreboard(pilot: Pilot[None]) -> str:
    return str(game(pilot).query_one(Scoreboard).render())


async def test_a_won_game_is_on_the_statistics_screen() -> None:
    async with quick_app(AGAINST_EASY, players=seeded(easy=FirstCellPlayer())).run_test() as pilot:
        assert "You 0\nComputer 0\n0 draws" in scoreboard(pilot)
        await win_against_the_first_cell_player(pilot)
        assert "You 1\nComputer 0\n0 draws" in scoreboard(pilot)
        await pilot.press("s")
        assert isinstance(pilot.app.screen, StatisticsScreen)
        assert table_rows(pilot) == [["3x3k3", "easy", "1", "1", "0", "0", "0", "1", "1"]]
        await pilot.press("escape")
        assert not isinstance(pilot.app.screen, StatisticsScreen) and game(pilot)
    statistics, problem = load_statistics()
    assert problem is None and statistics.get(TTT, "easy") == Tally(wins=1, streak=1, best_streak=1)


async def test_a_game_counts_once_however_often_it_ends() -> None:
    async with quick_app(AGAINST_EASY, players=seeded(easy=FirstCellPlayer())).run_test() as pilot:
        await win_against_the_first_cell_player(pilot)
        await pilot.press("u", "7")
        assert game(pilot).position.outcome.status is Status.X_WINS
        assert "You 1\nComputer 0\n0 draws" in scoreboard(pilot)
        await pilot.press("r")
        await win_against_the_first_cell_player(pilot)
        assert "You 2\nComputer 0\n0 draws" in scoreboard(pilot)
    assert load_statistics()[0].get(TTT, "easy").wins == 2


async def test_the_session_score_follows_the_person_not_the_mark() -> None:
    async with quick_app(AGAINST_EASY, players=seeded(easy=FirstCellPlayer())).run_test() as pilot:
        await win_against_the_first_cell_player(pilot)
        await pilot.press("w")
        await until(pilot, partial(played, pilot, 1))
        assert "You 1\nComputer 0\n0 draws" in scoreboard(pilot), "you now play O"
        for key, moves in (("9", 3), ("7", 5)):  # O c3, a3: X's a1 b1 c1 wins
            await pilot.press(key)
            await until(pilot, partial(played, pilot, moves))
        assert game(pilot).position.outcome.status is Status.X_WINS
        assert "You 1\nComputer 1\n0 draws" in scoreboard(pilot), "the computer's win, as X"


async def test_a_win_with_a_hint_counts_as_assisted_and_says_so() -> None:
    app = quick_app(AGAINST_EASY, players=seeded(easy=FirstCellPlayer()))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.press("i")
        await settled(pilot)
        await win_against_the_first_cell_player(pilot)
        assert "counted as assisted" in status(pilot)
        await pilot.press("s")
        assert table_rows(pilot) == [["3x3k3", "easy", "1", "0", "0", "0", "1", "0", "0"]]
    statistics, problem = load_statistics()
    assert problem is None and statistics.get(TTT, "easy") == Tally(assisted=1)


async def test_a_game_begun_from_a_record_is_left_out_of_the_statistics_and_says_so() -> None:
    """The record's O moves were not the computer's: the win that follows them is no win against it."""
    start = Position.from_moves("3x3", "a1 b1 a2 b2")
    app = quick_app(GameSetup(TTT, "human", "perfect"), start)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.press("7")  # X a3: a1 a2 a3
        await until(pilot, lambda: game(pilot).position.is_over)
        assert game(pilot).position.outcome.status is Status.X_WINS
        assert "Begun from a record: not counted in the statistics." in status(pilot)
        assert "You 1\nComputer 0\n0 draws" in scoreboard(pilot), "the session's score has it"
        await pilot.press("r")  # played again from the empty board: counted as any other
        await until(pilot, lambda: len(game(pilot).position.moves) == 0)
        assert game(pilot).turns.game.in_statistics
    assert not load_statistics()[0]


async def test_a_loss_with_the_analysis_on_is_still_a_loss() -> None:
    app = quick_app(GameSetup(TTT, "easy", "human"), players=seeded(easy=FirstCellPlayer()))
    async with app.run_test() as pilot:
        await until(pilot, partial(played, pilot, 1))
        await pilot.press("a")
        for key, moves in (("9", 3), ("7", 5)):  # O c3, a3: X's a1 b1 c1 wins
            await pilot.press(key)
            await until(pilot, partial(played, pilot, moves))
        assert game(pilot).position.outcome.status is Status.X_WINS
        assert "assisted" not in status(pilot)
    assert load_statistics()[0].get(TTT, "easy") == Tally(losses=1)


async def test_games_between_people_count_only_in_the_session() -> None:
    async with quick_app(GameSetup(TTT, "human", "human")).run_test() as pilot:
        await pilot.press(*"514628379")
        assert "Player 1 0\nPlayer 2 0\n1 draw" in scoreboard(pilot)
    assert not load_statistics()[0]


async def test_the_statistics_can_be_reset_from_the_game() -> None:
    async with quick_app(AGAINST_EASY, players=seeded(easy=FirstCellPlayer())).run_test() as pilot:
        await win_against_the_first_cell_player(pilot)
        await run_command(pilot, "statistics")
        assert isinstance(pilot.app.screen, StatisticsScreen)
        await pilot.press("r", "y")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, StatisticsScreen) and game(pilot)
        assert "Every record against the computer is forgotten." in notifications(pilot)
        assert not load_statistics()[0]
        assert "You 1\nComputer 0\n0 draws" in scoreboard(pilot), "the session's score stays"
        await pilot.press("s")
        empty = pilot.app.screen.query_one("#statistics-empty")
        assert "No games against the computer yet" in str(empty.render())
