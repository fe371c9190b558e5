"""Threat search: wins by continuous fours (VCF) and by threat sequences (VCT), within a budget."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_patternboard import snapshot

from tictactoe_tui.engine import Position, Value, solve
from tictactoe_tui.engine.bigboard.patternboard import PatternBoard
from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.bigboard.threats import ThreatMemo, find_vcf, vcf, vct
from tictactoe_tui.engine.budget import Budget, OutOfBudget
from tictactoe_tui.engine.rules.scans import (
    immediate_wins,
    threats_against,
)

BoardKind = type[PatternBoard | ThreatBoard]
BOTH_BOARDS = pytest.mark.parametrize("kind", [PatternBoard, ThreatBoard], ids=["pattern", "threat"])
"""Threat searches run on either board: the tree search's, and the faster one of the proof."""


def named(position: Position, found: tuple[int, ...] | set[int] | None) -> set[str]:
    return {position.cell_name(cell) for cell in found or ()}


# A position on 15x15 (X to move) where X wins by two threats in a row: g8 threatens g7 down
# column g, and once O fills g7, h8 makes two threats at once (i8 along row 8, h9 up column h).
# h8 first works just as well, and so does g7 then e9. No single X move makes two threats, so it is
# not a fork.
VCF_MOVES = "e8 d8 f8 g12 g9 h4 g10 a1 g11 o15 h5 a15 h6 o1 h7 c1"


def test_an_open_three_wins_by_making_an_open_four() -> None:
    position = Position.from_moves("15x15k5", "h8 a1 i8 a3 j8 a5")
    line = find_vcf(position)
    assert line is not None and len(line) == 3
    assert position.cell_name(line[0]) in {"g8", "k8"}
    assert_wins_by_force(position, line)


@BOTH_BOARDS
def test_a_known_vcf_needs_two_threats_in_a_row(kind: BoardKind) -> None:
    position = Position.from_moves("15x15k5", VCF_MOVES)
    board = kind(position)
    assert not board.winning[board.side] and not board.fives[board.side]
    line = find_vcf(position)
    assert line is not None
    assert len(line) == 5
    assert_wins_by_force(position, line)


@BOTH_BOARDS
def test_the_defender_has_no_vcf_there(kind: BoardKind) -> None:
    position = Position.from_moves("15x15k5", VCF_MOVES)
    board = kind(position)
    board.pass_turn()
    assert vcf(board, Budget(max_nodes=50_000)) is None


@BOTH_BOARDS
def test_no_vcf_while_the_defender_threatens_to_win_first(kind: BoardKind) -> None:
    # The VCF position again, but O's spare marks now make a four (a1-a4): X must block a5, which
    # threatens nothing, so its attack never starts.
    position = Position.from_moves("15x15k5", "e8 d8 f8 g12 g9 h4 g10 a1 g11 a2 h5 a3 h6 a4 h7 c1")
    board = kind(position)
    assert named(position, board.fives[1]) == {"a5"}
    assert vcf(board, Budget(max_nodes=100_000)) is None


@BOTH_BOARDS
def test_vcf_leaves_the_board_as_it_found_it_even_when_out_of_budget(kind: BoardKind) -> None:
    position = Position.from_moves("15x15k5", VCF_MOVES)
    board = kind(position)
    before = snapshot(board)
    with pytest.raises(OutOfBudget):
        vcf(board, Budget(max_nodes=2))
    assert snapshot(board) == before
    assert vcf(board, Budget(max_nodes=10_000)) is not None
    assert snapshot(board) == before


def assert_wins_by_force(position: Position, line: tuple[int, ...]) -> None:
    """Replay a VCF line, checking that every reply was forced and the last move wins."""
    attacker = position.to_move
    for index, cell in enumerate(line):
        if index % 2 == 1:
            # The defender moves: the attacker threatens, and the defender has no win of its own.
            assert immediate_wins(position) == ()
            assert threats_against(position), "a reply in a VCF must answer a threat"
            if index < len(line) - 2:
                assert threats_against(position) == (cell,)
        position = position.play(cell)
    assert position.outcome.winner is attacker


@BOTH_BOARDS
def test_vct_wins_by_threatening_forks_where_no_vcf_exists(kind: BoardKind) -> None:
    # On 7x7k4 two marks side by side with room are already a threat to fork.
    position = Position.from_moves("7x7k4", "d4 d5")
    board = kind(position)
    assert vcf(board, Budget(max_nodes=50_000)) is None
    found = vct(board, Budget(max_nodes=50_000))
    assert found is not None
    cell, plies = found
    # The exact solver agrees that the side to move wins, and no faster than the VCT claims.
    assert solve(position.play(cell)).value is Value.LOSS
    exact = solve(position)
    assert exact.value is Value.WIN and exact.plies is not None and exact.plies <= plies


