"""The pattern board: for every empty cell and each side, the shape a mark there would make along
each line, every level of it, kept current move by move.

Every line of the board (row, column, diagonal) is kept as one number, two bits a cell, and the
levels of all its cells are one look-up by that number (``patterns.line_levels``). A move changes
one number per direction, and so only the levels of the cells within ``k - 1`` of it: ``play``
compares those, re-judges the cells whose levels changed, and logs what it overwrote, so that
``undo`` writes it back instead of reading patterns again. Per side the board then knows, without
scanning, where it would make a five, a four or better, and where a move wins next (an open
four or a double four), and the sum of its cells' scores, which is the evaluation. A search that
needs no evaluation, only threats, runs faster on a ``ThreatBoard``.
"""

from __future__ import annotations

from ..rules.position import Position
from ..rules.spec import Cell
from .lineboard import PASS, PASS_KEY, Line, LineBoard, O, Refiled, X
from .patterns import DEAD, LEVELS, PLACES, WEAKEST_THREAT, line_levels, line_table

__all__ = ["PASS", "O", "PatternBoard", "X"]

Overwritten = tuple[int, Cell, int, int, int]
"""What a move changed for one side and cell: the index of the changed level, the cell, and the
level, combination index and score the cell had before."""

Undo = tuple[int, int, int, list[Overwritten], list[Overwritten], list[Refiled]]
"""What ``undo`` needs to take a move back: ``near`` and both totals before it, what it overwrote
for X and for O, and the cells it moved between the sets."""


class PatternBoard(LineBoard):
    """A mutable board that keeps every empty cell's patterns for both sides current, every level
    of them (see ``LineBoard``): ``levels[side][direction * cells + cell]`` is what a mark of the
    side on the cell makes along the direction (``combos`` holds the same four in one index), and
    ``total[side]`` the sum of the side's scores."""

    __slots__ = ("levels", "total", "undo_log", "_lines_levels")

    def __init__(self, position: Position) -> None:
        super().__init__(position, DEAD)
        self._lines_levels = line_table(self.k)
        # Every level is kept (the floor is DEAD), so the combination indexes hold them all.
        cells = range(self.spec.cells)
        x_levels, o_levels = ([combos[cell] // place % LEVELS for place in PLACES for cell in cells]
                              for combos in self.combos)
        self.levels: tuple[list[int], list[int]] = (x_levels, o_levels)
        self.total = [sum(self.scores[X]), sum(self.scores[O])]
        self.undo_log: list[Undo] = []
        """One entry per move or pass on the board, the last on top."""
        for cell in position.moves:
            self.play(cell)

    def play(self, cell: Cell) -> None:
        """Put the mark of the side to move on ``cell`` (which must be empty, the game not over)."""
        table = self.table
        side = len(self.moves) & 1
        # The cell's own score is overwritten (with 0), its levels and combination index are not.
        (x_scores, o_scores), total = self.scores, self.total
        x_changes = [(cell, cell, self.levels[X][cell], self.combos[X][cell], x_scores[cell])]
        o_changes = [(cell, cell, self.levels[O][cell], self.combos[O][cell], o_scores[cell])]
        refiled: list[Refiled] = []
        self.undo_log.append((self.near, total[X], total[O], x_changes, o_changes, refiled))
        self.near |= table.near[cell]
        total[X] -= x_scores[cell]
        total[O] -= o_scores[cell]
        x_scores[cell] = o_scores[cell] = 0
        self._put(cell, side, refiled)
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
        self.key ^= PASS_KEY

    def undo(self) -> None:
        """Take back the last move (or the last pass): write back what it overwrote."""
        cell = self.moves.pop()
        self.near, x_total, o_total, x_changes, o_changes, refiled = self.undo_log.pop()
        if cell == PASS:
            self.key ^= PASS_KEY
            return
        table, lines = self.table, self.lines
        side = len(self.moves) & 1
        self._take_back(cell, side, refiled)
        for line, mark, _, _ in table.lines[side][cell]:
            lines[line] -= mark
        for changes, levels, combos, scores in ((x_changes, self.levels[X], self.combos[X], self.scores[X]),
                                                (o_changes, self.levels[O], self.combos[O], self.scores[O])):
            for index, other, level, combo, score in changes:
                levels[index] = level
                combos[other] = combo
                scores[other] = score
        self.total[X], self.total[O] = x_total, o_total
