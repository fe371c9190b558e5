"""The perfect player's brain: exact values where they can be proven, the best guess elsewhere.

``solve`` answers "who wins this position, in how many moves, and with which
moves", and ``analyse`` answers it for every move. The proofs come from the
exact solver (``exact``); this module divides the time and puts the answers
together. With a time limit, ``solve`` splits it as a player under a clock
must:

* a position with few empty cells gets most of the budget for a complete solve;
* a bigger one gets a slice for proving short forced wins or losses, shortest
  first, so that they are found even on a Gomoku board;
* when that proves nothing, the rest of the budget goes to the big-board
  heuristic search (``strategy``), whose best move comes back with the value
  UNKNOWN.

``prove`` spends the whole budget on the proof instead, for a person who asked
for one and will wait for it, and can report its progress as it goes.

On free-style Gomoku (15x15, k=5) the proof that ships with the package
(``proof``) answers first wherever it covers the position: X's move at once,
and the bound on X's win. Before the game reaches it, X is steered towards it.

A ``Solver`` keeps its transposition table between calls, so a game that asks
it once per move re-proves nothing: after the first answer, the replies are
mostly in the table already.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from .bigboard.scores import known_score
from .budget import Budget, OutOfBudget
from .proving.exact import ExactSearch
from .proving.node import Node, Proof
from .proving.transposition import DEFAULT_MEMORY_LIMIT_MB, TranspositionTable
from .proving.zones import TABLE_SHARE, ZoneProver
from .results import MoveEvaluation, Progress, SearchResult, Value
from .rules.bits import bit_cells
from .rules.position import Position
from .rules.spec import BoardSpec, Cell

if TYPE_CHECKING:
    from .bigboard.strategy import Strategy, StrategyResult
    from .proving.parallel import ProverPool


__all__ = ["MoveEvaluation", "Progress", "SearchResult", "Solver", "Value", "analyse", "solve"]


FULL_SOLVE_EMPTIES = 25
"""Positions with at most this many empty cells get most of a time limit for a complete solve."""
FULL_SOLVE_SHARE = 0.7
"""The part of a time limit a complete solve may use; the heuristic search gets the rest."""
SHORT_WIN_SHARE = 0.2
"""The part of a time limit spent proving short forced wins when a complete solve is out of reach."""
SHORT_FIRST_SHARE = 0.1
"""The part of a proof's time limit spent first on short forced wins, shortest first, so that a proof
cut short still says how far it got; the rest goes to the direct proof, which is the faster one."""
BIG_BOARD_CELLS = 100
"""Boards of at least this many cells give the short proofs only ``BIG_BOARD_SHORT_WIN_SHARE``."""
BIG_BOARD_SHORT_WIN_SHARE = 0.05
"""The part of a time limit spent proving short forced wins on a big board."""
HEURISTIC_SHARE = 4
"""The big-board search's table gets this fraction (one in so many) of the memory limit."""
HEURISTIC_ENTRY_BYTES = 200
"""About what one entry of the big-board search's table takes, dictionary slot included."""
ANSWER_MARGIN = 0.02
"""Seconds (at most a tenth of the time limit) kept back for putting the answer together."""


