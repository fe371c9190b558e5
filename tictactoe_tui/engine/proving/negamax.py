"""The exact solver's inner loop: negamax with alpha-beta over raw bitboards.

Scores are from the side to move and encode how long the game lasts (see
``exact``). What makes the loop fast enough in pure Python is what it avoids
searching:

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
* moves are tried best-looking first: the table's move (the one that
  proved the position's lower bound), then by the lines through the cell,
  weighted steeply by how full they are for either side. With good
  ordering the first move usually refutes, and alpha-beta then skips the
  rest.

The loop is one closure over the board's tables, and the longest function of
the package on purpose: locals are Python's fastest names, and splitting a
node's steps into calls, or reading the tables as attributes, costs about a
third of the solver's speed. For the same reason it inlines two helpers, each
checked against the original by a test: ``bits.bit_cells`` (peeling the lowest
bit), and ``transposition.pack`` and ``unpack`` (the entry's layout). The step
to a child node, though, is a call to the one every part of the solver takes,
``tables.child``: a call per move tried, next to the node's own work (ranking
every empty cell), costs a few per cent of the search's time at most
(``bench/solve_bench.py``), not worth a second copy of the step to keep in line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .node import Node
from .pairing import has_pairing
from .tables import BoardTables, ranked_moves
from .transposition import BOUND_BITS, BOUND_OFFSET, MOVE_BITS, TranspositionTable

SearchFunction = Callable[[Node, int, int], int]
"""``search(node, alpha, beta)``: the score of ``node`` within the window (see ``build_search``)."""


class Counter(Protocol):
    """Where the search counts its work: ``nodes`` grows by one a position, and ``poll`` is called
    every ``BoardTables.poll_interval`` positions, raising to stop the search."""

    nodes: int

    def poll(self) -> None: ...


def build_search(tables: BoardTables, table: TranspositionTable, counter: Counter,
                 pairing_budget: int) -> SearchFunction:
    """The recursive search over ``tables``, remembering in ``table`` and counting in ``counter``.

    A fail-soft alpha-beta: the score is exact inside ``(alpha, beta)`` and a bound on the side it
    fell. ``pairing_budget`` is the tries per pairing search (0: no pairings).
    """
    win = tables.win
    full = tables.full
    lines_at = tables.lines_at
    line_bits_at = tables.line_bits_at
    child = tables.child
    images = tables.symmetries.permutations
    inverses = tables.symmetries.inverses
    young_old = table.generations
    store = table.store
    poll = counter.poll
    poll_mask = tables.poll_interval - 1
    attack, defence, nearness = tables.attack, tables.defence, tables.nearness
    offset = BOUND_OFFSET
    bound_mask = (1 << BOUND_BITS) - 1
    move_mask = (1 << MOVE_BITS) - 1
    masks = tables.masks
    budget = pairing_budget

    def lines_of(live: int) -> list[int]:
        """The masks of the lines in the bitset ``live``."""
        found = []
        while live:
            low = live & -live
            live ^= low
            found.append(masks[low.bit_length() - 1])
        return found

    def search(node: Node, alpha: int, beta: int) -> int:
        counter.nodes += 1
        if not counter.nodes & poll_mask:
            poll()
        me, opp, my_threats, opp_threats, my_live, opp_live, keys, _ = node
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
        if entry is not None:  # transposition.unpack, inlined
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
            moves = ranked_moves(empty, my_live | opp_live, me, opp, lines_at, line_bits_at, attack, defence,
                                     nearness)
            if stored >= 0:
                first = inverses[symmetry][stored]
                if moves[0] != first:
                    moves.remove(first)
                    moves.insert(0, first)

        best = -win
        best_move = moves[0]
        for cell in moves:
            after = child(node, cell)
            threats = after.opp_threats  # the mover's, who had none before this move
            # Two threats at once: the fastest win short of an immediate one, with no search.
            score = win - marks - 3 if threats & (threats - 1) else -search(after, -b, -a)
            if score > best:
                best = score
                best_move = cell
                if score > a:
                    a = score
                    if a >= b:
                        break

        if best >= b:
            lower = best
            canonical = images[symmetry][best_move]
        elif best <= floor:
            # Every move failed low, so none proves anything better than ``lower``: keep the move
            # that proved it, or none. A move stored beside a bound it does not achieve would later
            # read as a proven best move once another search narrows the bounds to one score.
            upper = best
            canonical = stored
        else:
            lower = upper = best
            canonical = images[symmetry][best_move]
        store(key, ((lower + offset) << BOUND_BITS | (upper + offset)) << MOVE_BITS | (canonical + 1))
        return best

    return search
