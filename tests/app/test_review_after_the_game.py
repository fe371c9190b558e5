"""The review after the game: ``v`` has the engine mark the moves that gave away a proven result."""

from __future__ import annotations

from driving import GatedSolvers, game, quick_app, settled, status, told, until
from textual.pilot import Pilot

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.announcements import review_words
from tictactoe_tui.app.labels import REVIEWING_TEXT
from tictactoe_tui.app.widgets.move_list import MoveList
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.engine import BoardSpec, Cell, MoveVerdict, Position, Value
from tictactoe_tui.session.setup import HUMAN, GameSetup

PEOPLE = GameSetup(BoardSpec(3, 3, 3), HUMAN, HUMAN)
BLUNDERED = ["5", "2", "1", "9", "7", "3", "4"]
"""b2 b1 a1 c3 a3 c1 a2 on the keypad: O's b1 gives the draw away, and X wins down the a column."""


def lines(pilot: Pilot[None]) -> list[str]:
    moves = game(pilot).query_one(MoveList)
    return [str(moves.get_option_at_index(index).prompt) for index in range(moves.option_count)]


async def test_the_review_marks_exactly_the_move_that_gave_the_draw_away() -> None:
    async with quick_app(PEOPLE).run_test(size=(100, 40)) as pilot:
        await pilot.press(*BLUNDERED)
        assert game(pilot).position.is_over
        assert not any(line.endswith("?") for line in lines(pilot))
        await pilot.press("v")
        await until(pilot, lambda: bool(game(pilot).turns.verdicts))
        await settled(pilot)
        marked = [line for line in lines(pilot) if line.endswith("?")]
        assert marked == ["2. O b1?"]
        assert "Review: O's b1 gave away the draw." in told(pilot)


async def test_the_status_line_says_the_review_is_under_way_until_it_is_done(solvers: GatedSolvers) -> None:
    async with quick_app(PEOPLE, solvers=solvers).run_test(size=(100, 40)) as pilot:
        await pilot.press(*BLUNDERED)
        over = status(pilot)
        await pilot.press("v")
        await until(pilot, lambda: bool(solvers.asked))
        line = game(pilot).query_one(StatusLine)
        assert status(pilot) == REVIEWING_TEXT and line.spinning
        solvers.release.set()
        await until(pilot, lambda: not game(pilot).turns.reviewing)
        await pilot.pause()
        assert " · v: review · " in over  # offered until the game is reviewed, then no more
        assert status(pilot) == over.replace(" · v: review", "") and not line.spinning


async def test_the_review_goes_when_the_game_changes() -> None:
    async with quick_app(PEOPLE).run_test(size=(100, 40)) as pilot:
        await pilot.press(*BLUNDERED, "v")
        await until(pilot, lambda: bool(game(pilot).turns.blunders))
        await pilot.press("u")
        await pilot.pause()
        assert not any(line.endswith("?") for line in lines(pilot))


async def test_the_review_waits_for_the_end_of_the_game() -> None:
    async with quick_app(PEOPLE).run_test(size=(100, 40)) as pilot:
        await pilot.press("5", "2")
        assert game(pilot).check_action("review", ()) is None
        await pilot.press("v")
        assert not game(pilot).busy
        assert "The review comes once the game is over." in told(pilot)


async def test_the_accessible_mode_says_the_review() -> None:
    app = TicTacToeApp(PEOPLE, pause=0.0, accessible=True)
    async with app.run_test(size=(100, 40)) as pilot:
        for name in ["b2", "b1", "a1", "c3", "a3", "c1", "a2"]:  # Typed by name in the accessible mode,
            await pilot.press(*name, "enter")
        assert game(pilot).position.is_over
        await pilot.press("v", "enter")  # and a key's letter then Enter.
        await until(pilot, lambda: bool(game(pilot).turns.blunders))
        await pilot.pause()
        assert game(pilot).speech.line == "Review: O's b1 gave away the draw."


def verdict(ply: int, name: str, before: Value, after: Value) -> MoveVerdict:
    return MoveVerdict(ply, Cell(0), name, before, after)


def test_the_review_in_words() -> None:
    assert review_words([verdict(1, "b2", Value.DRAW, Value.DRAW)]) == (
        "Review: no move gave away a proven result.")
    assert review_words([verdict(1, "b2", Value.WIN, Value.DRAW),
                         verdict(2, "b1", Value.DRAW, Value.LOSS)]) == (
        "Review: 2 blunders: X's b2 gave away the win and O's b1 gave away the draw.")
    assert review_words([verdict(1, "h8", Value.UNKNOWN, Value.UNKNOWN),
                         verdict(2, "h9", Value.UNKNOWN, Value.WIN)]) == (
        "Review: no move gave away a proven result; the board is too big to review fully: 2 of 2 moves "
        "could not be judged.")


def test_a_finished_game_reviewed_by_the_engine_names_its_blunder() -> None:
    position = Position.from_moves("3x3", "b2 b1 a1 c3 a3 c1 a2")
    from tictactoe_tui.engine import review_game

    assert review_words(review_game(position)) == "Review: O's b1 gave away the draw."
