"""Undo and redo: against the computer by the person's turn, otherwise one move at a time."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe_tui.engine import IllegalMoveError, Mark, Position
from tictactoe_tui.session.history import History, human_marks
from tictactoe_tui.session.setup import GameSetup

X_ONLY = frozenset({Mark.X})
O_ONLY = frozenset({Mark.O})
BOTH = frozenset({Mark.X, Mark.O})
NOBODY: frozenset[Mark] = frozenset()


def _game(moves: str, spec: str = "3x3") -> History:
    history = History.start(spec)
    for move in moves.split():
        history = history.play(move)
    return history


def _record(history: History) -> str:
    return history.position.record


def test_human_marks_come_from_the_setup() -> None:
    assert human_marks(GameSetup(x="human", o="perfect")) == X_ONLY
    assert human_marks(GameSetup(x="easy", o="human")) == O_ONLY
    assert human_marks(GameSetup(x="human", o="human")) == BOTH
    assert human_marks(GameSetup(x="easy", o="medium")) == NOBODY


def test_against_the_computer_undo_takes_back_the_reply_too() -> None:
    game = _game("b2 a1 c3 a3")
    undone = game.undo(X_ONLY)
    assert _record(undone) == "3x3k3: b2 a1"
    assert undone.position.to_move is Mark.X
    assert undone.undone == (8, 6)
    assert _record(undone.undo(X_ONLY)) == "3x3k3:"
    assert not undone.undo(X_ONLY).can_undo(X_ONLY)


def test_undo_while_the_computer_is_to_move_takes_back_only_the_persons_move() -> None:
    game = _game("b2 a1 c3")
    assert _record(game.undo(X_ONLY)) == "3x3k3: b2 a1"


def test_playing_second_the_computers_opening_cannot_be_undone() -> None:
    game = _game("b2")
    assert not game.can_undo(O_ONLY)
    assert game.undo(O_ONLY) is game
    later = game.play("a1").play("c3")
    assert _record(later.undo(O_ONLY)) == "3x3k3: b2"


@pytest.mark.parametrize("humans", [BOTH, NOBODY])
def test_between_people_or_computers_undo_and_redo_one_move(humans: frozenset[Mark]) -> None:
    game = _game("b2 a1 c3")
    back = game.undo(humans)
    assert _record(back) == "3x3k3: b2 a1"
    assert _record(back.undo(humans)) == "3x3k3: b2"
    assert back.redo(humans) == game


def test_undo_after_the_game_ended_reopens_it() -> None:
    won_by_computer = _game("a1 b2 a2 a3 c1 b1 c3 b3")
    assert won_by_computer.position.is_over
    reopened = won_by_computer.undo(X_ONLY)
    assert not reopened.position.is_over
    assert _record(reopened) == "3x3k3: a1 b2 a2 a3 c1 b1"
    won_by_person = _game("a1 b2 a2 c3 a3")
    assert won_by_person.position.is_over
    assert _record(won_by_person.undo(X_ONLY)) == "3x3k3: a1 b2 a2 c3"
    assert won_by_person.undo(X_ONLY).position.legal_moves


def test_redo_replays_up_to_the_persons_next_turn() -> None:
    game = _game("b2 a1 c3 a3")
    start = game.undo(X_ONLY).undo(X_ONLY)
    assert start.can_redo(X_ONLY) and not start.can_undo(X_ONLY)
    assert _record(start.redo(X_ONLY)) == "3x3k3: b2 a1"
    assert start.redo(X_ONLY).redo(X_ONLY) == game
    assert not game.can_redo(X_ONLY)
    assert game.redo(X_ONLY) is game


def test_redo_stops_at_the_end_of_the_line() -> None:
    won_by_person = _game("a1 b2 a2 c3 a3")
    back = won_by_person.undo(X_ONLY)
    assert back.redo_steps(X_ONLY) == 1
    assert back.redo(X_ONLY) == won_by_person


def test_a_new_move_after_undo_drops_the_redo_line() -> None:
    back = _game("b2 a1 c3 a3").undo(X_ONLY)
    changed = back.play("c1")
    assert changed.undone == ()
    assert not changed.can_redo(X_ONLY)


def test_replaying_the_next_move_by_hand_keeps_the_rest_of_the_line() -> None:
    game = _game("b2 a1 c3 a3")
    back = game.undo(X_ONLY).undo(X_ONLY)
    assert back.play("b2").undone == (0, 8, 6)
    assert back.play("b2").play("a1").play("c3").play("a3") == game


def test_at_and_goto_walk_along_the_whole_line() -> None:
    game = _game("b2 a1 c3 a3")
    back = game.undo(X_ONLY)
    assert back.line == game.line == (4, 0, 8, 6)
    assert [back.at(ply).record for ply in range(5)] == [
        "3x3k3:", "3x3k3: b2", "3x3k3: b2 a1", "3x3k3: b2 a1 c3", "3x3k3: b2 a1 c3 a3"]
    assert back.goto(4) == game
    assert back.goto(1).ply == 1 and back.goto(1).line == game.line
    with pytest.raises(IndexError):
        back.at(5)
    with pytest.raises(IndexError):
        back.at(-1)


def test_illegal_moves_are_refused() -> None:
    with pytest.raises(IllegalMoveError):
        _game("b2").play("b2")


@st.composite
def _games(draw: st.DrawFn) -> Position:
    position = Position.empty("3x3")
    for _ in range(draw(st.integers(0, 9))):
        if position.is_over:
            break
        position = position.play(draw(st.sampled_from(position.legal_moves)))
    return position


@given(_games(), st.sampled_from([X_ONLY, O_ONLY, BOTH, NOBODY]))
def test_redo_undoes_undo(position: Position, humans: frozenset[Mark]) -> None:
    game = History(position)
    back = game.undo(humans)
    assert back.line == game.line
    if not game.can_undo(humans):
        assert back == game
        return
    assert back.ply < game.ply
    if len(humans) == 1:
        (human,) = humans
        assert back.position.to_move is human
    assert back.redo(humans) == game
