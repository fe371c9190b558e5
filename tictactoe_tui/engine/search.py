"""The perfect player's brain: exact values where they can be proven, the best guess elsewhere.

``solve`` answers "who wins this position, in how many moves, and with which
moves", and ``analyse`` answers it for every move. Both use the exact solver
(``exact``). With a time limit they split the budget:

* a position with few empty cells gets most of the budget for a complete solve;
* a bigger one gets a slice for iterative deepening on "is there a forced win
  (or loss) within d plies?" for d = 1, 2, 3, ... Every answer is exact, so
  short forced wins are proven even on a Gomoku board;
* when that proves nothing, the rest of the budget goes to the big-board
  heuristic search (``strategy``), whose best move comes back with the value
  UNKNOWN.

A ``Solver`` keeps its transposition table between calls, so a game that asks
it once per move re-proves nothing: after the first answer, the replies are
mostly in the table already.
"""

from __future__ import annotations

import enum
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .exact import Aborted, ExactSearch, Node
from .position import Position
from .scores import MATE
from .spec import BoardSpec, Cell

if TYPE_CHECKING:
    from .strategy import StrategyResult
from .transposition import DEFAULT_MEMORY_LIMIT_MB, TranspositionTable


class Value(enum.Enum):
    """The game-theoretic value of a position for the side to move."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What ``solve`` found for the side to move."""

    value: Value
    plies: int | None
    """Moves to the end of the game with best play from both sides, when the value is known."""
    best_moves: tuple[Cell, ...]
    """Solved: every move that keeps the value with the best distance (fastest win, slowest loss),
    the one the proof used first. Unsolved: the best move found."""
    score: int
    """``MATE - plies`` for a known win, its negation for a known loss, 0 for a draw, otherwise
    the heuristic strength of the position for the side to move (well inside ``±MATE``)."""
    nodes: int
    seconds: float
    depth: int
    """The deepest completed iteration; the number of empty cells when the position was solved."""


@dataclass(frozen=True, slots=True)
class MoveEvaluation:
    """What one move is worth to the player who would make it."""

    cell: Cell
    value: Value
    plies: int | None
    """Moves to the end after this one, with best play, when the value is known."""
    score: int
    """On the scale of ``SearchResult.score``, for the player making the move."""


FULL_SOLVE_EMPTIES = 25
"""Positions with at most this many empty cells get most of a time limit for a complete solve."""
FULL_SOLVE_SHARE = 0.7
"""The part of a time limit a complete solve may use; the heuristic search gets the rest."""
SHORT_WIN_SHARE = 0.2
"""The part of a time limit spent proving short forced wins when a complete solve is out of reach."""
ANSWER_MARGIN = 0.02
"""Seconds (at most a tenth of the time limit) kept back for putting the answer together."""


