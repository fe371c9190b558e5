"""Threats: wins in one, forced blocks and forks, the incremental line board, the budget, VCF and VCT."""

from __future__ import annotations

import random
import threading

import pytest

from tictactoe_tui.engine import Position, Value, solve
from tictactoe_tui.engine.bigboard.lineboard import PASS, LineBoard
from tictactoe_tui.engine.bigboard.threats import find_vcf, vcf, vct
from tictactoe_tui.engine.budget import Budget, OutOfBudget
from tictactoe_tui.engine.rules.bits import bit_cells
from tictactoe_tui.engine.rules.scans import (
    forced_replies,
    fork_cells,
    immediate_wins,
    sides,
    threats_against,
    winning_cells,
)


def named(position: Position, found: tuple[int, ...] | set[int] | None) -> set[str]:
    return {position.cell_name(cell) for cell in found or ()}


# A position on 15x15 (X to move) where X wins only by two threats in a row: g8 threatens g7 down
# column g, and once O fills g7, h8 makes two threats at once (i8 along row 8, h9 up column h).
# h8 first works just as well. No single X move makes two threats, so it is not a fork.
VCF_MOVES = "e8 d8 f8 g12 g9 h4 g10 a1 g11 o15 h5 a15 h6 o1 h7 c1"


def test_a_line_one_short_offers_its_last_cell() -> None:
    position = Position.from_moves("3x3", "a1 b2 b1")
    assert immediate_wins(position) == ()
    assert named(position, threats_against(position)) == {"c1"}
    assert named(position, forced_replies(position)) == {"c1"}
    assert named(position, winning_cells(position.spec, position.x, position.o)) == {"c1"}


def test_a_win_comes_before_a_block() -> None:
    position = Position.from_moves("3x3", "a1 b2 b1 c2")
    assert named(position, immediate_wins(position)) == {"c1"}
    assert named(position, threats_against(position)) == {"a2"}
    assert named(position, forced_replies(position)) == {"c1"}


def test_a_line_with_an_opponent_mark_offers_nothing() -> None:
    position = Position.from_moves("3x3", "a1 b1 c1 b2")
    assert winning_cells(position.spec, position.x, position.o) == ()


def test_fork_cells_make_two_threats_at_once() -> None:
    position = Position.from_moves("3x3", "a1 b2 c3")  # O to move: X threatens to fork at a3 or c1
    mine, theirs = sides(position)
    assert named(position, fork_cells(position.spec, theirs, mine)) == {"a3", "c1"}
    assert fork_cells(position.spec, mine, theirs) == ()


def test_two_lines_missing_the_same_cell_are_not_a_fork() -> None:
    # On 5x1k3, X at b1 and d1: c1 completes b1-c1-d1, a line short of nothing else.
    position = Position.from_moves("5x1k3", "b1 e1 d1 a1")
    mine, theirs = sides(position)
    assert fork_cells(position.spec, mine, theirs) == ()
    assert named(position, immediate_wins(position)) == {"c1"}


def test_with_k_one_every_empty_cell_wins() -> None:
    position = Position.empty("3x2k1")
    assert immediate_wins(position) == position.legal_moves
    assert forced_replies(position) == position.legal_moves
    assert fork_cells(position.spec, position.x, position.o) == ()
    assert find_vcf(position) is not None


def test_with_k_two_one_mark_threatens_all_its_free_neighbours() -> None:
    position = Position.from_moves("3x3k2", "b2")
    assert len(threats_against(position)) == 8
    line = find_vcf(Position.empty("3x3k2"))
    assert line is not None and len(line) == 3
    assert_wins_by_force(Position.empty("3x3k2"), line)


def test_finished_positions_have_no_threats() -> None:
    position = Position.from_moves("3x3", "a1 a2 b1 b2 c1")
    assert immediate_wins(position) == ()
    assert threats_against(position) == ()
    assert find_vcf(position) is None


@pytest.mark.parametrize("spec", ["3x3k3", "7x7k4", "15x15k5", "26x1k3", "20x20k2", "5x4k5", "1x1k1",
                                  "2x7k2"])
def test_the_line_board_agrees_with_a_fresh_count_after_every_move_and_undo(spec: str) -> None:
    rng = random.Random(spec)
    position = Position.empty(spec)
    board = LineBoard(position)
    history: list[tuple[int, ...]] = []
    while not position.is_over:
        cell = rng.choice(position.legal_moves)
        history.append(snapshot(board))
        position = position.play(cell)
        assert board.play(cell) == bool(position.winning_line)
        if position.is_over:
            break
        fresh = LineBoard(position)
        assert snapshot(board) == snapshot(fresh)
        mine, theirs = sides(position)
        side = board.side
        assert board.win_cells(side) == set(winning_cells(position.spec, mine, theirs))
        assert board.win_cells(side ^ 1) == set(winning_cells(position.spec, theirs, mine))
        assert set(board.fork_moves(side)) == set(fork_cells(position.spec, mine, theirs))
    while history:
        board.undo()
        assert snapshot(board) == history.pop()


def snapshot(board: LineBoard) -> tuple[int, ...]:
    """Everything a LineBoard keeps, flattened for comparison."""
    opened = tuple(sorted((side, count, line) for side in (0, 1)
                          for count, lines in enumerate(board.open[side]) for line in lines))
    return (*board.counts[0], *board.counts[1], *board.states, *board.stones, board.key,
            *board.potential, board.near, len(board.moves), *(value for entry in opened for value in entry))


def test_a_pass_hands_the_move_to_the_opponent_and_undo_takes_it_back() -> None:
    position = Position.from_moves("7x7k4", "d4 c3")
    board = LineBoard(position, weights=(0, 1, 2, 3, 4))
    before = snapshot(board)
    board.pass_turn()
    assert board.side == 1 and board.moves[-1] == PASS
    assert board.key != before[-1]
    board.undo()
    assert snapshot(board) == before


