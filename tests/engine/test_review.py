"""The review after a game: a move is a blunder exactly when minimax says it gave away a win or a draw."""

from __future__ import annotations

import random
import threading

import pytest
from minimax import Minimax, preference, sides

from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.engine.review import review_game
from tictactoe_tui.engine.solver import Solver, Value


def random_game(spec: BoardSpec, rng: random.Random) -> Position:
    position = Position.empty(spec)
    while not position.is_over:
        position = position.play(rng.choice(position.legal_moves))
    return position


@pytest.mark.parametrize("board", ["3x3k3", "4x3k3", "3x4k3", "5x2k2"])
def test_blunders_are_the_moves_that_lose_value_by_minimax(board: str) -> None:
    spec = BoardSpec.parse(board)
    reference = Minimax(spec)
    rng = random.Random(board)
    solver = Solver()
    for _ in range(25):
        game = random_game(spec, rng)
        verdicts = review_game(game, solver=solver, time_limit=None)
        assert [verdict.cell for verdict in verdicts] == list(game.moves)
        for ply, verdict in enumerate(verdicts):
            before = Position.from_moves(spec, game.moves[:ply])
            mine, theirs = sides(before)
            best_sign = reference.of(before)[0]
            played_sign = reference.move(mine, theirs, verdict.cell)[0]
            assert verdict.blunder == (played_sign < best_sign), (game.record, verdict)
            assert preference((played_sign, 0)) <= preference((best_sign, 0))


def test_a_review_warm_from_other_games_gives_the_cold_answers() -> None:
    spec = BoardSpec.parse("4x3k3")
    rng = random.Random(7)
    warm = Solver()
    games = [random_game(spec, rng) for _ in range(10)]
    for game in games:
        review_game(game, solver=warm, time_limit=None)
    for game in games:
        assert review_game(game, solver=warm, time_limit=None) == review_game(game, time_limit=None)


def test_positions_beyond_the_solver_give_no_verdict() -> None:
    game = Position.from_moves("15x15k5", "h8 h9 i9 g7")
    verdicts = review_game(game, time_limit=0.05)
    assert [verdict.move_name for verdict in verdicts] == ["h8", "h9", "i9", "g7"]
    assert all(verdict.before is Value.UNKNOWN and not verdict.blunder for verdict in verdicts)


def test_a_stopped_review_ends_with_unknowns_and_reports_what_it_did() -> None:
    game = Position.from_moves("3x3", "b2 b1 a1 c3 a3 c1 a2")
    stop = threading.Event()
    reported: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        reported.append((done, total))
        if done == 3:
            stop.set()

    verdicts = review_game(game, stop=stop, progress=progress)
    assert reported == [(1, 8), (2, 8), (3, 8)]
    # The last three positions were proven: the last two moves have both values, the rest none.
    assert [verdict.before is not Value.UNKNOWN for verdict in verdicts] == [False] * 5 + [True] * 2
    assert not any(verdict.blunder for verdict in verdicts[:5])
