"""Proofs that the side to move cannot win, cut down by relevance zones.

On a big board with five in a row, the exact search spends nearly all its
work proving that the first player cannot win: every one of the attacker's
moves has to be refuted, at every one of its turns, and most of those moves
are far from the fight. A relevance zone says which of them need a proof of
their own.

The attacker is the side to move at the root; the defender only has to stop
it. A proof here comes with a zone, a set of empty cells, and claims more than
the position: whatever extra attacker marks go on empty cells outside the
zone, the attacker still has no complete line and still cannot force one. So:

* a pairing (``pairing``) proves it with its pairs' cells as the zone: a mark
  elsewhere fills no pair, and a line holding a defender mark stays dead;
* a defender move that completes a line proves it with that cell, plus one
  empty cell of every line the attacker could still complete, so that no
  extra marks complete one before the defender's move;
* a defender node's zone is its refuting reply's zone plus the reply;
* at an attacker node, once a move is refuted with the defender node's zone
  Z, every other attacker move outside Z is refuted by the same reply: the
  position after it is the refuted one with a mark outside Z added and the
  refuted move's mark taken away, and one mark fewer never helps the side
  that had it. Only the moves inside every zone found so far need a proof of
  their own, and the node's zone is the union of the zones it used.

A move on no live line changes nothing but the turn, and an extra mark never
hurts its owner, so such moves are never the attacker's best and are not
searched. A position whose proof failed is a forced win for the attacker
(every leaf is exact), and is remembered as such. Proven positions are kept
with their zones under their canonical form, so rotations and reflections hit.
"""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING

from .bits import bit_cells
from .budget import Budget, OutOfBudget
from .negamax import attack_weight, defence_weight, ranked_moves
from .pairing import pairing_cells
from .scans import threats_in
from .symmetry import permute

if TYPE_CHECKING:
    from .exact import ExactSearch, Node
    from .spec import BoardSpec

WON = -1
"""What a search returns instead of a zone when the attacker can force a win."""

TABLE_SHARE = 4
"""Each of the prover's two tables holds up to a this-th of the transposition table's entries (of
about the same size) before it starts afresh; ``Solver`` sizes its table so that all three fit
within its memory limit."""


