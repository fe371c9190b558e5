"""The engine's process: answers, memory from search to search, stopping, dying and closing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

from tictactoe_tui.engine import Cell, EngineFailure, GameError, Player, Position, Value, make_player
from tictactoe_tui.session.engine_process import (
    ComputerMove,
    EngineProcess,
    EngineStopped,
    Request,
    SearchFailed,
)
from tictactoe_tui.session.setup import Level

HANG = 60.0
"""Seconds a test waits for an answer before it fails instead of hanging (not a speed bound)."""


class BrokenPlayer:
    name = "broken"

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        raise RuntimeError("this player cannot move")


EASY = Level("easy")
BROKEN = Level("hard")
"""The level the test's factory makes a player of that cannot move."""


def players(name: str) -> Player:
    return BrokenPlayer() if name == BROKEN.name else make_player(name, seed=3)


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    process = EngineProcess(players)
    yield process
    process.close()


def assert_engine_failure(error: BaseException) -> None:
    """An engine that could not answer is an ``EngineFailure``, never mistaken for bad input."""
    assert isinstance(error, EngineFailure) and isinstance(error, RuntimeError)
    assert not isinstance(error, (ValueError, GameError))


def test_a_move_comes_from_another_process(engine: EngineProcess) -> None:
    position = Position.from_moves("3x3", "a1")
    job = engine.submit(Request("move", 1, position, controller=Level("perfect")))
    move = job.answer.result(HANG)
    assert isinstance(move, ComputerMove)
    assert position.spec.cell_name(move.cell) == "b2", "the only move that does not lose"
    assert move.player == "perfect" and move.messages == ()
    assert engine.pid is not None and engine.pid != os.getpid()


def test_a_games_solver_remembers_between_searches_until_the_game_is_forgotten(engine: EngineProcess) -> None:
    position = Position.empty("5x4k4")

    def nodes(game: int) -> int:
        result = engine.submit(Request("hint", game, position)).answer.result(HANG)
        assert result.value is Value.DRAW
        return int(result.nodes)

    first = nodes(1)
    assert nodes(1) * 10 < first, "the second search starts from what the first proved"
    engine.forget(1)
    assert nodes(1) == first, "a forgotten game starts afresh"
    assert nodes(2) == first, "each game has a memory of its own"


def test_a_review_is_proven_in_the_engine_process(engine: EngineProcess) -> None:
    game = Position.from_moves("3x3", "b2 b1 a1 c3 a3 c1 a2")
    verdicts = engine.submit(Request("review", 1, game, time_limit=None)).answer.result(HANG)
    assert [verdict.move_name for verdict in verdicts] == ["b2", "b1", "a1", "c3", "a3", "c1", "a2"]
    assert [verdict.move_name for verdict in verdicts if verdict.blunder] == ["b1"]


def test_stop_makes_an_endless_search_answer_at_once(engine: EngineProcess) -> None:
    position = Position.from_moves("19x19k5", "j10")
    job = engine.submit(Request("hint", 1, position))  # No time limit: only stop ends it.
    assert not job.answer.done()
    engine.stop(job)
    result = job.answer.result(HANG)
    assert job.stopped and position.is_legal(result.best_moves[0])


def test_jobs_run_in_order_and_a_stop_before_the_start_counts(engine: EngineProcess) -> None:
    big = Position.from_moves("15x15k5", "h8")
    first = engine.submit(Request("hint", 1, big))
    second = engine.submit(Request("analyse", 1, big))
    engine.stop(second)
    engine.stop(first)
    assert first.answer.result(HANG).value is Value.UNKNOWN
    assert len(second.answer.result(HANG)) == len(big.legal_moves)


def test_a_failing_search_fails_its_job_only(engine: EngineProcess) -> None:
    job = engine.submit(Request("move", 1, Position.empty("3x3"), controller=BROKEN))
    with pytest.raises(SearchFailed, match="this player cannot move") as failed:
        job.answer.result(HANG)
    assert_engine_failure(failed.value)
    pid = engine.pid
    easy = engine.submit(Request("move", 1, Position.empty("3x3"), controller=EASY))
    assert easy.answer.result(HANG).cell in range(9)
    assert engine.pid == pid, "the same process goes on"


def test_a_killed_process_fails_its_jobs_and_the_next_job_starts_a_fresh_one(engine: EngineProcess) -> None:
    job = engine.submit(Request("hint", 1, Position.from_moves("19x19k5", "j10")))
    pid = engine.pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(EngineStopped, match="signal 9") as stopped:
        job.answer.result(HANG)
    assert_engine_failure(stopped.value)
    again = engine.submit(Request("move", 1, Position.empty("3x3"), controller=EASY))
    assert again.answer.result(HANG).cell in range(9)
    assert engine.pid not in (None, pid)


def test_close_ends_the_process_at_once_and_refuses_later_jobs(engine: EngineProcess) -> None:
    engine.submit(Request("hint", 1, Position.from_moves("19x19k5", "j10")))
    pid = engine.pid
    engine.close()
    assert pid is not None and not os.path.exists(f"/proc/{pid}")
    job = engine.submit(Request("move", 1, Position.empty("3x3"), controller=EASY))
    with pytest.raises(EngineStopped, match="closed"):
        job.answer.result(HANG)


def test_a_process_that_cannot_start_fails_the_job_with_the_reason(engine: EngineProcess,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def no_process(self: object) -> None:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr("multiprocessing.process.BaseProcess.start", no_process)
    job = engine.submit(Request("move", 1, Position.empty("3x3"), controller=EASY))
    with pytest.raises(EngineStopped, match="could not start .*Resource temporarily unavailable"):
        job.answer.result(HANG)
    monkeypatch.undo()
    again = engine.submit(Request("move", 1, Position.empty("3x3"), controller=EASY))
    assert again.answer.result(HANG).cell in range(9), "the next job tries again"


def test_the_app_loads_process_machinery_only_when_the_first_search_starts() -> None:
    """The first screen never searches, so the app's import must not pay for starting a process."""
    probe = (
        "import sys, tictactoe_tui.app\n"
        "from tictactoe_tui.session.engine_process import EngineProcess\n"
        "before = 'multiprocessing' in sys.modules\n"
        "engine = EngineProcess()\n"
        "engine.start()\n"
        "print(before, 'multiprocessing' in sys.modules, engine.pid is not None)\n"
        "engine.close()\n"
    )
    output = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                            timeout=HANG).stdout.split()
    assert output == ["False", "True", "True"]
