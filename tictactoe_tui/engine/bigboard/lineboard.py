"""The board of the big-board engine: every line of the board as one number, the marks, and per
side, for every empty cell, the levels a mark there would make and the cells where a mark makes a
five, a four, an open four or an open three, kept current move by move.

A board keeps the levels from a floor up. ``PatternBoard`` keeps every level, for the evaluation of
a tree search; ``ThreatBoard`` keeps only the levels threats are made of, for threat searches and
the proof, where a move changes far fewer of them, and so plays and undoes a move faster. The reads
here (the threat sets, the defences to a threat, the forks, the candidates) mean the same on both,
so a threat search runs on either.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import GameOverError
from ..rules.bits import bit_cells
from ..rules.lines import DIRECTIONS
from ..rules.position import Position
from ..rules.spec import Cell
from .linechanges import Change, key_width, remember, through_table
from .linetable import O, X, pattern_table, place_on_line
from .patterns import (
    DEAD,
    DOUBLE_THREE,
    FOUR,
    FOUR_THREE,
    LEVELS,
    MAKES_FIVE,
    MAKES_FOUR,
    MAKES_THREE,
    PLACES,
    WINS_NEXT,
    combinations,
    line_levels,
)

__all__ = ["PASS", "PASS_KEY", "LineBoard", "O", "Refiled", "X"]

PASS: Cell = -1
"""A turn skipped: only ever on a board of the engine, to look at the opponent's chances as if it moved."""

PASS_KEY = 0x9E3779B97F4A7C15
"""Mixed into a position's key while a turn is skipped, so the same marks with the other side
to move never share a key."""

Refiled = tuple[list[int], tuple[tuple[set[Cell], ...], ...], Cell, int, int]
"""A cell whose class a move changed: the side's classes, the side's sets by class, the cell, and
its class before and after."""

Undo = tuple[int, int, int, list[Refiled], list[tuple[Change, ...]]]
"""What ``undo`` needs besides the moves themselves: ``near`` and both totals before the move, the
cells it moved between the sets, and the changes it made along each line through its cell."""


