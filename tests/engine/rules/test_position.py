"""Positions: turns, outcomes, legality and taking moves back."""

from __future__ import annotations

import pytest

from tictactoe_tui.engine import (
    BoardSpec,
    GameOverError,
    IllegalMoveError,
    Mark,
    NotationError,
    Position,
    Status,
    make_player,
)


def test_the_empty_board_has_x_to_move_and_every_cell_free() -> None:
    position = Position.empty("3x3")
    assert position.to_move is Mark.X
    assert position.legal_moves == tuple(range(9))
    assert position.outcome.status is Status.PLAYING
    assert not position.is_over


def test_turns_alternate_and_marks_land_where_played() -> None:
    position = Position.empty("3x3").play("b2").play("a1")
    assert position.to_move is Mark.X
    assert position[position.spec.parse_cell("b2")] is Mark.X
    assert position[0] is Mark.O
    assert position[8] is None
    assert position.legal_moves == (1, 2, 3, 5, 6, 7, 8)


def test_str_draws_the_top_row_first() -> None:
    position = Position.from_moves("3x2k2", "a1 c2")
    assert str(position) == "..O\nX.."


@pytest.mark.parametrize(
    ("moves", "status", "line"),
    [
        ("a1 a2 b1 b2 c1", Status.X_WINS, "a1 b1 c1"),
        ("a1 a2 b1 b2 c3 c2", Status.O_WINS, "a2 b2 c2"),
        ("a1 b1 b2 c1 c3", Status.X_WINS, "a1 b2 c3"),
        ("c1 a1 b2 a2 a3", Status.X_WINS, "c1 b2 a3"),
        ("b2 a1 c1 a3 a2 c2 b1 b3 c3", Status.DRAW, ""),
    ],
)
def test_outcomes_name_the_winning_line(moves: str, status: Status, line: str) -> None:
    position = Position.from_moves("3x3", moves)
    outcome = position.outcome
    assert outcome.status is status
    assert " ".join(position.cell_name(cell) for cell in outcome.line) == line
    assert outcome.winner is {Status.X_WINS: Mark.X, Status.O_WINS: Mark.O}.get(status)
    assert position.is_over and outcome.is_over
    assert position.legal_moves == ()


def test_a_win_on_the_last_cell_is_a_win_not_a_draw() -> None:
    position = Position.from_moves("3x3", "a1 b1 c1 a2 b2 c2 b3 a3 c3")
    assert position.outcome.status is Status.X_WINS


def test_k_one_wins_on_the_first_move() -> None:
    position = Position.empty("3x3k1").play("b2")
    assert position.outcome.status is Status.X_WINS
    assert position.outcome.line == (4,)


def test_only_the_longer_side_wins_when_k_exceeds_the_short_one() -> None:
    position = Position.from_moves("5x2k4", "a1 a2 b1 b2 c1 c2 d1")
    assert position.outcome.status is Status.X_WINS
    assert len(position.outcome.line) == 4


def test_occupied_cell_is_refused_and_the_position_is_unchanged() -> None:
    position = Position.from_moves("3x3", "b2")
    with pytest.raises(IllegalMoveError, match="b2 is already taken by X"):
        position.play("b2")
    assert position.moves == (4,)


def test_off_board_moves_are_notation_errors_whether_named_or_numbered() -> None:
    position = Position.empty("3x3")
    with pytest.raises(NotationError, match="off the 3x3 board"):
        position.play("d4")
    with pytest.raises(NotationError, match="off the 3x3 board"):
        position.play(9)
    with pytest.raises(NotationError, match="off the 3x3 board"):
        position.play(-1)
    with pytest.raises(NotationError, match="off the 3x3 board"):
        position.spec.cell_at(3, 0)


def test_moves_after_the_end_are_refused() -> None:
    won = Position.from_moves("3x3", "a1 a2 b1 b2 c1")
    with pytest.raises(GameOverError, match="after the game ended"):
        won.play("c3")
    assert not won.is_legal(8)


@pytest.mark.parametrize("moves", ["a1 a2 b1 b2 c1", "a1 b2 c3 b1 b3 a2 c2 c1 a3"])
def test_asking_for_a_move_after_the_end_is_a_game_over_error(moves: str) -> None:
    over = Position.from_moves("3x3", moves)
    assert over.is_over
    with pytest.raises(GameOverError, match="the game is over"):
        over.require_a_move()
    for name in ("random", "easy", "medium", "perfect"):
        with pytest.raises(GameOverError):
            make_player(name, seed=1).choose(over)
    Position.from_moves("3x3", moves.rsplit(" ", 1)[0]).require_a_move()  # one move earlier: fine


def test_the_side_to_move_alternates_from_x() -> None:
    assert [Mark.at_ply(ply) for ply in range(4)] == [Mark.X, Mark.O, Mark.X, Mark.O]
    position = Position.empty("3x3")
    for cell in (4, 0, 8, 2):
        assert position.to_move is Mark.at_ply(len(position.moves))
        assert position.to_move.index == len(position.moves) % 2
        position = position.play(cell)


def test_undo_takes_moves_back() -> None:
    position = Position.from_moves("4x4k3", "b2 a1 c3")
    assert position.undo().record == "4x4k3: b2 a1"
    assert position.undo(2).moves == (position.spec.parse_cell("b2"),)
    assert position.undo(10) == Position.empty(BoardSpec(4, 4, 3))


def test_undo_reopens_a_finished_game() -> None:
    won = Position.from_moves("3x3", "a1 a2 b1 b2 c1")
    reopened = won.undo()
    assert reopened.outcome.status is Status.PLAYING
    assert reopened.is_legal(2)


def test_positions_are_values() -> None:
    """Equal move lists give equal, hashable positions (a transposition is a different game)."""
    first = Position.from_moves("3x3", "a1 b2")
    again = Position.from_moves("3x3", [0, 4])
    assert first == again and hash(first) == hash(again)
    assert Position.from_moves("3x3", "a1 b2 c3 a3") != Position.from_moves("3x3", "c3 b2 a1 a3")


def test_from_moves_names_the_bad_move() -> None:
    with pytest.raises(IllegalMoveError, match=r"move 3 \(a1\)"):
        Position.from_moves("3x3", "a1 b2 a1")
