"""Proofs taken from a position that differs by one of O's marks.

After a far first reply of O, the fight is in the middle: ``h8 c1 i9 g7`` and ``h8 a1 i9 g7``
share X's two central marks and O's block beside them, and O's far mark rarely changes how X
wins. The proof of one, its cells moved by the symmetry that lays the shared marks of one on the
other's, often proves the other, where a search of millions of nodes does not. Whether it does,
only the checker says: X must not play where O's mark now stands, and neither that mark (with a
four it lets O make) nor the cell the other mark left may give O a defence the tree does not
answer. A tree that passes is a proof like any other.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..rules.symmetry import symmetries
from .book import BOARD, marks
from .checker import ProofError, check_branch
from .transpose import Proven, moved, turning

Core = int
"""The smallest of the packed keys (``Symmetries.keys``) of a position with one of O's marks taken off."""


@dataclass(slots=True)
class Donor:
    """A proven position seen through one of its cores: the symmetries that lay the core on its
    canonical image, the O mark taken off, and (found when first asked) every cell X plays in its
    tree, in the game or in a threat tree."""

    proven: Proven
    turns: tuple[int, ...]
    dropped: int
    _x_cells: frozenset[int] | None = field(default=None, repr=False)

    def x_cells(self) -> frozenset[int]:
        if self._x_cells is None:
            self._x_cells = frozenset(_x_moves(self.proven.tree))
        return self._x_cells


def cores(moves: tuple[int, ...]) -> Iterator[tuple[Core, tuple[int, ...], int]]:
    """For each of O's marks after ``moves``: the key of the position without it, the symmetries
    that give that key, and the mark."""
    table = symmetries(BOARD)
    x, o = marks(moves)
    for mark in moves[1::2]:
        keys = table.keys(x, o & ~(1 << mark))
        core = min(keys)
        yield core, tuple(turn for turn, key in enumerate(keys) if key == core), mark


def donors(proven: Mapping[Any, Proven]) -> dict[Core, list[Donor]]:
    """Core -> the proven positions that have it, the one whose taken-off mark lies farthest from
    the centre first: its proof leans least on that mark, so it is the likeliest to hold without it."""
    found: dict[Core, list[Donor]] = defaultdict(list)
    for entry in proven.values():
        for core, turns, dropped in cores(entry.moves):
            found[core].append(Donor(entry, turns, dropped))
    for listed in found.values():
        listed.sort(key=lambda donor: -BOARD.off_centre(donor.dropped))
    return dict(found)


def candidates(moves: tuple[int, ...], known: Mapping[Core, list[Donor]]) -> int:
    """How many donors share a core with ``moves``: a unit no donor could prove before is worth
    trying again only once there are more."""
    return sum(len(known.get(core, ())) for core, _, _ in cores(moves))


def transplant(moves: tuple[int, ...], known: Mapping[Core, list[Donor]],
               plies: int) -> tuple[Any, int, tuple[int, ...]] | None:
    """A tree that proves X wins after ``moves`` within ``plies`` of the empty board, taken from a
    donor sharing a core with it, with its bound and the donor's moves; None when no donor's does."""
    for core, turns, mark in cores(moves):
        for donor in known.get(core, ()):
            for donor_turn in donor.turns:
                mapping = turning(donor_turn, turns[0])
                if _mark_in_donor(mapping, mark) in donor.x_cells():
                    continue  # X would play on O's mark
                tree = moved(donor.proven.tree, mapping)
                try:
                    bound = check_branch(BOARD, list(moves), tree)[1]
                except ProofError:
                    continue
                if bound + len(moves) <= plies:
                    return tree, bound, donor.proven.moves
    return None


def _mark_in_donor(mapping: tuple[int, ...], mark: int) -> int:
    """The donor's cell that ``mapping`` takes onto ``mark``."""
    return mapping.index(mark)


def _x_moves(tree: Any) -> Iterator[int]:
    """Every cell X plays somewhere in ``tree``, game and threat trees alike (a shared node once)."""
    seen: set[int] = set()
    stack: list[tuple[Any, bool]] = [(tree, True)]
    while stack:
        node, game = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node[0]
        if len(node) == 1:
            continue
        if not game:
            stack.extend((child, False) for _, child in node[1])
        elif len(node[1]) == 1:
            stack.extend((child, True) for _, child in node[1][0])
        else:
            _, threat, replies = node[1]
            if threat is not None:
                stack.append((threat, False))
            stack.extend((child, True) for _, child in replies)
