"""The compiled threat searches against the Python ones they stand in for: the same answers, the
same trees and zones, the same nodes counted, the same memo's effects, whatever the budget.

The prover takes whichever it is given (``Prover.search``), so a proof is only the same proof if
the two agree to the node; these tests hold them to that on positions like the proof's own.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tictactoe_tui.directories import HOME_ENV, cache_dir
from tictactoe_tui.engine.bigboard.patternboard import PatternBoard
from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.budget import Budget, OutOfBudget
from tictactoe_tui.engine.proof import compiled, pn_search
from tictactoe_tui.engine.proof.book import BOARD
from tictactoe_tui.engine.proof.compiled import CompiledSearches, CompileError, compiled_searches
from tictactoe_tui.engine.proof.prover import Prover
from tictactoe_tui.engine.proof.threat_tree import PythonSearches
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.spec import BoardSpec

BUDGETS = (40, 400, 4_000, 40_000)
"""Node budgets: the searches below often run out of the smaller ones, and must run out at the same
node; the largest settles most of them."""


def searches(spec: BoardSpec = BOARD) -> CompiledSearches:
    found = compiled_searches(spec)
    assert found is not None, "the compiled searches need a C compiler (cc, gcc or clang)"
    return found


def near_centre_games(count: int, seed: str, spec: BoardSpec = BOARD) -> list[Position]:
    """Games of 4 to 24 random moves within four cells of the centre, as the proof's positions are:
    crowded enough for threats of both sides, and not over."""
    rng = random.Random(seed)
    middle_col, middle_row = spec.coordinates(spec.centre)
    found: list[Position] = []
    while len(found) < count:
        position = Position.from_moves(spec, [spec.centre])
        for _ in range(rng.randint(3, 23)):
            near = [cell for cell in position.legal_moves
                    if max(abs(a - b) for a, b in zip(spec.coordinates(cell), (middle_col, middle_row),
                                                      strict=True)) <= 4]
            after = position.play(rng.choice(near))
            if after.is_over:
                break
            position = after
        found.append(position)
    return found


def outcome(search: Callable[..., Any], *arguments: Any, budget: Budget) -> tuple[Any, int]:
    """What ``search(*arguments, budget)`` answered ("out" when it ran out) and the nodes it counted."""
    try:
        answer = search(*arguments, budget)
    except OutOfBudget:
        answer = "out"
    return answer, budget.nodes


def test_a_win_by_threats_is_the_python_search_s_to_the_node() -> None:
    python, compiled = PythonSearches(), searches()
    wins = outs = 0
    for position in near_centre_games(120, "compiled wins"):
        board = ThreatBoard(position)
        for limit in BUDGETS:
            expected = outcome(python.win, board, budget=Budget(limit))
            assert outcome(compiled.win, board, budget=Budget(limit)) == expected, (position.record, limit)
            wins += expected[0] not in (None, "out")
            outs += expected[0] == "out"
    # Both memos were shared by every search above, and they agree on what they hold.
    assert wins > 50 and outs > 20
    assert compiled.remembered == len(python.memo[0].keys() | python.memo[1].keys())


def test_a_threat_tree_its_zone_and_its_bound_are_the_python_ones() -> None:
    python, compiled = PythonSearches(), searches()
    trees = 0
    for position in near_centre_games(80, "compiled trees"):
        board = ThreatBoard(position)
        if board.side == 1:  # O to move: the tree of X's threat as if O had passed, as the prover asks
            board.pass_turn()
        for limit in BUDGETS:
            python_zone: set[int] = set()
            compiled_zone: set[int] = set()
            expected = outcome(python.tree, board, python_zone, budget=Budget(limit))
            found = outcome(compiled.tree, board, compiled_zone, budget=Budget(limit))
            assert found == expected, (position.record, limit)
            # Grown by what a tree leans on, or left as it was by a search that failed.
            assert compiled_zone == python_zone
            trees += expected[0] not in (None, "out")
            assert python_zone or expected[0] in (None, "out")
    assert trees > 30


def test_the_replies_an_o_node_must_answer_are_the_python_ones() -> None:
    python, compiled = PythonSearches(), searches()
    forced = 0
    for position in near_centre_games(300, "compiled replies"):
        board = ThreatBoard(position)
        if board.side == 0:
            continue
        expected = python.forced(board)
        assert compiled.forced(board) == expected, position.record
        forced += expected is not None
    assert forced > 20


@pytest.mark.parametrize(("moves", "search"), [
    ("h8 a1 i9 f6", "depth"),
    ("h8 h7 i7 h9", "depth"),
    ("h8 h7 i7 j7", "pn"),
])
def test_a_unit_of_the_proof_is_proven_the_same_way_with_either(moves: str, search: str) -> None:
    # Whole proofs made of many thousand searches sharing one memo: the same tree, the same nodes,
    # or the same failure at the same node when the budget runs out first.
    position = Position.from_moves(BOARD, moves)
    for nodes in (100_000, 500_000):
        made = []
        for threats in (PythonSearches(), searches()):
            prover = Prover(Budget(nodes), search=threats)
            try:
                tree = (pn_search.prove(prover, ThreatBoard(position), 31) if search == "pn"
                        else prover.prove_x(ThreatBoard(position), 2, 31))
            except OutOfBudget:
                tree = "out"
            made.append((json.dumps(tree), prover.budget.nodes))
        assert made[0] == made[1]


def test_the_compiled_searches_run_out_exactly_at_their_budget_s_end() -> None:
    board = ThreatBoard(Position.from_moves(BOARD, "h8 h7 i7 j7 i8 g9"))
    whole = Budget()
    assert searches().win(board, whole) is not None and whole.nodes > 1_000
    # A budget that has spent some of its nodes already, and has fewer left than the search needs.
    budget = Budget(100 + whole.nodes // 2, nodes=100)
    with pytest.raises(OutOfBudget):
        searches().win(board, budget)
    assert budget.nodes == budget.max_nodes


@pytest.mark.parametrize("make", [
    lambda: (ThreatBoard(Position.from_moves(BOARD, "h8")), Budget(100, deadline=1e12)),
    lambda: (PatternBoard(Position.from_moves(BOARD, "h8")), Budget(100)),
    lambda: (ThreatBoard(Position.from_moves("9x9k5", "e5")), Budget(100)),
], ids=["deadline", "pattern board", "other size"])
def test_the_compiled_searches_refuse_what_they_would_answer_otherwise(make: Callable[[], Any]) -> None:
    # A deadline is play's, a pattern board orders moves by other scores, another size has other
    # keys: each would answer differently from the Python search, so none is taken.
    board, budget = make()
    with pytest.raises(ValueError):
        searches().win(board, budget)


def test_boards_they_do_not_handle_are_left_to_python() -> None:
    assert compiled_searches(BoardSpec.parse("15x15k4")) is None
    assert compiled_searches(BoardSpec.parse("19x19k5")) is None


@pytest.fixture
def fresh_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[pytest.MonkeyPatch]:
    """A build from nothing in an empty home, forgotten again afterwards by every later test."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    compiled._library.cache_clear()
    yield monkeypatch
    compiled._library.cache_clear()


