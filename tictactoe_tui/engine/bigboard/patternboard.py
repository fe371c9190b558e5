"""The pattern board: for every empty cell and each side, the shape a mark there would make along each
line, kept current move by move.

A move changes only the neighbourhoods of the cells within ``k - 1`` of it along its four lines,
so ``play`` and ``undo`` update those keys, read the new levels from the pattern table
(``patterns``), and re-judge only the cells whose levels changed. Per side the board then knows,
without scanning, where it would make a five, where a four or better, and where a move wins next
(an open four or a double four), and the sum of its cells' scores, which is the evaluation.
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
    FOUR,
    LEVELS,
    MAKES_FIVE,
    MAKES_FOUR,
    MAKES_THREE,
    OFF,
    WINS_NEXT,
    combinations,
    key_levels,
    slot_shift,
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


Touch = tuple[int, int, int, int]
"""One neighbour a mark changes: the index of its key for the direction (``direction * cells +
neighbour``), the neighbour, what the mark adds to the key, and the direction's place value in
the neighbour's combination index (``LEVELS ** (3 - direction)``)."""


@dataclass(frozen=True, slots=True)
class PatternTable:
    """What the pattern board needs to know about a board size, computed once per size."""

    spec: BoardSpec
    touches: tuple[tuple[tuple[Touch, ...], ...], tuple[tuple[Touch, ...], ...]]
    """Per side, per cell: the neighbours within ``k - 1`` along a line that a mark there changes."""
    initial_keys: tuple[int, ...]
    """Every cell's key per direction on the empty board: only the cells off the board are set."""
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
    touches: tuple[list[tuple[Touch, ...]], list[tuple[Touch, ...]]] = ([], [])
    keys = [0] * (4 * cells)
    near = []
    for cell in range(cells):
        col, row = cell % width, cell // width
        touched: list[tuple[int, int, int, int]] = []
        for direction, (d_col, d_row) in enumerate(DIRECTIONS):
            for offset in range(-(k - 1), k):
                other_col, other_row = col + d_col * offset, row + d_row * offset
                if not offset:
                    continue
                if 0 <= other_col < width and 0 <= other_row < height:
                    other = other_row * width + other_col
                    # The mark on this cell sits at -offset in the neighbour's view.
                    touched.append((direction * cells + other, other, slot_shift(k, -offset),
                                    LEVELS ** (3 - direction)))
                else:
                    keys[direction * cells + cell] |= OFF << slot_shift(k, offset)
        for side, mark in ((X, 1), (O, 2)):
            touches[side].append(tuple((index, other, mark << shift, place)
                                       for index, other, shift, place in touched))
        star = 0
        for d_col, d_row in DIRECTIONS:
            for step in range(-NEAR, NEAR + 1):
                near_col, near_row = col + d_col * step, row + d_row * step
                if step and 0 <= near_col < width and 0 <= near_row < height:
                    star |= 1 << (near_row * width + near_col)
        near.append(star)
    draw = random.Random(f"zobrist {spec}")
    zobrist = tuple(tuple(draw.getrandbits(64) for _ in range(cells)) for _ in (X, O))
    along = tuple(tuple(tuple(other for index, other, _, _ in touches[X][cell]
                              if index // cells == direction)
                        for direction in range(len(DIRECTIONS))) for cell in range(cells))
    return PatternTable(spec, (tuple(touches[X]), tuple(touches[O])), tuple(keys), tuple(near),
                        (zobrist[X], zobrist[O]), along)


@cache
def _levels_of_keys(k: int) -> dict[int, tuple[int, int]]:
    """The pattern table of ``k``: neighbourhood key -> (X's level, O's level), filled as keys are met."""
    return {}


class PatternBoard:
    """A mutable board that keeps every empty cell's patterns for both sides current.

    Per side: ``levels[side][direction * cells + cell]`` is what a mark of that side on the cell
    would make along the direction, ``combos[side][cell]`` the four levels as one index of the
    combination tables, ``scores[side][cell]`` what a mark there is worth (0 on a filled cell),
    ``classes[side][cell]`` what it threatens (``patterns.NONE`` … ``MAKES_FIVE``), and
    ``total[side]`` the sum of the scores. ``fives[side]`` holds the cells where the side completes
    a line, ``fours[side]`` those where it makes a four or better, ``winning[side]`` those where it
    makes an open four or two fours (a win next move unless the opponent completes a line first),
    and ``threes[side]`` those where it makes an open three.
    """

    __slots__ = ("table", "spec", "k", "keys", "levels", "combos", "classes", "scores", "total", "fives",
                 "fours", "winning", "threes", "filled", "stones", "moves", "key", "near", "_near_stack",
                 "_cells", "_pattern", "_kinds", "_worths")

    def __init__(self, position: Position) -> None:
        if position.winning_line:
            raise GameOverError(f"the game is already won ({position.outcome.status.value})")
        self.table = pattern_table(position.spec)
        self.spec = position.spec
        self.k = position.spec.k
        cells = self._cells = position.spec.cells
        self._pattern = _levels_of_keys(self.k)
        self._kinds, self._worths = combinations()
        self.keys = list(self.table.initial_keys)
        self.levels: tuple[list[int], list[int]] = ([0] * (4 * cells), [0] * (4 * cells))
        self.combos: tuple[list[int], list[int]] = ([0] * cells, [0] * cells)
        self.classes: tuple[list[int], list[int]] = ([0] * cells, [0] * cells)
        self.scores: tuple[list[int], list[int]] = ([0] * cells, [0] * cells)
        self.total = [0, 0]
        self.fives: tuple[set[Cell], set[Cell]] = (set(), set())
        self.fours: tuple[set[Cell], set[Cell]] = (set(), set())
        self.winning: tuple[set[Cell], set[Cell]] = (set(), set())
        self.threes: tuple[set[Cell], set[Cell]] = (set(), set())
        self.filled = bytearray(cells)
        self.stones = [0, 0]
        self.moves: list[Cell] = []
        self.key = 0
        self.near = 0
        self._near_stack: list[int] = []
        for index, key in enumerate(self.keys):
            found = self._levels_of(key)
            for side in (X, O):
                self.levels[side][index] = found[side]
                self.combos[side][index % cells] += found[side] * LEVELS ** (3 - index // cells)
        for cell in range(cells):
            self._judge(cell)
        for cell in position.moves:
            self.play(cell)

    def _levels_of(self, key: int) -> tuple[int, int]:
        """X's and O's levels for a neighbourhood key, from the shared table (``_update`` reads the
        table inline, for speed)."""
        found = self._pattern.get(key)
        if found is None:
            found = self._pattern[key] = key_levels(key, self.k)
        return found

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
        side = len(self.moves) & 1
        self.stones[side] |= 1 << cell
        self.filled[cell] = 1
        self.moves.append(cell)
        self.key ^= self.table.zobrist[side][cell]
        self._near_stack.append(self.near)
        self.near |= self.table.near[cell]
        for owner in (X, O):
            self.total[owner] -= self.scores[owner][cell]
            self.scores[owner][cell] = 0
            before = self.classes[owner][cell]
            if before:
                self.classes[owner][cell] = 0
                self._file(owner, cell, before, discard=True)
        self._update(self.table.touches[side][cell], 1)

    def pass_turn(self) -> None:
        """Let the side to move skip its turn (undone by ``undo``), to ask what the other could do."""
        self.moves.append(PASS)
        self._near_stack.append(self.near)
        self.key ^= _PASS_KEY

    def undo(self) -> None:
        """Take back the last move (or the last pass)."""
        cell = self.moves.pop()
        if cell == PASS:
            self.near = self._near_stack.pop()
            self.key ^= _PASS_KEY
            return
        side = len(self.moves) & 1
        self.stones[side] &= ~(1 << cell)
        self.filled[cell] = 0
        self.key ^= self.table.zobrist[side][cell]
        self.near = self._near_stack.pop()
        self._update(self.table.touches[side][cell], -1)
        self._refresh(cell)
        self._judge(cell)

    def _update(self, touched: tuple[Touch, ...], sign: int) -> None:
        """Add (``sign`` 1) or take away (-1) a mark in the keys of its neighbours, and re-judge the
        empty neighbours whose levels changed.

        A neighbour lies on one line through the mark, so it is touched once and only the level of
        that direction changes: its combination index moves by the difference times the place value.
        Filled neighbours only have their keys kept: no mark goes there while they are filled.
        """
        keys, pattern, filled = self.keys, self._pattern, self.filled
        x_levels, o_levels = self.levels
        x_combos, o_combos = self.combos
        kinds, worths = self._kinds, self._worths
        x_scores, o_scores = self.scores
        x_classes, o_classes = self.classes
        x_total, o_total = self.total
        for index, neighbour, step, place in touched:
            key = keys[index] + sign * step
            keys[index] = key
            if filled[neighbour]:
                continue  # a filled cell's levels are read again when it is emptied (``_refresh``)
            try:
                x_level, o_level = pattern[key]
            except KeyError:
                x_level, o_level = pattern[key] = key_levels(key, self.k)
            before = x_levels[index]
            if x_level != before:
                x_levels[index] = x_level
                combo = x_combos[neighbour] = x_combos[neighbour] + (x_level - before) * place
                worth = worths[combo]
                x_total += worth - x_scores[neighbour]
                x_scores[neighbour] = worth
                kind, was = kinds[combo], x_classes[neighbour]
                if kind != was:
                    x_classes[neighbour] = kind
                    self._file(X, neighbour, was, discard=True)
                    self._file(X, neighbour, kind, discard=False)
            before = o_levels[index]
            if o_level != before:
                o_levels[index] = o_level
                combo = o_combos[neighbour] = o_combos[neighbour] + (o_level - before) * place
                worth = worths[combo]
                o_total += worth - o_scores[neighbour]
                o_scores[neighbour] = worth
                kind, was = kinds[combo], o_classes[neighbour]
                if kind != was:
                    o_classes[neighbour] = kind
                    self._file(O, neighbour, was, discard=True)
                    self._file(O, neighbour, kind, discard=False)
        self.total[X], self.total[O] = x_total, o_total

    def _refresh(self, cell: Cell) -> None:
        """Read a cell's levels and combination indexes afresh from its keys, which stayed current
        while the cell was filled even though its levels did not."""
        cells = self._cells
        for direction in range(len(DIRECTIONS)):
            index = direction * cells + cell
            key = self.keys[index]
            found = self._levels_of(key)
            self.levels[X][index], self.levels[O][index] = found
        for side in (X, O):
            levels = self.levels[side]
            self.combos[side][cell] = ((levels[cell] * LEVELS + levels[cells + cell]) * LEVELS
                                       + levels[2 * cells + cell]) * LEVELS + levels[3 * cells + cell]

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
                self._file(side, cell, before, discard=True)
                self._file(side, cell, after, discard=False)

    def _file(self, side: int, cell: Cell, kind: int, *, discard: bool) -> None:
        """Add ``cell`` to (or take it from) the sets its class ``kind`` puts it in."""
        if kind >= MAKES_FOUR:
            sets = (self.fours[side], self.fives[side]) if kind == MAKES_FIVE else (
                (self.fours[side], self.winning[side]) if kind == WINS_NEXT else (self.fours[side],))
        elif kind >= MAKES_THREE:
            sets = (self.threes[side],)
        else:
            return
        for found in sets:
            if discard:
                found.discard(cell)
            else:
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

