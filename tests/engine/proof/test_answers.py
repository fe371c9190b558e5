"""The solver and ``tictactoe-tui solve`` answer from the shipped proof inside it, and only there.

The expected answers come from the file itself: X's move is the branch's first move and the bound is
what the independent checker computes for the branch, never what the solver printed before.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tictactoe_tui import cli
from tictactoe_tui.engine.proof import store
from tictactoe_tui.engine.proof.archive import open_archive, read_tree
from tictactoe_tui.engine.proof.book import shipped_win
from tictactoe_tui.engine.proof.checker import check_branch, stated_bounds
from tictactoe_tui.engine.results import Value
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.spec import BoardSpec
from tictactoe_tui.engine.solver import Solver

SPEC = BoardSpec.parse("15x15k5")
SEED = 1126
TIME_LIMIT = 0.2
"""For the searches outside the proof: only the kind of answer is asserted, never how far they got."""


@pytest.fixture(scope="module")
def branch() -> tuple[Position, Any, int]:
    """A branch of the file: its position (X to move), its tree and the checker's bound for it.

    The package reads its file once in a process; while the prover grows the file, a branch it added
    since then is not there yet, so the branch is drawn from those the package knows."""
    opened, header = open_archive(store.SHIPPED)
    with opened:
        branches = sorted(header["branches"], key=lambda branch: branch["moves"])
        random.Random(SEED).shuffle(branches)
        for branch in branches:
            position = Position.from_moves(SPEC, branch["moves"])
            if shipped_win(position) is not None:
                tree = read_tree(opened, branch)
                _, plies = check_branch(SPEC, branch["moves"], tree, stated_bounds(header["branches"]))
                return position, tree, plies
    raise AssertionError("no branch of the shipped proof is found by the package")


def names(position: Position) -> str:
    return " ".join(position.cell_name(cell) for cell in position.moves)


def test_solve_on_x_turn_answers_from_the_proof(branch: tuple[Position, Any, int]) -> None:
    position, tree, plies = branch
    result = Solver().solve(position)
    assert result.value is Value.WIN
    assert result.from_proof and not result.plies_exact
    assert result.best_moves == (tree[0],)
    assert result.plies == plies
    assert result.nodes == 0


def test_on_o_turn_prove_and_analyse_answer_from_the_proof(branch: tuple[Position, Any, int]) -> None:
    position, tree, plies = branch
    after = position.play(tree[0])
    solver = Solver()
    result = solver.prove(after)
    # X's node [m, o] is one ply more than its O node.
    assert (result.value, result.plies, result.from_proof) == (Value.LOSS, plies - 1, True)
    assert set(result.best_moves) == set(after.legal_moves)
    evaluations = solver.analyse(after)
    assert [evaluation.cell for evaluation in evaluations] == list(after.legal_moves)
    for evaluation in evaluations:
        assert (evaluation.value, evaluation.plies, evaluation.plies_exact) == (Value.LOSS, plies - 2, False)


def test_solve_on_o_turn_says_the_proof_and_lets_the_search_pick_the_move(
        branch: tuple[Position, Any, int]) -> None:
    position, tree, plies = branch
    after = position.play(tree[0])
    result = Solver().solve(after, time_limit=TIME_LIMIT)
    assert result.value is Value.LOSS
    assert result.best_moves and set(result.best_moves) < set(after.legal_moves)
    if result.from_proof:
        assert (result.plies, result.plies_exact) == (plies - 1, False)
    else:  # the search proved the loss on its own, then its distance is no longer than the proof's
        assert result.plies is not None and result.plies <= plies - 1


@pytest.mark.parametrize(("board", "moves"), [
    ("15x15k5", "a1 h8"),  # X opens in a corner: every branch starts with X in the centre
    ("15x15k4", "h8 a1"),  # another game
])
def test_positions_outside_the_proof_are_searched(board: str, moves: str) -> None:
    position = Position.from_moves(board, moves)
    assert shipped_win(position) is None
    solver = Solver()
    assert not solver.solve(position, time_limit=TIME_LIMIT).from_proof
    assert not solver.prove(position, time_limit=TIME_LIMIT).from_proof


def test_the_command_names_the_proof_as_its_source(branch: tuple[Position, Any, int],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    position, tree, plies = branch
    assert cli.main(["solve", "15x15k5", "--moves", names(position)]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert f"value:      win in at most {plies} more moves" in lines
    assert f"best moves: {position.cell_name(tree[0])}" in lines
    assert any(line.startswith("source:") and "proof" in line for line in lines)
    assert "may take hours" not in err
    assert cli.main(["solve", "15x15k5", "--moves", names(position), "--json"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["from_proof"] is True
    assert (report["value"], report["plies"], report["plies_exact"]) == ("win", plies, False)
    assert report["best_moves"] == [position.cell_name(tree[0])]
    assert "may take hours" not in err


def test_the_command_on_o_turn_and_outside_the_proof(branch: tuple[Position, Any, int],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    position, tree, plies = branch
    after = position.play(tree[0])
    assert cli.main(["solve", "15x15k5", "--moves", names(after)]) == 0
    out, err = capsys.readouterr()
    assert f"value:      loss in at most {plies - 1} more moves" in out.splitlines()
    assert "source:" in out and "may take hours" not in err
    assert cli.main(["solve", "15x15k5", "--moves", "a1 h8", "--time-limit", str(TIME_LIMIT), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["from_proof"] is False
    assert cli.main(["solve", "15x15k5", "--moves", "a1 h8", "--time-limit", str(TIME_LIMIT)]) == 0
    assert "source:" not in capsys.readouterr().out


def test_the_proof_stops_answering_once_x_has_left_it() -> None:
    # After a reply the proof lets lose at once, X owes the finishing moves the rules give. An X
    # that plays elsewhere while O builds four in a row on the first row has left the proof: the
    # proof must not call the position won (O makes five at e1 next).
    start = Position.from_moves(SPEC, "h8 a1 i9 b1")
    found = shipped_win(start)
    assert found is not None and found.move is not None
    after = start.play(found.move)
    corners = (SPEC.parse_cell(name) for name in ("o15", "o1", "a15"))
    far = next(cell for cell in corners if after.is_legal(cell))
    followed = shipped_win(after.play(far))
    assert followed is not None, "any O reply is answered inside the proof"
    left = after.play(far).play("o14").play("c1").play("o12").play("d1")
    assert SPEC.parse_cell("e1") in left.legal_moves
    assert shipped_win(left) is None
    assert not Solver().solve(left, time_limit=TIME_LIMIT).from_proof
