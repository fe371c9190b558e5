"""The pattern board: for every empty cell and each side, the shape a mark there would make along each
line, kept current move by move.

Every line of the board (row, column, diagonal) is kept as one number, two bits a cell, and the
levels of all its cells are one look-up by that number (``patterns.line_levels``). A move changes
one number per direction, and so only the levels of the cells within ``k - 1`` of it: ``play``
compares those, re-judges the cells whose levels changed, and logs what it overwrote, so that
``undo`` writes it back instead of reading patterns again. Per side the board then knows, without
scanning, where it would make a five, where a four or better, and where a move wins next (an
open four or a double four), and the sum of its cells' scores, which is the evaluation.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from ..errors import GameOverError
from ..rules.bits import bit_cells
from ..rules.lines import DIRECTIONS
from ..rules.position import Mark, Position
from ..rules.spec import BoardSpec, Cell
from .patterns import (
    EMPTY,
    FOUR,
    LEVELS,
    MAKES_FIVE,
    MAKES_FOUR,
    MAKES_THREE,
    O_MARK,
    OFF,
    WEAKEST_THREAT,
    WINS_NEXT,
    X_MARK,
    combinations,
    line_levels,
    line_number,
    line_table,
)

X, O = Mark.X.index, Mark.O.index  # noqa: E741 - the sides' places in the per-side tables
"""Sides as indexes: X moves first, so the side to move is the parity of the move count."""

PASS: Cell = -1
"""A turn skipped: only ever on a ``PatternBoard``, to look at the opponent's chances as if it moved."""

_PASS_KEY = 0x9E3779B97F4A7C15
"""Mixed into a position's key while a turn is skipped, so the same marks with the other side
to move never share a key."""

NEAR = 2
"""How far from a mark, along its lines, a move is worth considering when nothing is threatened."""


Line = tuple[int, int, int, tuple[tuple[int, Cell, int], ...]]
"""One line through a cell: its place in ``PatternBoard.lines``, what a mark on the cell adds to
the line's number, the direction's place value in a combination index (``LEVELS ** (3 -
direction)``), and the cell's neighbours within ``k - 1`` on the line, each as the index of its
levels (``direction * cells + neighbour``), the neighbour, and its place along the line."""

Run = tuple[int, tuple[Cell, ...]]
"""One line: the index of the first level of its direction (``direction * cells``), and its cells
in order."""

Overwritten = tuple[int, Cell, int, int, int]
"""What a move changed for one side and cell: the index of the changed level, the cell, and the
level, combination index and score the cell had before."""

Refiled = tuple[list[int], tuple[tuple[set[Cell], ...], ...], Cell, int, int]
"""A cell whose class a move changed: the side's classes, the side's sets by class, the cell, and
its class before and after."""

Undo = tuple[int, int, int, list[Overwritten], list[Overwritten], list[Refiled]]
"""What ``undo`` needs to take a move back: ``near`` and both totals before it, what it overwrote
for X and for O, and the cells it moved between the sets."""


@dataclass(frozen=True, slots=True)
class PatternTable:
    """What the pattern board needs to know about a board size, computed once per size."""

    spec: BoardSpec
    lines: tuple[tuple[tuple[Line, ...], ...], tuple[tuple[Line, ...], ...]]
    """Per side, per cell: the four lines through the cell, as a mark of the side there changes them."""
    runs: tuple[Run, ...]
    """Every line's cells, by the line's place in ``PatternBoard.lines``."""
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
        place = LEVELS ** (3 - direction)
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


