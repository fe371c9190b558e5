"""The tree search's forks settled without a search: a four-three or a double three that the
opponent has no four to interrupt is a win in five plies, which the exact solver (on boards it
finishes) and the threat search (on 15x15) confirm wherever the rule claims one."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.engine import Position, Value, solve
from tictactoe_tui.engine.bigboard.patternboard import PatternBoard
from tictactoe_tui.engine.bigboard.patterns import DOUBLE_THREE, FOUR_THREE
from tictactoe_tui.engine.bigboard.scores import MATE
from tictactoe_tui.engine.bigboard.threats import vct
from tictactoe_tui.engine.bigboard.tree import INFINITY, PROVEN, TreeSearch, wins_by_fork
from tictactoe_tui.engine.budget import Budget

FOUR_THREE_MOVES = "e8 d8 f8 a1 g8 a15 h6 o1 h7 o15"
"""X to move: h8 makes a four (e8 to h8, closed by O's d8) and an open three (h6 to h8)."""

DOUBLE_THREE_MOVES = "g8 a1 h8 a15 i6 o1 i7 o15"
"""X to move: i8 makes two open threes, g8 to i8 and i6 to i8."""

O_CAN_FOUR_MOVES = "e8 d8 f8 a2 g8 b2 h6 c2 h7 o15"
"""The four-three of ``FOUR_THREE_MOVES``, but O's a2 b2 c2 let it make a four that interrupts."""


def leaf_score(moves: str) -> int:
    """The tree's score of the position at the horizon (no depth left), for the side to move."""
    board = PatternBoard(Position.from_moves("15x15k5", moves))
    return TreeSearch(board, Budget(max_nodes=1_000), {}, 1_000).negamax(0, -INFINITY, INFINITY, 0)


@pytest.mark.parametrize(("moves", "fork", "kind"), [(FOUR_THREE_MOVES, "h8", FOUR_THREE),
                                                     (DOUBLE_THREE_MOVES, "i8", DOUBLE_THREE)])
def test_a_fork_the_opponent_cannot_interrupt_is_a_win_in_five(moves: str, fork: str, kind: int) -> None:
    position = Position.from_moves("15x15k5", moves)
    board = PatternBoard(position)
    assert board.classes[board.side][position.spec.parse_cell(fork)] == kind
    assert not board.winning[board.side]
    assert leaf_score(moves) == MATE - 5
    found = vct(board, Budget(max_nodes=50_000))
    assert found is not None and found[1] == 5


def test_a_fork_is_only_scored_when_the_opponent_has_a_four_to_make() -> None:
    board = PatternBoard(Position.from_moves("15x15k5", O_CAN_FOUR_MOVES))
    assert board.fours[board.side ^ 1]
    assert not wins_by_fork(board, board.side)
    assert abs(leaf_score(O_CAN_FOUR_MOVES)) < PROVEN


def fork_positions(spec: str, games: int, seed: int) -> list[Position]:
    """The positions of seeded random games where the rule claims a win for the side to move."""
    rng = random.Random(seed)
    claimed = []
    for _ in range(games):
        position = Position.from_moves(spec, "")
        while not position.winning_line:
            board = PatternBoard(position)
            if board.fives[0] or board.fives[1] or board.winning[board.side]:
                break
            if wins_by_fork(board, board.side):
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


def test_every_fork_claimed_on_15x15_is_a_win_by_threats_in_five() -> None:
    claimed = fork_positions("15x15k5", 60, seed=7)
    assert len(claimed) >= 30
    for position in claimed:
        found = vct(PatternBoard(position), Budget(max_nodes=50_000))
        assert found is not None and found[1] == 5, position.moves