def test_without_a_compiler_the_prover_keeps_to_python(fresh_build: pytest.MonkeyPatch) -> None:
    fresh_build.setattr(compiled, "_compiler", lambda: None)
    assert compiled_searches(BOARD) is None


def test_a_build_in_the_cache_directory_is_loaded_and_its_numbers_checked(
        fresh_build: pytest.MonkeyPatch, tmp_path: Path) -> None:
    board = ThreatBoard(Position.from_moves(BOARD, "h8 h7 i7 j7 i8 g9"))
    expected = PythonSearches().win(board, Budget())
    assert searches().win(board, Budget()) == expected
    assert [path.parent for path in tmp_path.rglob("compiled_threats-*.so")] == [cache_dir()]
    # Built again in another home, it is another copy of the tables, set up afresh before it answers.
    compiled._library.cache_clear()
    fresh_build.setenv(HOME_ENV, str(tmp_path / "other"))
    assert searches().win(board, Budget()) == expected
    # The same source numbering a pattern otherwise than the Python tables would read every table
    # wrongly: it is refused before any search runs.
    compiled._library.cache_clear()
    numbers = compiled._numbers()
    fresh_build.setattr(compiled, "_numbers", lambda: (*numbers[:-1], numbers[-1] + 1))
    with pytest.raises(CompileError, match="numbers the patterns otherwise"):
        compiled_searches(BOARD)


@pytest.mark.parametrize("failure", ["compiler", "cache"])
def test_a_build_that_fails_says_why(fresh_build: pytest.MonkeyPatch, tmp_path: Path,
                                     failure: str) -> None:
    if failure == "compiler":
        script = tmp_path / "broken-cc"
        script.write_text("#!/bin/sh\necho 'cc: no headers here' >&2\nexit 1\n")
        script.chmod(0o755)
        fresh_build.setattr(compiled, "_compiler", lambda: str(script))
        reason = "no headers here"
    else:
        (tmp_path / "cache").write_text("a file where the directory should be")
        reason = "cannot build or load"
    with pytest.raises(CompileError, match=reason):
        compiled_searches(BOARD)