class Solver:
    """Solves positions, remembering what it proved between calls.

    The memory is one transposition table for the board size last asked about,
    capped at about ``memory_limit_mb`` megabytes; a position of another size
    starts it afresh. Calls from several threads take turns. With ``processes``
    above 1, a proof that this process does not settle soon has its biggest part
    shared among that many worker processes (``parallel``), within the same
    memory limit; ``close`` ends them.
    """

    def __init__(self, *, memory_limit_mb: int = DEFAULT_MEMORY_LIMIT_MB, processes: int = 1) -> None:
        # The zone prover keeps two tables of a TABLE_SHARE-th of this table's entries each, of
        # about the same size, and so does each worker process: the table gets the part of the
        # limit that leaves room for them all.
        workers = processes if processes > 1 else 0
        self._table = TranspositionTable.with_memory_limit(
            memory_limit_mb, share=TABLE_SHARE / (TABLE_SHARE + 2 * (1 + workers)))
        self._workers = workers
        self._engine: ExactSearch | None = None
        self._pool: _LazyPool | None = None
        self._strategy: Strategy | None = None
        """The big-board search of the board size last asked about, with the table it keeps."""
        self._heuristic_entries = memory_limit_mb * 2**20 // HEURISTIC_SHARE // HEURISTIC_ENTRY_BYTES
        """The worker processes of the board size last asked about, when there are any."""
        self._lock = threading.Lock()

    @property
    def table(self) -> TranspositionTable:
        """The transposition table, for looking at its size."""
        return self._table

    def _guess(self, position: Position, deadline: float, stop: threading.Event | None, nodes: int,
               start: float, depth: int, max_nodes: int | None = None) -> SearchResult:
        """The heuristic search's best moves; a win it found by threats is known, but not as the fastest."""
        result = self._heuristic(position, deadline=deadline, stop=stop, max_nodes=max_nodes)
        cell, score = result.ranked[0]
        depth, nodes = max(depth, result.depth), nodes + result.nodes
        if result.forced_win is not None:
            return SearchResult(Value.WIN, result.forced_win, (cell,), known_score(1, result.forced_win),
                                nodes, time.perf_counter() - start, depth, plies_exact=False)
        return SearchResult(Value.UNKNOWN, None, result.choices, score, nodes, time.perf_counter() - start,
                            depth)

    def _heuristic(self, position: Position, *, deadline: float, stop: threading.Event | None,
                   max_nodes: int | None = None) -> StrategyResult:
        """The big-board search, with the table it keeps for the board size (loaded the first time a
        position needs it: small boards never do)."""
        if self._strategy is None or self._strategy.spec != position.spec:
            from .bigboard.strategy import Strategy

            self._strategy = Strategy(position.spec, table_entries=self._heuristic_entries)
        return self._strategy.search(position, deadline=deadline, stop=stop, max_nodes=max_nodes)

    def _engine_for(self, spec: BoardSpec) -> ExactSearch:
        engine = self._engine
        if engine is None or engine.spec != spec:
            self.close()
            self._table.clear()
            self._pool = self._pool_for(spec) if self._workers else None
            engine = self._engine = ExactSearch(spec, self._table, pool=self._pool)
        return engine

    def _pool_for(self, spec: BoardSpec) -> _LazyPool:
        """The workers for ``spec``'s board; they start when a proof first needs them."""
        return _LazyPool(spec, self._workers, self._table.capacity)

    def close(self) -> None:
        """End the worker processes, if any (a later proof starts them again)."""
        if self._pool is not None:
            self._pool.close()

    def solve(self, position: Position, *, time_limit: float | None = None,
              stop: threading.Event | None = None, max_nodes: int | None = None) -> SearchResult:
        """The value of ``position`` for the side to move, its distance and the moves that keep it.

        ``time_limit`` (seconds) bounds the thinking; None solves to the end, however long that
        takes. ``max_nodes`` bounds it too, in positions visited, shared out as the time is: the
        answer then depends on the position and on what the solver remembers, not on the machine's
        speed or load. Setting ``stop`` from another thread makes it answer at once with what it has.
        On a finished position the value is LOSS (the previous move won) or DRAW, in 0 plies.
        """
        with self._lock:
            return self._solve(position, time_limit, stop, max_nodes)

    def _solve(self, position: Position, time_limit: float | None,
               stop: threading.Event | None, max_nodes: int | None = None) -> SearchResult:
        start = time.perf_counter()
        if position.is_over:
            return _finished(position, start)
        shipped = _shipped(position, start)
        if shipped is not None and shipped.value is Value.WIN:
            return shipped
        if shipped is not None:
            # O's turn, lost by the proof: the search still picks the move, to make X find the win.
            searched = self._search(position, time_limit, stop, start, max_nodes)
            if searched.value is not Value.UNKNOWN:
                return searched  # the search's own proof: as true, and its distance may be exact
            return replace(shipped, best_moves=searched.best_moves, nodes=searched.nodes,
                           seconds=time.perf_counter() - start, depth=searched.depth)
        return self._search(position, time_limit, stop, start, max_nodes)

    def _search(self, position: Position, time_limit: float | None, stop: threading.Event | None,
                start: float, max_nodes: int | None) -> SearchResult:
        """What the engine finds on its own, where the proof has no move to give: short proofs
        first, then the exact search or, on a big board, the big-board search."""
        if _gomoku(position.spec):
            from .proof.book import shipped_opening

            opening = shipped_opening(position)  # X's move towards the proven part of the game
            if opening is not None:
                return SearchResult(Value.UNKNOWN, None, (opening,), 0, 0, time.perf_counter() - start, 0)
        engine = self._engine_for(position.spec)
        node = engine.root(position)
        if time_limit is None:
            budget = Budget(max_nodes, stop=stop)
            depth, proof = 0, engine.prove(node, budget)
        elif engine.empty(node).bit_count() <= FULL_SOLVE_EMPTIES:
            budget = Budget(_share(max_nodes, FULL_SOLVE_SHARE), start + time_limit * FULL_SOLVE_SHARE, stop)
            depth, proof = 0, engine.prove(node, budget)
        else:
            # On a big board the big-board search plays better with the time than a longer proof.
            big = position.spec.cells >= BIG_BOARD_CELLS
            share = BIG_BOARD_SHORT_WIN_SHARE if big else SHORT_WIN_SHARE
            budget = Budget(_share(max_nodes, share), start + time_limit * share, stop)
            depth, proof = engine.prove_short_first(node, budget)
        if proof is not None:
            return _proven(engine, node, proof, budget.nodes, start)
        deadline = None if time_limit is None else start + time_limit - min(ANSWER_MARGIN, time_limit / 10)
        out_of_time = budget.stopped or deadline is None or time.perf_counter() >= deadline
        if deadline is None or (out_of_time and position.spec.cells < BIG_BOARD_CELLS):
            return _unproven(engine.best_move(node), budget.nodes, start, depth)
        # Out of time or not, on a big board the big-board search answers: it settles a five, a
        # block or an open four before it searches anything.
        rest = None if max_nodes is None else max(1, max_nodes - budget.nodes)
        return self._guess(position, deadline, stop, budget.nodes, start, depth, rest)

    def prove(self, position: Position, *, time_limit: float | None = None,
              stop: threading.Event | None = None,
              progress: Callable[[Progress], None] | None = None) -> SearchResult:
        """``solve``, spending the whole ``time_limit`` on the proof, with no guess at the end.

        With a limit on a big board, a tenth of it first asks for short forced wins, shortest
        first; unproven, the value is then UNKNOWN and ``depth`` the deepest d for which no
        forced win within d plies exists. ``progress`` is called every few hundred nodes, from
        the solving thread, with what is settled so far.
        """
        with self._lock:
            start = time.perf_counter()
            if position.is_over:
                return _finished(position, start)
            shipped = _shipped(position, start)
            if shipped is not None:
                return shipped
            engine = self._engine_for(position.spec)
            node = engine.root(position)
            budget = Budget(deadline=None if time_limit is None else start + time_limit, stop=stop)
            if progress is not None:
                # The budget that looked last is the innermost part running: with the parts it is
                # within, it holds every node so far.
                engine.on_poll = lambda part: progress(Progress(part.total, time.perf_counter() - start,
                                                                engine.stage))
            try:
                depth, proof = 0, None
                if time_limit is not None and engine.empty(node).bit_count() > FULL_SOLVE_EMPTIES:
                    first = budget.part(deadline=start + time_limit * SHORT_FIRST_SHARE)
                    depth, proof = engine.prove_short_first(node, first)
                    budget.nodes += first.nodes
                if proof is None and not budget.exhausted:
                    proof = engine.prove(node, budget)
            finally:
                engine.on_poll = None
            if proof is not None:
                return _proven(engine, node, proof, budget.nodes, start)
            return _unproven(engine.best_move(node), budget.nodes, start, depth)

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
        shipped = _shipped(position, start)
        proven = 0 if shipped is None or shipped.plies is None else shipped.plies
        if shipped is not None and shipped.value is Value.LOSS:
            after, score = proven - 1, known_score(-1, proven)
            return tuple(MoveEvaluation(cell, Value.LOSS, after, score, plies_exact=False)
                         for cell in position.legal_moves)
        engine = self._engine_for(position.spec)
        node = engine.root(position)
        moves = bit_cells(engine.empty(node))
        small = len(moves) <= FULL_SOLVE_EMPTIES
        budget = Budget(deadline=None if time_limit is None else start + time_limit * FULL_SOLVE_SHARE,
                        stop=stop)
        solving = small or time_limit is None
        evaluations: dict[Cell, MoveEvaluation] = {}
        for cell in moves:
            if not (solving or node.my_threats >> cell & 1):
                if node.opp_threats & ~(1 << cell):
                    # Neither winning nor blocking: the opponent completes a line next move.
                    evaluations[cell] = MoveEvaluation(cell, Value.LOSS, 1, known_score(-1, 2))
                continue  # beyond that only a win on the spot is known without a search
            try:
                score, exact = engine.move_score(node, cell, budget)
            except OutOfBudget:
                solving = False
                continue
            solving = solving and exact
            value, plies = _judge(engine, node, score)
            evaluations[cell] = MoveEvaluation(cell, value, plies - 1, known_score(score, plies), exact)
        unknown = [cell for cell in moves if cell not in evaluations]
        ranked: dict[Cell, int] = {}
        if unknown and time_limit is not None and not budget.stopped:
            margin = min(ANSWER_MARGIN, time_limit / 10)
            ranked = dict(self._heuristic(position, deadline=start + time_limit - margin, stop=stop).ranked)
        # Moves the heuristic search did not rank come below every move it did, in the order of
        # the live lines through them, so that they still read as better or worse than each other.
        floor = min(ranked.values(), default=0)
        live = node.my_live | node.opp_live
        line_bits_at = engine.tables.line_bits_at
        reach = {cell: (line_bits_at[cell] & live).bit_count() for cell in unknown}
        most = max(reach.values(), default=0)
        for cell in unknown:
            score = ranked[cell] if cell in ranked else floor - 1 - most + reach[cell]
            evaluations[cell] = MoveEvaluation(cell, Value.UNKNOWN, None, score)
        if shipped is not None:
            (cell,) = shipped.best_moves
            evaluations[cell] = MoveEvaluation(cell, Value.WIN, proven - 1, known_score(1, proven),
                                               plies_exact=False)
        return tuple(evaluations[cell] for cell in moves)