class Solver:
    """Solves positions, remembering what it proved between calls.

    The memory is one transposition table for the board size last asked about,
    capped at about ``memory_limit_mb`` megabytes; a position of another size
    starts it afresh. Calls from several threads take turns.
    """

    def __init__(self, *, memory_limit_mb: int = DEFAULT_MEMORY_LIMIT_MB) -> None:
        self._table = TranspositionTable.with_memory_limit(memory_limit_mb)
        self._engine: ExactSearch | None = None
        self._lock = threading.Lock()

    @property
    def table(self) -> TranspositionTable:
        """The transposition table, for looking at its size."""
        return self._table

    def _engine_for(self, spec: BoardSpec) -> ExactSearch:
        engine = self._engine
        if engine is None or engine.spec != spec:
            self._table.clear()
            engine = self._engine = ExactSearch(spec, self._table)
        return engine

    # solve

    def solve(self, position: Position, *, time_limit: float | None = None,
              stop: threading.Event | None = None) -> SearchResult:
        """The value of ``position`` for the side to move, its distance and the moves that keep it.

        ``time_limit`` (seconds) bounds the thinking; None solves to the end, however long that
        takes. Setting ``stop`` from another thread makes it answer at once with what it has.
        On a finished position the value is LOSS (the previous move won) or DRAW, in 0 plies.
        """
        with self._lock:
            return self._solve(position, time_limit, stop)

    def _solve(self, position: Position, time_limit: float | None,
               stop: threading.Event | None) -> SearchResult:
        start = time.perf_counter()
        if position.is_over:
            return SearchResult(Value.LOSS if position.winning_line else Value.DRAW, 0, (), 0, 0,
                                time.perf_counter() - start, 0)
        engine = self._engine_for(position.spec)
        node = engine.root(position)
        work = _Work(engine, node, start, engine.nodes, stop)
        if time_limit is None:
            return work.solved(work.solve_exactly(None)) or work.guess(position, None, 0)
        if engine.empty(node).bit_count() <= FULL_SOLVE_EMPTIES:
            depth = 0
            found = work.solve_exactly(start + time_limit * FULL_SOLVE_SHARE)
        else:
            depth, found = work.deepen(start + time_limit * SHORT_WIN_SHARE)
        answer = work.solved(found)
        if answer is not None:
            return answer
        return work.guess(position, start + time_limit - min(ANSWER_MARGIN, time_limit / 10), depth)

    # analyse

    def analyse(self, position: Position, *, time_limit: float | None = None,
                stop: threading.Event | None = None) -> tuple[MoveEvaluation, ...]:
        """Every legal move of ``position`` with its value for the player making it, in cell order.

        Moves proven in time get their exact value and distance; the others get UNKNOWN and the
        heuristic search's score (a move it did not rank scores below every move it did). With a
        time limit, only positions with few empty cells are solved move by move; on bigger boards
        only the moves that win at once, and those that let the opponent win at once, are known.
        """
        with self._lock:
            return self._analyse(position, time_limit, stop)

    def _analyse(self, position: Position, time_limit: float | None,
                 stop: threading.Event | None) -> tuple[MoveEvaluation, ...]:
        start = time.perf_counter()
        if position.is_over:
            return ()
        engine = self._engine_for(position.spec)
        node = engine.root(position)
        moves = _cells(engine.empty(node))
        small = len(moves) <= FULL_SOLVE_EMPTIES
        deadline = None if time_limit is None else start + time_limit * FULL_SOLVE_SHARE
        solving = small or time_limit is None
        evaluations: dict[Cell, MoveEvaluation] = {}
        for cell in moves:
            if not (solving or node.my_threats >> cell & 1):
                if node.opp_threats & ~(1 << cell):
                    # Neither winning nor blocking: the opponent completes a line next move.
                    evaluations[cell] = MoveEvaluation(cell, Value.LOSS, 1, _reported(Value.LOSS, 2))
                continue  # beyond that only a win on the spot is known without a search
            try:
                score = engine.move_score(node, cell, stop=stop, deadline=deadline)
            except Aborted:
                solving = False
                continue
            value, plies = _judge(engine, node, score)
            evaluations[cell] = MoveEvaluation(cell, value, plies - 1, _reported(value, plies))
        unknown = [cell for cell in moves if cell not in evaluations]
        ranked: dict[Cell, int] = {}
        if unknown and time_limit is not None and not (stop is not None and stop.is_set()):
            margin = min(ANSWER_MARGIN, time_limit / 10)
            ranked = dict(_heuristic(position, deadline=start + time_limit - margin, stop=stop).ranked)
        # Moves the heuristic search did not rank come below every move it did, in the order of
        # the live lines through them, so that they still read as better or worse than each other.
        floor = min(ranked.values(), default=0)
        live = node.my_live | node.opp_live
        reach = {cell: (engine.line_bits_at[cell] & live).bit_count() for cell in unknown}
        most = max(reach.values(), default=0)
        for cell in unknown:
            score = ranked[cell] if cell in ranked else floor - 1 - most + reach[cell]
            evaluations[cell] = MoveEvaluation(cell, Value.UNKNOWN, None, score)
        return tuple(evaluations[cell] for cell in moves)