# Two positions from games the engine lost as O against Wine, with X to move and a win by threats
# that takes 13 to 21 plies: against each of O's answers to a three, the move that won against
# the previous answer is tried first, and it usually wins again. Taking the moves in the order of
# their scores alone, the searches took 20,156 and 25,885 nodes on the threat board, 43,631 and
# 26,521 on the pattern board.
SIBLING_WINS = ["h8 i9 h7 j8 g8 h10 k7 i6", "h8 h9 g9 i7 g7 g8 f8 d7"]
SIBLING_WIN_NODES = {ThreatBoard: 16_000, PatternBoard: 22_000}


@BOTH_BOARDS
@pytest.mark.parametrize("moves", SIBLING_WINS)
def test_a_move_that_won_after_one_defence_is_tried_first_after_the_next(kind: BoardKind, moves: str) -> None:
    position = Position.from_moves("15x15k5", moves)
    board = kind(position)
    before = snapshot(board)
    found = vct(board, Budget(max_nodes=SIBLING_WIN_NODES[kind]))
    assert found is not None
    assert snapshot(board) == before
    assert found[1] >= 13


def test_small_k_wins_by_continuous_threats() -> None:
    assert find_vcf(Position.empty("3x2k1")) is not None
    line = find_vcf(Position.empty("3x3k2"))
    assert line is not None and len(line) == 3
    assert_wins_by_force(Position.empty("3x3k2"), line)


@BOTH_BOARDS
def test_vct_finds_nothing_without_material(kind: BoardKind) -> None:
    position = Position.from_moves("15x15k5", "h8 h9")
    assert vct(kind(position), Budget(max_nodes=10_000)) is None


@BOTH_BOARDS
def test_vct_leaves_the_board_as_it_found_it_when_out_of_budget(kind: BoardKind) -> None:
    position = Position.from_moves("15x15k5", "h8 a1 i9 a3 h10 a5")
    board = kind(position)
    before = snapshot(board)
    with pytest.raises(OutOfBudget):
        vct(board, Budget(max_nodes=200))
    assert snapshot(board) == before


@BOTH_BOARDS
def test_threat_searches_sharing_their_tables_find_a_win_where_a_cold_search_does(
        kind: BoardKind) -> None:
    # One memo warmed by every earlier search, against a fresh search each time: a shared table
    # may change which winning move comes back, never whether there is a win.
    suite = Path(__file__).with_name("tactics.txt").read_text().splitlines()
    positions = [Position.from_moves(board.strip(), moves)
                 for line in suite if line.strip() and not line.startswith("#")
                 for _, board, moves, *_ in [line.split("|")]]
    random.Random(7).shuffle(positions)
    memo: ThreatMemo = ({}, {})
    compared = 0
    for position in positions:
        if position.is_over:
            continue
        answers = []
        for shared in (None, memo):
            try:
                answers.append(vct(kind(position), Budget(50_000), memo=shared))
            except OutOfBudget:
                answers.append("out of budget")
        if "out of budget" in answers:
            continue
        cold, warm = answers
        assert (cold is None) == (warm is None), position.record
        compared += 1
    assert compared >= 60 and any(answer for answer in memo[0]) and memo[1]


@BOTH_BOARDS
def test_a_refutation_that_reached_no_limit_is_not_searched_again(kind: BoardKind) -> None:
    # Every line of this search ends before its limit: no number of threats wins, so a later search
    # sharing the tables knows it at the root, where a refutation at a limit would be searched again.
    position = Position.from_moves("15x15k5", "h8 h9 f6 i8 g7 i9 g9 i7 i10 g10 f11 j9")
    memo: ThreatMemo = ({}, {})
    cold, warm = Budget(100_000), Budget(100_000)
    assert vct(kind(position), cold, memo=memo) is None
    assert vct(kind(position), warm, memo=memo) is None
    assert cold.nodes > 1 and warm.nodes == 1


@BOTH_BOARDS
def test_a_refutation_at_a_limit_leaves_a_deeper_search_sharing_the_tables_its_win(
        kind: BoardKind) -> None:
    # Within one threat the fork of two marks side by side is out of reach; the tables remember
    # that as a refutation at that limit, and a search allowed more threats still finds the win.
    position = Position.from_moves("7x7k4", "d4 d5")
    memo: ThreatMemo = ({}, {})
    assert vct(kind(position), Budget(50_000), max_threats=1, memo=memo) is None
    assert memo[1] and all(limit == 1 for limit in memo[1].values())
    cold = vct(kind(position), Budget(50_000))
    assert cold is not None and vct(kind(position), Budget(50_000), memo=memo) == cold
