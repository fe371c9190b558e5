"""Worker processes proving the replies at the root: the answers of one process, work they count,
a budget that stops them, and a worker lost along the way."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from positions import random_positions
from test_solver import StopAfter

from tictactoe_tui.engine.budget import Budget, OutOfBudget
from tictactoe_tui.engine.proving import zones
from tictactoe_tui.engine.proving.exact import ExactSearch
from tictactoe_tui.engine.proving.node import Node
from tictactoe_tui.engine.proving.parallel import ProverPool
from tictactoe_tui.engine.proving.tables import tables_for
from tictactoe_tui.engine.proving.transposition import TranspositionTable
from tictactoe_tui.engine.proving.zones import Pool, ZoneProver
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.spec import BoardSpec
from tictactoe_tui.engine.solver import Progress, Solver, Value

ENTRIES = 1 << 18


@pytest.fixture(autouse=True)
def split_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers take every proof that outlasts the prover's first look at its budget."""
    monkeypatch.setattr(zones, "SPLIT_AFTER", 0)


@pytest.fixture
def pool_of_two() -> Iterator[ZoneProver]:
    """A prover for 5x4k4 with a pool of two workers, ended after the test."""
    prover = _prover(BoardSpec.parse("5x4k4"), processes=2)
    yield prover
    assert prover.pool is not None
    prover.pool.close()


def _prover(spec: BoardSpec, processes: int = 0, pool: Pool | None = None) -> ZoneProver:
    """A prover for ``spec`` with ``pool``, or else a new pool of ``processes`` workers (0: none)."""
    if pool is None and processes:
        pool = ProverPool(spec, processes, ENTRIES)
    return ZoneProver(tables_for(spec), ENTRIES, pool=pool)


def _root(prover: ZoneProver, position: Position) -> Node:
    return prover.tables.node_at(position.x, position.o, position.to_move.index)


@pytest.mark.parametrize(("board", "count", "most"), [("5x4k4", 30, 3), ("6x5k4", 8, 2)])
def test_workers_prove_what_one_process_proves(board: str, count: int, most: int) -> None:
    spec = BoardSpec.parse(board)
    prover = _prover(spec, processes=2)
    exact = ExactSearch(spec, TranspositionTable(ENTRIES), zones=False)
    shared = 0
    answers = {True: 0, False: 0}
    try:
        for position in random_positions(board, count, f"parallel {board}", most=most):
            node = exact.root(position)
            budget, start = Budget(), prover.nodes
            found = prover.prove(node, budget)
            assert (found >= 0) is (exact.score(node, 0, 1, Budget()) <= 0), position
            if found < 0:  # a win: the move read from the tables wins, within the plies given
                move, plies = prover.winning_move(node) or (-1, 0)
                least = exact.tables.win - exact.marks(node) - plies
                after = exact.tables.child(node, move)
                assert exact.score(after, -least, 1 - least, Budget()) <= -least, position
            answers[found >= 0] += 1
            shared += budget.nodes > prover.nodes - start  # the workers' positions are counted too
    finally:
        assert prover.pool is not None
        prover.pool.close()
    assert shared >= count // 3, "the workers proved replies"
    assert answers[board == "5x4k4"] >= count // 4, "draws on 5x4k4, wins on 6x5k4"


def test_a_solver_with_workers_gives_the_same_proofs() -> None:
    for board in ("5x4k4", "4x4k3", "5x5k4"):
        alone, shared = Solver(), Solver(processes=2)
        try:
            for position in [Position.empty(board), *random_positions(board, 6, f"solver {board}", most=3)]:
                expected, found = alone.prove(position), shared.prove(position)
                assert (found.value, found.plies, set(found.best_moves)) == (
                    expected.value, expected.plies, set(expected.best_moves)), position
        finally:
            shared.close()


def test_a_spent_budget_stops_the_workers_and_they_serve_again() -> None:
    spec = BoardSpec.parse("9x4k4")
    prover = _prover(spec, processes=2)
    try:
        hard = _root(prover, Position.from_moves(spec, ["e2", "d2"]))  # minutes of work
        budget = Budget(max_nodes=30_000)
        with pytest.raises(OutOfBudget):
            prover.prove(hard, budget)
        assert budget.nodes >= 30_000, "stopped by the workers' positions, counted as they went"
        easy = _root(prover, Position.from_moves(spec, ["e2", "c4"]))
        assert prover.prove(easy, Budget()) < 0, "X wins, proven by the same workers"
    finally:
        assert prover.pool is not None
        prover.pool.close()


def test_a_worker_lost_leaves_the_proof_to_this_process(pool_of_two: ZoneProver) -> None:
    node = _root(pool_of_two, Position.empty("5x4k4"))
    assert pool_of_two.prove(node, Budget()) >= 0, "5x4k4 is a draw: X cannot win"
    pool = pool_of_two.pool
    assert isinstance(pool, ProverPool)
    killed = {worker.process.pid for worker in pool._workers}
    for worker in pool._workers:
        worker.process.kill()
        worker.process.join()
    spec = pool_of_two.tables.spec
    fresh = _prover(spec, pool=pool)  # empty tables: the proof needs the pool
    expected = _prover(spec).prove(node, Budget())
    assert (fresh.prove(node, Budget()) >= 0) is (expected >= 0)
    assert not killed & {worker.process.pid for worker in pool._workers}, "the dead ones are gone"


def test_progress_counts_every_position_as_it_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The proof's first part in one process, then the workers' positions: each report counts them
    all so far, not only the parts already finished (a display would stand still for their length)."""
    monkeypatch.setattr(zones, "SPLIT_AFTER", 10_000)
    reports: list[Progress] = []
    solver = Solver(processes=2)
    try:
        result = solver.prove(Position.empty("7x7k5"), stop=StopAfter(polls=500), progress=reports.append)
    finally:
        solver.close()
    assert result.value is Value.UNKNOWN
    proving = [report.nodes for report in reports if report.stage.endswith("can win at all")]
    assert proving == sorted(proving)
    in_this_process = [nodes for nodes in proving if nodes < proving[0] + 8_000]
    assert len(in_this_process) >= 50
    assert len(set(in_this_process)) == len(in_this_process), "the count grows while the first part runs"
    assert proving[-1] - proving[0] >= 20_000, "and on, with the workers' positions"
