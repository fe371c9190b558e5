"""The searches of a proving run: the limits a unit is searched within, proofs that the checker
passes, and the look for O's win by threats after one of X's moves."""

from __future__ import annotations

from itertools import pairwise

import pytest
from rules_only import SPEC

from tictactoe_tui.engine.budget import OutOfBudget
from tictactoe_tui.engine.proof import unit_search
from tictactoe_tui.engine.proof.book import BOARD
from tictactoe_tui.engine.proof.campaign import CENTRE, first_replies, second_move, second_replies
from tictactoe_tui.engine.proof.checker import check_branch
from tictactoe_tui.engine.rules.scans import winning_cells

REPLY = first_replies()[0]
X_MOVE = second_move(REPLY)
UNITS = [(CENTRE, REPLY, X_MOVE, second) for second in second_replies(REPLY, X_MOVE)]


def test_a_unit_is_searched_within_short_limits_first_then_within_the_whole_limit() -> None:
    for moves in (UNITS[0], (CENTRE, REPLY)):
        steps = unit_search.limits(moves, 35)
        assert steps[0] == unit_search.FIRST_PLIES and steps[-1] == 35 - len(moves)
        assert all(0 < later - earlier <= unit_search.WIDER for earlier, later in pairwise(steps))
    assert unit_search.limits(UNITS[0], 12) == [8]  # less than the first limit: the whole limit alone


def test_a_unit_proven_by_the_worker_passes_the_checker_within_its_limit() -> None:
    # X's open three f8-h8 with O's marks far away: a win in three plies, found at the first limit.
    moves = tuple(BOARD.parse_cell(name) for name in ("h8", "a1", "g8", "a3", "f8", "a5"))
    returned, tree, nodes, _ = unit_search.prove_unit(moves, 100_000, 0, 35)
    assert returned == moves and 0 < nodes < 100_000
    assert check_branch(BOARD, list(moves), tree)[1] == 3
    assert unit_search.prove_unit(moves, 100_000, 0, len(moves) + 2)[1] is None  # two plies cannot hold it


def test_the_worker_searches_by_proof_numbers_when_asked() -> None:
    moves = tuple(BOARD.parse_cell(name) for name in ("h8", "a1", "g8", "a3", "f8", "a5"))
    returned, tree, nodes, _ = unit_search.prove_unit(moves, 100_000, 0, 35, "pn")
    assert returned == moves and 0 < nodes < 100_000
    assert check_branch(BOARD, list(moves), tree)[1] == 3
    assert unit_search.prove_unit(moves, 100_000, 0, len(moves) + 2, "pn")[1] is None
    tree = unit_search.prove_unit(moves, 100_000, 0, 35, "pn", 1)[1]  # another weight for leaves that gave up
    assert check_branch(BOARD, list(moves), tree)[1] == 3


def cells(names: str) -> tuple[int, ...]:
    return tuple(BOARD.parse_cell(name) for name in names.split())


def test_o_s_win_by_threats_after_x_s_move_is_found_and_none_where_x_blocked_it() -> None:
    # O's open three g8 h8 i8, X's marks in the corners: X's last move leaves it open.
    moves = cells("a1 g8 o1 h8 a15 i8 o15")
    x_marks, o_marks = sum(1 << cell for cell in moves[::2]), sum(1 << cell for cell in moves[1::2])
    reply = unit_search.counter_threat(moves)
    assert reply is not None
    after = o_marks | 1 << reply
    assert len(winning_cells(SPEC, after, x_marks)) >= 2  # an open four: X can block one end only
    assert not winning_cells(SPEC, x_marks, after)  # and has no four of its own to answer with

    blocked = (*moves[:-1], *cells("j8"))  # X's last move closes the three
    assert unit_search.counter_threat(blocked) is None
    with pytest.raises(OutOfBudget):  # too few nodes to tell: running out is no answer
        unit_search.counter_win(blocked, 1, unit_search.COUNTER_THREATS)
    assert unit_search.counter_threat(blocked, nodes=1) is None


def test_x_s_fours_are_found_each_with_o_s_block_and_none_while_o_threatens() -> None:
    # X's f8-h8 closed at e8: i8 makes a four (block j8), and so does j8 (block i8).
    found = unit_search.fours_and_blocks(cells("f8 e8 g8 a1 h8 o1 i6 a15 i7 o15"))
    assert found == [cells("i8 j8"), cells("j8 i8")]
    threatened = cells("f8 e8 g8 a1 h8 b2 i6 c3 i7 d4")
    assert unit_search.fours_and_blocks(threatened) == []  # O's four a1-d4 must be blocked at e5 first