class ZoneProver:
    """Proves that the side to move at a root cannot win, over the tables of an ``ExactSearch``.

    ``nodes`` counts the positions visited; ``tables`` map canonical keys to zones (in canonical
    cells) or ``WON``. Keys pack the attacker's marks below the defender's, whichever colour
    attacks: the question does not depend on colour, so a proof for one side serves the other.
    """

    def __init__(self, owner: ExactSearch) -> None:
        self.owner = owner
        self.k = owner.spec.k
        self.full = owner.spec.full_mask
        self.nodes = 0
        self.poll_mask = owner.poll_interval - 1
        """The budget is looked at as often as the search looks at it, every ``poll_mask + 1`` positions."""
        self.tables: tuple[dict[int, int], dict[int, int]] = ({}, {})
        """Attacker nodes', then defender nodes': the keys do not say who is to move."""
        self.capacity = max(1000, owner.table.capacity // TABLE_SHARE)
        self.attack = tuple(attack_weight(marks) for marks in range(owner.spec.k + 1))
        self.defence = tuple(defence_weight(marks) for marks in range(owner.spec.k + 1))
        self.row_of = _rows(owner.spec, owner.masks)
        self._budget = Budget()

    def prove(self, node: Node, budget: Budget) -> int:
        """The zone of a proof that the side to move at ``node`` cannot win, or ``WON`` when it can.

        Raises ``OutOfBudget`` when ``budget`` runs out first; what was proven stays remembered.
        """
        self._budget = budget
        if budget.exhausted:
            raise OutOfBudget
        keys = node.keys
        if node.side:  # O attacks: its marks go below
            cells, full = self.owner.spec.cells, self.full
            keys = tuple(key >> cells | (key & full) << cells for key in keys)
        start = self.nodes
        try:
            return self.attacker(node.me, node.opp, node.my_threats, node.opp_threats, node.my_live,
                                 node.opp_live, keys)
        finally:
            mask = self.poll_mask
            budget.nodes += (self.nodes & mask) - (start & mask)  # those _count did not add

    def _count(self) -> None:
        self.nodes += 1
        if not self.nodes & self.poll_mask:
            budget = self._budget
            budget.nodes += self.poll_mask + 1
            if budget.exhausted:
                raise OutOfBudget
            if self.owner.on_poll is not None:
                self.owner.on_poll()

    def _recall(self, table: dict[int, int], keys: tuple[int, ...]) -> int | None:
        """The zone (in this position's cells) or ``WON`` remembered for the position, if any."""
        key = min(keys)
        found = table.get(key)
        if found is None or found == WON:
            return found
        return permute(found, self.owner.symmetries.inverses[keys.index(key)])

    def _remember(self, table: dict[int, int], keys: tuple[int, ...], zone: int) -> int:
        if len(table) >= self.capacity:
            table.clear()
        key = min(keys)
        permutation = self.owner.symmetries.permutations[keys.index(key)]
        table[key] = zone if zone == WON else permute(zone, permutation)
        return zone

    def _pairing(self, live: int, empty: int) -> int:
        """The cells of a pairing over the attacker's live lines (``live``, a bitset), or -1."""
        masks, row_of = self.owner.masks, self.row_of
        lines = []
        rows = cells = 0
        for index in bit_cells(live):
            lines.append(masks[index])
            rows |= row_of[index]
            cells |= masks[index]
        # A pair lies on one row (or column, or diagonal), so lines on different rows need different
        # pairs: a count that rejects at once most positions where the search would fail slowly.
        if 2 * rows.bit_count() > (cells & empty).bit_count():
            return -1
        return pairing_cells(lines, empty, self.owner.pairing_budget)

    def _ranked(self, me: int, opp: int, live: int) -> list[int]:
        """The empty cells on a live line (``live``: both sides' lines), the likeliest best first."""
        owner = self.owner
        return ranked_moves(self.full ^ (me | opp), live, me, opp, owner.lines_at, owner.line_bits_at,
                            self.attack, self.defence)

    def attacker(self, me: int, opp: int, my_threats: int, opp_threats: int, my_live: int, opp_live: int,
                 keys: tuple[int, ...]) -> int:
        """The zone proving that the attacker, to move, cannot win, or ``WON``."""
        self._count()
        if my_threats:
            return WON
        empty = self.full ^ (me | opp)
        if not my_live or not empty:
            return 0
        known = self._recall(self.tables[0], keys)
        if known is not None:
            return known
        zone = self._pairing(my_live, empty)
        if zone >= 0:
            return self._remember(self.tables[0], keys, zone)
        moves = self._ranked(me, opp, my_live | opp_live)
        if opp_threats:
            block = opp_threats.bit_length() - 1
            moves.remove(block)
            moves.insert(0, block)
        zone = self._refute_all(me, opp, opp_threats, my_live, opp_live, keys, moves)
        return self._remember(self.tables[0], keys, zone)

    def _refute_all(self, me: int, opp: int, opp_threats: int, my_live: int, opp_live: int,
                    keys: tuple[int, ...], moves: list[int]) -> int:
        """The union of the zones refuting every move in ``moves`` that no zone found so far covers."""
        owner = self.owner
        line_bits_at, adds = owner.line_bits_at, owner.key_add[0]
        remaining = sum(1 << cell for cell in moves)
        zone = 0
        for cell in moves:
            bit = 1 << cell
            if not remaining & bit:
                continue
            mine = me | bit
            threats = threats_in(self.owner.lines_at[cell], self.k, mine, opp)
            if threats & (threats - 1) and not opp_threats & ~bit:
                return WON  # two threats, and no line of the defender's to complete first
            found = self.defender(mine, opp, threats, opp_threats & ~bit, my_live,
                                  opp_live & ~line_bits_at[cell], tuple(map(add, keys, adds[cell])), zone)
            if found == WON:
                return WON
            zone |= found
            remaining &= found & ~bit
            if not remaining:
                break
        return zone

    def defender(self, them: int, me: int, their_threats: int, my_threats: int, their_live: int, my_live: int,
                 keys: tuple[int, ...], prefer: int = 0) -> int:
        """The zone proving that the attacker (``them``, who just moved) cannot win, or ``WON``.

        ``prefer`` holds cells already in the zone of the node before, which a zone chosen freely
        takes where it can, so that the union stays small."""
        self._count()
        empty = self.full ^ (me | them)
        if my_threats:
            return self._completion(my_threats & -my_threats, their_live, empty, prefer)
        if not their_live or not empty:
            return 0
        if their_threats & (their_threats - 1):
            return WON
        known = self._recall(self.tables[1], keys)
        if known is not None:
            return known
        # No pairing is looked for here: the attacker node just before looked for one over the same
        # lines with one more empty cell, and any pairing now would have been one then (unless it lay
        # past that search's budget: rare, and skipping a pairing only costs a search, never an answer).
        owner = self.owner
        line_bits_at, adds = owner.line_bits_at, owner.key_add[1]
        moves = ([their_threats.bit_length() - 1] if their_threats
                 else self._ranked(me, them, my_live | their_live))
        for cell in moves:
            bit = 1 << cell
            mine = me | bit
            threats = threats_in(self.owner.lines_at[cell], self.k, mine, them)
            found = self.attacker(them, mine, their_threats & ~bit, threats, their_live & ~line_bits_at[cell],
                                  my_live, tuple(map(add, keys, adds[cell])))
            if found != WON:
                return self._remember(self.tables[1], keys, found | bit)
        return self._remember(self.tables[1], keys, WON)

    def _completion(self, win: int, their_live: int, empty: int, prefer: int) -> int:
        """The zone of the defender completing a line on ``win`` (a bit): that cell, and one empty cell
        of every line the attacker could still complete, so no extra marks complete one first."""
        zone = win
        masks = self.owner.masks
        for index in bit_cells(their_live):
            gaps = masks[index] & empty
            if not gaps & zone:
                gaps = gaps & prefer or gaps
                zone |= gaps & -gaps
        return zone


def _rows(spec: BoardSpec, masks: tuple[int, ...]) -> tuple[int, ...]:
    """For each line, a bit for the whole row, column or diagonal of the board it lies on."""
    rows: dict[tuple[int, int, int], int] = {}
    found = []
    for index, mask in enumerate(masks):
        cells = bit_cells(mask)
        if len(cells) < 2:
            found.append(1 << len(rows))
            rows[(-1, index, 0)] = len(rows)
            continue
        (col, row), (next_col, next_row) = spec.coordinates(cells[0]), spec.coordinates(cells[1])
        step = (next_col - col, next_row - row)
        places = {(1, 0): row, (0, 1): col, (1, 1): col - row}  # and (-1, 1): the other diagonal
        place = places.get(step, col + row)
        found.append(1 << rows.setdefault((*step, place), len(rows)))
    return tuple(found)