def test_threat_moves_count_the_lines_they_would_threaten() -> None:
    position = Position.from_moves("15x15k5", "h8 a1 i8 a3 j8 a5")
    board = LineBoard(position)
    threats = {position.cell_name(cell): lines for cell, lines in board.threat_moves(board.side).items()}
    # Four cells can make a four out of h8 i8 j8; g8 and k8 each lie in two such windows.
    assert threats == {"f8": 1, "g8": 2, "k8": 2, "l8": 1}
    assert named(position, set(board.fork_moves(board.side))) == {"g8", "k8"}


def test_an_open_three_wins_by_making_an_open_four() -> None:
    position = Position.from_moves("15x15k5", "h8 a1 i8 a3 j8 a5")
    line = find_vcf(position)
    assert line is not None and len(line) == 3
    assert position.cell_name(line[0]) in {"g8", "k8"}
    assert_wins_by_force(position, line)


def test_a_known_vcf_needs_two_threats_in_a_row() -> None:
    position = Position.from_moves("15x15k5", VCF_MOVES)
    board = LineBoard(position)
    assert not board.fork_moves(board.side) and not board.win_cells(board.side)
    line = find_vcf(position)
    assert line is not None
    assert len(line) == 5
    assert named(position, {line[0], line[2]}) == {"g8", "h8"}
    assert_wins_by_force(position, line)


def test_the_defender_has_no_vcf_there() -> None:
    position = Position.from_moves("15x15k5", VCF_MOVES)
    board = LineBoard(position)
    board.pass_turn()
    assert vcf(board, Budget(max_nodes=50_000)) is None


def test_no_vcf_while_the_defender_threatens_to_win_first() -> None:
    # The VCF position again, but O's spare marks now make a four (a1-a4): X must block a5, which
    # threatens nothing, so its attack never starts.
    position = Position.from_moves("15x15k5", "e8 d8 f8 g12 g9 h4 g10 a1 g11 a2 h5 a3 h6 a4 h7 c1")
    board = LineBoard(position)
    assert named(position, board.win_cells(1)) == {"a5"}
    assert vcf(board, Budget(max_nodes=100_000)) is None


def test_vcf_leaves_the_board_as_it_found_it_even_when_out_of_budget() -> None:
    position = Position.from_moves("15x15k5", VCF_MOVES)
    board = LineBoard(position)
    before = snapshot(board)
    with pytest.raises(OutOfBudget):
        vcf(board, Budget(max_nodes=2))
    assert snapshot(board) == before
    assert vcf(board, Budget(max_nodes=10_000)) is not None
    assert snapshot(board) == before


def test_the_budget_stops_at_its_node_count() -> None:
    budget = Budget(max_nodes=5)
    for _ in range(5):
        budget.spend()
    with pytest.raises(OutOfBudget):
        budget.spend()
    assert budget.nodes == 5 and budget.exhausted


def test_the_budget_stops_when_asked() -> None:
    stop = threading.Event()
    budget = Budget(stop=stop)
    budget.spend()
    stop.set()
    with pytest.raises(OutOfBudget):
        budget.spend()


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


def test_vct_wins_by_threatening_forks_where_no_vcf_exists() -> None:
    # On 7x7k4 two marks side by side with room are already a threat to fork.
    position = Position.from_moves("7x7k4", "d4 d5")
    board = LineBoard(position)
    assert vcf(board, Budget(max_nodes=50_000)) is None
    found = vct(board, Budget(max_nodes=50_000))
    assert found is not None
    cell, plies = found
    # The exact solver agrees that the side to move wins, and no faster than the VCT claims.
    assert solve(position.play(cell)).value is Value.LOSS
    exact = solve(position)
    assert exact.value is Value.WIN and exact.plies is not None and exact.plies <= plies


def test_vct_finds_nothing_without_material() -> None:
    position = Position.from_moves("15x15k5", "h8 h9")
    assert vct(LineBoard(position), Budget(max_nodes=10_000)) is None


def test_vct_leaves_the_board_as_it_found_it_when_out_of_budget() -> None:
    position = Position.from_moves("15x15k5", "h8 a1 i9 a3 h10 a5")
    board = LineBoard(position)
    before = snapshot(board)
    with pytest.raises(OutOfBudget):
        vct(board, Budget(max_nodes=200))
    assert snapshot(board) == before


def test_candidates_are_the_cells_up_to_two_steps_from_a_mark_along_a_line() -> None:
    empty = Position.empty("15x15")
    assert LineBoard(empty).candidates() == 1 << empty.spec.parse_cell("h8")
    position = Position.from_moves("15x15k5", "h8")
    near = LineBoard(position).candidates()
    assert near.bit_count() == 16 and not near >> position.spec.parse_cell("h8") & 1
    # a1..e1 filled on a 9x1 board with k=9: the cells two steps from the marks are f1 and g1 only.
    position = Position.from_moves("9x1k9", "a1 b1 c1 d1 e1")
    assert named(position, set(bit_cells(LineBoard(position).candidates()))) == {"f1", "g1"}
    position = Position.from_moves("9x1k9", "c1 d1 e1 f1 g1 a1 b1")
    assert named(position, set(bit_cells(LineBoard(position).candidates()))) == {"h1", "i1"}


def test_bit_cells_lists_the_set_bits_in_order() -> None:
    rng = random.Random(3)
    for _ in range(200):
        mask = rng.getrandbits(rng.randrange(1, 700))
        assert bit_cells(mask) == [bit for bit in range(mask.bit_length()) if mask >> bit & 1]
    assert bit_cells(0) == []
