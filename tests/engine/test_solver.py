"""The solver's answers: values, distances, best moves, limits, and the analysis of every move."""

from __future__ import annotations

import threading

import pytest
from positions import random_positions

from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.engine.bigboard.scores import MATE
from tictactoe_tui.engine.budget import Budget
from tictactoe_tui.engine.proving.exact import ExactSearch
from tictactoe_tui.engine.proving.transposition import BYTES_PER_ENTRY, TranspositionTable
from tictactoe_tui.engine.proving.zones import ZoneProver
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.solver import MoveEvaluation, Progress, SearchResult, Solver, Value, analyse, solve


class StopAfter(threading.Event):
    """A stop event that reports itself set from its ``polls``-th look on, as if set mid-search."""

    def __init__(self, polls: int) -> None:
        super().__init__()
        self.polls = polls
        self.looks = 0

    def is_set(self) -> bool:
        self.looks += 1
        return self.looks >= self.polls or super().is_set()


def _names(position: Position, cells: tuple[int, ...]) -> set[str]:
    return {position.cell_name(cell) for cell in cells}


@pytest.mark.parametrize(("board", "value", "plies"), [
    ("3x3k3", Value.DRAW, 9),
    ("4x3k3", Value.WIN, 7),
    ("3x4k3", Value.WIN, 7),
    ("4x4k3", Value.WIN, 5),
    ("4x4k4", Value.DRAW, 16),
    ("3x3k2", Value.WIN, 3),
    ("1x1k1", Value.WIN, 1),
])
def test_known_values_of_empty_boards(board: str, value: Value, plies: int) -> None:
    result = solve(Position.empty(board))
    assert (result.value, result.plies) == (value, plies)
    assert result.depth == Position.empty(board).spec.cells
    assert result.score == (MATE - plies if value is Value.WIN else 0)


@pytest.mark.slow
@pytest.mark.parametrize(("board", "value", "source"), [
    ("5x4k4", Value.DRAW, "Charatsidis 2017: four in a row on 4-high boards up to 8 wide is a draw"),
    ("5x5k4", Value.DRAW, "Uiterwijk and van den Herik 2000; Winning Ways"),
    ("6x5k4", Value.WIN, "Uiterwijk and van den Herik 2000: m,n,4 is a win from 6x5 on"),
    ("6x6k5", Value.DRAW, "Hsu et al. 2020: 8,8,5 is a draw, and so every smaller board with k=5"),
    ("7x4k4", Value.DRAW, "Charatsidis 2017: four in a row on 4-high boards up to 8 wide is a draw"),
])
def test_the_literature_values_of_boards_proven_in_seconds(board: str, value: Value, source: str) -> None:
    result = Solver().prove(Position.empty(board))
    assert result.value is value, source
    assert result.plies_exact


def test_a_draw_keeps_every_drawing_move() -> None:
    result = solve(Position.empty("4x4k4"))
    assert set(result.best_moves) == set(range(16))


def test_the_fastest_win_is_preferred() -> None:
    # X to move: a3 or c3 win in 3 plies, a2 or c2 only in 5, b2 draws.
    position = Position.from_moves("3x3k3", "a1 b1 b3 c1")
    result = solve(position)
    assert (result.value, result.plies) == (Value.WIN, 3)
    assert _names(position, result.best_moves) == {"a3", "c3"}


def test_the_slowest_loss_is_preferred() -> None:
    # O to move loses whatever it does; only a2 stops X winning on the very next move.
    position = Position.from_moves("3x3k3", "a3 c2 a1")
    result = solve(position)
    assert (result.value, result.plies) == (Value.LOSS, 4)
    assert _names(position, result.best_moves) == {"a2"}
    assert result.score == 4 - MATE


def test_an_immediate_win_is_taken() -> None:
    position = Position.from_moves("4x4k3", "a1 a4 b1 b4")
    result = solve(position)
    assert (result.value, result.plies) == (Value.WIN, 1)
    assert _names(position, result.best_moves) == {"c1"}


def test_two_threats_cannot_both_be_blocked() -> None:
    # X threatens b1 and a2 at once: O loses on the next move whatever it does.
    position = Position.from_moves("3x3k3", "a1 b2 c1 c3 a3")
    result = solve(position)
    assert (result.value, result.plies) == (Value.LOSS, 2)
    assert set(result.best_moves) == set(position.legal_moves)


@pytest.mark.parametrize(("moves", "value"), [
    ("a1 a2 b1 b2 c1", Value.LOSS),
    ("b2 a1 c3 a3 a2 c2 b3 b1 c1", Value.DRAW),
])
def test_finished_positions(moves: str, value: Value) -> None:
    position = Position.from_moves("3x3k3", moves)
    assert position.is_over
    result = Solver().solve(position)
    assert (result.value, result.plies, result.best_moves) == (value, 0, ())
    assert Solver().analyse(position) == ()


