"""The incremental line board: for every line, how many marks each side has in it, kept up to date
by ``play`` and ``undo``.

Per side and count it also keeps the set of lines the other side has not touched, so a search that
visits thousands of positions reads its threats off those sets instead of rescanning the board."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from operator import itemgetter

from ..errors import GameOverError
from ..rules.bits import bit_cells
from ..rules.lines import win_lines
from ..rules.position import Mark, Position
from ..rules.scans import forks
from ..rules.spec import BoardSpec, Cell

X, O = Mark.X.index, Mark.O.index  # noqa: E741 - the sides' places in the per-side tables
"""Sides as indexes: X moves first, so the side to move is the parity of the move count."""

PASS: Cell = -1
"""A turn skipped: only ever on a ``LineBoard``, to look at the opponent's chances as if it moved."""

_PASS_KEY = 0x9E3779B97F4A7C15
"""Mixed into a position's key while a turn is skipped, so the same marks with the other side
to move never share a key."""

NEAR = 2
"""How far from an existing mark a move is worth considering on a big board, along the mark's
rows, columns and diagonals: a cell off them shares no line with the mark, so it neither builds
on it nor blocks it."""


@dataclass(frozen=True, slots=True)
class LineTable:
    """What a search needs to know about a board size, computed once per size."""

    spec: BoardSpec
    masks: tuple[int, ...]
    """Every line as a bitmask, indexed by line number."""
    lines_of: tuple[tuple[int, ...], ...]
    """For each cell, the numbers of the lines through it."""
    near: tuple[int, ...]
    """For each cell, the cells up to ``NEAR`` steps away from it along a line."""
    zobrist: tuple[tuple[int, ...], tuple[int, ...]]
    """Random 64-bit keys per side and cell; their XOR over the marks identifies a position."""
    states_of: tuple[Callable[[list[int]], tuple[int, ...]], ...]
    """For each cell, a getter of the states of its lines from ``LineBoard.states`` (always a tuple:
    a cell on a single line also reads the sentinel entry that ends the list)."""


@cache
def line_table(spec: BoardSpec) -> LineTable:
    """The ``LineTable`` of ``spec`` (cached: boards of one size share it)."""
    masks = win_lines(spec).masks
    index = {mask: number for number, mask in enumerate(masks)}
    lines_of = tuple(tuple(index[mask] for mask in through) for through in win_lines(spec).through)
    near = []
    for cell in range(spec.cells):
        col, row = spec.coordinates(cell)
        star = 0
        for d_col, d_row in ((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)):
            for step in range(1, NEAR + 1):
                near_col, near_row = col + d_col * step, row + d_row * step
                if 0 <= near_col < spec.width and 0 <= near_row < spec.height:
                    star |= 1 << (near_row * spec.width + near_col)
        near.append(star)
    keys = random.Random(f"zobrist {spec}")
    zobrist = (tuple(keys.getrandbits(64) for _ in range(spec.cells)),
               tuple(keys.getrandbits(64) for _ in range(spec.cells)))
    sentinel = len(masks)
    states_of = tuple(itemgetter(*lines, sentinel) if len(lines) < 2 else itemgetter(*lines)
                      for lines in lines_of)
    return LineTable(spec, masks, lines_of, tuple(near), zobrist, states_of)


def state_count(k: int) -> int:
    """How many line states there are for ``k`` (see ``LineBoard.states``), the sentinel included."""
    return (k + 1) ** 2 + 1


