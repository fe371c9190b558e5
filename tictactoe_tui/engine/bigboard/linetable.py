"""What the boards of the big-board engine need to know about a board size, computed once per size:
its lines and the cells along them, the cells near each cell, and the keys that identify positions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from ..rules.lines import DIRECTIONS
from ..rules.position import Mark
from ..rules.spec import BoardSpec, Cell
from .patterns import EMPTY, O_MARK, OFF, PLACES, X_MARK, line_number

X, O = Mark.X.index, Mark.O.index  # noqa: E741 - the sides' places in the per-side tables
"""Sides as indexes: X moves first, so the side to move is the parity of the move count."""

NEAR = 2
"""How far from a mark, along its lines, a move is worth considering when nothing is threatened."""


Line = tuple[int, int, int]
"""One line through a cell: its place in ``LineBoard.lines``, what a mark on the cell adds to
the line's number, and the direction's place value in a combination index (``patterns.PLACES``)."""

Run = tuple[int, tuple[Cell, ...]]
"""One line: its direction (an index of ``rules.lines.DIRECTIONS``) and its cells in order."""


@dataclass(frozen=True, slots=True)
class PatternTable:
    """What the boards need to know about a board size, computed once per size."""

    spec: BoardSpec
    lines: tuple[tuple[tuple[Line, ...], ...], tuple[tuple[Line, ...], ...]]
    """Per side, per cell: the four lines through the cell, as a mark of the side there changes them."""
    runs: tuple[Run, ...]
    """Every line's cells, by the line's place in ``LineBoard.lines``."""
    initial_lines: tuple[int, ...]
    """Every line's number on the empty board (``patterns.line_number``), padded with ``k - 1`` cells
    off the board at either end."""
    near: tuple[int, ...]
    """For each cell, the cells up to ``NEAR`` steps away along its lines, as a bitmask."""
    zobrist: tuple[tuple[int, ...], tuple[int, ...]]
    """Random 64-bit keys per side and cell; their XOR over the marks identifies a position."""
    along: tuple[tuple[tuple[Cell, ...], ...], ...]
    """For each cell and direction, the cells within ``k - 1`` of it on that line."""


@cache
def pattern_table(spec: BoardSpec) -> PatternTable:
    """The ``PatternTable`` of ``spec`` (cached: boards of one size share it)."""
    width, height, k, cells = spec.width, spec.height, spec.k, spec.cells
    reach = k - 1
    runs: list[Run] = []
    through: tuple[list[list[Line]], ...] = tuple([[] for _ in range(cells)] for _ in (X, O))
    along: list[list[tuple[Cell, ...]]] = [[] for _ in range(cells)]
    for direction, (d_col, d_row) in enumerate(DIRECTIONS):
        place = PLACES[direction]
        for first in range(cells):
            col, row = first % width, first // width
            if 0 <= col - d_col < width and 0 <= row - d_row < height:
                continue  # not where its line begins
            run = []
            while 0 <= col < width and 0 <= row < height:
                run.append(row * width + col)
                col, row = col + d_col, row + d_row
            line = len(runs)
            runs.append((direction, tuple(run)))
            for at, cell in enumerate(run):
                reached = range(max(0, at - reach), min(len(run), at + reach + 1))
                along[cell].append(tuple(run[other] for other in reached if other != at))
                for side, mark in ((X, X_MARK), (O, O_MARK)):
                    through[side][cell].append((line, mark << 2 * (at + reach), place))
    near = []
    for cell in range(cells):
        col, row = cell % width, cell // width
        star = 0
        for d_col, d_row in DIRECTIONS:
            for step in range(-NEAR, NEAR + 1):
                near_col, near_row = col + d_col * step, row + d_row * step
                if step and 0 <= near_col < width and 0 <= near_row < height:
                    star |= 1 << (near_row * width + near_col)
        near.append(star)
    draw = random.Random(f"zobrist {spec}")
    zobrist = tuple(tuple(draw.getrandbits(64) for _ in range(cells)) for _ in (X, O))
    initial_lines = tuple(line_number((OFF,) * reach + (EMPTY,) * len(run) + (OFF,) * reach)
                          for _, run in runs)
    return PatternTable(spec, (tuple(map(tuple, through[X])), tuple(map(tuple, through[O]))), tuple(runs),
                        initial_lines, tuple(near), (zobrist[X], zobrist[O]), tuple(map(tuple, along)))


def place_on_line(mark: int, k: int) -> int:
    """Where along its line (0 for the line's first cell) the cell is whose mark adds ``mark`` to
    the line's number."""
    return (mark.bit_length() - 1) // 2 - (k - 1)