def test_a_warm_solver_answers_from_its_table() -> None:
    solver = Solver()
    position = Position.from_moves("5x4k4", "a1 e4")
    cold = solver.solve(position)
    warm = solver.solve(position)
    assert (warm.value, warm.plies, set(warm.best_moves)) == (cold.value, cold.plies, set(cold.best_moves))
    assert warm.nodes * 50 < cold.nodes
    reply = solver.solve(position.play(cold.best_moves[0]))
    assert cold.plies is not None
    assert (reply.value, reply.plies) == (cold.value, cold.plies - 1)


def test_a_solver_switches_board_sizes() -> None:
    solver = Solver()
    assert solver.solve(Position.empty("4x4k3")).value is Value.WIN
    assert solver.solve(Position.empty("3x3k3")).value is Value.DRAW
    assert solver.solve(Position.empty("4x4k3")).value is Value.WIN


def test_the_table_stays_within_its_memory_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    largest = 0
    original = TranspositionTable.store

    def store(table: TranspositionTable, key: int, entry: int) -> None:
        nonlocal largest
        original(table, key, entry)
        largest = max(largest, len(table))

    monkeypatch.setattr(TranspositionTable, "store", store)
    solver = Solver(memory_limit_mb=1)
    result = solver.solve(Position.from_moves("5x4k4", "a1 b1"))
    assert (result.value, result.plies) == (Value.DRAW, 18)
    assert 0 < largest <= solver.table.capacity
    assert result.nodes > solver.table.capacity  # the table did fill up, and forgot


@pytest.mark.slow
def test_the_zone_tables_and_the_table_share_the_memory_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    largest = cleared = 0
    original = ZoneProver._remember

    def remember(prover: ZoneProver, table: dict[int, int], keys: tuple[int, ...], zone: int) -> int:
        nonlocal largest, cleared
        before = len(table)
        found = original(prover, table, keys, zone)
        largest = max(largest, len(table))
        cleared += len(table) < before
        return found

    monkeypatch.setattr(ZoneProver, "_remember", remember)
    solver = Solver(memory_limit_mb=1)
    assert solver.solve(Position.empty("7x4k4")).value is Value.DRAW  # a draw: the zone prover works
    zones = solver._engine_for(Position.empty("7x4k4").spec).zones
    assert zones is not None and 0 < largest <= zones.capacity
    assert cleared  # its tables did fill up, and start afresh
    entries = solver.table.capacity + 2 * zones.capacity
    assert entries * BYTES_PER_ENTRY <= 2**20


def test_stop_set_before_the_call_answers_at_once() -> None:
    stop = threading.Event()
    stop.set()
    for board, limit in (("5x5k4", None), ("5x5k4", 10.0), ("15x15k5", 10.0)):
        position = Position.from_moves(board, "c3")
        result = Solver().solve(position, time_limit=limit, stop=stop)
        assert result.value is Value.UNKNOWN
        assert len(result.best_moves) == 1 and position.is_legal(result.best_moves[0])
        assert result.nodes == 0


def test_stop_set_during_the_search_answers_soon_after() -> None:
    stop = StopAfter(polls=5)
    position = Position.empty("5x5k4")  # takes over a million nodes to solve
    result = Solver().solve(position, stop=stop)
    assert result.value is Value.UNKNOWN
    assert position.is_legal(result.best_moves[0])
    assert 0 < result.nodes <= 5 * 1024  # the search looks at least every 1024 nodes


def test_a_stopped_search_still_blocks_a_threat() -> None:
    position = Position.from_moves("3x3k3", "a1 b2 b1")  # O must block at c1
    result = Solver().solve(position, stop=StopAfter(polls=1))
    assert result.value is Value.UNKNOWN
    assert _names(position, result.best_moves) == {"c1"}


def test_a_win_found_before_a_stop_is_kept() -> None:
    # The first search proves the win; the stop comes while looking for a faster one.
    position = Position.empty("4x4k3")
    result = Solver().solve(position, stop=StopAfter(polls=2))
    assert result.value is Value.WIN
    assert result.plies is not None and result.plies >= 5
    assert len(result.best_moves) == 1
    assert Solver().solve(position.play(result.best_moves[0])).value is Value.LOSS


def test_time_limited_solve_of_a_big_board_returns_a_legal_move() -> None:
    position = Position.from_moves("15x15k5", "h8 h9 i9")
    result = Solver().solve(position, time_limit=0.3)
    assert result.value in set(Value)
    assert position.is_legal(result.best_moves[0])
    assert result.value is Value.UNKNOWN or result.plies is not None


