"""What both boards of the big-board engine keep: every line of the board as one number, the marks,
and per side the cells where a mark makes a five, a four, an open four or an open three.

``PatternBoard`` keeps every level of every cell, for the evaluation of a tree search;
``ThreatBoard`` keeps only the levels threats are made of, for threat searches and the proof,
and so plays and undoes a move about two and a half times faster. The reads here (the threat
sets, the defences to a threat, the candidates) mean the same on both, so a threat search runs
on either.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from ..errors import GameOverError
from ..rules.bits import bit_cells
from ..rules.lines import DIRECTIONS
from ..rules.position import Mark, Position
from ..rules.spec import BoardSpec, Cell
from .patterns import (
    DEAD,
    EMPTY,
    FOUR,
    LEVELS,
    MAKES_FIVE,
    MAKES_FOUR,
    MAKES_THREE,
    O_MARK,
    OFF,
    PLACES,
    WINS_NEXT,
    X_MARK,
    combinations,
    line_levels,
    line_number,
)

X, O = Mark.X.index, Mark.O.index  # noqa: E741 - the sides' places in the per-side tables
"""Sides as indexes: X moves first, so the side to move is the parity of the move count."""

PASS: Cell = -1
"""A turn skipped: only ever on a board of the engine, to look at the opponent's chances as if it moved."""

PASS_KEY = 0x9E3779B97F4A7C15
"""Mixed into a position's key while a turn is skipped, so the same marks with the other side
to move never share a key."""

NEAR = 2
"""How far from a mark, along its lines, a move is worth considering when nothing is threatened."""


Line = tuple[int, int, int, tuple[tuple[int, Cell, int], ...]]
"""One line through a cell: its place in ``LineBoard.lines``, what a mark on the cell adds to
the line's number, the direction's place value in a combination index (``patterns.PLACES``), and
the cell's neighbours within ``k - 1`` on the line, each as the index of its level on a
``PatternBoard`` (``direction * cells + neighbour``), the neighbour, and its place along the line."""

Run = tuple[int, tuple[Cell, ...]]
"""One line: where its direction's levels start on a ``PatternBoard`` (``direction * cells``), and
its cells in order."""

Refiled = tuple[list[int], tuple[tuple[set[Cell], ...], ...], Cell, int, int]
"""A cell whose class a move changed: the side's classes, the side's sets by class, the cell, and
its class before and after."""


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
            runs.append((direction * cells, tuple(run)))
            for at, cell in enumerate(run):
                neighbours = tuple((direction * cells + run[other], run[other], other)
                                   for other in range(max(0, at - reach), min(len(run), at + reach + 1))
                                   if other != at)
                for side, mark in ((X, X_MARK), (O, O_MARK)):
                    through[side][cell].append((line, mark << 2 * (at + reach), place, neighbours))
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
    along = tuple(tuple(tuple(other for _, other, _ in neighbours) for _, _, _, neighbours in lines)
                  for lines in through[X])
    initial_lines = tuple(line_number((OFF,) * reach + (EMPTY,) * len(run) + (OFF,) * reach)
                          for _, run in runs)
    return PatternTable(spec, (tuple(map(tuple, through[X])), tuple(map(tuple, through[O]))), tuple(runs),
                        initial_lines, tuple(near), (zobrist[X], zobrist[O]), along)


def place_on_line(mark: int, k: int) -> int:
    """Where along its line (0 for the line's first cell) the cell is whose mark adds ``mark`` to
    the line's number."""
    return (mark.bit_length() - 1) // 2 - (k - 1)


