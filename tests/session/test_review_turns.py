"""The review of a finished game, without a screen: when it starts, what it keeps, when it is dropped."""

from __future__ import annotations

from engine_standin import SPEC, StandInEngine, cell

from tictactoe_tui.engine import Position, review_game
from tictactoe_tui.session.engine_process import Job, SearchFailed
from tictactoe_tui.session.game import Game
from tictactoe_tui.session.setup import GameSetup
from tictactoe_tui.session.turns import REVIEW_TIME, Notice, Turns

PEOPLE = GameSetup(SPEC, "human", "human")
BLUNDERED = "b2 b1 a1 c3 a3 c1 a2"
"""O's b1 gives the game away: X wins by a1, a3 and a2."""


def finished(moves: str = BLUNDERED) -> Turns:
    turns = Turns(Game(PEOPLE), StandInEngine())
    for name in moves.split():
        turns.game.play(cell(name))
    turns.changed()
    return turns


def review_job(turns: Turns) -> Job:
    job = turns.review()
    assert isinstance(job, Job) and job.request.kind == "review"
    return job


def test_only_a_finished_game_is_reviewed() -> None:
    turns = finished("b2 b1")
    assert isinstance(turns.review(), Notice)
    assert turns.key_state("review", board_focused=True) is None
    assert not turns.jobs.busy


def test_the_review_marks_the_moves_that_gave_away_a_result() -> None:
    turns = finished()
    assert turns.key_state("review", board_focused=True) is True
    job = review_job(turns)
    assert job.request.position == turns.game.position and job.request.time_limit == REVIEW_TIME
    assert turns.review() is None, "one review at a time"
    verdicts = review_game(turns.game.position, time_limit=None)
    assert turns.reviewed(job, verdicts)
    assert turns.blunders == {2}
    assert not turns.reviewing


def test_the_review_is_dropped_when_the_game_changes() -> None:
    turns = finished()
    assert turns.reviewed(review_job(turns), review_game(turns.game.position, time_limit=None))
    assert turns.game.undo()
    turns.changed()
    assert turns.verdicts == () and turns.blunders == frozenset()
    assert turns.game.redo()
    turns.changed()
    assert turns.verdicts == (), "redone, the game is reviewed afresh"


def test_a_review_under_way_stops_when_the_game_changes() -> None:
    turns = finished()
    job = review_job(turns)
    turns.game.undo()
    turns.changed()
    assert job.stopped and not turns.reviewing
    assert not turns.reviewed(job, ()), "a stale review is dropped"
    turns = finished()
    job = review_job(turns)
    turns.new_game(Game(PEOPLE))
    assert job.stopped and turns.verdicts == ()


def test_a_failed_review_says_why() -> None:
    turns = finished()
    job = review_job(turns)
    notice = turns.review_failed(job, SearchFailed("out of memory"))
    assert notice is not None and "out of memory" in notice.text and notice.warning
    assert turns.review_failed(job, SearchFailed("again")) is None, "once"


def test_the_position_reviewed_is_the_game_itself() -> None:
    turns = finished()
    assert review_job(turns).request.position == Position.from_moves(SPEC, BLUNDERED.split())
