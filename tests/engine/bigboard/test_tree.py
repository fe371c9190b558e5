"""The tree search at its horizon: a fork the opponent cannot interrupt is scored as the win it is,
and only then."""

from __future__ import annotations

import pytest
from test_forks import DOUBLE_THREE_MOVES, FOUR_THREE_MOVES, O_CAN_FOUR_MOVES

from tictactoe_tui.engine import Position
from tictactoe_tui.engine.bigboard.patternboard import PatternBoard
from tictactoe_tui.engine.bigboard.scores import MATE
from tictactoe_tui.engine.bigboard.tree import INFINITY, PROVEN, TreeSearch
from tictactoe_tui.engine.budget import Budget


def leaf_score(moves: str) -> int:
    """The tree's score of the position with no depth left, for the side to move."""
    board = PatternBoard(Position.from_moves("15x15k5", moves))
    return TreeSearch(board, Budget(max_nodes=1_000), {}, 1_000).negamax(0, -INFINITY, INFINITY, 0)


@pytest.mark.parametrize("moves", [FOUR_THREE_MOVES, DOUBLE_THREE_MOVES])
def test_a_fork_at_the_horizon_scores_as_a_win_in_five(moves: str) -> None:
    assert leaf_score(moves) == MATE - 5


def test_a_fork_the_opponent_can_interrupt_is_only_estimated() -> None:
    assert abs(leaf_score(O_CAN_FOUR_MOVES)) < PROVEN
