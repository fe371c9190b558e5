"""One solver, asked about every position of a small board in turn, answers each as a fresh one would.

A solver keeps its tables from one answer to the next. Whatever it proved
before, the value, the distance and the set of best moves it gives must be
the position's own: here every reachable position still in play, one of each
class under the board's symmetries, is solved in breadth-first order and again
in a seeded random order (each as a random image of its class), by one solver
per order, against the plain minimax (``minimax``). A seeded sample is solved
cold as well, against the same reference.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from minimax import VALUES, Minimax, preference, sides
from positions import image, reachable_classes

from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.spec import BoardSpec, Cell
from tictactoe_tui.engine.rules.symmetry import symmetries
from tictactoe_tui.engine.solver import Solver, Value

COLD_SAMPLE = 100
"""Positions of each board also solved by a fresh solver."""


def _boards(most_cells: int) -> list[str]:
    """Every board of at most ``most_cells`` cells, both ways round, with every k."""
    sides = range(1, most_cells + 1)
    return [f"{width}x{height}k{k}" for width in sides for height in sides
            if width * height <= most_cells for k in range(1, max(width, height) + 1)]


LARGER_BOARDS = ("5x2k2", "5x2k3", "5x2k4", "5x2k5", "2x5k2", "2x5k3", "2x5k4", "2x5k5",
                 *(f"10x1k{k}" for k in range(1, 11)), "4x3k2", "3x4k2", "6x2k2", "7x2k2",
                 "4x3k3", "4x3k4", "3x4k3", "6x2k3", "6x2k4", "7x2k3")
"""Boards of 10 to 14 cells: every one of 10 cells but the one-column board (the one-row board's
image), then as many of 12 and 14 cells as a few minutes allow. 7x2k3 is where a warm solver once
named a losing move among the best."""
BOARDS = [pytest.param(board, marks=pytest.mark.slow) if BoardSpec.parse(board).cells >= 9 else board
          for board in (*_boards(9), *LARGER_BOARDS)]
"""Every board of at most 9 cells, both ways round, with every k, and the larger ones; from 9 cells
on, an order takes a second or more (a minute on 7x2k3)."""


@dataclass(frozen=True, slots=True)
class Answers:
    """What the solver said of a position, beside what the reference says of it."""

    position: Position
    solved: tuple[Value, int | None, bool, tuple[Cell, ...]]
    """The solver's value, plies, whether the plies are exact, and best moves as it listed them."""
    expected: tuple[Value, int, bool, frozenset[Cell]]
    """The reference's: its distance is always exact, and its best moves are every move as good."""

    @property
    def agree(self) -> bool:
        value, plies, exact, moves = self.solved
        return (value, plies, exact) == self.expected[:3] and len(set(moves)) == len(moves) \
            and set(moves) == self.expected[3]


def answers(reference: Minimax, position: Position, solver: Solver) -> Answers:
    """``solver``'s answer to ``position`` (a position still in play) beside the plain minimax's."""
    result = solver.solve(position)
    sign, plies = reference.of(position)
    mine, theirs = sides(position)
    wanted = preference((sign, plies))
    best = frozenset(cell for cell in reference.empty_cells(mine | theirs)
                     if preference(reference.move(mine, theirs, cell)) == wanted)
    return Answers(position, (result.value, result.plies, result.plies_exact, result.best_moves),
                   (VALUES[sign], plies, True, best))


def solves(spec: BoardSpec) -> Iterator[tuple[str, Position, Solver]]:
    """Every solve the check makes on ``spec``, in turn, as (order, position, solver): each reachable
    class breadth first by one solver, then each as a random image, shuffled, by another, then a
    seeded sample of those by a fresh solver each. Seeded by the board: the same solves every time."""
    classes = reachable_classes(spec)
    warm = Solver()
    for position in classes:  # breadth first, from the empty board
        yield "breadth first", position, warm
    rng = random.Random(f"warm {spec}")
    group = symmetries(spec)
    shuffled = [image(position, rng.randrange(len(group))) for position in classes]
    rng.shuffle(shuffled)
    warm = Solver()
    for position in shuffled:
        yield "shuffled", position, warm
    for position in rng.sample(shuffled, min(COLD_SAMPLE, len(shuffled))):
        yield "cold", position, Solver()


def _check(reference: Minimax, position: Position, solver: Solver) -> None:
    found = answers(reference, position, solver)
    value, plies, exact, moves = found.solved
    assert (value, plies, exact) == found.expected[:3], position.record
    assert len(set(moves)) == len(moves), position.record
    assert set(moves) == found.expected[3], position.record


@pytest.mark.parametrize("board", BOARDS)
def test_one_solver_answers_every_position_as_a_fresh_one(board: str) -> None:
    spec = BoardSpec.parse(board)
    reference = Minimax(spec)
    for _, position, solver in solves(spec):
        _check(reference, position, solver)


def test_the_boards_are_every_small_board_with_every_k() -> None:
    boards = {board if isinstance(board, str) else str(board.values[0]) for board in BOARDS}
    assert len(boards) == len(BOARDS) == 136
    assert {"1x1k1", "3x3k3", "1x9k9", "2x5k5", "10x1k10", "4x3k4", "7x2k3"} <= boards
    assert all(BoardSpec.parse(board).cells <= 14 for board in boards)


@pytest.mark.parametrize("moves", ["a1 g1 c2", "a1 g1 d2"])
def test_a_draw_settled_by_the_zone_prover_as_a_child_is_solved_in_full_as_a_root(moves: str) -> None:
    # Solving "a1 g1" leaves its children exact draws in the table, with no move: proven for the
    # position by the zone prover, not by any one move of it.
    spec = BoardSpec.parse("7x2k3")
    solver = Solver()
    solver.solve(Position.from_moves(spec, "g2"))
    solver.solve(Position.from_moves(spec, "a1 g1"))
    _check(Minimax(spec), Position.from_moves(spec, moves), solver)
