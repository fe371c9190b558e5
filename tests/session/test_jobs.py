"""One game's searches: one current search of each kind, stale answers dropped, analyses kept."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tictactoe_tui.engine import Position, Value
from tictactoe_tui.session.engine_process import EngineProcess
from tictactoe_tui.session.jobs import Searches

HANG = 60.0


@pytest.fixture
def searches() -> Iterator[Searches]:
    engine = EngineProcess()
    yield Searches(engine)
    engine.close()


def test_a_new_search_of_a_kind_makes_the_old_one_stale(searches: Searches) -> None:
    big = Position.from_moves("15x15k5", "h8")
    old = searches.start("hint", big)
    new = searches.start("hint", Position.empty("3x3"), time_limit=5.0)
    assert old.stopped and searches.current("hint") is new
    old.answer.result(HANG)
    assert not searches.finish(old), "a stale answer is dropped"
    new.answer.result(HANG)
    assert searches.finish(new) and not searches.finish(new), "an answer is used once"
    assert not searches.busy


def test_hurry_keeps_the_answer_wanted(searches: Searches) -> None:
    job = searches.start("move", Position.from_moves("15x15k5", "h8"), controller="perfect")
    searches.hurry("move")
    job.answer.result(HANG)
    assert job.stopped and searches.current("move") is job and searches.finish(job)


def test_finished_analyses_are_kept_by_position_until_a_new_game(searches: Searches) -> None:
    position = Position.from_moves("3x3", "b2 b1")
    job = searches.start("analyse", position, time_limit=5.0)
    evaluations = job.answer.result(HANG)
    assert searches.finish(job)
    assert searches.analysis(Position.from_moves("3x3", "b1 b2")) is None, "another position"
    assert searches.analysis(Position.from_moves("3x3", "b2 b1")) == evaluations
    assert {evaluation.value for evaluation in evaluations} == {Value.WIN, Value.DRAW}
    game = searches.game
    searches.new_game()
    assert searches.analysis(position) is None and searches.game != game


def test_stop_all_leaves_no_search_current(searches: Searches) -> None:
    big = Position.from_moves("15x15k5", "h8")
    jobs = [searches.start("hint", big), searches.start("analyse", big)]
    searches.stop_all()
    assert not searches.busy and all(job.stopped for job in jobs)
    for job in jobs:
        job.answer.result(HANG)
        assert not searches.finish(job)


def test_follow_keeps_only_the_searches_the_board_still_wants(searches: Searches) -> None:
    big = Position.from_moves("15x15k5", "h8")
    other = big.play(big.spec.parse_cell("h9"))
    assert searches.follow(big, analyse=True, hint=True), "an analysis of the shown position is wanted"
    analysis = searches.start("analyse", big)
    hint = searches.start("hint", big)
    assert not searches.follow(big, analyse=True, hint=True), "both are running already"
    assert searches.current("analyse") is analysis and searches.current("hint") is hint
    assert not searches.follow(big, analyse=False, hint=False)
    assert analysis.stopped and hint.stopped and not searches.busy
    searches.start("analyse", big)
    searches.start("hint", big)
    assert searches.follow(other, analyse=True, hint=True), "another position: its own analysis"
    assert not searches.busy, "neither search is for the position shown now"
    over = Position.from_moves("3x3", "a1 b1 a2 b2 a3")
    assert not searches.follow(over, analyse=True, hint=True), "a finished game has nothing to analyse"


def test_the_hint_is_for_its_own_position_only(searches: Searches) -> None:
    position = Position.from_moves("3x3", "b2")
    searches.hint = (position, 0)
    assert searches.hint_for(Position.from_moves("3x3", "b2")) == 0
    assert searches.hint_for(Position.empty("3x3")) is None
    searches.new_game()
    assert searches.hint_for(position) is None


def test_a_dead_engine_is_restarted_once_a_position(searches: Searches) -> None:
    position = Position.from_moves("3x3", "b2")
    assert searches.restart_once(position) and not searches.restart_once(position)
    assert searches.restart_once(position.play(0)), "another position may restart it again"
    searches.new_game()
    assert searches.restart_once(position), "a new game starts afresh"