@pytest.mark.parametrize("board, moves", [("15x15k5", "h8 h9 i9 g7 j10"), ("5x5k4", "c3 b2")])
def test_a_node_limit_bounds_the_search_and_makes_it_repeatable(board: str, moves: str) -> None:
    # The time limit is far off: the nodes alone decide where the search stops, so two fresh solvers
    # answer alike, on a big board (the big-board search) and on a small one (the exact search).
    position = Position.from_moves(board, moves)
    first, second = (solve(position, time_limit=60, max_nodes=3_000) for _ in range(2))
    assert first.nodes <= 3_000 and first.value is Value.UNKNOWN
    assert (first.nodes, first.best_moves, first.score) == (second.nodes, second.best_moves, second.score)
    assert Solver().solve(position, time_limit=60, max_nodes=6_000).nodes > first.nodes


def test_short_forced_wins_are_proven_on_a_big_board() -> None:
    # X has an open three on row 8 and moves: an open four (g8 or k8) wins in 3 plies. No time
    # limit, so that the answer does not hang on how busy the machine is: the proof is short.
    position = Position.from_moves("15x15k5", "h8 a1 i8 a15 j8 o1")
    result = Solver().solve(position)
    assert (result.value, result.plies) == (Value.WIN, 3) and result.nodes <= 2_000
    assert _names(position, result.best_moves) == {"g8", "k8"}
    assert result.score == MATE - 3


def test_a_lost_big_board_is_seen_as_lost() -> None:
    # X has an open four: O to move cannot stop the five.
    position = Position.from_moves("15x15k5", "h8 a1 i8 a15 j8 o1 k8")
    result = Solver().solve(position, time_limit=60)
    assert (result.value, result.plies) == (Value.LOSS, 2)
    assert set(result.best_moves) == set(position.legal_moves)


def test_small_boards_are_solved_within_a_time_limit() -> None:
    position = Position.from_moves("4x4k4", "b2")
    result = Solver().solve(position, time_limit=60)
    assert (result.value, result.plies) == (Value.DRAW, 15)


def test_analysis_agrees_with_the_solution() -> None:
    solver = Solver()
    position = Position.from_moves("4x4k3", "b2 c3")
    result = solver.solve(position)
    evaluations = solver.analyse(position)
    assert result.plies is not None
    assert all(isinstance(e, MoveEvaluation) for e in evaluations)
    assert [e.cell for e in evaluations] == list(position.legal_moves)
    best = [e for e in evaluations if e.value is result.value and e.plies == result.plies - 1]
    assert {e.cell for e in best} == set(result.best_moves)
    assert max(e.score for e in evaluations) == result.score
    for evaluation in evaluations:
        after = solver.solve(position.play(evaluation.cell))
        flipped = {Value.WIN: Value.LOSS, Value.LOSS: Value.WIN, Value.DRAW: Value.DRAW}[after.value]
        assert (evaluation.value, evaluation.plies) == (flipped, after.plies)


def test_analysis_of_a_big_board_ranks_every_move() -> None:
    position = Position.from_moves("9x9k5", "e5 e4 d5 d4 c5 c4 b5")  # O to move, X threatens a5 and f5
    evaluations = analyse(position, time_limit=0.5)
    assert len(evaluations) == len(position.legal_moves)
    assert all(e.value is Value.UNKNOWN or e.plies is not None for e in evaluations)
    x_wins = Position.from_moves("9x9k5", "e5 e4 d5 d4 c5 c4 b5 a1")  # X to move wins at a5 or f5
    known = {e.cell: e for e in analyse(x_wins, time_limit=0.5) if e.value is Value.WIN}
    assert _names(x_wins, tuple(known)) == {"a5", "f5"}
    assert all(e.plies == 0 and e.score == MATE - 1 for e in known.values())


def test_analysis_of_a_big_board_marks_moves_that_lose_at_once() -> None:
    position = Position.from_moves("9x9k5", "e5 a5 d5 a9 c5 b9 b5")  # O to move; X threatens only f5
    evaluations = {e.cell: e for e in analyse(position, time_limit=0.5)}
    block = position.spec.parse_cell("f5")
    assert (evaluations[block].value, evaluations[block].plies) != (Value.LOSS, 1)
    others = [e for cell, e in evaluations.items() if cell != block]
    assert others and all((e.value, e.plies, e.score) == (Value.LOSS, 1, 2 - MATE) for e in others)


def test_module_functions_use_a_fresh_solver() -> None:
    position = Position.empty("3x3k3")
    first, second = solve(position), solve(position)
    assert isinstance(first, SearchResult)
    assert first.nodes == second.nodes > 0


