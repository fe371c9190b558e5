"""The solver against a plain minimax (``minimax``) on every Tic-Tac-Toe position, and the perfect player
in every game."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from minimax import VALUES, Minimax, preference, sides

from tictactoe_tui.engine.rules.position import Mark, Position, Status
from tictactoe_tui.engine.rules.spec import BoardSpec, Cell
from tictactoe_tui.engine.rules.symmetry import symmetries
from tictactoe_tui.engine.solver import Solver, Value


def _reachable(spec: BoardSpec) -> list[Position]:
    """Every position reachable from the empty board, each once."""
    found: dict[tuple[int, int], Position] = {}
    frontier = [Position.empty(spec)]
    while frontier:
        position = frontier.pop()
        if (position.x, position.o) in found:
            continue
        found[position.x, position.o] = position
        frontier.extend(position.play(cell) for cell in position.legal_moves)
    return list(found.values())


def test_every_tic_tac_toe_position_matches_minimax() -> None:
    spec = BoardSpec.parse("3x3k3")
    positions = _reachable(spec)
    assert len(positions) == 5478
    reference = Minimax(spec)
    solver = Solver()
    for position in positions:
        result = solver.solve(position)
        if position.is_over:
            assert result.value is (Value.LOSS if position.outcome.winner else Value.DRAW)
            assert (result.plies, result.best_moves) == (0, ())
            continue
        sign, plies = reference.of(position)
        assert (result.value, result.plies) == (VALUES[sign], plies), position.record
        assert set(result.best_moves) == reference.best_moves(position), position.record
        assert len(set(result.best_moves)) == len(result.best_moves)


def test_tic_tac_toe_is_a_draw_in_nine() -> None:
    result = Solver().solve(Position.empty("3x3k3"))
    assert (result.value, result.plies) == (Value.DRAW, 9)
    assert set(result.best_moves) == set(range(9))  # every first move keeps the draw


def test_analysis_matches_minimax_move_by_move() -> None:
    spec = BoardSpec.parse("3x3k3")
    reference = Minimax(spec)
    solver = Solver()
    for position in _reachable(spec)[::7]:
        if position.is_over:
            continue
        mine, theirs = sides(position)
        evaluations = solver.analyse(position)
        assert [e.cell for e in evaluations] == list(position.legal_moves)
        for evaluation in evaluations:
            sign, plies = reference.move(mine, theirs, evaluation.cell)
            assert (evaluation.value, evaluation.plies) == (VALUES[sign], plies - 1), position.record


def _play_every_line(solver: Solver, start: Position, perfect: Mark,
                     on_perfect_move: Callable[[Position, Cell], None], *, up_to_symmetry: bool = False,
                     ) -> dict[Status, int]:
    """Walk every game from ``start`` in which ``perfect`` plays the solver's first best move.

    Returns how the games ended. Positions met again are not explored again, under
    symmetry too when ``up_to_symmetry`` (the solver plays symmetric positions
    symmetrically well, which the other tests check).
    """
    group = symmetries(start.spec)
    seen: set[tuple[int, int]] = set()
    endings: dict[Status, int] = {}
    stack = [start]
    while stack:
        position = stack.pop()
        key = group.canonical(position.x, position.o) if up_to_symmetry else (position.x, position.o)
        if key in seen:
            continue
        seen.add(key)
        if position.is_over:
            endings[position.outcome.status] = endings.get(position.outcome.status, 0) + 1
        elif position.to_move is perfect:
            cell = solver.solve(position).best_moves[0]
            on_perfect_move(position, cell)
            stack.append(position.play(cell))
        else:
            stack.extend(position.play(cell) for cell in position.legal_moves)
    return endings


def _loss_for(mark: Mark) -> Status:
    return Status.O_WINS if mark is Mark.X else Status.X_WINS


def _checks_value_kept(reference: Minimax) -> Callable[[Position, Cell], None]:
    def check(position: Position, cell: Cell) -> None:
        mine, theirs = sides(position)
        assert preference(reference.move(mine, theirs, cell)) == preference(reference.of(position))

    return check


@pytest.mark.parametrize("perfect", [Mark.X, Mark.O])
def test_perfect_player_never_loses_at_tic_tac_toe(perfect: Mark) -> None:
    spec = BoardSpec.parse("3x3k3")
    endings = _play_every_line(Solver(), Position.empty(spec), perfect, _checks_value_kept(Minimax(spec)))
    assert _loss_for(perfect) not in endings
    assert sum(endings.values()) > 50


def test_perfect_player_wins_every_game_of_4x3k3_as_x() -> None:
    spec = BoardSpec.parse("4x3k3")
    endings = _play_every_line(Solver(), Position.empty(spec), Mark.X, _checks_value_kept(Minimax(spec)))
    assert set(endings) == {Status.X_WINS}


def test_perfect_player_keeps_every_chance_at_4x3k3_as_o() -> None:
    spec = BoardSpec.parse("4x3k3")
    reference = Minimax(spec)
    endings = _play_every_line(Solver(), Position.empty(spec), Mark.O, _checks_value_kept(reference))
    # X can force a win, but every slip by X that gives O a draw or a win is taken.
    assert {Status.O_WINS, Status.DRAW, Status.X_WINS} <= set(endings)


@pytest.mark.parametrize("perfect", [Mark.X, Mark.O])
def test_perfect_player_never_loses_at_4x4k4(perfect: Mark) -> None:
    endings = _play_every_line(Solver(), Position.empty("4x4k4"), perfect, lambda position, cell: None,
                               up_to_symmetry=True)
    assert _loss_for(perfect) not in endings
    assert Status.DRAW in endings