def _shipped(position: Position, start: float) -> SearchResult | None:
    """X's win as the Gomoku proof in the package has it, when the position is inside it: X's move
    on X's turn, on O's turn a loss for every move."""
    if not _gomoku(position.spec):
        return None  # the proof file is read only for the board it is about
    from .proof.book import shipped_win

    win = shipped_win(position)
    if win is None:
        return None
    seconds = time.perf_counter() - start
    if win.move is None:
        return SearchResult(Value.LOSS, win.plies, position.legal_moves, known_score(-1, win.plies), 0,
                            seconds, 0, plies_exact=False, from_proof=True)
    return SearchResult(Value.WIN, win.plies, (win.move,), known_score(1, win.plies), 0, seconds, 0,
                        plies_exact=False, from_proof=True)


def _share(max_nodes: int | None, share: float) -> int | None:
    """The part ``share`` of a node limit, at least one node (None: no limit)."""
    return None if max_nodes is None else max(1, int(max_nodes * share))


def _gomoku(spec: BoardSpec) -> bool:
    """Whether ``spec`` is the board of the shipped proof, without loading it."""
    return (spec.width, spec.height, spec.k) == (15, 15, 5)


def _finished(position: Position, start: float) -> SearchResult:
    """The answer for a position where the game is over: lost to the last move, or drawn."""
    return SearchResult(Value.LOSS if position.winning_line else Value.DRAW, 0, (), 0, 0,
                        time.perf_counter() - start, 0)