@pytest.mark.slow
@pytest.mark.parametrize(("board", "count"), [("4x4k3", 1000), ("4x4k4", 1500), ("5x4k4", 700)])
def test_pairings_change_no_answer(board: str, count: int) -> None:
    """Thousands of positions, the solver with its pairing test against the solver without it."""
    for position in random_positions(board, count, board, least=4, most=BoardSpec.parse(board).cells - 4):
        with_pairs = ExactSearch(position.spec, TranspositionTable(10**6))
        without = ExactSearch(position.spec, TranspositionTable(10**6), pairing_budget=0)
        proofs = [search.prove(search.root(position), Budget()) for search in (with_pairs, without)]
        assert proofs[0] is not None and proofs[1] is not None
        assert proofs[0].score == proofs[1].score, position.record
        assert set(proofs[0].moves) == set(proofs[1].moves), position.record


@pytest.mark.parametrize("board", ["6x4k4", "5x5k4"])
def test_a_distance_is_either_proven_shortest_or_marked_as_an_upper_bound(board: str) -> None:
    bounds = 0
    for position in random_positions(board, 12, board, least=1, most=6):
        truth = Solver().solve(position)
        assert truth.plies_exact and truth.plies is not None
        for polls in range(1, 40, 3):
            stopped = Solver().solve(position, stop=StopAfter(polls))
            if stopped.value is Value.UNKNOWN:
                continue
            assert stopped.value is truth.value, position.record
            assert stopped.plies is not None
            if stopped.plies_exact:
                assert stopped.plies == truth.plies, (position.record, polls)
            else:
                assert stopped.plies >= truth.plies, (position.record, polls)
                bounds += stopped.plies > truth.plies
    assert bounds > 0  # some stops did come before the distance was pinned down


def test_an_analysis_cut_short_keeps_its_proven_values_with_distances_marked_as_bounds() -> None:
    bounds = 0
    for position in random_positions("6x4k4", 8, "analysis bounds", least=1, most=6):
        truth = {e.cell: e for e in Solver().analyse(position)}
        assert all(e.plies_exact for e in truth.values())
        for polls in range(2, 60, 4):
            for evaluation in Solver().analyse(position, stop=StopAfter(polls)):
                if evaluation.value is Value.UNKNOWN:
                    continue
                exact = truth[evaluation.cell]
                assert evaluation.value is exact.value, (position.record, evaluation)
                assert evaluation.plies is not None and exact.plies is not None
                if evaluation.plies_exact:
                    assert evaluation.plies == exact.plies
                else:
                    assert evaluation.plies >= exact.plies
                    bounds += 1
    assert bounds > 0


@pytest.mark.parametrize("board", ["3x3k3", "4x4k3", "4x4k4", "5x4k4"])
def test_prove_agrees_with_solve_on_small_boards(board: str) -> None:
    for position in [Position.empty(board), *random_positions(board, 4, board, least=1, most=6)]:
        proven, solved = Solver().prove(position), Solver().solve(position)
        assert (proven.value, proven.plies, proven.plies_exact) == (solved.value, solved.plies, True)
        assert set(proven.best_moves) == set(solved.best_moves)


def test_prove_never_falls_back_on_a_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_guessing(*args: object, **kwargs: object) -> None:
        raise AssertionError("prove must not call the heuristic search")

    monkeypatch.setattr("tictactoe_tui.engine.solver.Solver._heuristic", no_guessing)
    position = Position.from_moves("15x15k5", "h8 h9")
    result = Solver().prove(position, time_limit=3600, stop=StopAfter(polls=60))
    assert result.value is Value.UNKNOWN and result.plies is None
    assert position.is_legal(result.best_moves[0])
    assert result.depth >= 1  # no forced win within the plies it did settle
    assert result.nodes > 0


def test_prove_reports_its_progress_as_it_goes() -> None:
    reports: list[Progress] = []
    position = Position.empty("7x7k5")
    result = Solver().prove(position, time_limit=3600, stop=StopAfter(polls=200), progress=reports.append)
    assert result.value is Value.UNKNOWN
    assert len(reports) >= 150
    assert [report.nodes for report in reports] == sorted(report.nodes for report in reports)
    assert [report.seconds for report in reports] == sorted(report.seconds for report in reports)
    assert 0 < reports[-1].nodes <= result.nodes, "the short wins' positions count as they are searched"
    assert any(report.stage.startswith("no forced win for X within") for report in reports)


def test_without_a_limit_prove_goes_straight_for_the_outcome() -> None:
    reports: list[Progress] = []
    result = Solver().prove(Position.empty("7x7k5"), stop=StopAfter(polls=50), progress=reports.append)
    assert result.value is Value.UNKNOWN and result.depth == 0
    assert reports and all(report.stage == "proving the outcome" for report in reports)


def test_prove_with_a_win_reports_the_fastest_win_being_sought() -> None:
    reports: list[Progress] = []
    result = Solver().prove(Position.empty("4x4k3"), progress=reports.append)
    assert (result.value, result.plies, result.plies_exact) == (Value.WIN, 5, True)
    assert any("looking for a faster one" in report.stage for report in reports)
