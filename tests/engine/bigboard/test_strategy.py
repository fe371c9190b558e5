"""The big-board search: legal answers on every board, forced matters first, and bounded work.

Every search here is bounded by nodes with a deadline far away, so the answers do not depend on
the speed of the machine.
"""

from __future__ import annotations

import threading
import time

import pytest
from test_patternboard import snapshot

from tictactoe_tui.engine import Position, Value, solve
from tictactoe_tui.engine.bigboard.patternboard import O, PatternBoard, X
from tictactoe_tui.engine.bigboard.scores import MATE
from tictactoe_tui.engine.bigboard.strategy import Strategy, StrategyResult, _Searcher, search
from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.bigboard.threats import find_vcf, vcf, vct
from tictactoe_tui.engine.bigboard.tree import PROVEN
from tictactoe_tui.engine.budget import Budget
from tictactoe_tui.engine.rules.scans import threats_against

FAR = 3600.0
"""Seconds from now: a deadline that node-bounded searches never reach."""

VCF_MOVES = "e8 d8 f8 g12 g9 h4 g10 a1 g11 o15 h5 a15 h6 o1 h7 c1"
"""X to move wins by two threats in a row (g8 then h8, or h8 then g8); see test_threats."""


def bounded(position: Position, nodes: int = 3_000) -> StrategyResult:
    return search(position, deadline=time.perf_counter() + FAR, max_nodes=nodes)


def best(position: Position, nodes: int = 3_000) -> str:
    return position.cell_name(bounded(position, nodes).ranked[0][0])


