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
from .patterns import DEAD, WEAKEST_THREAT, line_levels

Change = tuple[Cell, int, int]
"""A cell whose kept levels a move on its line changes: the cell, and what the change adds to X's
and to O's combination index of the cell."""

Through = tuple[int, int, tuple[Cell, ...], int, dict[int, tuple[Change, ...]]]
"""One line through a cell: its place in ``LineBoard.lines``, what a mark on the cell adds to the
line's number, the line's cells, the direction's place value in a combination index, and the
changes already worked out on the line, by its number before the move and the mark
(``number << _key_width(spec) | mark``)."""

ThreatUndo = tuple[int, list[Refiled], list[tuple[Change, ...]]]
"""What ``undo`` needs besides the moves themselves: ``near`` before the move, the cells it
moved between the sets, and the changes it made along each line through its cell."""

CHANGES_KEPT = 4096
"""How many line numbers and marks a line keeps the changes of before it starts again, which
bounds the memory (a unit of the proof meets a few hundred on most lines)."""


@cache
def _through(spec: BoardSpec) -> tuple[tuple[tuple[Through, ...], ...], ...]:
    """Per side, per cell: the lines through the cell, in the form ``ThreatBoard`` walks them. The
    tables of changes are one per line, shared by every board of ``spec``."""
    table = pattern_table(spec)
    known: list[dict[int, tuple[Change, ...]]] = [{} for _ in table.runs]
    return tuple(tuple(tuple((line, mark, table.runs[line][1], place, known[line])
                             for line, mark, place, _ in lines)
                       for lines in per_side) for per_side in table.lines)


def _key_width(spec: BoardSpec) -> int:
    """Bits enough for any mark of ``spec`` (a line's padded length, two bits a cell), so that a
    line's number and a mark fit in one key: ``number << width | mark``."""
    return 2 * (max(spec.width, spec.height) + 2 * (spec.k - 1)) + 2


def _line_changes(number: int, mark: int, k: int, run: tuple[Cell, ...], place: int) -> tuple[Change, ...]:
    """What adding ``mark`` to the line ``run`` numbered ``number`` changes in its other cells' kept
    levels (the marked cell itself keeps the levels it had, as on every board)."""
    before, after = line_levels(number, k), line_levels(number + mark, k)
    marked = place_on_line(mark, k)
    changes = []
    for at, ((x_was, o_was), (x_now, o_now)) in enumerate(zip(before, after, strict=True)):
        if at == marked:
            continue
        x_change = _kept(x_now) - _kept(x_was)
        o_change = _kept(o_now) - _kept(o_was)
        if x_change or o_change:
            changes.append((run[at], x_change * place, o_change * place))
    return tuple(changes)


def _kept(level: int) -> int:
    return level if level >= WEAKEST_THREAT else DEAD


class ThreatBoard(LineBoard):
    """A mutable board that keeps every empty cell's threats for both sides current (see
    ``LineBoard``; its levels below ``WEAKEST_THREAT`` read ``DEAD``)."""

    __slots__ = ("undo_log", "_through", "_width")

    def __init__(self, position: Position) -> None:
        super().__init__(position, WEAKEST_THREAT)
        self._through = _through(self.spec)
        self._width = _key_width(self.spec)
        self.undo_log: list[ThreatUndo] = []
        """One entry per move or pass on the board, the last on top."""
        for cell in position.moves:
            self.play(cell)

    def play(self, cell: Cell) -> None:
        """Put the mark of the side to move on ``cell`` (which must be empty, the game not over).

        This is the threat searches' innermost work, so, as in ``PatternBoard``, it is written out
        in one piece, both sides side by side, everything bound to local names."""
        side = len(self.moves) & 1
        refiled: list[Refiled] = []
        made: list[tuple[Change, ...]] = []
        self.undo_log.append((self.near, refiled, made))
        self.near |= self.table.near[cell]
        # The cell's own score is cleared, its combination index is kept for its undo.
        self.scores[X][cell] = self.scores[O][cell] = 0
        self._put(cell, side, refiled)
        lines, width, k = self.lines, self._width, self.k
        (x_combos, o_combos), (x_scores, o_scores) = self.combos, self.scores
        (x_classes, o_classes), (x_sets, o_sets) = self.classes, self._sets
        kinds, worths = self._kinds, self._worths
        for line, mark, run, place, known in self._through[side][cell]:
            number = lines[line]
            lines[line] = number + mark
            key = number << width | mark
            changes = known.get(key)
            if changes is None:
                if len(known) >= CHANGES_KEPT:
                    known.clear()
                changes = known[key] = _line_changes(number, mark, k, run, place)
            made.append(changes)
            for neighbour, x_change, o_change in changes:
                if x_change:
                    combo = x_combos[neighbour] = x_combos[neighbour] + x_change
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
                    combo = o_combos[neighbour] = o_combos[neighbour] + o_change
                    o_scores[neighbour] = worths[combo]
                    kind, was = kinds[combo], o_classes[neighbour]
                    if kind != was:
                        o_classes[neighbour] = kind
                        refiled.append((o_classes, o_sets, neighbour, was, kind))
                        for found in o_sets[was]:
                            found.discard(neighbour)
                        for found in o_sets[kind]:
                            found.add(neighbour)

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
        self._take_back(cell, side, refiled)
        lines = self.lines
        (x_combos, o_combos), (x_scores, o_scores), worths = self.combos, self.scores, self._worths
        for (line, mark, _, _, _), changes in zip(self._through[side][cell], made, strict=True):
            lines[line] -= mark
            for neighbour, x_change, o_change in changes:
                if x_change:
                    combo = x_combos[neighbour] = x_combos[neighbour] - x_change
                    x_scores[neighbour] = worths[combo]
                if o_change:
                    combo = o_combos[neighbour] = o_combos[neighbour] - o_change
                    o_scores[neighbour] = worths[combo]
        x_scores[cell] = worths[x_combos[cell]]
        o_scores[cell] = worths[o_combos[cell]]

