"""What a mark changes along its line, worked out once per line number and remembered.

A cell's level along one line depends only on the line's contents, which the boards keep as one
number (``patterns.line_number``). So what a mark changes in its neighbours' levels along the line
is a function of the line's number and the mark alone: the boards look it up here instead of
comparing every neighbour's level before and after, and a move visits only the cells whose kept
levels it changes. Taking the move back subtracts the same changes, so nothing needs logging but
which changes were made.
"""

from __future__ import annotations

from functools import cache

from ..rules.spec import BoardSpec, Cell
from .linetable import pattern_table, place_on_line
from .patterns import DEAD, WEAKEST_THREAT, line_levels

Change = tuple[Cell, int, int, bool, bool]
"""A cell whose kept levels a move on its line changes: the cell, what the change adds to X's and
to O's combination index of the cell, and for X and for O whether the level was or becomes a
threat (``patterns.WEAKEST_THREAT`` or above): a change between weaker levels leaves the cell's
class as it was, so the board need not look."""

Through = tuple[int, int, tuple[Cell, ...], int, dict[int, tuple[Change, ...]]]
"""One line through a cell: its place in ``LineBoard.lines``, what a mark on the cell adds to the
line's number, the line's cells, the direction's place value in a combination index, and the
changes already worked out on the line, by its number before the move and the mark
(``number << key_width(spec) | mark``)."""

CHANGES_KEPT = 4096
"""How many line numbers and marks a line keeps the changes of before it starts again, which
bounds the memory (a unit of the proof meets a few hundred on most lines)."""


@cache
def through_table(spec: BoardSpec, floor: int) -> tuple[tuple[tuple[Through, ...], ...], ...]:
    """Per side, per cell: the lines through the cell, in the form the boards walk them, for boards
    that keep the levels from ``floor`` up. The tables of changes are one per line, shared by every
    board of ``spec`` and ``floor``."""
    table = pattern_table(spec)
    known: list[dict[int, tuple[Change, ...]]] = [{} for _ in table.runs]
    return tuple(tuple(tuple((line, mark, table.runs[line][1], place, known[line])
                             for line, mark, place in lines)
                       for lines in per_side) for per_side in table.lines)


def key_width(spec: BoardSpec) -> int:
    """Bits enough for any mark of ``spec`` (a line's padded length, two bits a cell), so that a
    line's number and a mark fit in one key: ``number << width | mark``."""
    return 2 * (max(spec.width, spec.height) + 2 * (spec.k - 1)) + 2


def remember(known: dict[int, tuple[Change, ...]], key: int, number: int, mark: int, k: int,
             run: tuple[Cell, ...], place: int, floor: int) -> tuple[Change, ...]:
    """``line_changes``, kept in ``known`` under ``key`` for the next time (``known`` starts again
    when it holds ``CHANGES_KEPT``)."""
    if len(known) >= CHANGES_KEPT:
        known.clear()
    changes = known[key] = line_changes(number, mark, k, run, place, floor)
    return changes


def line_changes(number: int, mark: int, k: int, run: tuple[Cell, ...], place: int,
                 floor: int) -> tuple[Change, ...]:
    """What adding ``mark`` to the line ``run`` numbered ``number`` changes in its other cells' levels
    kept from ``floor`` up (the marked cell itself keeps the levels it had, as on every board; a
    filled cell's levels read ``DEAD`` both before and after, so they stay as they were too)."""
    before, after = line_levels(number, k), line_levels(number + mark, k)
    marked = place_on_line(mark, k)
    changes = []
    for at, ((x_was, o_was), (x_now, o_now)) in enumerate(zip(before, after, strict=True)):
        if at == marked:
            continue
        x_change = _kept(x_now, floor) - _kept(x_was, floor)
        o_change = _kept(o_now, floor) - _kept(o_was, floor)
        if x_change or o_change:
            changes.append((run[at], x_change * place, o_change * place,
                            max(x_now, x_was) >= WEAKEST_THREAT, max(o_now, o_was) >= WEAKEST_THREAT))
    return tuple(changes)


def _kept(level: int, floor: int) -> int:
    return level if level >= floor else DEAD
