"""The threat board: the board of threat searches and of the proof, which keeps only the levels
that threats are made of.

A threat search (a VCF, a VCT, the proof's threat trees) asks where each side makes a five, a
four, an open four or an open three, and ranks its moves by those; a level below an open three
decides none of it. Most of what a move changes on a ``PatternBoard`` is such levels: in random
15x15 games, a move changes 27 levels of its neighbours, 2.6 of them to or from an open three or
better. So this board keeps the levels from ``WEAKEST_THREAT`` up, and what a move changes on a
line is worked out once per line number and remembered (``_line_changes``): a move visits only
the cells whose threats it changes, where a ``PatternBoard`` visits every neighbour.

``scores`` here are the worth of those levels alone; ``pattern_score`` gives the full worth of a
cell when a quiet move has to be ranked.
"""

from __future__ import annotations

from functools import cache

from ..rules.position import Position
from ..rules.spec import BoardSpec, Cell
from .lineboard import PASS, PASS_KEY, LineBoard, O, Refiled, X, pattern_table, place_on_line
from .patterns import DEAD, LINES_KEPT, WEAKEST_THREAT, line_levels

Change = tuple[int, int, int]
"""A cell whose kept levels a move on its line changes: its place along the line, and the change
of X's level and of O's level."""

Through = tuple[int, int, int, tuple[Cell, ...], int]
"""One line through a cell: its place in ``LineBoard.lines``, what a mark on the cell adds to the
line's number, the index of the direction's first level (``direction * cells``), the line's
cells, and the direction's place value in a combination index."""

ThreatUndo = tuple[int, list[Refiled], list[tuple[Change, ...]]]
"""What ``undo`` needs besides the moves themselves: ``near`` before the move, the cells it
moved between the sets, and the changes it made along each line through its cell."""


@cache
def _through(spec: BoardSpec) -> tuple[tuple[tuple[Through, ...], ...], ...]:
    """Per side, per cell: the lines through the cell, in the form ``ThreatBoard`` walks them."""
    table = pattern_table(spec)
    return tuple(tuple(tuple((line, mark, *table.runs[line], place) for line, mark, place, _ in lines)
                       for lines in per_side) for per_side in table.lines)


def _key_width(spec: BoardSpec) -> int:
    """Bits enough for any mark of ``spec`` (a line's padded length, two bits a cell), so that a
    line's number and a mark fit in one key: ``number << width | mark``."""
    return 2 * (max(spec.width, spec.height) + 2 * (spec.k - 1)) + 2


@cache
def _changes_table(k: int, width: int) -> dict[int, tuple[Change, ...]]:
    """Line number and mark (one key, see ``_key_width``) -> ``_line_changes``, as they are met."""
    return {}


def _line_changes(number: int, mark: int, k: int) -> tuple[Change, ...]:
    """What adding ``mark`` to a line numbered ``number`` changes in its other cells' kept levels
    (the marked cell itself keeps the levels it had, as on every board)."""
    before, after = line_levels(number, k), line_levels(number + mark, k)
    marked = place_on_line(mark, k)
    changes = []
    for at, ((x_was, o_was), (x_now, o_now)) in enumerate(zip(before, after, strict=True)):
        if at == marked:
            continue
        x_change = _kept(x_now) - _kept(x_was)
        o_change = _kept(o_now) - _kept(o_was)
        if x_change or o_change:
            changes.append((at, x_change, o_change))
    return tuple(changes)


def _kept(level: int) -> int:
    return level if level >= WEAKEST_THREAT else DEAD


