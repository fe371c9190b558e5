"""What the exact solver reads at every node of one board, built once per size, and the step between nodes.

The search (``negamax``, ``exact``), the zone prover (``zones``) and its
workers (``parallel``) all read the same things about a board: its lines and
the lines through each cell, the bits a mark adds to a position's keys under
each symmetry, the move ordering's weights. They depend on the board's size
alone, so ``tables_for`` builds them once per ``BoardSpec`` and every part of
the solver gets them from there, not from one another's objects.

``child`` is the one step from a node to the next, wherever a part of the
solver takes it: the mark goes on, the mover's new threats come from the
lines through the cell alone, those lines die for the opponent, and each
symmetry's key takes one addition. Nothing else changes, which is what makes
a move cheap enough for millions of nodes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from operator import add

from ..rules.lines import line_rows, win_lines
from ..rules.position import Mark
from ..rules.scans import threat_mask, threats_in
from ..rules.spec import BoardSpec, Cell
from ..rules.symmetry import Symmetries, symmetries
from .node import Node

POLL_WORK = 4096
"""Roughly how many cells the search handles between looks at its budget.

Work per node grows with the board (each node ranks every empty cell), so the
number of nodes between looks is this divided by the number of cells."""

_new_node = tuple.__new__
"""Makes a ``Node`` from a tuple of its fields in half the time of ``Node(...)``, a Python function:
the search makes one for every move it tries."""


def attack_weight(marks: int) -> int:
    """Ordering weight of a line the mover can still complete, by the mover's marks in it.

    An empty line counts for both sides, hence 2; beyond that each mark
    multiplies the weight by 4, so one line near completion outranks several
    barely started ones.
    """
    return 2 if marks == 0 else 4**marks


def defence_weight(marks: int) -> int:
    """Ordering weight of a line only the opponent can complete, by the opponent's marks in it.

    Blocking weighs a little less than building a line of the same size: a move
    that does both ranks first, and between equal lines the mover prefers its own.
    """
    return 3 * 4 ** (marks - 1) if marks else 0


def ranked_moves(empty: int, live: int, me: int, opp: int, lines_at: Sequence[Sequence[int]],
                 line_bits_at: Sequence[int], attack: Sequence[int], defence: Sequence[int],
                 nearness: Sequence[int]) -> list[int]:
    """The cells of ``empty`` on a line of ``live`` (a bitset of line indices), the likeliest best
    first: by the lines through each, weighted by ``attack`` (lines only ``me`` can complete) and
    ``defence`` (lines only ``opp`` can), by the marks in them, and between equal weights by
    ``nearness`` to the centre (where a win on a board wider than k is built). A cell on no live
    line changes nothing but the turn, so it is left out.

    The tables come as arguments so that the inner loop can pass its locals (see ``negamax``)."""
    ranked = []
    rest = empty
    while rest:
        low = rest & -rest
        rest ^= low
        cell = low.bit_length() - 1
        if line_bits_at[cell] & live:
            weight = 0
            for mask in lines_at[cell]:
                if not mask & opp:
                    weight += attack[(mask & me).bit_count()]
                elif not mask & me:
                    weight += defence[(mask & opp).bit_count()]
            ranked.append((weight, nearness[cell], cell))
    ranked.sort(reverse=True)
    return [cell for _, _, cell in ranked]


@dataclass(frozen=True, slots=True)
class BoardTables:
    """The tables of one board size, read by every node; get them from ``tables_for``."""

    spec: BoardSpec
    k: int
    cells: int
    full: int
    """Every cell, as a bitboard."""
    win: int
    """``cells + 1``, longer than any game: the scale of the search's scores (see ``exact``)."""
    masks: tuple[int, ...]
    """Every winning line as a bitmask, in the order of the bits of a live-lines bitset."""
    lines_at: tuple[tuple[int, ...], ...]
    """For each cell, the masks of the lines through it."""
    line_bits_at: tuple[int, ...]
    """For each cell, the lines through it as a bitset over line indices."""
    line_rows: tuple[int, ...]
    """For each line, a bit for the whole row, column or diagonal it lies on (``lines.line_rows``)."""
    symmetries: Symmetries
    key_add: tuple[tuple[tuple[int, ...], ...], ...]
    """``key_add[side][cell]``: what a mark of ``side`` on ``cell`` adds to each symmetry's key."""
    attack: tuple[int, ...]
    """The move ordering's weights by marks in a line (``ranked_moves``)."""
    defence: tuple[int, ...]
    nearness: tuple[int, ...]
    """The move ordering's tie-break by cell: nearer the centre first."""
    poll_interval: int
    """Nodes between looks at a budget, a power of two: about ``POLL_WORK`` cells' worth."""

    def node_at(self, x: int, o: int, side: int) -> Node:
        """The node with X's marks on ``x``, O's on ``o`` and ``side`` (``Mark.index``) to move, which
        need not be the side the counts say: the zone prover asks what a side could do were the
        other to pass."""
        me, opp = (x, o) if side == Mark.X.index else (o, x)
        return Node(me, opp, threat_mask(self.spec, me, opp), threat_mask(self.spec, opp, me),
                    self.live(opp), self.live(me), self.symmetries.keys(x, o), side)

    def live(self, theirs: int) -> int:
        """The lines free of ``theirs``, as a bitset over line indices."""
        return sum(1 << index for index, mask in enumerate(self.masks) if not mask & theirs)

    def child(self, node: Node, cell: Cell) -> Node:
        """The node after the side to move at ``node`` plays the empty ``cell``."""
        me, opp, my_threats, opp_threats, my_live, opp_live, keys, side = node
        bit = 1 << cell
        mine = me | bit
        threats = my_threats | threats_in(self.lines_at[cell], self.k, mine, opp)
        return _new_node(Node, (opp, mine, opp_threats & ~bit, threats & ~bit,
                                opp_live & ~self.line_bits_at[cell], my_live,
                                tuple(map(add, keys, self.key_add[side][cell])), 1 - side))

    def ranked(self, me: int, opp: int, live: int) -> list[Cell]:
        """The empty cells on a line of ``live`` (a bitset of line indices), the likeliest best first."""
        return ranked_moves(self.full ^ (me | opp), live, me, opp, self.lines_at, self.line_bits_at,
                            self.attack, self.defence, self.nearness)


@cache
def tables_for(spec: BoardSpec) -> BoardTables:
    """The tables of ``spec``'s board, built the first time a board of its size asks."""
    lines = win_lines(spec)
    number = {mask: index for index, mask in enumerate(lines.masks)}
    board = symmetries(spec)
    return BoardTables(
        spec=spec,
        k=spec.k,
        cells=spec.cells,
        full=spec.full_mask,
        win=spec.cells + 1,
        masks=lines.masks,
        lines_at=lines.through,
        line_bits_at=tuple(sum(1 << number[mask] for mask in through) for through in lines.through),
        line_rows=line_rows(spec, lines.masks),
        symmetries=board,
        key_add=tuple(
            tuple(tuple(1 << (image[cell] + side * spec.cells) for image in board.permutations)
                  for cell in range(spec.cells))
            for side in (0, 1)),
        attack=tuple(attack_weight(marks) for marks in range(spec.k + 1)),
        defence=tuple(defence_weight(marks) for marks in range(spec.k + 1)),
        nearness=tuple(-spec.off_centre(cell) for cell in range(spec.cells)),
        poll_interval=1 << max(3, min(10, (POLL_WORK // spec.cells).bit_length() - 1)),
    )
