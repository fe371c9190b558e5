"""The exact solver: negamax with alpha-beta over raw bitboards.

Scores are from the side to move and encode how long the game lasts: a win
when the board holds ``t`` marks scores ``win - t``, a loss then ``t - win``
and a draw 0, where ``win = cells + 1`` exceeds any game's length. Counting
marks rather than plies from the node makes a score independent of the path
to the position, so it can be stored and reused at any depth, and negamax
just negates it; the fastest win and the slowest loss still score best. Every
score the search returns or stores is a true bound on the exact value, never
a guess, so the table serves any later search, whatever its window.

What makes it fast enough in pure Python is what it avoids searching:

* a side that can complete a line at once wins; two such cells for the
  opponent cannot both be blocked (a loss in 2 plies); one must be blocked, so
  that is the only move;
* a move that makes two threats at once wins in 3 plies, the fastest win short
  of an immediate one, so it needs no search;
* a line holding both marks is dead. A side with no live line cannot win, so
  its score is at most 0, and when neither side has one the game is a draw.
  These bounds, with "no win before the third ply from here, no loss before
  the fourth", end a node before its moves are generated whenever they settle
  the window, which is what makes draws provable;
* a cell on no live line changes nothing but the turn, and an extra mark never
  hurts in an m,n,k game, so such moves are never better than some other move
  and are not searched;
* a pairing strategy (``pairing``) proves without search that a side can
  never complete a line: late in a game, most draws end there;
* positions are stored under their canonical form, so every rotation and
  reflection of a searched position is a hit;
* moves are tried best-looking first: the table's best move, then by the
  lines through the cell, weighted steeply by how full they are for either
  side. With good ordering the first move usually refutes, and alpha-beta
  then skips the rest.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from operator import add

from .lines import win_lines
from .pairing import DEFAULT_BUDGET, has_pairing
from .position import Mark, Position
from .spec import BoardSpec, Cell
from .symmetry import symmetries
from .transposition import BOUND_BITS, BOUND_OFFSET, MOVE_BITS, TranspositionTable

POLL_WORK = 4096
"""Roughly how many cells the search handles between looks at the clock and the stop event.

