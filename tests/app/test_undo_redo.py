"""Undo and redo: between people a move at a time, against the computer back to the person's own move."""

from __future__ import annotations

from driving import BlockingPlayer, FirstCellPlayer, board, game, quick_app, seeded, status, until
from textual.pilot import Pilot
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tictactoe_tui.app.widgets.move_list import MoveList
from tictactoe_tui.engine import BoardSpec, Status
from tictactoe_tui.session.setup import GameSetup

PEOPLE = GameSetup(BoardSpec(3, 3, 3), "human", "human")
AGAINST_THE_COMPUTER = GameSetup(BoardSpec(3, 3, 3), "human", "easy")


def record(pilot: Pilot[None]) -> str:
    return game(pilot).position.record


def enabled(pilot: Pilot[None], description: str) -> bool:
    footer = pilot.app.screen.query_one(Footer)
    key = next(key for key in footer.query(FooterKey) if key.description == description)
    return not key.has_class("-disabled")


async def test_between_people_each_undo_and_redo_is_one_move() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        assert not enabled(pilot, "Undo") and not enabled(pilot, "Redo")
        await pilot.press("5", "1", "9")
        assert enabled(pilot, "Undo") and not enabled(pilot, "Redo")
        await pilot.press("u")
        assert record(pilot) == "3x3k3: b2 a1"
        await pilot.press("u")
        assert record(pilot) == "3x3k3: b2"
        assert enabled(pilot, "Redo")
        await pilot.press("ctrl+r")
        assert record(pilot) == "3x3k3: b2 a1"
        await pilot.press("U")
        assert record(pilot) == "3x3k3: b2 a1 c3"
        assert not enabled(pilot, "Redo")


async def test_against_the_computer_undo_goes_back_to_your_own_move() -> None:
    setup = AGAINST_THE_COMPUTER
    async with quick_app(setup, players=seeded(easy=FirstCellPlayer())).run_test() as pilot:
        await pilot.press("5")
        await until(pilot, lambda: record(pilot) == "3x3k3: b2 a1")
        await pilot.press("9")
        await until(pilot, lambda: record(pilot) == "3x3k3: b2 a1 c3 b1")
        await pilot.press("u")
        assert record(pilot) == "3x3k3: b2 a1" and status(pilot).startswith("X to move")
        await pilot.press("u")
        assert record(pilot) == "3x3k3:" and not enabled(pilot, "Undo")
        await pilot.press("U")
        assert record(pilot) == "3x3k3: b2 a1", "redo replays your move and the reply"
        for _ in range(5):
            await pilot.pause(0.01)
        assert not game(pilot).thinking and record(pilot) == "3x3k3: b2 a1"


async def test_undo_after_the_end_reopens_the_game() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("1", "2", "5", "3", "9")
        assert game(pilot).position.outcome.status is Status.X_WINS
        assert not board(pilot).active
        await pilot.press("u")
        assert not game(pilot).position.is_over and board(pilot).active
        assert status(pilot).startswith("X to move")
        await pilot.press("7")  # X a3 this time
        assert record(pilot) == "3x3k3: a1 b1 b2 c1 a3"


async def test_a_new_move_after_undo_drops_the_redo_line() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("5", "1", "9", "u", "u")
        assert len(game(pilot).history.undone) == 2
        await pilot.press("3")
        assert record(pilot) == "3x3k3: b2 c1"
        assert game(pilot).history.undone == () and not enabled(pilot, "Redo")
        await pilot.press("ctrl+r", "U")
        assert record(pilot) == "3x3k3: b2 c1"
        assert game(pilot).query_one(MoveList).option_count == 3


async def test_replaying_the_undone_move_keeps_the_rest_of_the_line() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("5", "1", "9", "u", "u", "1")
        assert record(pilot) == "3x3k3: b2 a1" and enabled(pilot, "Redo")
        await pilot.press("U")
        assert record(pilot) == "3x3k3: b2 a1 c3"


async def test_undo_while_the_computer_thinks_cancels_the_thinking_first(blocking: BlockingPlayer) -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "medium")
    async with quick_app(setup, players=seeded(medium=blocking)).run_test() as pilot:
        await pilot.press("enter")
        await until(pilot, blocking.started.is_set)
        await pilot.press("u")
        assert blocking.stopped.wait(5)
        assert record(pilot) == "3x3k3:" and not game(pilot).thinking
        for _ in range(10):
            await pilot.pause(0.01)
        assert record(pilot) == "3x3k3:", "the stopped search's answer is dropped"
        # Redo replays the person's move, and the computer thinks again about its reply.
        blocking.started.clear()
        await pilot.press("U")
        await until(pilot, blocking.started.is_set)
        assert record(pilot) == "3x3k3: b2" and game(pilot).thinking