class ThreatBoard(LineBoard):
    """A mutable board that keeps every empty cell's threats for both sides current (see
    ``LineBoard``; its levels below ``WEAKEST_THREAT`` read ``DEAD``)."""

    __slots__ = ("undo_log", "_through", "_changes", "_width")

    def __init__(self, position: Position) -> None:
        super().__init__(position, WEAKEST_THREAT)
        self._through = _through(self.spec)
        self._width = _key_width(self.spec)
        self._changes = _changes_table(self.k, self._width)
        self.undo_log: list[ThreatUndo] = []
        """One entry per move or pass on the board, the last on top."""
        for cell in position.moves:
            self.play(cell)

    def play(self, cell: Cell) -> None:
        """Put the mark of the side to move on ``cell`` (which must be empty, the game not over)."""
        side = len(self.moves) & 1
        self.stones[side] |= 1 << cell
        self.filled[cell] = 1
        self.moves.append(cell)
        self.key ^= self.table.zobrist[side][cell]
        refiled: list[Refiled] = []
        made: list[tuple[Change, ...]] = []
        self.undo_log.append((self.near, refiled, made))
        self.near |= self.table.near[cell]
        # The cell's own score is cleared, its levels and combination index are kept for its undo.
        self.scores[X][cell] = self.scores[O][cell] = 0
        for classes, sets in ((self.classes[X], self._sets[X]), (self.classes[O], self._sets[O])):
            was = classes[cell]
            if was:
                classes[cell] = 0
                refiled.append((classes, sets, cell, was, 0))
                for found in sets[was]:
                    found.discard(cell)
        lines, known, width = self.lines, self._changes, self._width
        (x_levels, o_levels), (x_combos, o_combos) = self.levels, self.combos
        (x_scores, o_scores), (x_classes, o_classes) = self.scores, self.classes
        (x_sets, o_sets), kinds, worths = self._sets, self._kinds, self._worths
        for line, mark, base, run, place in self._through[side][cell]:
            number = lines[line]
            lines[line] = number + mark
            key = number << width | mark
            changes = known.get(key)
            if changes is None:
                changes = self._remember(key, number, mark)
            made.append(changes)
            for at, x_change, o_change in changes:
                neighbour = run[at]
                if x_change:
                    x_levels[base + neighbour] += x_change
                    combo = x_combos[neighbour] = x_combos[neighbour] + x_change * place
                    x_scores[neighbour] = worths[combo]
                    kind, was = kinds[combo], x_classes[neighbour]
                    if kind != was:
                        x_classes[neighbour] = kind
                        refiled.append((x_classes, x_sets, neighbour, was, kind))
                        for found in x_sets[was]:
                            found.discard(neighbour)
                        for found in x_sets[kind]:
                            found.add(neighbour)
                if o_change:
                    o_levels[base + neighbour] += o_change
                    combo = o_combos[neighbour] = o_combos[neighbour] + o_change * place
                    o_scores[neighbour] = worths[combo]
                    kind, was = kinds[combo], o_classes[neighbour]
                    if kind != was:
                        o_classes[neighbour] = kind
                        refiled.append((o_classes, o_sets, neighbour, was, kind))
                        for found in o_sets[was]:
                            found.discard(neighbour)
                        for found in o_sets[kind]:
                            found.add(neighbour)

    def _remember(self, key: int, number: int, mark: int) -> tuple[Change, ...]:
        if len(self._changes) >= LINES_KEPT:
            self._changes.clear()
        changes = self._changes[key] = _line_changes(number, mark, self.k)
        return changes

    def pass_turn(self) -> None:
        """Let the side to move skip its turn (undone by ``undo``), to ask what the other could do."""
        self.moves.append(PASS)
        self.undo_log.append((self.near, [], []))
        self.key ^= PASS_KEY

    def undo(self) -> None:
        """Take back the last move (or the last pass): the same changes, the other way."""
        cell = self.moves.pop()
        self.near, refiled, made = self.undo_log.pop()
        if cell == PASS:
            self.key ^= PASS_KEY
            return
        side = len(self.moves) & 1
        self.stones[side] &= ~(1 << cell)
        self.filled[cell] = 0
        self.key ^= self.table.zobrist[side][cell]
        lines = self.lines
        (x_levels, o_levels), (x_combos, o_combos) = self.levels, self.combos
        (x_scores, o_scores), worths = self.scores, self._worths
        for (line, mark, base, run, place), changes in zip(self._through[side][cell], made, strict=True):
            lines[line] -= mark
            for at, x_change, o_change in changes:
                neighbour = run[at]
                if x_change:
                    x_levels[base + neighbour] -= x_change
                    combo = x_combos[neighbour] = x_combos[neighbour] - x_change * place
                    x_scores[neighbour] = worths[combo]
                if o_change:
                    o_levels[base + neighbour] -= o_change
                    combo = o_combos[neighbour] = o_combos[neighbour] - o_change * place
                    o_scores[neighbour] = worths[combo]
        for classes, sets, other, was, kind in refiled:
            classes[other] = was
            for found in sets[kind]:
                found.discard(other)
            for found in sets[was]:
                found.add(other)
        x_scores[cell] = worths[x_combos[cell]]
        o_scores[cell] = worths[o_combos[cell]]