class LineBoard:
    """A mutable board that keeps per-line mark counts current as moves are played and undone.

    ``counts[side][line]`` is how many marks ``side`` has in ``line``, and ``states[line]`` packs
    both counts in one number, ``x_count * (k + 1) + o_count``, for table look-ups (an extra last
    entry, never changed, holds the sentinel state ``(k + 1) ** 2``). ``open[side][n]`` is the set
    of lines where ``side`` has exactly ``n`` marks and the other side none, the lines that side
    can still complete, kept only for the counts threats are made of (``tracked <= n < k``, where
    ``tracked`` is k-3 or 1): the many lines with fewer marks would cost more to track than the
    rare question about them costs to answer (``lines_with``). ``potential[side]`` sums
    ``weights[n]`` over all the lines ``side`` can still complete, an evaluation kept current for
    free. Playing a winning move sets ``won``; nothing may be played after it until it is undone.
    """

    __slots__ = ("table", "spec", "k", "counts", "states", "open", "tracked", "stones", "moves", "won",
                 "key", "near", "_near_stack", "weights", "steps", "potential")

    def __init__(self, position: Position, weights: Sequence[int] | None = None) -> None:
        if position.winning_line:
            raise GameOverError(f"the game is already won ({position.outcome.status.value})")
        self.table = line_table(position.spec)
        self.spec = position.spec
        self.k = position.spec.k
        lines = len(self.table.masks)
        self.counts: tuple[list[int], list[int]] = ([0] * lines, [0] * lines)
        self.states = [0] * lines + [(self.k + 1) ** 2]
        self.open: tuple[list[set[int]], list[set[int]]] = (
            [set() for _ in range(self.k)], [set() for _ in range(self.k)])
        self.stones = [0, 0]
        self.moves: list[Cell] = []
        self.won = False
        self.key = 0
        self.near = 0
        self._near_stack: list[int] = []
        self.tracked = max(1, self.k - 3)
        self.weights = tuple(weights) if weights is not None else (0,) * (self.k + 1)
        if len(self.weights) != self.k + 1:
            raise ValueError(f"need {self.k + 1} weights, one per count of marks in a line")
        self.steps = tuple(self.weights[count + 1] - self.weights[count] for count in range(self.k))
        self.potential = [0, 0]
        for cell in position.moves:
            self.play(cell)

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

    def play(self, cell: Cell) -> bool:
        """Put the mark of the side to move on ``cell``; True when it completes a line."""
        side = len(self.moves) & 1
        other = side ^ 1
        mine, theirs = self.counts[side], self.counts[other]
        my_open, their_open = self.open[side], self.open[other]
        weights, steps, k, states, tracked = self.weights, self.steps, self.k, self.states, self.tracked
        step = k + 1 if side == X else 1
        gain = loss = 0
        won = False
        for line in self.table.lines_of[cell]:
            count = mine[line]
            mine[line] = count + 1
            states[line] += step
            against = theirs[line]
            if against == 0:
                gain += steps[count]
                if count >= tracked:
                    my_open[count].discard(line)
                if count + 1 == k:
                    won = True
                elif count + 1 >= tracked:
                    my_open[count + 1].add(line)
            elif count == 0:
                loss += weights[against]
                if against >= tracked:
                    their_open[against].discard(line)
        self.potential[side] += gain
        self.potential[other] -= loss
        self.stones[side] |= 1 << cell
        self.moves.append(cell)
        self.key ^= self.table.zobrist[side][cell]
        self._near_stack.append(self.near)
        self.near |= self.table.near[cell]
        self.won = won
        return won

    def pass_turn(self) -> None:
        """Let the side to move skip its turn (undone by ``undo``), to ask what the other could do."""
        self.moves.append(PASS)
        self._near_stack.append(self.near)
        self.key ^= _PASS_KEY

    def undo(self) -> None:
        """Take back the last move played (or the last pass)."""
        cell = self.moves.pop()
        if cell == PASS:
            self.near = self._near_stack.pop()
            self.key ^= _PASS_KEY
            return
        side = len(self.moves) & 1
        other = side ^ 1
        mine, theirs = self.counts[side], self.counts[other]
        my_open, their_open = self.open[side], self.open[other]
        weights, steps, k, states, tracked = self.weights, self.steps, self.k, self.states, self.tracked
        step = k + 1 if side == X else 1
        gain = loss = 0
        for line in self.table.lines_of[cell]:
            count = mine[line] - 1
            mine[line] = count
            states[line] -= step
            against = theirs[line]
            if against == 0:
                gain += steps[count]
                if tracked <= count + 1 < k:
                    my_open[count + 1].discard(line)
                if count >= tracked:
                    my_open[count].add(line)
            elif count == 0:
                loss += weights[against]
                if against >= tracked:
                    their_open[against].add(line)
        self.potential[side] -= gain
        self.potential[other] += loss
        self.stones[side] &= ~(1 << cell)
        self.key ^= self.table.zobrist[side][cell]
        self.near = self._near_stack.pop()
        self.won = False

    def lines_with(self, side: int, count: int) -> Iterable[int]:
        """The lines where ``side`` has ``count`` marks and the other side none."""
        if count >= self.tracked:
            return self.open[side][count]
        mine, theirs = self.counts[side], self.counts[side ^ 1]
        return [line for line in range(len(mine)) if mine[line] == count and theirs[line] == 0]

    def gaps(self, line: int) -> Iterable[Cell]:
        """The empty cells of ``line``."""
        return bit_cells(self.table.masks[line] & ~self.occupied)

    def win_cells(self, side: int) -> set[Cell]:
        """The cells where ``side`` would complete a line (its threats)."""
        if self.k == 1:
            return set(bit_cells(self.spec.full_mask & ~self.occupied))
        masks, stones = self.table.masks, self.stones[side]
        return {(masks[line] & ~stones).bit_length() - 1 for line in self.open[side][self.k - 1]}

    def threat_moves(self, side: int) -> dict[Cell, int]:
        """The cells where ``side`` would make a threat, with how many lines each would threaten."""
        if self.k == 1:
            return {}
        found: dict[Cell, int] = {}
        for line in self.lines_with(side, self.k - 2):
            for cell in self.gaps(line):
                found[cell] = found.get(cell, 0) + 1
        return found

    def fork_moves(self, side: int) -> dict[Cell, set[Cell]]:
        """The cells where ``side`` would make two threats at once, each with the cells that spoil it
        (see ``scans.forks``)."""
        if self.k == 1:
            return {}
        masks, empty = self.table.masks, ~(self.stones[X] | self.stones[O])
        return forks(masks[line] & empty for line in self.lines_with(side, self.k - 2))

    def candidates(self) -> int:
        """The empty cells near a mark, as a bitmask.

        The centre when the board is empty, and every empty cell in the rare position where the
        cells near the marks are all taken.
        """
        if not self.stones[X] | self.stones[O]:
            return 1 << self.spec.centre
        empty = self.spec.full_mask & ~self.occupied
        return self.near & empty or empty


# Victory by continuous fours.
