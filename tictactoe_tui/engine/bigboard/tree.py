"""The big-board search's tree: iterative deepening by principal variation search over a
``LineBoard``, evaluated by line potentials.

Every line a side can still complete is worth more the more of its marks it holds (see
``line_weights``), so open-ended runs, which lie in several such lines, weigh the most; the same
counts rank and prune the moves. Inside the tree a threat leaves one reply and a threatened fork
only the few that spoil it, which makes the search see through forcing sequences far beyond its
nominal depth. The root's concerns (forced wins by threats, screening the root moves) live in
``strategy``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TypeAlias

from ..budget import Budget, OutOfBudget
from ..rules.bits import bit_cells
from ..rules.spec import Cell
from .lineboard import LineBoard, O, X, state_count
from .scores import MATE

WEIGHT_BASE = 32
"""How much more a line with one more mark is worth (see ``line_weights``)."""

WEIGHT_CAP = 10 ** 8
"""The most a line one mark short of a threat may be worth (see ``line_weights``)."""

PROVEN = MATE - 100_000
"""Scores beyond this (either sign) are wins or losses seen in the tree, not estimates."""

ROOT_WIDTH = 16
"""How many of the best-looking moves the root searches."""

TREE_WIDTH = 8
"""How many moves each node below the root searches: a real reply is almost always among them."""

QUIESCENCE_PLIES = 4
"""How far past its nominal depth the search follows the answers to threatened forks."""

MOVER_WEIGHT, WAITER_WEIGHT = 3, 2
"""How the two sides' line potentials count at the search horizon: the side to move acts first,
so its lines are nearer to becoming threats than the same lines of the side that waits."""

_EXACT, _LOWER, _UPPER = 0, 1, 2
"""Kinds of transposition table score: exact, at least (a cut-off), at most (nothing beat alpha)."""

_INFINITY = MATE + 1

Ranking: TypeAlias = list[tuple[Cell, int]]
"""Moves with their scores for the side to move, best first."""


@cache
def line_weights(k: int) -> tuple[int, ...]:
    """The worth of an open line (one the other side has no mark in) by how many marks it holds.

    It grows geometrically and steeply, so that one line nearer completion outweighs all the
    lines one mark short of it that a single move can touch: what decides games is how close the
    best lines are to completion, not how many lines are barely started. For long lines the
    ratio shrinks so that no line that can appear in an evaluated position (one with k-2 marks;
    k-1 is a threat and is resolved by search) outweighs ``WEIGHT_CAP``. The full line's weight
    is never read as a score, since a completed line ends the search.
    """
    base = WEIGHT_BASE if k <= 3 else min(WEIGHT_BASE, WEIGHT_CAP ** (1 / (k - 2)))
    return tuple(0 if count == 0 else round(base ** count) for count in range(k + 1))


class TreeSearch:
    """The tree of one big-board search: its board, the budget it spends, and its transposition table."""

    __slots__ = ("board", "budget", "table", "worth", "completed", "root_ply", "progress", "horizon")

    def __init__(self, board: LineBoard, budget: Budget) -> None:
        self.board = board
        self.budget = budget
        self.table: dict[int, tuple[int, int, int, Cell]] = {}
        """Position key -> (depth, kind of score, score, best move)."""
        self.worth = (_move_worth(board, X), _move_worth(board, O))
        """Per side, what a mark adds through one line, by the line's state (to order moves)."""
        self.completed = 0
        """The deepest iteration completed."""
        self.horizon = 0
        """The ply beyond which the search stops answering forks and scores the position as it is."""
        self.root_ply = len(board.moves)
        self.progress: Ranking = []
        """The root moves searched so far in the current iteration, with their scores."""

    def unwind(self) -> None:
        """Take back every move the search made, after it was stopped midway."""
        while len(self.board.moves) > self.root_ply:
            self.board.undo()

    def rank(self, ranked: Ranking, budget: Budget) -> Ranking:
        """Iterative deepening over the root moves within ``budget``; the best ranking.

        A loss "proven" in the tree is only as sound as its pruning: the defender's quiet moves are
        cut to the few that look best, and the defence may be among the rest. So when a deeper
        iteration finds every move lost, the previous ranking is kept: the move played is then the
        one that looks strongest, which is also the one a fallible opponent is least likely to
        punish. An iteration cut short still counts for the moves it finished.
        """
        board = self.board
        self.budget = budget
        try:
            for depth in range(1, board.spec.cells - len(board.moves) + 1):
                deeper = self.iterate(depth, ranked)
                if deeper[0][1] < -PROVEN and self.completed:
                    break
                ranked = deeper
                self.completed = depth
                if abs(ranked[0][1]) > PROVEN:
                    break
        except OutOfBudget:
            self.unwind()
            if self.progress and max(map(by_score, self.progress)) >= -PROVEN:
                searched = {cell for cell, _ in self.progress}
                ranked = sorted(self.progress, key=by_score, reverse=True) + [
                    entry for entry in ranked if entry[0] not in searched]
        return ranked

    def iterate(self, depth: int, ranked: Ranking) -> Ranking:
        """One full-width pass over the root moves at ``depth``; principal variation search."""
        board = self.board
        self.progress = []
        self.horizon = depth + QUIESCENCE_PLIES
        alpha = -_INFINITY
        for cell, _ in ranked:
            board.play(cell)
            if alpha == -_INFINITY:
                score = -self._negamax(depth - 1, -_INFINITY, _INFINITY, 1)
            else:
                score = -self._negamax(depth - 1, -alpha - 1, -alpha, 1)
                if score > alpha:
                    score = -self._negamax(depth - 1, -_INFINITY, -score + 1, 1)
            board.undo()
            self.progress.append((cell, score))
            alpha = max(alpha, score)
        ranked = sorted(self.progress, key=by_score, reverse=True)
        self.progress = []
        return ranked

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score of the board for the side to move, within (alpha, beta), ``depth`` plies ahead."""
        board = self.board
        self.budget.spend()
        side = board.side
        if board.open[side][board.k - 1]:
            return MATE - ply - 1
        if board.is_full:
            return 0
        threats = board.win_cells(side ^ 1)
        if len(threats) > 1:
            return -(MATE - ply - 2)
        if threats:
            # The only reply: play it without using up depth, so forcing lines are read to the end.
            board.play(threats.pop())
            score = -self._negamax(depth, -beta, -alpha, ply + 1)
            board.undo()
            return score
        if board.fork_moves(side):
            return MATE - ply - 3
        if depth <= 0:
            return self._quiesce(side, alpha, beta, ply)
        key = board.key
        entry = self.table.get(key)
        hint = -1
        if entry is not None:
            stored_depth, kind, stored, hint = entry
            if stored_depth >= depth:
                score = stored - ply if stored > PROVEN else stored + ply if stored < -PROVEN else stored
                if (kind == _EXACT or (kind == _LOWER and score >= beta)
                        or (kind == _UPPER and score <= alpha)):
                    return score
        original_alpha = alpha
        best, best_move = -_INFINITY, -1
        for cell in self.replies(side, hint):
            board.play(cell)
            if best == -_INFINITY:
                score = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
            else:
                score = -self._negamax(depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self._negamax(depth - 1, -beta, -score, ply + 1)
            board.undo()
            if score > best:
                best, best_move = score, cell
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        kind = _UPPER if best <= original_alpha else _LOWER if best >= beta else _EXACT
        stored = best + ply if best > PROVEN else best - ply if best < -PROVEN else best
        self.table[key] = (depth, kind, stored, best_move)
        return best

    def _quiesce(self, side: int, alpha: int, beta: int, ply: int) -> int:
        """The score at the search horizon for ``side`` to move (neither side can win or fork at once).

        A position where the opponent could fork is not quiet: the static score would miss that it
        must be answered at once, so the answers (which are few) are searched on until it settles.
        Otherwise the score weighs the two sides' line potentials against each other.
        """
        board = self.board
        static = board.potential[side] * MOVER_WEIGHT - board.potential[side ^ 1] * WAITER_WEIGHT
        forks = board.fork_moves(side ^ 1)
        if not forks or ply >= self.horizon:
            return static
        spoilers = _spoilers(forks)
        best = -_INFINITY
        for cell in self.ordered(side, len(spoilers), -1, spoilers):
            board.play(cell)
            score = -self._negamax(0, -beta, -max(alpha, best), ply + 1)
            board.undo()
            if score > best:
                best = score
                if best >= beta:
                    break
        return best

    def replies(self, side: int, hint: Cell) -> list[Cell]:
        """The moves worth searching for ``side`` in a position where nothing is forced yet.

        When the opponent could fork next move, only a move that spoils every fork or makes a
        threat of its own can help, and all of those are searched; otherwise the most promising few.
        """
        forks = self.board.fork_moves(side ^ 1)
        if not forks:
            return self.ordered(side, TREE_WIDTH, hint)
        useful = _spoilers(forks) | self.board.threat_moves(side).keys()
        return self.ordered(side, len(useful), hint, useful)

    def ordered(self, side: int, width: int, first: Cell = -1,
                 cells: Iterable[Cell] | None = None) -> list[Cell]:
        """The ``width`` most promising of ``cells`` (by default those near the marks), best first.

        ``first``, a move the transposition table remembers as best, leads when it is among them.
        """
        board = self.board
        worth = self.worth[side].__getitem__
        states, states_of = board.states, board.table.states_of
        scored = [(sum(map(worth, states_of[cell](states))), cell)
                  for cell in (bit_cells(board.candidates()) if cells is None else cells)]
        scored.sort(reverse=True)
        moves = [cell for _, cell in scored[:width]]
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
        elif first >= 0 and cells is None:
            moves.insert(0, first)
        return moves


def _move_worth(board: LineBoard, side: int) -> list[int]:
    """What a mark of ``side`` is worth through one line, for every state of the line.

    It adds to its own open lines what the line weights say it does (completing one beats
    everything), and it takes from the opponent's open lines their marks so far plus the step it
    denies them (blocking a threat comes second only to winning).
    """
    weights, k = board.weights, board.k
    worth = [0] * state_count(k)
    for x_count in range(k + 1):
        for o_count in range(k + 1):
            mine, theirs = (x_count, o_count) if side == X else (o_count, x_count)
            if mine + theirs >= k:
                continue
            if theirs == 0:
                value = MATE if mine == k - 1 else weights[mine + 1] - weights[mine]
            elif mine == 0:
                value = MATE // 2 if theirs == k - 1 else weights[theirs] + weights[theirs + 1]
            else:
                value = 0
            worth[x_count * (k + 1) + o_count] = value
    return worth


def _spoilers(forks: dict[Cell, set[Cell]]) -> set[Cell]:
    """Every cell that spoils at least one of ``forks`` (``LineBoard.fork_moves``)."""
    cells = set(forks)
    for gaps in forks.values():
        cells |= gaps
    return cells


def by_score(entry: tuple[Cell, int]) -> int:
    """The score of a ``(cell, score)`` entry, to sort a ranking by."""
    return entry[1]
