"""Wins by continuous threats on a ``LineBoard``: VCF (every reply forced by a four) and VCT (each
reply one of the few that spoil a threat to win or to fork), the forced wins Gomoku players look for."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from ..budget import Budget, OutOfBudget
from ..rules.position import Position
from ..rules.spec import Cell
from .lineboard import LineBoard


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


def vcf(board: LineBoard, budget: Budget, *, max_threats: int = 24) -> tuple[Cell, ...] | None:
    """A forced win for the side to move made of threats only, or None when there is none.

    Raises ``OutOfBudget`` (with the board restored) when the budget runs out before an answer.

    The answer is the whole line of play, moves alternating from the side to move and ending with
    its winning move: threats each answered by the only block, until a threat cannot be answered
    (two threats at once, or a line completed). Because every reply is forced, the line wins
    against any defence; the defender's last block before the final move is one of several that
    all lose. Deeper searches are tried only after shallower ones fail, so the line is the
    shortest found. The board is left as it was given.
    """
    attacker = board.side
    wins = board.win_cells(attacker)
    if wins:
        return (min(wins),)
    if board.k == 1 or len(board.win_cells(attacker ^ 1)) > 1:
        return None
    search = _ThreatSearch(board, budget)
    with _unwound_on_abort(board):
        for limit in range(1, max_threats + 1):
            search.cut_short = False
            line = search.run(limit)
            if line is not None or not search.cut_short:
                return line
    return None


class _ThreatSearch:
    """One ``vcf`` call: the board, the budget, and the positions already refuted."""

    __slots__ = ("board", "budget", "refuted", "cut_short")

    def __init__(self, board: LineBoard, budget: Budget) -> None:
        self.board = board
        self.budget = budget
        self.refuted: dict[int, int] = {}
        """Position key -> a number of threats within which it has no VCF."""
        self.cut_short = False
        """Whether the last run stopped a line at its limit (so a deeper run might succeed)."""

    def run(self, threats: int) -> tuple[Cell, ...] | None:
        """A VCF of at most ``threats`` attacking moves from the board's position."""
        board = self.board
        self.budget.spend()
        if self.refuted.get(board.key, 0) >= threats:
            return None
        attacker = board.side
        must_block = board.win_cells(attacker ^ 1)
        moves = board.threat_moves(attacker)
        if len(must_block) > 1:
            moves = {}
        elif must_block:
            (block,) = must_block
            moves = {block: moves[block]} if block in moves else {}
        for cell in sorted(moves, key=moves.__getitem__, reverse=True):
            board.play(cell)
            made = sorted(board.win_cells(attacker))
            if len(made) >= 2:
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
    """``vcf`` for a position: the side to move's forced win by continuous threats, if found in budget."""
    if position.is_over:
        return None
    try:
        return vcf(LineBoard(position), Budget(max_nodes, deadline, stop))
    except OutOfBudget:
        return None


# Victory by continuous threats, forks included (VCT).


def vct(board: LineBoard, budget: Budget, *, max_threats: int = 6) -> tuple[Cell, int] | None:
    """A forced win for the side to move by threats of either kind, or None when none is found.

    Besides threats to win at once (which force one reply), the attacker may threaten to fork:
    a move after which it has a fork move must be answered by spoiling every fork or by a
    counter-threat, and all of those answers are tried. The answer is the first attacking move
    and the number of plies to the win against the most stubborn defence. It is sound (every
    defence is refuted) but not complete: the attacker makes at most ``max_threats`` threats.
    Raises ``OutOfBudget`` (with the board restored) when the budget runs out first.
    """
    if board.k < 3:
        line = vcf(board, budget)
        return None if line is None else (line[0], len(line))
    search = _ForkSearch(board, budget)
    with _unwound_on_abort(board):
        for limit in range(1, max_threats + 1):
            search.cut_short = False
            found = search.attack(limit)
            if found is not None:
                return found
            if not search.cut_short:
                return None
    return None


class _ForkSearch:
    """One ``vct`` call: the board, the budget and the outcomes already known."""

    __slots__ = ("board", "budget", "attacker", "won", "refuted", "cut_short")

    def __init__(self, board: LineBoard, budget: Budget) -> None:
        self.board = board
        self.budget = budget
        self.attacker = board.side
        self.won: dict[int, tuple[int, tuple[Cell, int]]] = {}
        """Position key -> (threats used, the attack) for the wins found: they hold with more."""
        self.refuted: dict[int, int] = {}
        """Position key -> threats within which there is no win: then there is none with fewer."""
        self.cut_short = False

    def attack(self, threats: int) -> tuple[Cell, int] | None:
        """The attacker to move: its winning threat and the plies to the win, or None."""
        board, attacker = self.board, self.attacker
        self.budget.spend()
        wins = board.win_cells(attacker)
        if wins:
            return min(wins), 1
        blocks = board.win_cells(attacker ^ 1)
        if len(blocks) > 1:
            return None
        if blocks:
            (block,) = blocks
            board.play(block)
            plies = self.defend(threats)
            board.undo()
            return None if plies is None else (block, plies + 1)
        forks = board.fork_moves(attacker)
        if forks:
            return min(forks), 3
        if threats == 0:
            self.cut_short = True
            return None
        key = board.key
        if self.refuted.get(key, 0) >= threats:
            return None
        if key in self.won and self.won[key][0] <= threats:
            return self.won[key][1]
        for cell in self._threats():
            board.play(cell)
            plies = self.defend(threats - 1)
            board.undo()
            if plies is not None:
                self.won[key] = (threats, (cell, plies + 1))
                return cell, plies + 1
        self.refuted[key] = threats
        return None

    def defend(self, threats: int) -> int | None:
        """The defender to move: plies to the attacker's win against every defence, or None."""
        board, attacker = self.board, self.attacker
        defender = attacker ^ 1
        self.budget.spend()
        if board.win_cells(defender):
            return None
        wins = board.win_cells(attacker)
        if len(wins) > 1:
            return 2
        if wins:
            (block,) = wins
            board.play(block)
            found = self.attack(threats)
            board.undo()
            return None if found is None else found[1] + 1
        forks = board.fork_moves(attacker)
        if not forks:
            return None
        replies = set(forks)
        for gaps in forks.values():
            replies |= gaps
        replies |= board.threat_moves(defender).keys()
        longest = 0
        for cell in sorted(replies):
            board.play(cell)
            found = self.attack(threats)
            board.undo()
            if found is None:
                return None
            longest = max(longest, found[1] + 1)
        return longest

    def _threats(self) -> list[Cell]:
        """The attacker's moves that threaten to win or to fork, those that threaten most first."""
        board, attacker = self.board, self.attacker
        fours = board.threat_moves(attacker)
        scored: dict[Cell, int] = {cell: 100 * lines for cell, lines in fours.items()}
        for line in board.lines_with(attacker, board.k - 3):
            for cell in board.gaps(line):
                if cell not in fours:
                    scored[cell] = scored.get(cell, 0) + 1
        moves = []
        for cell in sorted(scored, key=scored.__getitem__, reverse=True):
            if cell in fours:
                moves.append(cell)
                continue
            board.play(cell)
            if board.fork_moves(attacker):
                moves.append(cell)
            board.undo()
        return moves
