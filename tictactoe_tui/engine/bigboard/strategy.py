"""Good moves on boards too big to solve: forced matters first, then a deep, narrow search.

This plays the way Gomoku programs do. What decides games comes first because it is cheap to
see: a five on the spot, the block of the opponent's, an open four, a win by continuous fours
(VCF), then one by fours and open threes (VCT). Then the danger: if the opponent, given a free
move, would have such a win, only the moves after which it has none are worth searching. What
remains is iterative deepening by principal-variation search (``tree``) until the clock says stop,
and among the moves within a small margin of the best, a seeded random choice, so that games
against it differ (against a threat, only the move checked thoroughly is known to hold).

A ``Strategy`` lasts a whole game: its transposition table carries what one move's search learnt
into the next.
"""

from __future__ import annotations

import contextlib
import threading
import time
from dataclasses import dataclass

from ..budget import Budget, OutOfBudget
from ..rules.position import Position
from ..rules.spec import BoardSpec, Cell
from .checks import threat_after, threat_plies
from .patternboard import PatternBoard
from .scores import MATE
from .threatboard import ThreatBoard
from .threats import by_worth, vcf, vct
from .tree import PROVEN, Entry, Ranking, TreeSearch

VCF_SHARE = 0.1
"""The part of the budget spent looking for the side to move's own win by continuous fours."""

VCT_SHARE = 0.1
"""The part of the rest spent looking for its win by fours and open threes."""

DANGER_SHARE = 0.2
"""The part of the rest spent looking for the opponent's win by threats given a free move."""

DANGER_NODES = 20_000
"""Node budget of that look: a win by threats often takes ten thousand nodes or more to find."""

SCREEN_SHARE = 0.25
"""The part of the rest spent checking which root moves stop the opponent's threats."""

DEFENCE_NODES = 2_500
"""Least node budget of the quick check that one root move leaves the opponent no win by threats
(at least what the opponent's win given a free move took to find)."""

VERIFY_NODES = 15_000
"""Least node budget of the thorough check of a preferred move (and at least twice a quick check's):
after a wrong move the opponent's win often takes 7,000 to 10,000 nodes to find, though a few
hundred given a free move."""

ROOT_WIDTH = 16
"""How many of the best-looking moves the root searches when nothing is forced."""

VARIETY_MARGIN = 8
"""Moves within this of the best are all good enough to play: half an open two, far less than a threat."""

TABLE_ENTRIES = 1_500_000
"""The transposition table's size in entries by default (a few hundred megabytes at most)."""


@dataclass(frozen=True, slots=True)
class StrategyResult:
    """What the big-board search found for the side to move."""

    ranked: tuple[tuple[Cell, int], ...]
    """Candidate moves with their scores, best first (after the first, perhaps only upper bounds)."""
    depth: int
    """The deepest iteration of the main search that completed (0 when a forced move decided)."""
    nodes: int
    """Positions visited, threat searches included."""
    forced_win: int | None
    """Plies to a win that no defence can stop (a win on the spot or by continuous threats)."""
    choices: tuple[Cell, ...]
    """The moves within ``VARIETY_MARGIN`` of the best, best first (against a threat, the best alone)."""


class Strategy:
    """A big-board player's memory for one board size: the transposition table its searches share.

    Entries are keyed by the position (its marks, and so its side to move) and hold the depth they
    were searched to, so a later search of the game reuses one only where it asks no deeper.
    """

    def __init__(self, spec: BoardSpec, *, table_entries: int = TABLE_ENTRIES) -> None:
        self.spec = spec
        self.table: dict[int, Entry] = {}
        self.table_entries = table_entries

    def search(self, position: Position, *, deadline: float, stop: threading.Event | None = None,
               max_nodes: int | None = None) -> StrategyResult:
        """Rank the moves of ``position`` for the side to move, answering before ``deadline``.

        ``deadline`` is a ``time.perf_counter()`` value; the answer comes a little before it, or as
        soon as ``stop`` is set, or once ``max_nodes`` positions have been visited (which makes the
        answer independent of the machine's speed). There is always at least one legal move in it.
        """
        if position.spec != self.spec:
            raise ValueError(f"this strategy plays {self.spec}, not {position.spec}")
        position.require_a_move()
        return _Searcher(position, Budget(max_nodes, deadline, stop), self).run()


def search(position: Position, *, deadline: float, stop: threading.Event | None = None,
           max_nodes: int | None = None) -> StrategyResult:
    """``Strategy.search`` with a fresh table."""
    return Strategy(position.spec).search(position, deadline=deadline, stop=stop, max_nodes=max_nodes)