class _Work:
    """One call's search: the root, the clock, the stop event and the node count to report."""

    def __init__(self, engine: ExactSearch, node: Node, start: float, nodes: int,
                 stop: threading.Event | None) -> None:
        self.engine = engine
        self.node = node
        self.start = start
        self.nodes = nodes
        self.stop = stop

    def solve_exactly(self, deadline: float | None) -> tuple[int, tuple[Cell, ...]] | None:
        """The exact score and every move achieving it, or None when stopped before the outcome was known.

        Stopped after the outcome but before the distance was pinned down, it answers with the
        win (or loss) found so far and the move that proved it: the value is right, and the
        distance is an upper bound.
        """
        try:
            score, move = self.engine.outcome(self.node, stop=self.stop, deadline=deadline)
        except Aborted:
            return None
        try:
            score, move = self.engine.sharpen(self.node, score, move, stop=self.stop, deadline=deadline)
        except Aborted:
            return score, (move,)
        return score, self.best_moves(score, move, deadline)

    def deepen(self, deadline: float) -> tuple[int, tuple[int, tuple[Cell, ...]] | None]:
        """Look for a forced win or loss within d plies, d = 1, 2, ...: (deepest d done, what was proven).

        A win can only come on the mover's plies (odd d) and a loss on the opponent's (even d),
        so each depth asks one null-window question; the first yes is exact, since the shorter
        ones said no. When every depth up to the end of the game says no, it is a draw.
        """
        engine, node = self.engine, self.node
        marks = engine.marks(node)
        empties = engine.empty(node).bit_count()
        done = 0
        try:
            for depth in range(1, empties + 1):
                end = engine.win - marks - depth  # the score of a win ending ``depth`` plies from here
                if depth % 2:
                    if engine.score(node, end - 1, end, stop=self.stop, deadline=deadline) >= end:
                        return depth, (end, self.best_moves(end, engine.proof_move(node), deadline))
                elif engine.score(node, -end, 1 - end, stop=self.stop, deadline=deadline) <= -end:
                    # Every move loses that fast; a search just above finds one that loses no faster.
                    engine.score(node, -end - 1, -end, stop=self.stop, deadline=deadline)
                    return depth, (-end, self.best_moves(-end, engine.proof_move(node), deadline))
                done = depth
            return done, self.solve_exactly(deadline)
        except Aborted:
            return done, None

    def best_moves(self, score: int, proven: Cell, deadline: float | None) -> tuple[Cell, ...]:
        """Every move scoring ``score``, ``proven`` (known to) first; if stopped, those checked so far."""
        best = [proven]
        try:
            for cell in _cells(self.engine.empty(self.node)):
                if cell != proven and self.engine.achieves(self.node, cell, score, stop=self.stop,
                                                           deadline=deadline):
                    best.append(cell)
        except Aborted:
            pass
        return tuple(best)

    def solved(self, found: tuple[int, tuple[Cell, ...]] | None) -> SearchResult | None:
        """The result for a proven score, or None when nothing was proven."""
        if found is None:
            return None
        score, best = found
        value, plies = _judge(self.engine, self.node, score)
        return SearchResult(value, plies, best, _reported(value, plies), self.engine.nodes - self.nodes,
                            time.perf_counter() - self.start, self.engine.empty(self.node).bit_count())

    def guess(self, position: Position, deadline: float | None, depth: int) -> SearchResult:
        """The best move without a proof: the heuristic search's, or a quick one when out of time."""
        nodes = self.engine.nodes - self.nodes
        stopped = self.stop is not None and self.stop.is_set()
        if deadline is not None and not stopped and time.perf_counter() < deadline:
            result = _heuristic(position, deadline=deadline, stop=self.stop)
            cell, score = result.ranked[0]
            depth = max(depth, result.depth)
            nodes += result.nodes
            if result.forced_win is not None:
                return SearchResult(Value.WIN, result.forced_win, (cell,), MATE - result.forced_win, nodes,
                                    time.perf_counter() - self.start, depth)
            return SearchResult(Value.UNKNOWN, None, (cell,), score, nodes, time.perf_counter() - self.start,
                                depth)
        return SearchResult(Value.UNKNOWN, None, (self.quick_move(),), 0, nodes,
                            time.perf_counter() - self.start, depth)

    def quick_move(self) -> Cell:
        """A sensible move at no cost: win, block, the table's move, else the cell on most live lines."""
        engine, node = self.engine, self.node
        for forced in (node.my_threats, node.opp_threats):
            if forced:
                return (forced & -forced).bit_length() - 1
        stored = engine.stored_move(node)
        if stored is not None:
            return stored
        live = node.my_live | node.opp_live
        return max(_cells(engine.empty(node)),
                   key=lambda cell: (engine.line_bits_at[cell] & live).bit_count())


def _judge(engine: ExactSearch, node: Node, score: int) -> tuple[Value, int]:
    """The value and the plies to the end that an exact score of (a move in) ``node`` stands for."""
    value = Value.WIN if score > 0 else Value.LOSS if score < 0 else Value.DRAW
    return value, engine.plies(node, score)


def _reported(value: Value, plies: int) -> int:
    """The score a known value is reported with: beyond any heuristic score, nearer wins higher."""
    if value is Value.WIN:
        return MATE - plies
    if value is Value.LOSS:
        return plies - MATE
    return 0


def _cells(board: int) -> list[Cell]:
    return [cell for cell in range(board.bit_length()) if board >> cell & 1]


def solve(position: Position, *, time_limit: float | None = None,
          stop: threading.Event | None = None) -> SearchResult:
    """``Solver().solve``: solve ``position`` with a fresh, cold table."""
    return Solver().solve(position, time_limit=time_limit, stop=stop)


def analyse(position: Position, *, time_limit: float | None = None,
            stop: threading.Event | None = None) -> tuple[MoveEvaluation, ...]:
    """``Solver().analyse``: evaluate every move of ``position`` with a fresh, cold table."""
    return Solver().analyse(position, time_limit=time_limit, stop=stop)


def _heuristic(position: Position, *, deadline: float, stop: threading.Event | None) -> StrategyResult:
    """The big-board search, loaded the first time a position needs it (small boards never do)."""
    from .strategy import search

    return search(position, deadline=deadline, stop=stop)
