"""Scans of a position: wins in one, forced blocks and forks."""

from __future__ import annotations

from tictactoe_tui.engine import Position
from tictactoe_tui.engine.bigboard.threats import find_vcf
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


def test_with_k_two_one_mark_threatens_all_its_free_neighbours() -> None:
    position = Position.from_moves("3x3k2", "b2")
    assert len(threats_against(position)) == 8


def test_finished_positions_have_no_threats() -> None:
    position = Position.from_moves("3x3", "a1 a2 b1 b2 c1")
    assert immediate_wins(position) == ()
    assert threats_against(position) == ()
    assert find_vcf(position) is None
