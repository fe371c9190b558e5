"""The symmetries of a board, as cell permutations, and canonical forms of positions.

Positions that are rotations or reflections of each other have the same value
(the winning lines map onto winning lines), so the solver stores one entry for
all of them. A square board has the eight symmetries of the square; any other
rectangle has four (identity, the two mirrors and the half turn).

A position's key under a symmetry is the transformed pair of bitboards packed
into one int, ``x | o << cells``; the canonical key is the smallest of these.
Packing keeps the key exact (no hash collisions to reason about), and because a
move only adds one bit per symmetry, the search keeps the keys up to date with
one addition each instead of transforming whole boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .spec import BoardSpec, Cell

Permutation = tuple[Cell, ...]
"""``permutation[cell]`` is where ``cell`` goes."""


@dataclass(frozen=True, slots=True)
class Symmetries:
    """The symmetries of one board size, identity first."""

    spec: BoardSpec
    permutations: tuple[Permutation, ...]
    inverses: tuple[Permutation, ...]

    def __len__(self) -> int:
        return len(self.permutations)

    def transform(self, board: int, index: int) -> int:
        """The bitboard ``board`` under symmetry ``index``."""
        return permute(board, self.permutations[index])

    def keys(self, x: int, o: int) -> tuple[int, ...]:
        """The packed key of the position under every symmetry, in order."""
        cells = self.spec.cells
        return tuple(self.transform(x, index) | self.transform(o, index) << cells
                     for index in range(len(self.permutations)))

    def canonical(self, x: int, o: int) -> tuple[int, int]:
        """The representative ``(x, o)`` of the position's class: the one with the smallest key."""
        keys = self.keys(x, o)
        key = min(keys)
        mask = self.spec.full_mask
        return key & mask, key >> self.spec.cells


def permute(board: int, permutation: Permutation) -> int:
    """The bitboard ``board`` with every cell moved by ``permutation`` (a symmetry or its inverse)."""
    image = 0
    while board:
        low = board & -board
        image |= 1 << permutation[low.bit_length() - 1]
        board ^= low
    return image


def _transforms(width: int, height: int) -> list[Sequence[tuple[int, int]]]:
    """Each symmetry as the image ``(col, row)`` of every cell, in cell order."""
    coords = [(col, row) for row in range(height) for col in range(width)]
    right, top = width - 1, height - 1
    maps: list[Sequence[tuple[int, int]]] = [
        coords,
        [(right - c, r) for c, r in coords],
        [(c, top - r) for c, r in coords],
        [(right - c, top - r) for c, r in coords],
    ]
    if width == height:
        maps += [
            [(r, c) for c, r in coords],
            [(top - r, c) for c, r in coords],
            [(r, right - c) for c, r in coords],
            [(top - r, right - c) for c, r in coords],
        ]
    return maps


@cache
def symmetries(spec: BoardSpec) -> Symmetries:
    """Every symmetry of ``spec``'s board (computed once per size).

    Duplicates are dropped, so a one-row board has two symmetries and a single
    cell one: the search then does no redundant work per move.
    """
    seen: dict[Permutation, None] = {}
    for mapping in _transforms(spec.width, spec.height):
        seen.setdefault(tuple(row * spec.width + col for col, row in mapping))
    permutations = tuple(seen)
    inverses = tuple(_inverse(permutation) for permutation in permutations)
    return Symmetries(spec, permutations, inverses)


def _inverse(permutation: Permutation) -> Permutation:
    inverse = [0] * len(permutation)
    for cell, image in enumerate(permutation):
        inverse[image] = cell
    return tuple(inverse)
