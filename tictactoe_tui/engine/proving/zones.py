"""Proofs of whether the side to move can win at all, cut down by relevance zones.

On a big board the exact search spends nearly all its work on moves far from
the fight: proving that the first player cannot win means refuting every one
of its moves at every one of its turns, and proving that it wins means
beating every one of the other side's replies. A relevance zone says which
of them need a proof of their own.

The attacker is the side to move at the root; the defender only has to stop
it. Every proof comes with a zone, a set of empty cells, and claims more than
the position. A proof that the attacker cannot win claims it whatever extra
attacker marks go on empty cells outside the zone (the attacker still has no
complete line and still cannot force one):

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

A proof that the attacker wins claims it whatever extra defender marks go
outside its zone (the defender completes no line of its own, and the win
comes no later than the proof says), the same argument with the sides
swapped:

* the attacker completing a line proves it with that cell, plus one empty
  cell of every line the defender could still complete, so that extra marks
  never complete one; where the defender is to move, two such cells, since
  its move could fill one;
* an attacker node's zone is its winning move's zone plus the move;
* at a defender node, once a reply loses with zone Z, every reply outside Z
  loses too, to the same attack: the defender's mark in the losing reply's
  cell, missing, only hurts the defender, and if it plays that cell later it
  has wasted a move, which delays the win by two plies at most. Only the
  replies inside every zone found so far need a proof of their own.

A move on no live line changes nothing but the turn, and an extra mark never
hurts its owner, so such moves are never the attacker's best and are not
searched. Proven positions are kept with their zones under their canonical
form, so rotations and reflections hit. Given a pool of worker processes
(``Pool``, which ``parallel`` provides), a proof that outlasts ``SPLIT_AFTER``
positions has the defender's replies to the root's moves proven side by side.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

from ..budget import Budget, OutOfBudget
from ..rules.bits import bit_cells
from ..rules.symmetry import Permutation, permute
from .node import Node
from .pairing import DEFAULT_BUDGET, pairing_cells
from .tables import BoardTables

TABLE_SHARE = 4
"""Each of the prover's two tables holds up to a this-th of the transposition table's entries (of
about the same size) before it starts afresh; ``Solver`` sizes its table so that all three fit
within its memory limit."""

SPLIT_AFTER = 200_000
"""Positions a proof gets in this process before a pool, when there is one, takes its replies."""

Defend = Callable[[Node, int], int]
"""``defender``'s signature: ``(node, prefer)``."""


class Pool(Protocol):
    """Worker processes that prove a defender node's replies side by side (``parallel.ProverPool``)."""

    def defend(self, prover: ZoneProver, side: int, budget: Budget, node: Node) -> int:
        """The result of the defender's ``node`` (a node of ``prover``'s), the attacker being ``side``
        (``Mark.index``), as ``prover.defender`` would find it; raises ``OutOfBudget`` as it would."""
        ...

    def close(self) -> None:
        """End the workers; they start again when next needed."""
        ...