def _proven(engine: ExactSearch, node: Node, proof: Proof, nodes: int, start: float) -> SearchResult:
    value, plies = _judge(engine, node, proof.score)
    return SearchResult(value, plies, proof.moves, known_score(proof.score, plies), nodes,
                        time.perf_counter() - start, engine.empty(node).bit_count(), plies_exact=proof.exact)


def _unproven(move: Cell, nodes: int, start: float, depth: int) -> SearchResult:
    return SearchResult(Value.UNKNOWN, None, (move,), 0, nodes, time.perf_counter() - start, depth)


def _judge(engine: ExactSearch, node: Node, score: int) -> tuple[Value, int]:
    """The value and the plies to the end that an exact score of (a move in) ``node`` stands for."""
    value = Value.WIN if score > 0 else Value.LOSS if score < 0 else Value.DRAW
    return value, engine.plies(node, score)


def solve(position: Position, *, time_limit: float | None = None,
          stop: threading.Event | None = None, max_nodes: int | None = None) -> SearchResult:
    """``Solver().solve``: solve ``position`` with a fresh, cold table."""
    return Solver().solve(position, time_limit=time_limit, stop=stop, max_nodes=max_nodes)


def analyse(position: Position, *, time_limit: float | None = None,
            stop: threading.Event | None = None) -> tuple[MoveEvaluation, ...]:
    """``Solver().analyse``: evaluate every move of ``position`` with a fresh, cold table."""
    return Solver().analyse(position, time_limit=time_limit, stop=stop)


class _LazyPool:
    """A ``ProverPool`` made when a proof first hands it replies: ``multiprocessing`` and the workers'
    modules take about 18 ms to import, which a solve that never needs them (most of them, and every
    ``solve`` of a small board from the command line) does not pay."""

    def __init__(self, spec: BoardSpec, workers: int, capacity: int) -> None:
        self._arguments = (spec, workers, capacity)
        self._pool: ProverPool | None = None

    def defend(self, prover: ZoneProver, side: int, budget: Budget, node: Node) -> int:
        if self._pool is None:
            from .proving.parallel import ProverPool

            self._pool = ProverPool(*self._arguments)
        return self._pool.defend(prover, side, budget, node)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
