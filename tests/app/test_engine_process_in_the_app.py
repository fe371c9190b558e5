"""The searches run in the engine's own process: the app survives its death and leaves nothing behind."""

from __future__ import annotations

import os
import signal
from multiprocessing import resource_tracker

from driving import BlockingPlayer, children, game, quick_app, seeded, status, told, until

from tictactoe_tui.engine import BoardSpec, Mark
from tictactoe_tui.session.setup import GameSetup

AGAINST_MEDIUM = GameSetup(BoardSpec(3, 3, 3), "human", "medium")


async def test_the_computer_thinks_in_another_process(blocking: BlockingPlayer) -> None:
    app = quick_app(AGAINST_MEDIUM, players=seeded(medium=blocking))
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await until(pilot, blocking.started.is_set)
        engine = app.engine.pid
        assert engine is not None and engine != os.getpid() and engine in children()


async def test_a_killed_engine_is_reported_and_the_next_move_comes_from_a_fresh_one(
        blocking: BlockingPlayer) -> None:
    app = quick_app(AGAINST_MEDIUM, players=seeded(medium=blocking))
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await until(pilot, blocking.started.is_set)
        first = app.engine.pid
        assert first is not None
        blocking.started.clear()
        os.kill(first, signal.SIGKILL)
        await until(pilot, lambda: any("engine stopped" in note for note in told(pilot)))
        (message,) = [note for note in told(pilot) if "engine stopped" in note]
        assert "signal 9" in message and "the game goes on" in message
        await until(pilot, blocking.started.is_set)
        second = app.engine.pid
        assert second is not None and second != first and first not in children()
        assert game(pilot).thinking and game(pilot).position.record == "3x3k3: b2", "the game is kept"
        await pilot.press("m")
        await until(pilot, lambda: len(game(pilot).position.moves) == 2)
        assert game(pilot).position.record == "3x3k3: b2 a1" and not game(pilot).thinking
        assert "engine stopped" in status(pilot), "the warning holds the status line for its time"


async def test_an_engine_that_dies_twice_on_one_move_hands_the_side_to_a_person(
        blocking: BlockingPlayer) -> None:
    app = quick_app(AGAINST_MEDIUM, players=seeded(medium=blocking))
    async with app.run_test() as pilot:
        await pilot.press("enter")
        for _ in range(2):
            await until(pilot, lambda: blocking.started.is_set() and app.engine.pid is not None)
            blocking.started.clear()
            pid = app.engine.pid
            assert pid is not None
            os.kill(pid, signal.SIGKILL)
            await until(pilot, lambda pid=pid: app.engine.pid != pid)  # type: ignore[misc]
        await until(pilot, lambda: game(pilot).setup.is_human(Mark.O)
                    and any("A person plays O" in note for note in told(pilot)))
        screen = game(pilot)
        assert not screen.thinking and screen.position.record == "3x3k3: b2"
        assert any("A person plays O from now on" in note for note in told(pilot))
        await pilot.press("left", "enter")
        assert screen.position.record == "3x3k3: b2 a2" and screen.position.to_move is Mark.X


async def test_every_process_the_app_started_ends_with_it(blocking: BlockingPlayer) -> None:
    # The multiprocessing resource tracker serves this whole test process (and ends with it): start it
    # first so that it counts among the processes that were there before.
    resource_tracker.ensure_running()
    before = children()
    app = quick_app(AGAINST_MEDIUM, players=seeded(medium=blocking))
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await until(pilot, blocking.started.is_set)
        await pilot.press("q")
    assert children() - before == set()