class ZoneProver:
    """Proves whether the side to move at a root can win, over a board's ``tables``.

    A result is the zone of a proof that the attacker cannot win (an int >= 0), or a negative int
    for a win, whose zone and plies ``win_of`` reads. ``nodes`` counts the positions visited;
    ``results`` map canonical keys to results (in canonical cells). The prover's nodes have keys
    that pack the attacker's marks below the defender's, whichever colour attacks, and the
    attacker's side is 0: the question does not depend on colour, so a proof for one side serves
    the other.

    Each of the two tables of results holds a ``TABLE_SHARE``-th of ``table_capacity`` entries (the
    transposition table's). ``on_poll``, when given, is called at every look at a budget, with that
    budget; ``pool``, when given, takes the defender's replies of a proof this process does not
    settle soon.
    """

    def __init__(self, tables: BoardTables, table_capacity: int, *, pairing_budget: int = DEFAULT_BUDGET,
                 on_poll: Callable[[Budget], None] | None = None, pool: Pool | None = None) -> None:
        self.tables = tables
        self.full = tables.full
        self.cells = tables.cells
        self.nodes = 0
        self.poll_mask = tables.poll_interval - 1
        """The budget is looked at as often as the search looks at it, every ``poll_mask + 1`` positions."""
        self.results: tuple[dict[int, int], dict[int, int]] = ({}, {})
        """Attacker nodes', then defender nodes': the keys do not say who is to move."""
        self.capacity = max(1000, table_capacity // TABLE_SHARE)
        self.pairing_budget = pairing_budget
        """Tries per pairing search (0: none)."""
        self.on_poll = on_poll
        self.pool = pool
        self._budget = Budget()

    def prove(self, node: Node, budget: Budget) -> int:
        """The result of a proof of whether the side to move at ``node`` can win (see the class).

        Raises ``OutOfBudget`` when ``budget`` runs out first; what was proven stays remembered.
        """
        if budget.exhausted:
            raise OutOfBudget
        pool = self.pool
        if pool is None:
            return self._attack(node, budget, None)
        # Only a proof that one process does not settle soon is worth the workers' start and their
        # tables, which begin empty.
        settled = budget.try_part(SPLIT_AFTER, lambda part: self._attack(node, part, None))
        if settled is not None:
            return settled
        return self._attack(node, budget, partial(self._split, pool, node.side, budget))

    def _attack(self, node: Node, budget: Budget, defend: Defend | None) -> int:
        self._budget = budget
        start = self.nodes
        try:
            return self.attacker(self._zoned(node), defend)
        finally:
            mask = self.poll_mask
            budget.nodes += (self.nodes & mask) - (start & mask)  # those _count did not add

    def _zoned(self, node: Node) -> Node:
        """``node`` as the prover sees it: the attacker (the side to move) is side 0, its marks below
        the defender's in the keys."""
        if not node.side:
            return node
        cells, full = self.cells, self.full
        return node._replace(keys=tuple(key >> cells | (key & full) << cells for key in node.keys), side=0)

    def _count(self) -> None:
        self.nodes += 1
        if not self.nodes & self.poll_mask:
            budget = self._budget
            budget.nodes += self.poll_mask + 1
            if budget.exhausted:
                raise OutOfBudget
            if self.on_poll is not None:
                self.on_poll(budget)

    def won(self, zone: int, plies: int) -> int:
        """The result of a win within ``plies`` plies whose zone is ``zone``."""
        return ~(zone | plies << self.cells)

    def win_of(self, result: int) -> tuple[int, int]:
        """The zone of a win's ``result`` and the plies it takes at most."""
        return ~result & self.full, ~result >> self.cells

    def _recall(self, table: dict[int, int], keys: tuple[int, ...]) -> int | None:
        """The result (its zone in this position's cells) remembered for the position, if any."""
        key = min(keys)
        found = table.get(key)
        return None if found is None else self._own(found, keys.index(key))

    def _remember(self, table: dict[int, int], keys: tuple[int, ...], result: int) -> int:
        if len(table) >= self.capacity:
            table.clear()
        key = min(keys)
        table[key] = self._canonical(result, keys.index(key))
        return result

    def _canonical(self, result: int, index: int) -> int:
        """``result`` in the cells of the canonical form that symmetry ``index`` reaches (0: itself)."""
        return self._moved(result, self.tables.symmetries.permutations[index]) if index else result

    def _own(self, result: int, index: int) -> int:
        """``result`` from the canonical form's cells back in those of the position ``index`` carries."""
        return self._moved(result, self.tables.symmetries.inverses[index]) if index else result

    def _moved(self, result: int, permutation: Permutation) -> int:
        """``result`` with its zone's cells moved by ``permutation``."""
        if result >= 0:
            return permute(result, permutation)
        zone, plies = self.win_of(result)
        return self.won(permute(zone, permutation), plies)

    def carried(self, result: int, source: tuple[int, ...], target: tuple[int, ...]) -> int:
        """``result``, proven for the position with keys ``source``, for its image under a symmetry of
        the board, whose keys are ``target``: the same proof, its zone's cells moved."""
        key = min(source)
        return self._own(self._canonical(result, source.index(key)), target.index(key))

    def _pairing(self, live: int, empty: int) -> int:
        """The cells of a pairing over the attacker's live lines (``live``, a bitset), or -1."""
        masks, row_of = self.tables.masks, self.tables.line_rows
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
        return pairing_cells(lines, empty, self.pairing_budget)

    def attacker(self, node: Node, defend: Defend | None = None) -> int:
        """The result for the attacker, to move at ``node``: a zone proving it cannot win, or its win.

        ``defend`` proves the defender's nodes after its moves (``defender`` when None)."""
        self._count()
        me, opp, my_threats, opp_threats, my_live, opp_live, keys, _ = node
        empty = self.full ^ (me | opp)
        if my_threats:
            return self.won(self._guard(my_threats & -my_threats, opp_live, empty, 1), 1)
        if not my_live or not empty:
            return 0
        known = self._recall(self.results[0], keys)
        if known is not None:
            return known
        zone = self._pairing(my_live, empty)
        if zone >= 0:
            return self._remember(self.results[0], keys, zone)
        if opp_threats:
            zone = self._refute_all(node, [opp_threats.bit_length() - 1], defend)
            if zone >= 0:
                # Any other move lets the defender complete a line, unless extra marks complete one of
                # the attacker's first: with two of each line's gaps in the zone, they cannot.
                zone = self._guard(zone | opp_threats, my_live, empty, 2)
        else:
            zone = self._refute_all(node, self.tables.ranked(me, opp, my_live | opp_live), defend)
        if zone < 0:  # extra marks must not complete a line of the defender's before this node
            won, plies = self.win_of(zone)
            zone = self.won(self._guard(won, opp_live, empty, 1), plies)
        return self._remember(self.results[0], keys, zone)

    def _refute_all(self, node: Node, moves: list[int], defend: Defend | None) -> int:
        """The union of the zones refuting every move in ``moves`` that no zone found so far covers."""
        defend = defend or self.defender
        child = self.tables.child
        remaining = sum(1 << cell for cell in moves)
        zone = 0
        for cell in moves:
            bit = 1 << cell
            if not remaining & bit:
                continue
            found = defend(child(node, cell), zone)
            if found < 0:
                won, plies = self.win_of(found)
                return self.won(won | bit, plies + 1)
            zone |= found
            remaining &= found & ~bit
            if not remaining:
                break
        return zone

    def winning_move(self, node: Node) -> tuple[int, int] | None:
        """A move of the side to move at ``node`` that wins, and the plies the win takes at most, or None.

        Asked after ``prove`` found a win, it takes the proof's move from the tables at once.
        """
        zoned = self._zoned(node)
        if zoned.my_threats:
            return zoned.my_threats.bit_length() - 1, 1
        moves = ([zoned.opp_threats.bit_length() - 1] if zoned.opp_threats
                 else self.tables.ranked(zoned.me, zoned.opp, zoned.my_live | zoned.opp_live))
        for cell in moves:
            found = self.defender(self.tables.child(zoned, cell))
            if found < 0:
                return cell, self.win_of(found)[1] + 1
        return None

    def defender(self, node: Node, prefer: int = 0) -> int:
        """The result for the attacker (``node.opp``, who just moved): a zone proving it cannot win, or
        its win.

        ``prefer`` holds cells already in the zone of the node before, which a zone chosen freely
        takes where it can, so that the union stays small."""
        self._count()
        me, them, my_threats, their_threats, my_live, their_live, keys, _ = node
        empty = self.full ^ (me | them)
        if my_threats:
            # The defender completes a line; extra attacker marks must not complete one first.
            return self._guard(my_threats & -my_threats, their_live, empty, 1, prefer)
        if not their_live or not empty:
            return 0
        if their_threats & (their_threats - 1):
            return self.won(self._guard(their_threats, my_live, empty, 2), 2)
        known = self._recall(self.results[1], keys)
        if known is not None:
            return known
        # No pairing is looked for here: the attacker node just before looked for one over the same
        # lines with one more empty cell, and any pairing now would have been one then (unless it lay
        # past that search's budget: rare, and skipping a pairing only costs a search, never an answer).
        child = self.tables.child
        moves = ([their_threats.bit_length() - 1] if their_threats
                 else self.tables.ranked(me, them, my_live | their_live))
        candidates = unexamined = empty
        won = longest = 0
        for cell in moves:
            bit = 1 << cell
            if not candidates & bit:
                continue
            found = self.attacker(child(node, cell))
            if found >= 0:
                return self._remember(self.results[1], keys, found | bit)
            zone, plies = self.win_of(found)
            won |= zone | bit
            longest = max(longest, plies)
            candidates &= zone
            unexamined &= ~bit
        if their_threats:  # a block was the only move: any other lets the attacker complete the line
            won = self._guard(won | their_threats, my_live, empty, 2)
            return self._remember(self.results[1], keys, self.won(won, max(longest + 1, 2)))
        return self._remember(self.results[1], keys, self.defended(won, longest, unexamined, empty))

    def defended(self, won: int, longest: int, unexamined: int, empty: int) -> int:
        """The win at a defender node whose examined replies all lose, within ``longest`` plies at
        most, with the union ``won`` of their zones and cells, ``unexamined`` the replies left.

        A move left unexamined is refuted like one of those examined, whose mark, missing, the
        defender may still fill later: a move wasted, which costs the attacker two plies at most.
        And the attacker's last move comes on an even ply from here, the board full at the latest.
        """
        plies = min(longest + 1 + (2 if unexamined else 0), empty.bit_count() & ~1)
        return self.won(won, plies)

    def _split(self, pool: Pool, side: int, budget: Budget, node: Node, prefer: int = 0) -> int:
        """``defender``, its replies proven side by side by ``pool``'s workers (the attacker is ``side``)."""
        me, them, my_threats, their_threats, _, their_live, keys, _ = node
        if (my_threats or their_threats or not their_live or not self.full ^ (me | them)
                or self._recall(self.results[1], keys) is not None):  # settled at once, or by one reply
            return self.defender(node, prefer)
        self._count()
        try:
            found = pool.defend(self, side, budget, node)
        except (EOFError, OSError):  # a worker died: the proof goes on here, and the pool starts afresh
            pool.close()
            return self.defender(node, prefer)
        return self._remember(self.results[1], keys, found)

    def _guard(self, zone: int, live: int, empty: int, cells: int, prefer: int = 0) -> int:
        """``zone`` grown to hold ``cells`` empty cells (or all there are) of every line in ``live``.

        A proof's zone must stop extra marks outside it from completing a line of the side they are
        added to before the proof's own line is complete: one empty cell of each such line when
        that side is not to move, two when it is (its move could fill one). Of a line's gaps, one
        in ``prefer`` goes in if there is one (cells already in the zone of the node before, so
        that the union stays small), and of those the one on the most of the lines.
        """
        masks, line_bits_at = self.tables.masks, self.tables.line_bits_at
        for index in bit_cells(live):
            gaps = masks[index] & empty
            missing = cells - (gaps & zone).bit_count()
            while missing > 0 and gaps & ~zone:
                free = gaps & ~zone
                choices = bit_cells(free & prefer or free)
                best = max(choices, key=lambda cell: (line_bits_at[cell] & live).bit_count())
                zone |= 1 << best
                missing -= 1
        return zone

