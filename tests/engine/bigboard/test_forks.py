"""Forks read off the board (``LineBoard.fork``): a four-three or a double three that the opponent
has no four to interrupt is a win in five plies. Wherever a board claims one, the exact solver (on
a board it finishes) or the threat search played out (on 15x15) confirms it, on both boards; a
threat search that takes forks as wins claims no win that a plain one does not find."""

from __future__ import annotations

import random

import pytest
from test_threats import BOTH_BOARDS, BoardKind

from tictactoe_tui.engine import Position, Value, solve
from tictactoe_tui.engine.bigboard.patternboard import PatternBoard
from tictactoe_tui.engine.bigboard.patterns import DOUBLE_THREE, FOUR_THREE
from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.bigboard.threats import vct
from tictactoe_tui.engine.budget import Budget, OutOfBudget

FOUR_THREE_MOVES = "e8 d8 f8 a1 g8 a15 h6 o1 h7 o15"
"""X to move: h8 makes a four (e8 to h8, closed by O's d8) and an open three (h6 to h8)."""

DOUBLE_THREE_MOVES = "g8 a1 h8 a15 i6 o1 i7 o15"
"""X to move: i8 makes two open threes, g8 to i8 and i6 to i8."""

O_CAN_FOUR_MOVES = "e8 d8 f8 a2 g8 b2 h6 c2 h7 o15"
"""The four-three of ``FOUR_THREE_MOVES``, but O's a2 b2 c2 let it make a four that interrupts."""

@BOTH_BOARDS
@pytest.mark.parametrize(("moves", "fork", "kind_of_fork"), [(FOUR_THREE_MOVES, "h8", FOUR_THREE),
                                                             (DOUBLE_THREE_MOVES, "i8", DOUBLE_THREE)])
def test_the_fork_is_the_cell_that_makes_it(kind: BoardKind, moves: str,
                                            fork: str, kind_of_fork: int) -> None:
    position = Position.from_moves("15x15k5", moves)
    board = kind(position)
    assert board.fork(board.side) == position.spec.parse_cell(fork)
    assert board.classes[board.side][position.spec.parse_cell(fork)] == kind_of_fork
    assert not board.winning[board.side]


@BOTH_BOARDS
def test_no_fork_while_the_opponent_has_a_four_to_make(kind: BoardKind) -> None:
    board = kind(Position.from_moves("15x15k5", O_CAN_FOUR_MOVES))
    assert board.fours[board.side ^ 1]
    assert board.fork(board.side) is None


def fork_positions(spec: str, games: int, seed: int) -> list[Position]:
    """The positions of seeded random games where a board claims a fork for the side to move; the
    two boards must agree on every position."""
    rng = random.Random(seed)
    claimed = []
    for _ in range(games):
        position = Position.from_moves(spec, "")
        while not position.winning_line:
            board = PatternBoard(position)
            if board.fives[0] or board.fives[1] or board.winning[board.side]:
                break
            fork = board.fork(board.side)
            assert ThreatBoard(position).fork(board.side) == fork
            if fork is not None:
                claimed.append(position)
            cells = sorted(board.candidates())
            if not cells:
                break
            position = position.play(rng.choice(cells))
    return claimed


def test_every_fork_claimed_on_a_small_board_is_a_win_in_five_for_the_exact_solver() -> None:
    claimed = fork_positions("6x6k4", 40, seed=7)
    assert len(claimed) >= 10
    for position in claimed:
        result = solve(position, max_nodes=100_000)
        assert (result.value, result.plies) == (Value.WIN, 5), position.moves


def test_every_fork_claimed_on_15x15_is_a_win_by_threats_played_out() -> None:
    claimed = fork_positions("15x15k5", 60, seed=7)
    assert len(claimed) >= 30
    for position in claimed:
        found = vct(PatternBoard(position), Budget(max_nodes=50_000))
        assert found is not None and found[1] == 5, position.moves


@BOTH_BOARDS
def test_a_threat_search_taking_forks_wins_on_sight_what_a_plain_one_plays_out(
        kind: BoardKind) -> None:
    position = Position.from_moves("15x15k5", FOUR_THREE_MOVES)
    taking, plain = Budget(max_nodes=10_000), Budget(max_nodes=10_000)
    assert vct(kind(position), taking, forks=True) == (position.spec.parse_cell("h8"), 5)
    found = vct(kind(position), plain)
    assert found is not None and found[1] == 5
    assert taking.nodes == 1 < plain.nodes


def test_every_win_a_threat_search_takes_by_forks_holds_without_them() -> None:
    rng = random.Random(11)
    confirmed = 0
    for _ in range(30):
        position = Position.from_moves("15x15k5", "")
        for _ in range(24):
            cells = sorted(PatternBoard(position).candidates())
            position = position.play(rng.choice(cells))
            if position.winning_line:
                break
            board = ThreatBoard(position)
            if board.fives[0] or board.fives[1]:
                break
            try:
                found = vct(board, Budget(max_nodes=2_000), forks=True)
            except OutOfBudget:
                continue
            if found is not None:
                confirmed += 1
                assert vct(board, Budget(max_nodes=200_000)) is not None, position.moves
    assert confirmed >= 20
