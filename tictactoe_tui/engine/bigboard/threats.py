"""Wins by continuous threats on a board of the engine (a ``ThreatBoard``, which keeps what they
read and no more; a ``PatternBoard`` serves as well): VCF (victory by continuous fours, every reply
forced) and VCT (victory by continuous threats, open threes included), the forced wins Gomoku
players look for.

Both read their moves off the board's pattern sets, so a node costs one move and its undo.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from ..budget import Budget, OutOfBudget
from ..rules.position import Position
from ..rules.spec import Cell
from .lineboard import LineBoard
from .threatboard import ThreatBoard

VCF_THREATS = 24
"""The most fours a VCF may make; lines of fours run out long before this on a 15x15 board."""

VCT_THREATS = 7
"""The most threats a VCT may make; each open three widens the tree by every defence to it."""

EXHAUSTED = 1 << 30
"""Recorded as a refuted position's limit when no line of its search reached the limit: then no
number of threats wins there, and a deeper search need not look again."""


@contextmanager
def _unwound_on_abort(board: LineBoard) -> Iterator[None]:
    """Take back the moves a threat search left on ``board`` when its budget ran out mid-line."""
    start = len(board.moves)
    try:
        yield
    except OutOfBudget:
        while len(board.moves) > start:
            board.undo()
        raise


def by_worth(board: LineBoard, side: int, cells: set[Cell]) -> list[Cell]:
    """``cells`` best first for ``side``: the strongest threats, then what they also spoil for the
    other side, by the board's scores (on a ``ThreatBoard``, those of threat levels alone, which
    order a VCT as well: 3.10 against 3.28 million nodes over the tactics suite); ties by cell,
    so the order never depends on how a set happens to iterate."""
    mine, theirs = board.scores[side], board.scores[side ^ 1]
    return sorted(cells, key=lambda cell: (-mine[cell] - theirs[cell], cell))


def vcf(board: LineBoard, budget: Budget, *, max_threats: int = VCF_THREATS,
        zone: set[Cell] | None = None) -> tuple[Cell, ...] | None:
    """A forced win for the side to move made of fours only, or None when there is none.

    Raises ``OutOfBudget`` (with the board restored) when the budget runs out before an answer.

    The answer is the whole line of play, moves alternating from the side to move and ending with
    its winning move. Every reply is forced, so the line wins against any defence (the
    defender's last block before the final move is one of several that all lose). Deeper searches
    are tried only after shallower ones fail, so the line is the shortest found. Its cells are
    added to ``zone`` when one is given: a defender's move elsewhere leaves the line standing (every
    four's one empty cell is the block the line plays).
    """
    attacker = board.side
    if board.fives[attacker]:
        return (min(board.fives[attacker]),)
    if len(board.fives[attacker ^ 1]) > 1:
        return None
    search = _FourSearch(board, budget)
    with _unwound_on_abort(board):
        for limit in range(1, max_threats + 1):
            search.cut_short = False
            line = search.run(limit)
            if line is not None or not search.cut_short:
                if line is not None and zone is not None:
                    zone.update(line)
                return line
    return None


class _FourSearch:
    """One ``vcf`` call: the board, the budget, and the positions already refuted."""

    __slots__ = ("board", "budget", "refuted", "cut_short")

    def __init__(self, board: LineBoard, budget: Budget) -> None:
        self.board = board
        self.budget = budget
        self.refuted: dict[int, int] = {}
        """Position key -> a number of fours within which it has no VCF."""
        self.cut_short = False
        """Whether the last run stopped a line at its limit (so a deeper run might succeed)."""

    def run(self, threats: int) -> tuple[Cell, ...] | None:
        """A VCF of at most ``threats`` fours from the board's position, the attacker to move."""
        board = self.board
        self.budget.spend()
        if self.refuted.get(board.key, 0) >= threats:
            return None
        attacker = board.side
        fours = board.fours[attacker]
        blocks = board.fives[attacker ^ 1]
        if len(blocks) > 1:
            return None
        if blocks:
            (block,) = blocks
            moves = [block] if block in fours else []
        else:
            moves = by_worth(board, attacker, fours)
        for cell in moves:
            board.play(cell)
            made = sorted(board.fives[attacker])
            if len(made) > 1:
                board.undo()
                return cell, made[0], made[1]
            (reply,) = made
            rest = None
            if threats > 1:
                board.play(reply)
                rest = self.run(threats - 1)
                board.undo()
            else:
                self.cut_short = True
            board.undo()
            if rest is not None:
                return cell, reply, *rest
        self.refuted[board.key] = threats
        return None


def find_vcf(position: Position, *, max_nodes: int | None = 20_000, deadline: float | None = None,
             stop: threading.Event | None = None) -> tuple[Cell, ...] | None:
    """``vcf`` for a position: the side to move's forced win by continuous fours, if found in budget."""
    if position.is_over:
        return None
    try:
        return vcf(ThreatBoard(position), Budget(max_nodes, deadline, stop))
    except OutOfBudget:
        return None


ThreatMemo = tuple[dict[int, tuple[int, tuple[Cell, int], frozenset[Cell]]], dict[int, int]]
"""What threat searches for one attacker may share: the wins found and the positions refuted, by key."""


def vct(board: LineBoard, budget: Budget, *, max_threats: int = VCT_THREATS,
        zone: set[Cell] | None = None, memo: ThreatMemo | None = None,
        forks: bool = False) -> tuple[Cell, int] | None:
    """A forced win for the side to move by fours and open threes, or None when none is found.

    An open three must be answered at once: the defender tries every cell of the three's line where
    the attacker would make a four (the three's defences) and every four of its own. The answer is
    the first attacking move and the plies to the win against the most stubborn of those defences.
    When a win is found, the cells its proof plays or answers are added to ``zone``: a defender's
    move elsewhere leaves the proof standing. Raises ``OutOfBudget`` (with the board restored) when
    the budget runs out first.

    With ``forks``, a four-three or double three that the defender has no four to interrupt
    (``LineBoard.fork``) wins on sight, two threats sooner than playing it out would find it; its
    zone is then the fork's cell alone, too little for a proof's zone argument, so the prover,
    whose trees write every line out, searches without.
    """
    search = _ThreatSearch(board, budget, memo, forks)
    with _unwound_on_abort(board):
        for limit in range(1, max_threats + 1):
            search.cut_short = False
            search.zone = set()
            found = search.attack(limit)
            if found is not None or not search.cut_short:
                if found is not None and zone is not None:
                    zone.update(search.zone)
                return found
    return None


class _ThreatSearch:
    """One ``vct`` call: the board, the budget and the outcomes already known."""

    __slots__ = ("board", "budget", "zone", "attacker", "won", "refuted", "cut_short", "killers", "forks")

    def __init__(self, board: LineBoard, budget: Budget, memo: ThreatMemo | None = None,
                 forks: bool = False) -> None:
        self.board = board
        self.budget = budget
        self.forks = forks
        self.zone: set[Cell] = set()
        """The cells of the win being proved: a branch that fails takes its cells away again."""
        self.attacker = board.side
        self.won, self.refuted = ({}, {}) if memo is None else memo
        """Position key -> (threats used, the attack, its zone) for the wins found: they hold with more;
        position key -> threats within which there is no win (``EXHAUSTED``: none at all): then there is
        none with fewer. Both hold for any search by the same attacker, so a caller may share them
        (``memo``)."""
        self.cut_short = False
        """Whether a line of the subtree being searched stopped at the limit: then its failure may
        be the limit's, and a deeper search might win."""
        self.killers: dict[int, Cell] = {}
        """By the number of marks on the board: the attacker's move that won there last. After
        another of the defender's answers to the same threat, the same move often wins again."""

    def attack(self, threats: int) -> tuple[Cell, int] | None:
        """The attacker to move: its winning threat and the plies to the win, or None."""
        board, attacker = self.board, self.attacker
        defender = attacker ^ 1
        self.budget.spend()
        if board.fives[attacker]:
            self.zone.update(board.fives[attacker])
            return min(board.fives[attacker]), 1
        blocks = board.fives[defender]
        if len(blocks) > 1:
            return None
        if blocks:
            (block,) = blocks
            board.play(block)
            plies = self.defend(threats)
            board.undo()
            if plies is None:
                return None
            self.zone.add(block)
            return block, plies + 1
        seen = self._won_on_sight()
        if seen is not None:
            return seen
        if threats == 0:
            self.cut_short = True
            return None
        key = board.key
        refuted = self.refuted.get(key, 0)
        if refuted >= threats:
            # A refutation that stopped at its own limit leaves a deeper search something to try.
            self.cut_short = self.cut_short or refuted < EXHAUSTED
            return None
        known = self.won.get(key)
        if known is not None and known[0] <= threats:
            self.zone.update(known[2])
            return known[1]
        outer, outer_cut_short = self.zone, self.cut_short
        self.cut_short = False
        try:
            marks = len(board.moves)
            killer = self.killers.get(marks)
            threats_here = by_worth(board, attacker, board.fours[attacker] | board.threes[attacker])
            for cell in sorted(threats_here, key=lambda cell: cell != killer):  # stable: the killer first
                self.zone = {cell}
                board.play(cell)
                plies = self.defend(threats - 1)
                board.undo()
                if plies is not None:
                    self.killers[marks] = cell
                    self.won[key] = (threats, (cell, plies + 1), frozenset(self.zone))
                    outer |= self.zone
                    self.cut_short = False  # a win explains no failure above it
                    return cell, plies + 1
            self.refuted[key] = threats if self.cut_short else EXHAUSTED
            return None
        finally:
            self.zone = outer
            self.cut_short = self.cut_short or outer_cut_short

    def _won_on_sight(self) -> tuple[Cell, int] | None:
        """A win the attacker, to move, has without a threat: an open four or two fours (three
        plies), or with ``forks`` a fork the defender cannot interrupt (five), its cells added to
        the zone; None if there is neither."""
        board, attacker = self.board, self.attacker
        if board.winning[attacker]:
            self.zone.update(board.winning[attacker], board.defences(attacker))
            return min(board.winning[attacker]), 3
        fork = board.fork(attacker) if self.forks else None
        if fork is not None:
            self.zone.add(fork)
            return fork, 5
        return None

    def defend(self, threats: int) -> int | None:
        """The defender to move: plies to the attacker's win against every defence, or None."""
        board, attacker = self.board, self.attacker
        defender = attacker ^ 1
        self.budget.spend()
        if board.fives[defender]:
            return None
        wins = board.fives[attacker]
        if len(wins) > 1:
            self.zone.update(wins)
            return 2
        if wins:
            (block,) = wins
            self.zone.add(block)
            board.play(block)
            found = self.attack(threats)
            board.undo()
            return None if found is None else found[1] + 1
        if not board.winning[attacker] or board.winning[defender]:
            # No threat to answer, or one slower than the defender's own open four.
            return None
        longest = 0
        defences = by_worth(board, defender, board.defences(attacker) | board.fours[defender])
        self.zone.update(defences)
        for cell in defences:
            board.play(cell)
            found = self.attack(threats)
            board.undo()
            if found is None:
                return None
            longest = max(longest, found[1] + 1)
        return longest
