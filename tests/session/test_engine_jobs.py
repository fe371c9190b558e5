"""One game's engine jobs: one current job of each kind, stale answers dropped, analyses kept."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tictactoe_tui.engine import Position, Value
from tictactoe_tui.session.engine_process import EngineProcess
from tictactoe_tui.session.jobs import EngineJobs
from tictactoe_tui.session.setup import Level

HANG = 60.0


@pytest.fixture
def jobs() -> Iterator[EngineJobs]:
    engine = EngineProcess()
    yield EngineJobs(engine)
    engine.close()


def test_a_new_search_of_a_kind_makes_the_old_one_stale(jobs: EngineJobs) -> None:
    big = Position.from_moves("15x15k5", "h8")
    old = jobs.start("hint", big)
    new = jobs.start("hint", Position.empty("3x3"), time_limit=5.0)
    assert old.stopped and jobs.current("hint") is new
    old.answer.result(HANG)
    assert not jobs.finish(old), "a stale answer is dropped"
    new.answer.result(HANG)
    assert jobs.finish(new) and not jobs.finish(new), "an answer is used once"
    assert not jobs.busy


def test_hurry_keeps_the_answer_wanted(jobs: EngineJobs) -> None:
    job = jobs.start("move", Position.from_moves("15x15k5", "h8"), controller=Level("perfect"))
    jobs.hurry("move")
    job.answer.result(HANG)
    assert job.stopped and jobs.current("move") is job and jobs.finish(job)


def test_finished_analyses_are_kept_by_position_until_a_new_game(jobs: EngineJobs) -> None:
    position = Position.from_moves("3x3", "b2 b1")
    job = jobs.start("analyse", position, time_limit=5.0)
    evaluations = job.answer.result(HANG)
    assert jobs.finish(job)
    assert jobs.analysis(Position.from_moves("3x3", "b1 b2")) is None, "another position"
    assert jobs.analysis(Position.from_moves("3x3", "b2 b1")) == evaluations
    assert {evaluation.value for evaluation in evaluations} == {Value.WIN, Value.DRAW}
    game = jobs.game
    jobs.new_game()
    assert jobs.analysis(position) is None and jobs.game != game


def test_stop_all_leaves_no_job_current(jobs: EngineJobs) -> None:
    big = Position.from_moves("15x15k5", "h8")
    started = [jobs.start("hint", big), jobs.start("analyse", big)]
    jobs.stop_all()
    assert not jobs.busy and all(job.stopped for job in started)
    for job in started:
        job.answer.result(HANG)
        assert not jobs.finish(job)


def test_follow_keeps_only_the_searches_the_board_still_wants(jobs: EngineJobs) -> None:
    big = Position.from_moves("15x15k5", "h8")
    other = big.play(big.spec.parse_cell("h9"))
    assert jobs.follow(big, analyse=True, hint=True), "an analysis of the shown position is wanted"
    analysis = jobs.start("analyse", big)
    hint = jobs.start("hint", big)
    assert not jobs.follow(big, analyse=True, hint=True), "both are running already"
    assert jobs.current("analyse") is analysis and jobs.current("hint") is hint
    assert not jobs.follow(big, analyse=False, hint=False)
    assert analysis.stopped and hint.stopped and not jobs.busy
    jobs.start("analyse", big)
    jobs.start("hint", big)
    assert jobs.follow(other, analyse=True, hint=True), "another position: its own analysis"
    assert not jobs.busy, "neither search is for the position shown now"
    over = Position.from_moves("3x3", "a1 b1 a2 b2 a3")
    assert not jobs.follow(over, analyse=True, hint=True), "a finished game has nothing to analyse"


def test_the_hint_is_for_its_own_position_only(jobs: EngineJobs) -> None:
    position = Position.from_moves("3x3", "b2")
    jobs.hint = (position, 0)
    assert jobs.hint_for(Position.from_moves("3x3", "b2")) == 0
    assert jobs.hint_for(Position.empty("3x3")) is None
    jobs.new_game()
    assert jobs.hint_for(position) is None


def test_a_dead_engine_is_restarted_once_a_position(jobs: EngineJobs) -> None:
    position = Position.from_moves("3x3", "b2")
    assert jobs.restart_once(position) and not jobs.restart_once(position)
    assert jobs.restart_once(position.play(0)), "another position may restart it again"
    jobs.new_game()
    assert jobs.restart_once(position), "a new game starts afresh"