class PatternBoard:
    """A mutable board that keeps every empty cell's patterns for both sides current.

    Per side: ``levels[side][direction * cells + cell]`` is what a mark of that side on the cell
    would make along the direction, ``combos[side][cell]`` the four levels as one index of the
    combination tables, ``scores[side][cell]`` what a mark there is worth (0 on a filled cell),
    ``classes[side][cell]`` what it threatens (``patterns.NONE`` … ``MAKES_FIVE``), and
    ``total[side]`` the sum of the scores. ``fives[side]`` holds the cells where the side completes
    a line, ``fours[side]`` those where it makes a four or better, ``winning[side]`` those where it
    makes an open four or two fours (a win next move unless the opponent completes a line first),
    and ``threes[side]`` those where it makes an open three. A filled cell's levels and combination
    index stay as they were when it was filled: they hold again once it is emptied.
    """

    __slots__ = ("table", "spec", "k", "lines", "levels", "combos", "classes", "scores", "total", "fives",
                 "fours", "winning", "threes", "filled", "stones", "moves", "key", "near", "undo_log",
                 "_cells", "_lines_levels", "_kinds", "_worths", "_sets")

    def __init__(self, position: Position) -> None:
        if position.winning_line:
            raise GameOverError(f"the game is already won ({position.outcome.status.value})")
        self.table = pattern_table(position.spec)
        self.spec = position.spec
        self.k = position.spec.k
        cells = self._cells = position.spec.cells
        self._lines_levels = line_table(self.k)
        self._kinds, self._worths = combinations()
        self.lines = list(self.table.initial_lines)
        self.levels: tuple[list[int], list[int]] = ([0] * (4 * cells), [0] * (4 * cells))
        self.combos: tuple[list[int], list[int]] = ([0] * cells, [0] * cells)
        self.classes: tuple[list[int], list[int]] = ([0] * cells, [0] * cells)
        self.scores: tuple[list[int], list[int]] = ([0] * cells, [0] * cells)
        self.total = [0, 0]
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
        self.undo_log: list[Undo] = []
        """One entry per move or pass on the board, the last on top."""
        for number, (base, run) in zip(self.lines, self.table.runs, strict=True):
            for cell, found in zip(run, line_levels(number, self.k), strict=True):
                for side in (X, O):
                    self.levels[side][base + cell] = found[side]
                    self.combos[side][cell] += found[side] * LEVELS ** (3 - base // cells)
        for cell in range(cells):
            self._judge(cell)
        for cell in position.moves:
            self.play(cell)

    def _sets_by_class(self, side: int) -> tuple[tuple[set[Cell], ...], ...]:
        """For each class, the sets of ``side`` that a cell of that class belongs in."""
        fours, fives, winning, threes = (found[side] for found in
                                         (self.fours, self.fives, self.winning, self.threes))
        return tuple((fours, fives) if kind == MAKES_FIVE else (fours, winning) if kind == WINS_NEXT
                     else (fours,) if kind >= MAKES_FOUR else (threes,) if kind >= MAKES_THREE else ()
                     for kind in range(MAKES_FIVE + 1))

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

    def play(self, cell: Cell) -> None:
        """Put the mark of the side to move on ``cell`` (which must be empty, the game not over)."""
        table = self.table
        side = len(self.moves) & 1
        self.stones[side] |= 1 << cell
        self.filled[cell] = 1
        self.moves.append(cell)
        self.key ^= table.zobrist[side][cell]
        # The cell's own score is overwritten (with 0), its levels and combination index are not.
        (x_scores, o_scores), (x_classes, o_classes), total = self.scores, self.classes, self.total
        x_changes = [(cell, cell, self.levels[X][cell], self.combos[X][cell], x_scores[cell])]
        o_changes = [(cell, cell, self.levels[O][cell], self.combos[O][cell], o_scores[cell])]
        refiled: list[Refiled] = []
        self.undo_log.append((self.near, total[X], total[O], x_changes, o_changes, refiled))
        self.near |= table.near[cell]
        total[X] -= x_scores[cell]
        total[O] -= o_scores[cell]
        x_scores[cell] = o_scores[cell] = 0
        for classes, sets in ((x_classes, self._sets[X]), (o_classes, self._sets[O])):
            was = classes[cell]
            if was:
                classes[cell] = 0
                refiled.append((classes, sets, cell, was, 0))
                for found in sets[was]:
                    found.discard(cell)
        self._spread(table.lines[side][cell], x_changes, o_changes, refiled)

    def _spread(self, through: tuple[Line, ...], x_changes: list[Overwritten], o_changes: list[Overwritten],
                refiled: list[Refiled]) -> None:
        """Add a new mark to the numbers of the lines ``through`` it, and re-judge its neighbours whose
        levels changed, logging what that overwrites. This is the search's innermost work, so it
        is written out in one piece, both sides side by side, everything bound to local names."""
        lines, (x_levels, o_levels), (x_combos, o_combos) = self.lines, self.levels, self.combos
        (x_scores, o_scores), (x_classes, o_classes), total = self.scores, self.classes, self.total
        (x_sets, o_sets), (x_total, o_total) = self._sets, total
        lines_levels, filled, kinds, worths = self._lines_levels, self.filled, self._kinds, self._worths
        for line, mark, place, neighbours in through:
            number = lines[line] = lines[line] + mark
            try:
                on_line = lines_levels[number]
            except KeyError:
                on_line = line_levels(number, self.k)
            for index, neighbour, at in neighbours:
                if filled[neighbour]:
                    continue  # a filled cell's levels hold again when it is emptied
                # Only this direction's level changes: the index moves by the difference times its place.
                x_level, o_level = on_line[at]
                before = x_levels[index]
                if x_level != before:
                    x_levels[index] = x_level
                    combo, score = x_combos[neighbour], x_scores[neighbour]
                    x_changes.append((index, neighbour, before, combo, score))
                    combo = x_combos[neighbour] = combo + (x_level - before) * place
                    worth = x_scores[neighbour] = worths[combo]
                    x_total += worth - score
                    if x_level >= WEAKEST_THREAT or before >= WEAKEST_THREAT:  # else the class stays
                        kind, was = kinds[combo], x_classes[neighbour]
                        if kind != was:
                            x_classes[neighbour] = kind
                            refiled.append((x_classes, x_sets, neighbour, was, kind))
                            for found in x_sets[was]:
                                found.discard(neighbour)
                            for found in x_sets[kind]:
                                found.add(neighbour)
                before = o_levels[index]
                if o_level != before:
                    o_levels[index] = o_level
                    combo, score = o_combos[neighbour], o_scores[neighbour]
                    o_changes.append((index, neighbour, before, combo, score))
                    combo = o_combos[neighbour] = combo + (o_level - before) * place
                    worth = o_scores[neighbour] = worths[combo]
                    o_total += worth - score
                    if o_level >= WEAKEST_THREAT or before >= WEAKEST_THREAT:
                        kind, was = kinds[combo], o_classes[neighbour]
                        if kind != was:
                            o_classes[neighbour] = kind
                            refiled.append((o_classes, o_sets, neighbour, was, kind))
                            for found in o_sets[was]:
                                found.discard(neighbour)
                            for found in o_sets[kind]:
                                found.add(neighbour)
        total[X], total[O] = x_total, o_total

    def pass_turn(self) -> None:
        """Let the side to move skip its turn (undone by ``undo``), to ask what the other could do."""
        self.moves.append(PASS)
        self.undo_log.append((self.near, self.total[X], self.total[O], [], [], []))
        self.key ^= _PASS_KEY

    def undo(self) -> None:
        """Take back the last move (or the last pass): write back what it overwrote."""
        cell = self.moves.pop()
        self.near, x_total, o_total, x_changes, o_changes, refiled = self.undo_log.pop()
        if cell == PASS:
            self.key ^= _PASS_KEY
            return
        table, lines = self.table, self.lines
        side = len(self.moves) & 1
        self.stones[side] &= ~(1 << cell)
        self.filled[cell] = 0
        self.key ^= table.zobrist[side][cell]
        for line, mark, _, _ in table.lines[side][cell]:
            lines[line] -= mark
        for changes, levels, combos, scores in ((x_changes, self.levels[X], self.combos[X], self.scores[X]),
                                                (o_changes, self.levels[O], self.combos[O], self.scores[O])):
            for index, other, level, combo, score in changes:
                levels[index] = level
                combos[other] = combo
                scores[other] = score
        for classes, sets, other, was, kind in refiled:
            classes[other] = was
            for found in sets[kind]:
                found.discard(other)
            for found in sets[was]:
                found.add(other)
        self.total[X], self.total[O] = x_total, o_total

    def _judge(self, cell: Cell) -> None:
        """Read an empty cell's class and score for both sides from its combination index."""
        for side in (X, O):
            combo = self.combos[side][cell]
            worth = self._worths[combo]
            self.total[side] += worth - self.scores[side][cell]
            self.scores[side][cell] = worth
            before, after = self.classes[side][cell], self._kinds[combo]
            if before != after:
                self.classes[side][cell] = after
                for found in self._sets[side][before]:
                    found.discard(cell)
                for found in self._sets[side][after]:
                    found.add(cell)

    def defences(self, side: int) -> set[Cell]:
        """The cells that answer ``side``'s threat to win next move (its open three, say): each cell
        where it would win next, and the cells on the same line where it would make a four, which
        spoil the shape. The defender's own fours, which answer by forcing, are not among them."""
        found: set[Cell] = set()
        fours, levels, cells, along = self.fours[side], self.levels[side], self._cells, self.table.along
        for cell in self.winning[side]:
            found.add(cell)
            for direction in range(len(DIRECTIONS)):
                if levels[direction * cells + cell] >= FOUR:
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
        """The levels a mark of ``side`` on ``cell`` makes along the four directions."""
        levels, cells = self.levels[side], self._cells
        return levels[cell], levels[cells + cell], levels[2 * cells + cell], levels[3 * cells + cell]