class LineBoard(ABC):
    """A mutable board of the engine: the state both boards keep, and the reads on it.

    Per side: ``combos[side][cell]`` is what a mark of that side on the cell would make along the
    four directions, one level each (only from ``floor`` up: a weaker level reads ``DEAD``), as one
    index of the combination tables,
    ``scores[side][cell]`` what a mark there is worth by those levels (0 on a filled cell), and
    ``classes[side][cell]`` what it threatens (``patterns.NONE`` … ``MAKES_FIVE``).
    ``fives[side]`` holds the cells where the side completes a line, ``fours[side]`` those where it
    makes a four or better, ``winning[side]`` those where it makes an open four or two fours (a win
    next move unless the opponent completes a line first), and ``threes[side]`` those where it
    makes an open three. A filled cell's combination index stays as it was when the cell was
    filled: it holds again once the cell is emptied.
    """

    __slots__ = ("table", "spec", "k", "lines", "combos", "classes", "scores", "fives", "fours",
                 "winning", "threes", "filled", "stones", "moves", "key", "near", "_kinds",
                 "_worths", "_sets")

    def __init__(self, position: Position, floor: int) -> None:
        if position.winning_line:
            raise GameOverError(f"the game is already won ({position.outcome.status.value})")
        self.table = pattern_table(position.spec)
        self.spec = position.spec
        self.k = position.spec.k
        cells = position.spec.cells
        self._kinds, self._worths = combinations()
        self.lines = list(self.table.initial_lines)
        self.combos: tuple[list[int], list[int]] = ([0] * cells, [0] * cells)
        self.classes: tuple[list[int], list[int]] = ([0] * cells, [0] * cells)
        self.scores: tuple[list[int], list[int]] = ([0] * cells, [0] * cells)
        self.fives: tuple[set[Cell], set[Cell]] = (set(), set())
        self.fours: tuple[set[Cell], set[Cell]] = (set(), set())
        self.winning: tuple[set[Cell], set[Cell]] = (set(), set())
        self.threes: tuple[set[Cell], set[Cell]] = (set(), set())
        self._sets = (self._sets_by_class(X), self._sets_by_class(O))
        self.filled = bytearray(cells)
        self.stones = [0, 0]
        self.moves: list[Cell] = []
        self.key = 0
        self.near = 0
        for number, (base, run) in zip(self.lines, self.table.runs, strict=True):
            for cell, found in zip(run, line_levels(number, self.k), strict=True):
                for side in (X, O):
                    level = found[side] if found[side] >= floor else DEAD
                    self.combos[side][cell] += level * PLACES[base // cells]
        for cell in range(cells):
            self._judge(cell)

    def _sets_by_class(self, side: int) -> tuple[tuple[set[Cell], ...], ...]:
        """For each class, the sets of ``side`` that a cell of that class belongs in."""
        fours, fives, winning, threes = (found[side] for found in
                                         (self.fours, self.fives, self.winning, self.threes))
        return tuple((fours, fives) if kind == MAKES_FIVE else (fours, winning) if kind == WINS_NEXT
                     else (fours,) if kind >= MAKES_FOUR else (threes,) if kind >= MAKES_THREE else ()
                     for kind in range(MAKES_FIVE + 1))

    def _judge(self, cell: Cell) -> None:
        """Read an empty cell's class and score for both sides from its combination index."""
        for side in (X, O):
            combo = self.combos[side][cell]
            self.scores[side][cell] = self._worths[combo]
            before, after = self.classes[side][cell], self._kinds[combo]
            if before != after:
                self.classes[side][cell] = after
                for found in self._sets[side][before]:
                    found.discard(cell)
                for found in self._sets[side][after]:
                    found.add(cell)

    def _put(self, cell: Cell, side: int, refiled: list[Refiled]) -> None:
        """Mark ``cell`` for ``side`` and take it out of every threat set, logging its classes in
        ``refiled``; what the mark changes around it is each board's own work."""
        self.stones[side] |= 1 << cell
        self.filled[cell] = 1
        self.moves.append(cell)
        self.key ^= self.table.zobrist[side][cell]
        for classes, sets in ((self.classes[X], self._sets[X]), (self.classes[O], self._sets[O])):
            was = classes[cell]
            if was:
                classes[cell] = 0
                refiled.append((classes, sets, cell, was, 0))
                for found in sets[was]:
                    found.discard(cell)

    def _take_back(self, cell: Cell, side: int, refiled: list[Refiled]) -> None:
        """Undo ``_put`` (the move already popped from ``moves``) and every class change the move
        logged in ``refiled``."""
        self.stones[side] &= ~(1 << cell)
        self.filled[cell] = 0
        self.key ^= self.table.zobrist[side][cell]
        for classes, sets, other, was, kind in refiled:
            classes[other] = was
            for found in sets[kind]:
                found.discard(other)
            for found in sets[was]:
                found.add(other)

    @abstractmethod
    def play(self, cell: Cell) -> None:
        """Put the mark of the side to move on ``cell`` (which must be empty, the game not over)."""

    @abstractmethod
    def pass_turn(self) -> None:
        """Let the side to move skip its turn (undone by ``undo``), to ask what the other could do."""

    @abstractmethod
    def undo(self) -> None:
        """Take back the last move (or the last pass)."""

    @property
    def side(self) -> int:
        """The side to move: ``X`` (0) or ``O`` (1)."""
        return len(self.moves) & 1

    @property
    def occupied(self) -> int:
        return self.stones[X] | self.stones[O]

    @property
    def is_full(self) -> bool:
        return self.occupied == self.spec.full_mask

    def defences(self, side: int) -> set[Cell]:
        """The cells that answer ``side``'s threat to win next move (its open three, say): each cell
        where it would win next, and the cells on the same line where it would make a four, which
        spoil the shape. The defender's own fours, which answer by forcing, are not among them."""
        found: set[Cell] = set()
        fours, combos, along = self.fours[side], self.combos[side], self.table.along
        for cell in self.winning[side]:
            found.add(cell)
            for direction in range(len(DIRECTIONS)):
                if combos[cell] // PLACES[direction] % LEVELS >= FOUR:
                    found.update(other for other in along[cell][direction] if other in fours)
        return found

    def candidates(self) -> Iterable[Cell]:
        """The empty cells near a mark: the centre on an empty board, every empty cell when the cells
        near the marks are all taken."""
        occupied = self.stones[X] | self.stones[O]
        if not occupied:
            return (self.spec.centre,)
        empty = self.spec.full_mask & ~occupied
        return bit_cells(self.near & empty or empty)

    def cell_levels(self, side: int, cell: Cell) -> tuple[int, int, int, int]:
        """The levels a mark of ``side`` on ``cell`` makes along the four directions, as this board
        keeps them."""
        combo = self.combos[side][cell]
        first, second, third, fourth = (combo // place % LEVELS for place in PLACES)
        return first, second, third, fourth

    def pattern_score(self, side: int, cell: Cell) -> int:
        """What a mark of ``side`` on the empty ``cell`` is worth by all its levels, weak ones
        included, read from the lines themselves: on a ``ThreatBoard``, which keeps only the
        strong levels, this ranks quiet moves as a ``PatternBoard`` would."""
        combo = 0
        for line, mark, place, _ in self.table.lines[side][cell]:
            combo += line_levels(self.lines[line], self.k)[place_on_line(mark, self.k)][side] * place
        return self._worths[combo]
