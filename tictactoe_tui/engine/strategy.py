"""Good moves on boards too big to solve: threats first, then a shallow alpha-beta search.

Exact search is hopeless on 15x15 (and even on 7x7), so this plays the way Gomoku programs do.
Forced matters come first because they decide games and are cheap to see: a win on the spot, the
block of the opponent's, a win by continuous threats (``threats.vcf`` and ``threats.vct``). Then
the candidate moves are screened for the opposite danger, a forced win by threats they would
leave the opponent, which is often longer than any search below could see. What remains is an
iterative-deepening alpha-beta search over the moves near the marks already played, ranked and
pruned by the same line counts that evaluate positions: every line a side can still complete is
worth more the more of its marks it holds, so open-ended runs, which lie in several such lines,
weigh the most. Inside the tree a threat leaves one reply and a threatened fork only the few that
spoil it, which makes the search see through forcing sequences far beyond its nominal depth.

Everything runs on ``lineboard.LineBoard``, whose line counts are kept current move by move.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TypeAlias

from .bits import bit_cells
from .budget import Budget, OutOfBudget
from .lineboard import LineBoard, O, X, state_count
from .position import Position
from .scores import MATE
from .spec import Cell
from .threats import vcf, vct

WEIGHT_BASE = 32
"""How much more a line with one more mark is worth (see ``line_weights``)."""

WEIGHT_CAP = 10 ** 8
"""The most a line one mark short of a threat may be worth (see ``line_weights``)."""

_PROVEN = MATE - 100_000
"""Scores beyond this (either sign) are wins or losses seen in the tree, not estimates."""

ROOT_WIDTH = 16
"""How many of the best-looking moves the root searches."""

TREE_WIDTH = 8
"""How many moves each node below the root searches: a real reply is almost always among them."""

THREAT_SHARE = 0.15
"""The part of the budget spent looking for a forced win by threats before the main search."""

SCREEN_SHARE = 0.2
"""The part of the rest spent on a quick check that the root moves leave the opponent no forced
win by threats (when it might have one)."""

DEFENCE_NODES = 400
"""Node budget of the quick check of each root move."""

VERIFY_SHARE = 0.3
"""The part of the rest kept, when the opponent might have a forced win by threats, for checking
the move the search prefers thoroughly."""

VERIFY_NODES = 20_000
"""Node budget of the thorough check of a preferred move."""

SCREEN_NODES = 3_000
"""Node budget of the check that the opponent has no forced win by threats even given a free move."""

QUIESCENCE_PLIES = 4
"""How far past its nominal depth the search follows the answers to threatened forks."""

MOVER_WEIGHT, WAITER_WEIGHT = 3, 2
"""How the two sides' line potentials count at the search horizon: the side to move acts first,
so its lines are nearer to becoming threats than the same lines of the side that waits."""

TIME_MARGIN = 0.02
"""Seconds before the deadline at which a search stops, to leave room for returning its answer."""


@dataclass(frozen=True, slots=True)
class StrategyResult:
    """What the big-board search found for the side to move."""

    ranked: tuple[tuple[Cell, int], ...]
    """Candidate moves with their scores for the side to move, best first (scores after the first
    may be upper bounds: alpha-beta only proves that they are no better)."""
    depth: int
    """The deepest iteration of the main search that completed (0 when a forced move decided)."""
    nodes: int
    """Positions visited, threat search included."""
    forced_win: int | None
    """Plies to a win that no defence can stop (a win on the spot or by continuous threats)."""


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


def search(position: Position, *, deadline: float, stop: threading.Event | None = None,
           max_nodes: int | None = None) -> StrategyResult:
    """Rank the moves of ``position`` for the side to move, answering before ``deadline``.

    ``deadline`` is a ``time.perf_counter()`` value; the answer comes a little before it, or as soon
    as ``stop`` is set, or once ``max_nodes`` positions have been visited (which makes the answer
    independent of the machine's speed). There is always at least one legal move in the answer.
    """
    position.require_a_move()
    start = time.perf_counter()
    budget = Budget(max_nodes, deadline - min(TIME_MARGIN, max(0.0, deadline - start) / 10), stop)
    return _Searcher(LineBoard(position, line_weights(position.spec.k)), budget).run()


_EXACT, _LOWER, _UPPER = 0, 1, 2
"""Kinds of transposition table score: exact, at least (a cut-off), at most (nothing beat alpha)."""

_INFINITY = MATE + 1

_Ranking: TypeAlias = list[tuple[Cell, int]]


class _Searcher:
    """One search: the board it works on, its budget, and its transposition table."""

    __slots__ = ("board", "budget", "table", "worth", "completed", "root_ply", "progress", "horizon")

    def __init__(self, board: LineBoard, budget: Budget) -> None:
        self.board = board
        self.budget = budget
        self.table: dict[int, tuple[int, int, int, Cell]] = {}
        """Position key -> (depth, kind of score, score, best move)."""
        self.worth = (_move_worth(board, X), _move_worth(board, O))
        """Per side, what a mark adds through one line, by the line's state (to order moves)."""
        self.completed = 0
        self.horizon = 0
        """The ply beyond which the search stops answering forks and scores the position as it is."""
        self.root_ply = len(board.moves)
        self.progress: _Ranking = []
        """The root moves searched so far in the current iteration, with their scores."""

    def run(self) -> StrategyResult:
        """Settle forced matters, else rank the root moves by iterative deepening."""
        board = self.board
        side = board.side
        if board.k == 1:
            return self._answer([(_central(board, bit_cells(board.spec.full_mask & ~board.occupied)),
                                  MATE - 1)], 1)
        wins = board.win_cells(side)
        if wins:
            return self._answer([(cell, MATE - 1) for cell in sorted(wins)], 1)
        threats = board.win_cells(side ^ 1)
        if threats:
            # One block is forced; against two the game is lost, but a block still needs finding.
            score = -(MATE - 2) if len(threats) > 1 else self._evaluate_after(min(threats))
            return self._answer([(cell, score) for cell in sorted(threats)], None)
        attack = self._threat_search()
        if attack is not None:
            cell, plies = attack
            return self._answer([(cell, MATE - plies)], plies)
        return self._deepen()

    def _threat_search(self) -> tuple[Cell, int] | None:
        """A forced win by threats for the side to move (first move, plies), in a share of the budget.

        Threats to win at once are tried alone first (VCF): they are cheap to follow, and when they
        suffice, the shortest such line is found. Then threats to fork join in (VCT).
        """
        share = self._share(THREAT_SHARE)
        try:
            line = vcf(self.board, share)
            if line is not None:
                return line[0], len(line)
            return vct(self.board, share)
        except OutOfBudget:
            return None
        finally:
            self.budget.nodes += share.nodes

    def _share(self, fraction: float, max_nodes: int | None = None) -> Budget:
        """A part of what is left of the budget: ``fraction`` of its time and of its nodes."""
        budget = self.budget
        nodes = None if budget.max_nodes is None else int((budget.max_nodes - budget.nodes) * fraction)
        if max_nodes is not None:
            nodes = max_nodes if nodes is None else min(nodes, max_nodes)
        now = time.perf_counter()
        deadline = None if budget.deadline is None else now + (budget.deadline - now) * fraction
        return budget.part(nodes, deadline)

    def _answer(self, ranked: _Ranking, forced_win: int | None) -> StrategyResult:
        return StrategyResult(tuple(ranked), self.completed, self.budget.nodes, forced_win)

    def _evaluate_after(self, cell: Cell) -> int:
        """The static score of playing ``cell``, for the side to move."""
        board = self.board
        board.play(cell)
        score = board.potential[board.side ^ 1] - board.potential[board.side]
        board.undo()
        return score

    def _deepen(self) -> StrategyResult:
        """Screen the root moves, rank them by iterative deepening, and verify the chosen one.

        Only when the opponent would have a forced win by threats if given a free move do the
        root moves need checking against one: a quick check of every move first, then, after the
        search, a thorough check of the move it prefers (and of the next when that one falls),
        for which part of the budget is kept back.
        """
        board = self.board
        if board.fork_moves(board.side ^ 1):
            ranked = [(cell, 0) for cell in self._replies(board.side, -1)]
        else:
            ranked = [(cell, 0) for cell in self._ordered(board.side, ROOT_WIDTH)]
        doomed: _Ranking = []
        try:
            threatened = self._threatened()
            if threatened:
                ranked, doomed = self._screen(ranked)
            if not ranked:
                ranked, doomed = doomed, []
            if len(ranked) > 1:
                ranked = self._rank(ranked, 1 - VERIFY_SHARE if threatened else 1.0)
            if threatened:
                ranked, refuted = self._verify(ranked)
                doomed = sorted(refuted + doomed, key=_score, reverse=True)
                if not ranked:
                    ranked, doomed = doomed, []
        except OutOfBudget:
            while len(board.moves) > self.root_ply:
                board.undo()
        return self._answer(ranked + doomed, None)

    def _rank(self, ranked: _Ranking, share: float) -> _Ranking:
        """Iterative deepening over the root moves within ``share`` of the budget; the best ranking.

        A loss "proven" in the tree is only as sound as its pruning: the defender's quiet moves are
        cut to the few that look best, and the defence may be among the rest. So when a deeper
        iteration finds every move lost, the previous ranking is kept: the move played is then the
        one that looks strongest, which is also the one a fallible opponent is least likely to
        punish. An iteration cut short still counts for the moves it finished.
        """
        board, whole = self.board, self.budget
        self.budget = self._share(share) if share < 1 else whole
        try:
            for depth in range(1, board.spec.cells - len(board.moves) + 1):
                deeper = self._iterate(depth, ranked)
                if deeper[0][1] < -_PROVEN and self.completed:
                    break
                ranked = deeper
                self.completed = depth
                if abs(ranked[0][1]) > _PROVEN:
                    break
        except OutOfBudget:
            while len(board.moves) > self.root_ply:
                board.undo()
            if self.progress and max(map(_score, self.progress)) >= -_PROVEN:
                searched = {cell for cell, _ in self.progress}
                ranked = sorted(self.progress, key=_score, reverse=True) + [
                    entry for entry in ranked if entry[0] not in searched]
        finally:
            if self.budget is not whole:
                whole.nodes += self.budget.nodes
                self.budget = whole
        return ranked

    def _threatened(self) -> bool:
        """Whether the opponent might have a forced win by threats if the side to move passed.

        A mark never helps the opponent, so when it has none even then, no move can allow one.
        """
        board = self.board
        board.pass_turn()
        try:
            return self._refutation(self._share(SCREEN_SHARE / 2, SCREEN_NODES)) is not None
        finally:
            board.undo()

    def _screen(self, ranked: _Ranking) -> tuple[_Ranking, _Ranking]:
        """Split the root moves into those that survive a quick check and those that allow a forced
        win by threats (moves left unchecked, or not settled, count as surviving).

        When every move loses, the cells of the opponent's winning lines are tried as well, since
        a defence usually lies on them.
        """
        board = self.board
        screen = self._share(SCREEN_SHARE)
        survivors: _Ranking = []
        doomed: _Ranking = []
        tried = {cell for cell, _ in ranked}
        queue = list(ranked)
        while queue:
            if screen.exhausted:
                survivors.extend(queue)
                break
            cell, score = queue.pop(0)
            found = self._refutation_after(cell, screen, DEFENCE_NODES)
            if found is None or not found[0]:
                survivors.append((cell, score))
                continue
            plies, cells = found
            doomed.append((cell, -(MATE - 1 - plies)))
            if not queue and not survivors:
                extra = [defence for defence in cells
                         if defence not in tried and not board.occupied >> defence & 1]
                tried.update(extra)
                queue.extend((defence, 0) for defence in dict.fromkeys(extra))
        doomed.sort(key=_score, reverse=True)
        return survivors, doomed

    def _verify(self, ranked: _Ranking) -> tuple[_Ranking, _Ranking]:
        """Check the preferred moves thoroughly, best first, until one survives.

        Returns the ranking without the moves found to allow a forced win by threats, and those.
        """
        refuted: _Ranking = []
        for index, (cell, _) in enumerate(ranked):
            found = self._refutation_after(cell, self.budget, VERIFY_NODES)
            if found is None or not found[0]:
                return ranked[index:], refuted
            refuted.append((cell, -(MATE - 1 - found[0])))
        return [], refuted

    def _refutation_after(self, cell: Cell, within: Budget,
                          nodes: int) -> tuple[int, tuple[Cell, ...]] | None:
        """``_refutation`` after playing ``cell``, in at most ``nodes`` of ``within``'s budget."""
        board = self.board
        board.play(cell)
        check = within.part(nodes)
        try:
            return self._refutation(check)
        finally:
            board.undo()
            if within is not self.budget:
                within.nodes += check.nodes

    def _refutation(self, check: Budget) -> tuple[int, tuple[Cell, ...]] | None:
        """The side to move's forced win by threats within ``check``: (plies, cells it plays first).

        None when there is none; (0, ()) when the check ran out before knowing. The check's nodes
        are added to the search's, and running out of the whole search's budget ends the search.
        """
        board, budget = self.board, self.budget
        found: tuple[int, tuple[Cell, ...]] | None
        try:
            line = vcf(board, check)
            if line is not None:
                found = (len(line), line[::2])
            else:
                attack = vct(board, check)
                found = None if attack is None else (attack[1], (attack[0],))
        except OutOfBudget:
            found = (0, ())
        budget.nodes += check.nodes
        if found == (0, ()) and budget.exhausted:
            raise OutOfBudget
        return found

    def _iterate(self, depth: int, ranked: _Ranking) -> _Ranking:
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
        ranked = sorted(self.progress, key=_score, reverse=True)
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
                score = stored - ply if stored > _PROVEN else stored + ply if stored < -_PROVEN else stored
                if (kind == _EXACT or (kind == _LOWER and score >= beta)
                        or (kind == _UPPER and score <= alpha)):
                    return score
        original_alpha = alpha
        best, best_move = -_INFINITY, -1
        for cell in self._replies(side, hint):
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
        stored = best + ply if best > _PROVEN else best - ply if best < -_PROVEN else best
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
        for cell in self._ordered(side, len(spoilers), -1, spoilers):
            board.play(cell)
            score = -self._negamax(0, -beta, -max(alpha, best), ply + 1)
            board.undo()
            if score > best:
                best = score
                if best >= beta:
                    break
        return best

    def _replies(self, side: int, hint: Cell) -> list[Cell]:
        """The moves worth searching for ``side`` in a position where nothing is forced yet.

        When the opponent could fork next move, only a move that spoils every fork or makes a
        threat of its own can help, and all of those are searched; otherwise the most promising few.
        """
        forks = self.board.fork_moves(side ^ 1)
        if not forks:
            return self._ordered(side, TREE_WIDTH, hint)
        useful = _spoilers(forks) | self.board.threat_moves(side).keys()
        return self._ordered(side, len(useful), hint, useful)

    def _ordered(self, side: int, width: int, first: Cell = -1,
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


def _score(entry: tuple[Cell, int]) -> int:
    return entry[1]


def _central(board: LineBoard, cells: list[Cell]) -> Cell:
    """The cell of ``cells`` nearest the centre of the board."""
    spec = board.spec
    middle_col, middle_row = (spec.width - 1) / 2, (spec.height - 1) / 2
    return min(cells, key=lambda cell: math.hypot(cell % spec.width - middle_col,
                                                  cell // spec.width - middle_row))
