"""The incremental line board: counts that agree with a fresh count, passes, threat moves and candidates."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.engine import Position
from tictactoe_tui.engine.bigboard.lineboard import PASS, LineBoard
from tictactoe_tui.engine.rules.bits import bit_cells
from tictactoe_tui.engine.rules.scans import (
    fork_cells,
    sides,
    winning_cells,
)


def named(position: Position, found: tuple[int, ...] | set[int] | None) -> set[str]:
    return {position.cell_name(cell) for cell in found or ()}


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
