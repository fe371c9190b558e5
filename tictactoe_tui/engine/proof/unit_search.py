"""The searches a proving run hands its workers: one position each, proven or not within a budget.

Each is a plain function of plain arguments, so that a worker started afresh (not forked from the
run, which holds the whole proof) imports it by name and needs nothing else. The run keeps what
they answer; ``scripts/prove_gomoku.py`` drives them.
"""

from __future__ import annotations

import time
from typing import Any

from ..bigboard.lineboard import O, X
from ..bigboard.threatboard import ThreatBoard
from ..bigboard.threats import vct
from ..budget import Budget, OutOfBudget
from ..rules.position import Position
from . import pn_search
from .book import BOARD
from .compiled import compiled_searches
from .prover import THREAT_TREE_NODES, Defence, Prover
from .transplant import Core, Donor, transplant

QUIET = 2
"""Quiet moves (moves that threaten nothing yet) X may make in a row within a unit, by default."""
PLIES = 35
"""The most plies any line of the proof may take from the empty board, by default: Allis's bound."""
FIRST_PLIES, WIDER = 15, 4
"""A unit is searched for a proof within ``FIRST_PLIES`` plies first, then within ``WIDER`` more
each time, up to what ``PLIES`` leaves it, by one prover that remembers what each search found.
Short proofs first cost fewer nodes and make smaller trees: on 10 units drawn from those still
open, 10.5 million nodes against 13.0 million and 76,092 positions against 120,998, with every
unit proven either way."""
DEFENCE_NODES = 10_000 * pn_search.GROWTH**5
"""The most a split by O's replies lets X's threat tree after a first move cost: the bound the
proof-number search gives a waiting move after five looks."""
COUNTER_NODES = 200_000
"""What looking for O's win by threats after one of X's moves may cost (``counter_threat``)."""
COUNTER_THREATS = 10
"""The most threats of O's a look plays. O's win after a move the probes picked may take more than
the seven a VCT makes elsewhere: of 1,849 such moves, 200,000 nodes found it after 67 within
seven threats, 75 within ten and 76 within twelve (the last two ran out of nodes after 78 and 127
moves, seven threats after 14; ``bench/counter_threats.py``)."""
OUT_OF_MEMORY = "out of memory"
"""What a worker answers for a unit that outgrew its share of memory: not a failure within the
budget of nodes (the unit is tried again by the next run, which may have more memory)."""

Searched = tuple[tuple[int, ...], Any, int, float]
"""A search's answer: the moves searched after, the proof (None, or ``OUT_OF_MEMORY``), the nodes
spent and the seconds taken."""
Transplanted = tuple[tuple[int, ...], Any, int, tuple[int, ...], float]
"""A transplant's answer: the moves, the proof taken over (or None), its bound, the donor's moves
and the seconds taken."""

DONORS: dict[Core, list[Donor]] = {}
"""The donors a transplanting worker offers, set before the workers fork so that they share them."""


def limits(moves: tuple[int, ...], plies: int) -> list[int]:
    """The limits, in plies after ``moves``, that a unit is searched within, one after the other."""
    most = plies - len(moves)
    return [*range(min(FIRST_PLIES, most), most, WIDER), most]


def prove_unit(moves: tuple[int, ...], nodes: int, quiet: int, plies: int,
               search: str = "depth", leaf_cost: int = pn_search.LEAF_COST, compiled: bool = True,
               first: int | None = None) -> Searched:
    """Worker: the position after ``moves`` searched for a proof within ``nodes``, the proof ending
    within ``plies`` plies of the empty board, by ``search`` ("depth" or "pn", which weighs a leaf
    that gave up by ``leaf_cost`` and, with ``first``, takes X's first move to be that one), its
    threat searches ``compiled`` where a C compiler allows (the same answers either way)."""
    start = time.perf_counter()
    searches = compiled_searches(BOARD) if compiled else None
    prover = Prover(Budget(nodes)) if searches is None else Prover(Budget(nodes), search=searches)
    board = ThreatBoard(Position.from_moves(BOARD, list(moves)))
    tree: Any = None
    try:
        if search == "pn":
            tree = pn_search.prove(prover, board, plies - len(moves), leaf_cost, first)
        else:
            for limit in limits(moves, plies):
                tree = prover.prove_x(board, quiet, limit)
                if tree is not None:
                    break
    except OutOfBudget:
        tree = None
    except MemoryError:  # the worker's share of memory: the unit fails, the run goes on
        tree = OUT_OF_MEMORY
    return moves, tree, prover.budget.nodes, time.perf_counter() - start


