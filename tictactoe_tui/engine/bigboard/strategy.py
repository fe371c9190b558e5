"""Good moves on boards too big to solve: threats first, then a shallow alpha-beta search.

Exact search is hopeless on 15x15 (and even on 7x7), so this plays the way Gomoku programs do.
Forced matters come first because they decide games and are cheap to see: a win on the spot, the
block of the opponent's, a win by continuous threats (``threats.vcf`` and ``threats.vct``). Then
the candidate moves are screened for the opposite danger, a forced win by threats they would
leave the opponent, which is often longer than any search below could see. What remains is an
iterative-deepening alpha-beta search over the moves near the marks already played (``tree``),
and a thorough check of the move it prefers.

Everything runs on ``lineboard.LineBoard``, whose line counts are kept current move by move.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from ..budget import Budget, OutOfBudget
from ..rules.bits import bit_cells
from ..rules.position import Position
from ..rules.spec import Cell
from .lineboard import LineBoard
from .scores import MATE
from .threats import vcf, vct
from .tree import ROOT_WIDTH, Ranking, TreeSearch, by_score, line_weights

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


class _Searcher:
    """One search from the root: the board it works on, its budget, and its tree."""

    __slots__ = ("board", "budget", "tree")

    def __init__(self, board: LineBoard, budget: Budget) -> None:
        self.board = board
        self.budget = budget
        self.tree = TreeSearch(board, budget)

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

    def _answer(self, ranked: Ranking, forced_win: int | None) -> StrategyResult:
        return StrategyResult(tuple(ranked), self.tree.completed, self.budget.nodes, forced_win)

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
            ranked = [(cell, 0) for cell in self.tree.replies(board.side, -1)]
        else:
            ranked = [(cell, 0) for cell in self.tree.ordered(board.side, ROOT_WIDTH)]
        doomed: Ranking = []
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
                doomed = sorted(refuted + doomed, key=by_score, reverse=True)
                if not ranked:
                    ranked, doomed = doomed, []
        except OutOfBudget:
            self.tree.unwind()
        return self._answer(ranked + doomed, None)

    def _rank(self, ranked: Ranking, share: float) -> Ranking:
        """The tree's ranking of the root moves within ``share`` of the budget."""
        whole = self.budget
        part = self._share(share) if share < 1 else whole
        try:
            return self.tree.rank(ranked, part)
        finally:
            self.tree.budget = whole
            if part is not whole:
                whole.nodes += part.nodes

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

    def _screen(self, ranked: Ranking) -> tuple[Ranking, Ranking]:
        """Split the root moves into those that survive a quick check and those that allow a forced
        win by threats (moves left unchecked, or not settled, count as surviving).

        When every move loses, the cells of the opponent's winning lines are tried as well, since
        a defence usually lies on them.
        """
        board = self.board
        screen = self._share(SCREEN_SHARE)
        survivors: Ranking = []
        doomed: Ranking = []
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
        doomed.sort(key=by_score, reverse=True)
        return survivors, doomed

    def _verify(self, ranked: Ranking) -> tuple[Ranking, Ranking]:
        """Check the preferred moves thoroughly, best first, until one survives.

        Returns the ranking without the moves found to allow a forced win by threats, and those.
        """
        refuted: Ranking = []
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



def _central(board: LineBoard, cells: list[Cell]) -> Cell:
    """The cell of ``cells`` nearest the centre of the board."""
    return min(cells, key=board.spec.off_centre)