class LineBoard:
    """A mutable board of the engine: what it keeps, how a move changes it, and the reads on it.

    Per side: ``combos[side][cell]`` is what a mark of that side on the cell would make along the
    four directions, one level each (only from ``floor`` up: a weaker level reads ``DEAD``), as one
    index of the combination tables,
    ``scores[side][cell]`` what a mark there is worth by those levels (0 on a filled cell), and
    ``classes[side][cell]`` what it threatens (``patterns.NONE`` … ``MAKES_FIVE``).
    ``fives[side]`` holds the cells where the side completes a line, ``fours[side]`` those where it
    makes a four or better, ``winning[side]`` those where it makes an open four or two fours (a win
    next move unless the opponent completes a line first), and ``threes[side]`` those where it
    makes an open three. A filled cell's combination index stays as it was when the cell was
    filled: it holds again once the cell is emptied. ``total[side]`` is the sum of the side's
    scores, the evaluation of a tree search when every level is kept.
    """

    __slots__ = ("table", "spec", "k", "lines", "combos", "classes", "scores", "fives", "fours",
                 "winning", "threes", "filled", "stones", "moves", "key", "near", "total", "undo_log",
                 "_kinds", "_worths", "_sets", "_through", "_width", "_floor")

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
        self._through = through_table(self.spec, floor)
        self._width = key_width(self.spec)
        self._floor = floor
        for number, (direction, run) in zip(self.lines, self.table.runs, strict=True):
            for cell, found in zip(run, line_levels(number, self.k), strict=True):
                for side in (X, O):
                    level = found[side] if found[side] >= floor else DEAD
                    self.combos[side][cell] += level * PLACES[direction]
        for cell in range(cells):
            self._judge(cell)
        self.total = [sum(self.scores[X]), sum(self.scores[O])]
        self.undo_log: list[Undo] = []
        """One entry per move or pass on the board, the last on top."""
        for cell in position.moves:
            self.play(cell)

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
        ``refiled``; ``play`` does what the mark changes around it."""
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

    def play(self, cell: Cell) -> None:
        """Put the mark of the side to move on ``cell`` (which must be empty, the game not over).

        This is the searches' innermost work, so it is written out in one piece, both sides side
        by side, everything bound to local names."""
        side = len(self.moves) & 1
        (x_scores, o_scores), total = self.scores, self.total
        (x_classes, o_classes), (x_sets, o_sets) = self.classes, self._sets
        x_total, o_total = total
        refiled: list[Refiled] = []
        made: list[tuple[Change, ...]] = []
        self.undo_log.append((self.near, x_total, o_total, refiled, made))
        self.near |= self.table.near[cell]
        # The cell's own score is cleared, its combination index is kept for its undo.
        x_total -= x_scores[cell]
        o_total -= o_scores[cell]
        x_scores[cell] = o_scores[cell] = 0
        self._put(cell, side, refiled)
        lines, width, k, floor = self.lines, self._width, self.k, self._floor
        x_combos, o_combos = self.combos
        kinds, worths = self._kinds, self._worths
        for line, mark, run, place, known in self._through[side][cell]:
            number = lines[line]
            lines[line] = number + mark
            key = number << width | mark
            changes = known.get(key)
            if changes is None:
                changes = remember(known, key, number, mark, k, run, place, floor)
            made.append(changes)
            for neighbour, x_change, o_change, x_threat, o_threat in changes:
                if x_change:
                    combo = x_combos[neighbour] = x_combos[neighbour] + x_change
                    worth = worths[combo]
                    x_total += worth - x_scores[neighbour]
                    x_scores[neighbour] = worth
                    if x_threat:
                        kind, was = kinds[combo], x_classes[neighbour]
                        if kind != was:
                            x_classes[neighbour] = kind
                            refiled.append((x_classes, x_sets, neighbour, was, kind))
                            for found in x_sets[was]:
                                found.discard(neighbour)
                            for found in x_sets[kind]:
                                found.add(neighbour)
                if o_change:
                    combo = o_combos[neighbour] = o_combos[neighbour] + o_change
                    worth = worths[combo]
                    o_total += worth - o_scores[neighbour]
                    o_scores[neighbour] = worth
                    if o_threat:
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
        self.undo_log.append((self.near, self.total[X], self.total[O], [], []))
        self.key ^= PASS_KEY

    def undo(self) -> None:
        """Take back the last move (or the last pass): the same changes, the other way."""
        cell = self.moves.pop()
        self.near, x_total, o_total, refiled, made = self.undo_log.pop()
        self.total[X], self.total[O] = x_total, o_total
        if cell == PASS:
            self.key ^= PASS_KEY
            return
        side = len(self.moves) & 1
        self._take_back(cell, side, refiled)
        lines = self.lines
        (x_combos, o_combos), (x_scores, o_scores), worths = self.combos, self.scores, self._worths
        for (line, mark, _, _, _), changes in zip(self._through[side][cell], made, strict=True):
            lines[line] -= mark
            for neighbour, x_change, o_change, _, _ in changes:
                if x_change:
                    combo = x_combos[neighbour] = x_combos[neighbour] - x_change
                    x_scores[neighbour] = worths[combo]
                if o_change:
                    combo = o_combos[neighbour] = o_combos[neighbour] - o_change
                    o_scores[neighbour] = worths[combo]
        x_scores[cell] = worths[x_combos[cell]]
        o_scores[cell] = worths[o_combos[cell]]

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

    def fork(self, side: int) -> Cell | None:
        """A cell where ``side``, to move, wins in five plies with a four-three or a double three,
        because the other side has no four to interrupt it (the lowest such cell); None if there
        is none. Whatever the other side answers, one of the two threats is left standing (a
        single mark spoils only one line through the fork's cell, and no answer forces), and it
        becomes an open four. Read from the classes the board keeps, so it costs no search."""
        if self.fours[side ^ 1]:
            return None
        classes = self.classes[side]
        forks = [cell for cell in self.fours[side] if classes[cell] == FOUR_THREE]
        if not forks:
            forks = [cell for cell in self.threes[side] if classes[cell] == DOUBLE_THREE]
        return min(forks) if forks else None

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
        for line, mark, place in self.table.lines[side][cell]:
            combo += line_levels(self.lines[line], self.k)[place_on_line(mark, self.k)][side] * place
        return self._worths[combo]