def prove_first(moves: tuple[int, ...], first: int, nodes: int, plies: int, leaf_cost: int,
                compiled: bool) -> tuple[int, Searched]:
    """Worker: X's ``first`` move and what ``prove_unit`` answers for the unit after ``moves`` with
    X's first move taken to be that one, by proof numbers."""
    return first, prove_unit(moves, nodes, QUIET, plies, "pn", leaf_cost, compiled, first)


def transplant_unit(moves: tuple[int, ...], plies: int) -> Transplanted:
    """Worker: the unit after ``moves`` proven by a proof of one of ``DONORS``, if one passes."""
    start = time.perf_counter()
    found = transplant(moves, DONORS, plies)
    tree, bound, donor = (None, 0, ()) if found is None else found
    return moves, tree, bound, donor, time.perf_counter() - start


def first_defence(unit: tuple[int, ...], first: int, plies: int, compiled: bool) -> Defence | None:
    """O's defence against X's ``first`` move in the unit after ``unit``, the proof ending within
    ``plies`` of the empty board: the replies that need a proof of their own and what answers the
    rest; None when the move threatens nothing. Its threat tree may cost ever more, as in the
    proof-number search, up to ``DEFENCE_NODES`` (None too when it needs more)."""
    board = ThreatBoard(Position.from_moves(BOARD, [*unit, first]))
    bound = THREAT_TREE_NODES
    while bound <= DEFENCE_NODES:
        searches = compiled_searches(BOARD) if compiled else None
        prover = Prover(Budget()) if searches is None else Prover(Budget(), search=searches)
        defence = prover.defence(board, plies - len(unit) - 1, bound)
        if defence is not None or prover.budget.nodes < bound:
            return defence
        bound *= pn_search.GROWTH
    return None


def first_moves(unit: tuple[int, ...], count: int) -> list[int]:
    """The first ``count`` of X's moves in the unit after ``unit``, as the proof-number search
    orders them: the ones most worth a search of their own."""
    return pn_search.x_moves(ThreatBoard(Position.from_moves(BOARD, list(unit))))[:count]


def counter_threat(moves: tuple[int, ...], nodes: int = COUNTER_NODES,
                   threats: int = COUNTER_THREATS) -> int | None:
    """O's first move of a win by threats (fours and open threes, whatever X answers) after
    ``moves``, O to move, if ``counter_win`` finds one within ``nodes`` and ``threats``. After such
    a move of X's no budget finds a proof, yet the searches of its replies may run out of nodes
    rather than end, as a refutation needs: without this look a lost move could be picked, split,
    and every end below it searched in vain."""
    try:
        return counter_win(moves, nodes, threats)
    except OutOfBudget:
        return None


def counter_win(moves: tuple[int, ...], nodes: int, threats: int) -> int | None:
    """O's first move of a win by at most ``threats`` threats after ``moves``, or None when there is
    none; raises ``OutOfBudget`` when ``nodes`` run out before the answer."""
    found = vct(ThreatBoard(Position.from_moves(BOARD, list(moves))), Budget(nodes), max_threats=threats)
    return None if found is None else found[0]


def fours_and_blocks(moves: tuple[int, ...]) -> list[tuple[int, int]]:
    """X's fours after ``moves``, X to move, each with O's one block; none while O's threat forces
    X's hand. The proof-number search leaves fours out of X's moves (``pn_search.x_moves`` says why),
    and the search for a win by threats alone finds one only when the whole win is threats, so a
    four after whose block a quiet move wins is found by searching that position on its own."""
    board = ThreatBoard(Position.from_moves(BOARD, list(moves)))
    if board.fives[O] or board.winning[O]:
        return []
    found = []
    for four in sorted(board.fours[X]):
        board.play(four)
        blocks = sorted(board.fives[X])
        board.undo()
        if len(blocks) == 1:
            found.append((four, blocks[0]))
    return found
