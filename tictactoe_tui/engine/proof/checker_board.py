"""The checker's view of a board, computed once per size from the rules' lines alone: every line's
cells, the lines through each cell, each line's kind by its mark counts, and the board's symmetries.

It is the checker's own (with its own bit iteration) so that the check shares nothing with the
prover but the rules."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import product

from ..rules.lines import win_lines
from ..rules.spec import BoardSpec

Step = tuple[int, int, int]
"""What a mark put (step 1) or taken back (step -1) does to a line in a given state: the state it
leaves, and the line's kind before and after; worked out once, so that a move only looks them up."""


@dataclass(frozen=True)
class Tables:
    """What the checker needs of one board size, computed once."""

    masks: tuple[int, ...]
    lines_of: tuple[tuple[int, ...], ...]  # for each cell, the indices of the lines through it
    names: tuple[str, ...]
    symmetries: tuple[tuple[int, ...], ...]  # each as the image of every cell (eight on a square board)
    kinds: tuple[int, ...]  # by a line's state, its kind
    steps: dict[tuple[bool, int], tuple[Step, ...]]  # by mark (X or not) and step: for each state, a Step


@cache
def tables(spec: BoardSpec) -> Tables:
    masks, k = win_lines(spec).masks, spec.k
    lines_of = tuple(tuple(index for index, mask in enumerate(masks) if mask >> cell & 1)
                     for cell in range(spec.cells))
    names = tuple(spec.cell_name(cell) for cell in range(spec.cells))
    kinds = tuple(_kind(xs, os, k) for xs, os in product(range(k + 1), repeat=2))
    steps = {(is_x, step): _steps(k, step if is_x else 0, 0 if is_x else step)
             for is_x, step in product((True, False), (1, -1))}
    return Tables(masks, lines_of, names, _symmetries(spec), kinds, steps)


def state(x_marks: int, o_marks: int, k: int) -> int:
    """A line's mark counts as one int, the index of its row in the tables of kinds and steps."""
    return x_marks * (k + 1) + o_marks


def _steps(k: int, x_step: int, o_step: int) -> tuple[Step, ...]:
    """The step for every state (one the step cannot leave, a full line or one without that mark,
    stays: no line of a game is in it)."""
    table = []
    for xs, os in product(range(k + 1), repeat=2):
        x_after, o_after = xs + x_step, os + o_step
        if min(x_after, o_after) < 0 or x_after + o_after > k:
            x_after, o_after = xs, os
        table.append((state(x_after, o_after, k), _kind(xs, os, k), _kind(x_after, o_after, k)))
    return tuple(table)


X_FOUR, O_FOUR, X_THREE, O_THREE, O_LINE = 1, 2, 4, 8, 16


def _kind(xs: int, os: int, k: int) -> int:
    """A line of ``xs`` X marks and ``os`` O marks to the rules, as bits: a four (k - 1 marks of a side,
    none of the other's), a three (k - 2), an O line (no X, k - 3 O or more: guards read it)."""
    return ((X_FOUR if xs == k - 1 and not os else 0) | (O_FOUR if os == k - 1 and not xs else 0)
            | (X_THREE if xs == k - 2 and not os else 0) | (O_THREE if os == k - 2 and not xs else 0)
            | (O_LINE if not xs and os >= k - 3 else 0))


def _symmetries(spec: BoardSpec) -> tuple[tuple[int, ...], ...]:
    """The flips of the rows and of the columns, each with and without the swap of the two (square only)."""
    width, height = spec.width, spec.height
    found, both = [], (False, True)
    for swap, flip_col, flip_row in product(both if width == height else (False,), both, both):
        image = []
        for cell in range(spec.cells):
            col, row = (cell // width, cell % width) if swap else (cell % width, cell // width)
            col, row = width - 1 - col if flip_col else col, height - 1 - row if flip_row else row
            image.append(row * width + col)
        found.append(tuple(image))
    return tuple(found)


def bits(mask: int) -> Iterator[int]:
    while mask:
        yield (mask & -mask).bit_length() - 1
        mask &= mask - 1


def permute(board: int, image: tuple[int, ...]) -> int:
    return sum(1 << image[cell] for cell in bits(board))