@pytest.mark.parametrize("spec", ["15x15k5", "19x19k5", "9x9k5", "7x7k4", "4x4k3", "3x3k3"])
def test_the_empty_board_opens_in_the_centre(spec: str) -> None:
    position = Position.empty(spec)
    result = bounded(position)
    col, row = position.spec.coordinates(result.ranked[0][0])
    assert (col, row) == ((position.spec.width - 1) // 2, (position.spec.height - 1) // 2)


@pytest.mark.parametrize(("spec", "moves"), [
    ("26x1k3", "m1"),
    ("20x20k2", "j10"),
    ("1x1k1", ""),
    ("3x1k1", ""),
    ("1x26k26", "a13 a2"),
    ("5x5k5", "c3 b2 d4"),
    ("26x26k5", "m13 n14"),
    ("2x9k3", "a5 b5 a4"),
    ("15x15k5", "h8 i9 h9 h10 g8"),
])
def test_every_board_gets_a_legal_answer(spec: str, moves: str) -> None:
    position = Position.from_moves(spec, moves)
    result = bounded(position, 500)
    assert result.ranked
    assert all(position.is_legal(cell) for cell, _ in result.ranked)
    assert len({cell for cell, _ in result.ranked}) == len(result.ranked)


def test_a_finished_game_has_no_move() -> None:
    with pytest.raises(ValueError, match="over"):
        bounded(Position.from_moves("3x3", "a1 a2 b1 b2 c1"))


@pytest.mark.parametrize(("spec", "moves", "win"), [
    ("15x15k5", "h8 a1 i8 a2 j8 a3 k8 b5", {"g8", "l8"}),
    ("19x19k5", "j10 a1 j11 a3 j12 a5 j14 s19", {"j13"}),
    ("9x9k5", "a1 i9 b2 i8 c3 i7 d4 h9", {"e5"}),
])
def test_a_win_in_one_is_taken(spec: str, moves: str, win: set[str]) -> None:
    position = Position.from_moves(spec, moves)
    result = bounded(position)
    assert position.cell_name(result.ranked[0][0]) in win
    assert result.forced_win == 1


def test_the_opponents_win_in_one_is_blocked() -> None:
    position = Position.from_moves("15x15k5", "h8 a1 i8 a2 j8 a15 k8")  # O to move, X threatens g8 and l8
    assert best(position) in {"g8", "l8"}
    position = Position.from_moves("15x15k5", "h8 a1 i8 a2 j8 a15 k8 g8 o15")  # O blocked g8; O again
    assert best(position) == "l8"


def test_its_own_win_comes_before_the_block() -> None:
    position = Position.from_moves("15x15k5", "h8 a1 i8 a2 j8 a3 k8 a4 o15")  # O wins at a5
    assert best(position) == "a5"


def test_an_open_three_is_blocked_at_one_of_its_ends() -> None:
    # X threatens to make an open four (two threats) next move; only g8 or k8 stop it.
    position = Position.from_moves("15x15k5", "h8 a1 i8 a15 j8")
    assert best(position, 4_000) in {"g8", "k8"}


def test_a_broken_three_is_blocked_too() -> None:
    # X h8 i8 . k8: j8 would make a four with both ends open.
    position = Position.from_moves("15x15k5", "h8 a1 i8 a15 k8")
    assert best(position, 4_000) in {"g8", "j8", "l8"}


def test_a_forced_win_by_threats_is_found_and_reported() -> None:
    position = Position.from_moves("15x15k5", VCF_MOVES)
    result = bounded(position, 5_000)
    # A four that leaves one block, after which X still wins by fours (g8, h8 and g7 all do).
    after = position.play(result.ranked[0][0])
    (block,) = threats_against(after)
    assert find_vcf(after.play(block)) is not None
    assert result.forced_win == 5
    assert result.ranked[0][1] == MATE - 5


def test_a_forced_win_by_threats_to_fork_is_found_and_holds() -> None:
    # 7x7k4: two marks side by side with room around them already win, by threatening forks.
    position = Position.from_moves("7x7k4", "d4 d5")
    result = bounded(position, 50_000)
    assert result.forced_win is not None
    assert solve(position.play(result.ranked[0][0])).value is Value.LOSS


def test_the_defender_of_the_vcf_position_stops_the_threats() -> None:
    # The VCF position with O to move: O must take one of the cells the attack needs.
    position = Position.from_moves("15x15k5", VCF_MOVES + " n1")
    board = PatternBoard(position)
    assert board.side == 1
    answer = best(position, 6_000)
    after = position.play(answer)
    assert find_vcf(after, max_nodes=100_000) is None


FOUR_THEN_DEFENCE = "h8 h9 h6 i8 i7 j7 k6 j6 j5 j8 j10 i9 g9 h10 g11 k7 l6 l8"
"""X to move against O's open three (j6 k7 l8); X's four f10 only delays it."""


def _wins_by_threats(board: PatternBoard) -> bool:
    """The side to move's win by fours and open threes, searched to the end of the threat limit."""
    budget = Budget(400_000, None, None)
    found = vcf(board, budget) is not None or vct(board, budget) is not None
    assert not budget.exhausted
    return found


def test_a_four_whose_follow_up_defends_is_not_counted_lost() -> None:
    position = Position.from_moves("15x15k5", FOUR_THEN_DEFENCE)
    board = PatternBoard(position)
    four = position.spec.parse_cell("f10")
    board.play(four)
    (block,) = board.fives[X]
    board.play(block)
    board.pass_turn()
    assert _wins_by_threats(board), "a four that is only followed by a pass loses to the open three"
    board.undo()
    held = []
    for answer in board.defences(O):
        board.play(answer)
        held.append(not _wins_by_threats(board))
        board.undo()
    assert any(held), "one of the three's answers, played after the four and its block, holds"
    assert dict(bounded(position, 30_000).ranked)[four] > -PROVEN


THREATENED = "h8 h9 g8 i8 g10 g7 f9 h7 e8 d7 e10"
"""O to move; X, given a free move, would win by threats, and most of O's moves leave it that win."""


def test_against_a_threat_every_move_offered_for_variety_holds() -> None:
    position = Position.from_moves("15x15k5", THREATENED)
    board = PatternBoard(position)
    board.pass_turn()
    assert _wins_by_threats(board), "X threatens a win by threats"
    board.undo()
    result = bounded(position, 6_000)
    assert result.choices
    for choice in result.choices:
        board.play(choice)
        assert not _wins_by_threats(board), f"{position.cell_name(choice)} leaves X its win"
        board.undo()


OWN_THREE_DEFENDS = "h8 i9 h6 h9 g9 i7 i6 i10 i11 g8 f7 j9 j11 h11 k8 h10"
"""X to move; O, given a free move, would win by threats, and X's moves that stop it make open
threes of X's own (against which O's threes come too late), off every cell of O's threat search."""


def test_an_open_three_of_our_own_counts_among_the_defences() -> None:
    position = Position.from_moves("15x15k5", OWN_THREE_DEFENDS)
    board = PatternBoard(position)
    board.pass_turn()
    assert _wins_by_threats(board), "O threatens a win by threats"
    board.undo()
    (choice,) = bounded(position, 10_000).choices
    assert choice in board.threes[X]
    board.play(choice)
    assert not _wins_by_threats(board), f"{position.cell_name(choice)} leaves O its win"


@pytest.mark.parametrize("nodes", [300, 3_000, 30_000])
def test_a_search_leaves_both_its_boards_at_the_root(nodes: int) -> None:
    # The four, its block and the follow-ups of the position above are played on the threat board
    # the root's checks use, apart from the tree's board; a budget running out anywhere in them
    # must still leave both as they were.
    position = Position.from_moves("15x15k5", FOUR_THEN_DEFENCE)
    searcher = _Searcher(position, Budget(max_nodes=nodes), Strategy(position.spec))
    searcher.run()
    assert searcher.budget.nodes > 0
    assert snapshot(searcher.board) == snapshot(PatternBoard(position))
    assert snapshot(searcher.threats) == snapshot(ThreatBoard(position))


def test_only_moves_near_the_marks_are_considered() -> None:
    position = Position.from_moves("19x19k5", "j10 k11 c3")
    result = bounded(position, 2_000)
    marks = [position.spec.coordinates(cell) for cell in position.moves]
    for cell, _ in result.ranked:
        col, row = position.spec.coordinates(cell)
        # At most two steps from a mark along one of its rows, columns or diagonals.
        assert any(max(abs(col - c), abs(row - r)) <= 2
                   and (col == c or row == r or abs(col - c) == abs(row - r)) for c, r in marks)


def test_the_node_budget_bounds_the_work_and_the_answer_repeats() -> None:
    position = Position.from_moves("15x15k5", "h8 i9 h9 h10 g8 g7")
    first = bounded(position, 1_500)
    second = bounded(position, 1_500)
    assert first == second
    assert first.nodes <= 1_500  # every part of the search counts against the one budget
    deeper = bounded(position, 12_000)
    assert deeper.depth >= first.depth


def test_a_stop_request_is_answered_at_once_with_a_legal_move() -> None:
    stop = threading.Event()
    stop.set()
    position = Position.from_moves("19x19k5", "j10 k11 j11 k10")
    result = search(position, deadline=time.perf_counter() + FAR, stop=stop)
    assert result.nodes <= 2
    assert position.is_legal(result.ranked[0][0])


def test_a_deadline_already_past_still_gets_a_legal_move() -> None:
    position = Position.from_moves("15x15k5", "h8 i9 h9")
    result = search(position, deadline=time.perf_counter() - 1.0)
    assert position.is_legal(result.ranked[0][0])


def test_the_search_never_loses_a_game_against_itself_to_a_missed_block() -> None:
    # Self-play on 7x7k4 with small budgets: whoever wins, no win ever comes from a threat that
    # the loser could have blocked with a single move.
    position = Position.empty("7x7k4")
    while not position.is_over:
        before = position
        position = position.play(bounded(position, 400).ranked[0][0])
        if position.winning_line and len(position.moves) >= 2:
            board = PatternBoard(before.undo())
            assert len(board.fives[board.side ^ 1]) != 1