Work per node grows with the board (each node ranks every empty cell), so the
number of nodes between looks is this divided by the number of cells."""



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


class Aborted(Exception):
    """The search was stopped, or ran out of time, before it finished."""


@dataclass(frozen=True, slots=True)
class Node:
    """A position as the search sees it, relative to the side to move.

    ``*_threats`` are the empty cells that would complete a line at once;
    ``*_live`` are bitsets over line indices of the lines the side can still
    complete (those without an opposing mark); ``keys`` are the position packed
    under each symmetry; ``color`` is 0 when X is to move and 1 for O.
    """

    me: int
    opp: int
    my_threats: int
    opp_threats: int
    my_live: int
    opp_live: int
    keys: tuple[int, ...]
    color: int


SearchFunction = Callable[[int, int, int, int, int, int, tuple[int, ...], int, int, int], int]


class ExactSearch:
    """The exact solver for one board size, remembering what it proved in ``table``.

    ``nodes`` counts every position visited since creation.
    """

    def __init__(self, spec: BoardSpec, table: TranspositionTable, *,
                 pairing_budget: int = DEFAULT_BUDGET) -> None:
        self.spec = spec
        self.table = table
        self.win = spec.cells + 1
        lines = win_lines(spec)
        self.masks = lines.masks
        number = {mask: index for index, mask in enumerate(lines.masks)}
        self.lines_at = lines.through
        self.line_bits_at = tuple(sum(1 << number[mask] for mask in through) for through in lines.through)
        self.symmetries = symmetries(spec)
        self.key_add = tuple(
            tuple(tuple(1 << (image[cell] + color * spec.cells) for image in self.symmetries.permutations)
                  for cell in range(spec.cells))
            for color in (0, 1))
        """``key_add[color][cell]``: what a mark of ``color`` on ``cell`` adds to each symmetry's key."""
        self.nodes = 0
        self.pairing_budget = pairing_budget
        """Tries per pairing search (0 turns pairings off, for checking the solver without them)."""
        self.poll_interval = 1 << max(3, min(10, (POLL_WORK // spec.cells).bit_length() - 1))
        self._stop: threading.Event | None = None
        self._deadline: float | None = None
        self._search = self._build()

    # Nodes

    def root(self, position: Position) -> Node:
        """The search's view of ``position`` (which must not be over)."""
        x_to_move = position.to_move is Mark.X
        me, opp = (position.x, position.o) if x_to_move else (position.o, position.x)
        return Node(me, opp, self._threats(me, opp), self._threats(opp, me), self._live(opp), self._live(me),
                    self.symmetries.keys(position.x, position.o), 0 if x_to_move else 1)

    def child(self, node: Node, cell: Cell) -> Node:
        """The node after the side to move plays the empty ``cell``."""
        bit = 1 << cell
        me = node.me | bit
        return Node(node.opp, me, node.opp_threats & ~bit,
                    (node.my_threats | self._new_threats(cell, me, node.opp)) & ~bit,
                    node.opp_live & ~self.line_bits_at[cell], node.my_live,
                    tuple(map(add, node.keys, self.key_add[node.color][cell])), 1 - node.color)

    def marks(self, node: Node) -> int:
        """How many marks are on the board."""
        return (node.me | node.opp).bit_count()

    def empty(self, node: Node) -> int:
        """The empty cells as a bitboard."""
        return self.spec.full_mask ^ (node.me | node.opp)

    def plies(self, node: Node, score: int) -> int:
        """The moves from ``node`` to the end of the game that an exact ``score`` stands for."""
        end = self.win - abs(score) if score else self.spec.cells
        return end - self.marks(node)

    def _new_threats(self, cell: Cell, mine: int, theirs: int) -> int:
        """The threats of ``mine`` on lines through ``cell``, which ``mine`` has just taken."""
        found = 0
        for mask in self.lines_at[cell]:
            if not mask & theirs and (mask & mine).bit_count() == self.spec.k - 1:
                found |= mask & ~mine
        return found

    def _threats(self, mine: int, theirs: int) -> int:
        found = 0
        for mask in self.masks:
            if not mask & theirs and (mask & mine).bit_count() == self.spec.k - 1:
                found |= mask & ~mine
        return found

    def _live(self, theirs: int) -> int:
        """The lines free of ``theirs``, as a bitset over line indices."""
        return sum(1 << index for index, mask in enumerate(self.masks) if not mask & theirs)

    # Searching

    def score(self, node: Node, alpha: int, beta: int, *, stop: threading.Event | None = None,
              deadline: float | None = None) -> int:
        """A fail-soft alpha-beta score: exact inside ``(alpha, beta)``, a bound on the side it fell.

        Raises ``Aborted`` once ``stop`` is set or ``deadline`` (a ``time.perf_counter()``
        value) passes; everything proven until then stays in the table.
        """
        self._stop, self._deadline = stop, deadline
        self._poll()
        return self._search(node.me, node.opp, node.my_threats, node.opp_threats, node.my_live,
                            node.opp_live, node.keys, node.color, alpha, beta)

    def exact(self, node: Node, *, stop: threading.Event | None = None,
              deadline: float | None = None) -> tuple[int, Cell]:
        """The exact score of ``node`` and a move achieving it."""
        score, move = self.outcome(node, stop=stop, deadline=deadline)
        return self.sharpen(node, score, move, stop=stop, deadline=deadline)

    def outcome(self, node: Node, *, stop: threading.Event | None = None,
                deadline: float | None = None) -> tuple[int, Cell]:
        """Win, draw or loss: a score of the right sign and the move that proved it.

        The window (-1, 1) makes every win and every loss cut off at once, which is
        far cheaper than telling them apart. A positive score is a lower bound (the
        move wins at least that fast), a negative one an upper bound, 0 is exact.
        """
        score = self.score(node, -1, 1, stop=stop, deadline=deadline)
        return score, self.proof_move(node)

    def sharpen(self, node: Node, score: int, move: Cell, *, stop: threading.Event | None = None,
                deadline: float | None = None) -> tuple[int, Cell]:
        """From ``outcome``'s answer to the exact score: the fastest win or the slowest loss.

        A win's score is a lower bound: null windows just above it ask "is there a
        faster win?" until the answer is no. A loss's score is an upper bound: null
        windows just below it ask "can the loss be put off that long?" until it
        can. The move is read from the table after the search that proved it.
        """
        if score > 0:
            while (faster := self.score(node, score, score + 1, stop=stop, deadline=deadline)) > score:
                score, move = faster, self.proof_move(node)
        elif score < 0:
            while (sooner := self.score(node, score - 1, score, stop=stop, deadline=deadline)) < score:
                score = sooner
            move = self.proof_move(node)
        return score, move

    def proof_move(self, node: Node) -> Cell:
        """A move achieving the lower bound the table holds for ``node``.

        The search keeps a stored move when a later search fails low, so this is
        the move that proved the lower bound. Positions the rules settle are not
        stored; in them the forced move or any move will do.
        """
        for forced in (node.my_threats, node.opp_threats):
            if forced:
                return (forced & -forced).bit_length() - 1
        stored = self.stored_move(node)
        if stored is None:
            empty = self.empty(node)
            return (empty & -empty).bit_length() - 1
        return stored

    def stored_move(self, node: Node) -> Cell | None:
        """The best move the table holds for ``node``, if any."""
        key = min(node.keys)
        entry = self.table.get(key)
        if entry is None or not entry & ((1 << MOVE_BITS) - 1):
            return None
        canonical = (entry & ((1 << MOVE_BITS) - 1)) - 1
        return self.symmetries.inverses[node.keys.index(key)][canonical]

    def move_score(self, node: Node, cell: Cell, *, stop: threading.Event | None = None,
                   deadline: float | None = None) -> int:
        """The exact score of playing ``cell``, for the player playing it."""
        if node.my_threats >> cell & 1:
            return self.win - self.marks(node) - 1
        return -self.exact(self.child(node, cell), stop=stop, deadline=deadline)[0]

    def achieves(self, node: Node, cell: Cell, score: int, *, stop: threading.Event | None = None,
                 deadline: float | None = None) -> bool:
        """True when playing ``cell`` scores exactly ``score`` (the best there is) for its player."""
        if node.my_threats >> cell & 1:
            return score == self.win - self.marks(node) - 1
        reply = self.score(self.child(node, cell), -score - 1, 1 - score, stop=stop, deadline=deadline)
        return reply == -score

    def _poll(self) -> None:
        if self._stop is not None and self._stop.is_set():
            raise Aborted
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise Aborted

    def _build(self) -> SearchFunction:
        """The recursive search, as a closure over the board's tables (locals are the fastest names)."""
        win = self.win
        full = self.spec.full_mask
        k_less = self.spec.k - 1
        lines_at = self.lines_at
        line_bits_at = self.line_bits_at
        key_add = self.key_add
        images = self.symmetries.permutations
        inverses = self.symmetries.inverses
        young_old = self.table.generations
        store = self.table.store
        poll = self._poll
        poll_mask = self.poll_interval - 1
        attack = tuple(attack_weight(marks) for marks in range(self.spec.k + 1))
        defence = tuple(defence_weight(marks) for marks in range(self.spec.k + 1))
        offset = BOUND_OFFSET
        bound_mask = (1 << BOUND_BITS) - 1
        move_mask = (1 << MOVE_BITS) - 1
        owner = self
        masks = self.masks
        budget = self.pairing_budget

        def lines_of(live: int) -> list[int]:
            """The masks of the lines in the bitset ``live``."""
            found = []
            while live:
                low = live & -live
                live ^= low
                found.append(masks[low.bit_length() - 1])
            return found

        def search(me: int, opp: int, my_threats: int, opp_threats: int, my_live: int, opp_live: int,
                   keys: tuple[int, ...], color: int, alpha: int, beta: int) -> int:
            owner.nodes += 1
            if not owner.nodes & poll_mask:
                poll()
            occupied = me | opp
            marks = occupied.bit_count()
            if my_threats:
                return win - marks - 1
            empty = full ^ occupied
            if not empty & (empty - 1):
                return 0  # no cell, or one that does not win: the board fills up
            if opp_threats & (opp_threats - 1):
                return marks + 2 - win
            upper = win - marks - 3  # no win before the third ply from here ...
            if upper < 0 or not my_live:
                upper = 0  # ... and none at all when that is past the end or no line is left
            lower = marks + 4 - win  # no loss before the fourth ply
            if lower > 0 or not opp_live:
                lower = 0
            if upper <= alpha or upper == lower:
                return upper
            if lower >= beta:
                return lower

            key = min(keys)
            entry = young_old[0].get(key)
            if entry is None:
                entry = young_old[1].get(key)
                if entry is not None:
                    store(key, entry)  # still in use: carry it into the young generation
            stored = -1
            if entry is not None:
                stored = (entry & move_mask) - 1
                bounds = entry >> MOVE_BITS
                known = (bounds >> BOUND_BITS) - offset
                if known > lower:
                    lower = known
                    if lower >= beta:
                        return lower
                known = (bounds & bound_mask) - offset
                if known < upper:
                    upper = known
                    if upper <= alpha:
                        return upper
                if lower == upper:
                    return lower
            # A pairing proves at once that a side cannot win; worth looking for only when that settles it.
            if upper > 0 and alpha >= 0 and has_pairing(lines_of(my_live), empty, budget):
                store(key, ((lower + offset) << BOUND_BITS | offset) << MOVE_BITS | (stored + 1))
                return 0
            if lower < 0 and beta <= 0 and not opp_threats and has_pairing(lines_of(opp_live), empty, budget):
                store(key, (offset << BOUND_BITS | (upper + offset)) << MOVE_BITS | (stored + 1))
                return 0
            a = floor = alpha if alpha > lower else lower
            b = beta if beta < upper else upper
            symmetry = keys.index(key)

            if opp_threats:
                moves = [opp_threats.bit_length() - 1]
            else:
                live = my_live | opp_live
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
                        ranked.append((weight, cell))
                ranked.sort(reverse=True)
                moves = [cell for _, cell in ranked]
                if stored >= 0:
                    first = inverses[symmetry][stored]
                    if moves[0] != first:
                        moves.remove(first)
                        moves.insert(0, first)

            best = -win
            best_move = moves[0]
            adds = key_add[color]
            for cell in moves:
                bit = 1 << cell
                mine = me | bit
                threats = 0
                for mask in lines_at[cell]:
                    if not mask & opp and (mask & mine).bit_count() == k_less:
                        threats |= mask & ~mine
                if threats & (threats - 1):
                    score = win - marks - 3  # two threats: the fastest win short of an immediate one
                else:
                    score = -search(opp, mine, opp_threats & ~bit, threats, opp_live & ~line_bits_at[cell],
                                    my_live, tuple(map(add, keys, adds[cell])), 1 - color, -b, -a)
                if score > best:
                    best = score
                    best_move = cell
                    if score > a:
                        a = score
                        if a >= b:
                            break

            canonical = images[symmetry][best_move]
            if best >= b:
                lower = best
            elif best <= floor:
                upper = best
                if stored >= 0:
                    canonical = stored  # keep the move that proved the lower bound
            else:
                lower = upper = best
            store(key, ((lower + offset) << BOUND_BITS | (upper + offset)) << MOVE_BITS | (canonical + 1))
            return best

        return search