class _Searcher:
    """One search from the root: the board it works on, its budget, and its tree."""

    __slots__ = ("board", "threats", "budget", "tree", "side", "check_nodes")

    def __init__(self, position: Position, budget: Budget, strategy: Strategy) -> None:
        self.board = board = PatternBoard(position)
        self.threats = ThreatBoard(position)  # for the threat checks: no evaluation, so faster
        self.budget = budget
        self.tree = TreeSearch(board, budget, strategy.table, strategy.table_entries)
        self.side = board.side
        self.check_nodes = DEFENCE_NODES
        """Node budget of a quick check of one move, raised to what the danger check took."""

    def run(self) -> StrategyResult:
        """Settle forced matters, else rank the root moves by iterative deepening."""
        board, side = self.board, self.side
        other = side ^ 1
        if board.k == 1:
            cell = min(board.candidates(), key=board.spec.off_centre)
            return self._answer([(cell, MATE - 1)], 1)
        if board.fives[side]:
            return self._answer([(cell, MATE - 1) for cell in sorted(board.fives[side])], 1)
        blocks = board.fives[other]
        if blocks:
            score = -(MATE - 2) if len(blocks) > 1 else 0
            return self._answer([(cell, score) for cell in sorted(blocks)], None)
        if board.winning[side]:
            return self._answer([(cell, MATE - 3) for cell in by_worth(board, side, board.winning[side])], 3)
        if self.budget.exhausted:
            # Asked to stop, or out of time already: the best-looking move, unsearched.
            return self._answer([(self._root_moves()[0], 0)], None)
        glance = self._glance()
        if self.budget.exhausted:
            return self._answer(glance[:1], None)
        attack = self._attack()
        if attack is not None:
            cell, plies = attack
            return self._answer([(cell, MATE - plies)], plies)
        return self._deepen(glance)

    def _glance(self) -> Ranking:
        """The root moves ranked by a search of one ply, which costs a node a move and already sees
        a move that leaves the opponent a win next move; the moves it had no time for come last."""
        moves = self._root_moves()
        scored: Ranking = []
        with contextlib.suppress(OutOfBudget):
            self.tree.rank(moves, 1, VARIETY_MARGIN, scored)
        ranked = sorted(scored, key=lambda entry: -entry[1])
        low = ranked[-1][1] - 1 if ranked else 0
        return ranked + [(cell, low) for cell in moves[len(scored):]]

    def _share(self, fraction: float, max_nodes: int | None = None) -> Budget:
        """A part of what is left of the budget: ``fraction`` of its time and of its nodes."""
        budget = self.budget
        nodes = None if budget.max_nodes is None else int((budget.max_nodes - budget.nodes) * fraction)
        if max_nodes is not None:
            nodes = max_nodes if nodes is None else min(nodes, max_nodes)
        now = time.perf_counter()
        deadline = None if budget.deadline is None else now + (budget.deadline - now) * fraction
        return budget.part(nodes, deadline)

    def _spend(self, part: Budget) -> None:
        """Count a finished part's nodes in the whole search's budget."""
        self.budget.nodes += part.nodes

    def _attack(self) -> tuple[Cell, int] | None:
        """The side to move's own forced win by threats (first move, plies), in a share of the budget."""
        board = self.threats
        part = self._share(VCF_SHARE)
        try:
            line = vcf(board, part)
            if line is not None:
                return line[0], len(line)
        except OutOfBudget:
            pass
        finally:
            self._spend(part)
        if board.winning[self.side ^ 1]:
            return None  # an open three of the opponent's outruns any of ours
        part = self._share(VCT_SHARE)
        try:
            return vct(board, part, forks=True)
        except OutOfBudget:
            return None
        finally:
            self._spend(part)

    def _answer(self, ranked: Ranking, forced_win: int | None, depth: int = 0,
                vary: bool = True) -> StrategyResult:
        """The result; with ``vary`` false, the best move alone may be played (the one checked)."""
        best = ranked[0][1]
        if abs(best) > PROVEN or forced_win is not None or not vary:
            choices: tuple[Cell, ...] = (ranked[0][0],)
        else:
            choices = tuple(cell for cell, score in ranked if score >= best - VARIETY_MARGIN)
        return StrategyResult(tuple(ranked), depth, self.budget.nodes, forced_win, choices)

    def _deepen(self, glance: Ranking) -> StrategyResult:
        """Rank the root ``moves`` by iterative deepening, with a watch on the opponent's threats.

        Only when the opponent would have a win by threats given a free move do the root moves need
        checking against one (a mark never helps the opponent): a quick check of every move that
        could stop it first, then, after each iteration, a thorough one of the move it prefers.
        """
        board = self.board
        moves = [cell for cell, _ in glance]
        threat = self._danger()
        doomed: Ranking = []
        if threat is not None:
            # A move off every cell the opponent's threat search played leaves its win standing,
            # unless it is a four of our own (the forced block may change the board enough) or an
            # open three (against it, the opponent's threes come too late: only fours still force).
            plies, zone = threat
            zone |= board.fours[self.side] | board.threes[self.side]
            relevant = [cell for cell in by_worth(board, self.side, zone) if not board.filled[cell]]
            safe, refuted = self._screen(relevant or moves)
            if safe:
                doomed = refuted + [(cell, -(MATE - 2 - plies)) for cell in moves if cell not in zone]
                moves = safe
            else:
                # Every move allows a win by threats: the game goes on as the search ranks the
                # moves, since the opponent has still to find its win.
                threat = None
        if len(moves) == 1:
            return self._answer([(moves[0], 0), *doomed], None)
        ranked, depth, refuted = self._iterate(moves, verify=threat is not None)
        doomed = sorted(refuted + doomed, key=lambda entry: -entry[1])
        if not ranked:
            # The thorough checks refuted every move the search liked: the one-ply ranking decides.
            ranked, doomed = [entry for entry in glance if entry[0] in moves], doomed
        return self._answer(ranked + doomed, None, depth, vary=threat is None)

    def _root_moves(self) -> list[Cell]:
        """The moves the root searches: every answer to a threat to win next move, else the best few."""
        board, tree = self.board, self.tree
        if board.winning[self.side ^ 1]:
            return tree.moves(self.side, 0)
        return tree.ordered(self.side, list(board.candidates()))[:ROOT_WIDTH]

    def _iterate(self, moves: list[Cell], *, verify: bool) -> tuple[Ranking, int, Ranking]:
        """The root moves ranked by the deepest iteration that finished (or that found a better move
        before the budget ran out), that iteration's depth, and the moves found to lose.

        With ``verify``, the move each iteration prefers is checked thoroughly for a win by threats
        it would leave the opponent (once per move); a move that fails leaves the ranking.
        """
        tree = self.tree
        ranked: Ranking = [(cell, 0) for cell in moves]
        refuted: Ranking = []
        checked: set[Cell] = set()
        depth = 0
        try:
            while depth < len(tree.killers) - 2:
                if verify:
                    ranked = self._verify(ranked, checked, refuted)
                    if len(ranked) < 2:
                        break
                scored: Ranking = []
                try:
                    tree.rank([cell for cell, _ in ranked], depth + 1, VARIETY_MARGIN, scored)
                except OutOfBudget:
                    # The move searched first is the last iteration's best: a later one that beat
                    # it at the new depth is better still. The others' scores are of the shallower
                    # depth: they come after it, and none counts as just as good.
                    if len(scored) > 1 and max(score for _, score in scored[1:]) > scored[0][1]:
                        better = max(scored[1:], key=lambda entry: entry[1])
                        below = better[1] - VARIETY_MARGIN - 1
                        ranked = [better] + [(cell, min(score, below)) for cell, score in ranked
                                             if cell != better[0]]
                        if verify:
                            ranked = self._verify(ranked, checked, refuted)
                    raise
                depth += 1
                ranked = sorted(scored, key=lambda entry: -entry[1])
                if abs(ranked[0][1]) > PROVEN:
                    break
            if verify:
                self._verify(ranked, checked, refuted)
        except OutOfBudget:
            pass
        return ranked, depth, refuted

    def _danger(self) -> tuple[int, set[Cell]] | None:
        """The plies of the opponent's win by threats if the side to move passed, with every cell its
        search played; None when it has none (then no move can give it one)."""
        board = self.threats
        board.pass_turn()
        check = self._share(DANGER_SHARE, DANGER_NODES)
        zone: set[Cell] = set()
        try:
            found = threat_plies(board, check, zone)
        finally:
            board.undo()
            self._spend(check)
        self.check_nodes = max(DEFENCE_NODES, check.nodes)
        return None if found is None else (found, zone)

    def _screen(self, moves: list[Cell]) -> tuple[list[Cell], Ranking]:
        """Split the root moves into those that survive a quick check for the opponent's win by
        threats and those that allow one (with losing scores).

        Moves left unchecked when the share runs out count as safe.
        """
        share = self._share(SCREEN_SHARE)
        safe: list[Cell] = []
        doomed: Ranking = []
        try:
            for index, cell in enumerate(moves):
                if share.exhausted:
                    safe.extend(moves[index:])
                    break
                found = threat_after(self.threats, cell, share, self.check_nodes)
                if found is None:
                    safe.append(cell)
                else:
                    doomed.append((cell, -(MATE - 2 - found)))
        finally:
            self._spend(share)
        return safe, doomed

    def _verify(self, ranked: Ranking, checked: set[Cell], refuted: Ranking) -> Ranking:
        """Check the preferred moves thoroughly, best first, until one survives (moves in ``checked``
        already have): the ranking without the moves that allow a win by threats, which go to
        ``refuted``, changing ``ranked`` in place. Raises ``OutOfBudget`` when the search's budget runs
        out."""
        while ranked and ranked[0][0] not in checked:
            cell = ranked[0][0]
            found = threat_after(self.threats, cell, self.budget, max(VERIFY_NODES, 2 * self.check_nodes))
            if self.budget.exhausted:
                # Out of time before knowing: a move already checked is the safer choice.
                safe = [entry for entry in ranked if entry[0] in checked]
                if safe and found is None:
                    ranked.remove(safe[0])
                    ranked.insert(0, safe[0])
                raise OutOfBudget
            checked.add(cell)
            if found is None:
                break
            refuted.append((cell, -(MATE - 2 - found)))
            del ranked[0]
        return ranked
