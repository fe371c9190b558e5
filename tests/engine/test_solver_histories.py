"""One solver through a long, mixed history answers every question as a fresh solver would.

The engine's process keeps one solver per game for the hints and the
analysis, fed positions of both sides and of every branch the players undo,
and a player keeps its own for the whole game. Here one solver gets a seeded
random mix of ``solve``, ``analyse`` and time-limited ``solve`` (a limit far
beyond need, so that the answer is the proof's, whatever the machine's speed)
of the positions of several games and their undo branches, with one process
and with workers, and each answer is compared with a cold solver's.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tictactoe_tui.engine.players import MediumPlayer
from tictactoe_tui.engine.proving import zones
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.solver import MoveEvaluation, SearchResult, Solver

GAMES = 10
"""Games a history draws its positions from."""
QUESTIONS = {"7x2k3": 150, "5x2k3": 150, "4x4k3": 80, "4x4k4": 80, "5x4k4": 30}
"""Questions a history asks, by board: fewer where a cold analysis takes long."""
DRAWN = ("4x4k4", "5x4k4")
"""Boards drawn from the start, whose positions the zone prover, and so the workers, take part in
proving (the wins of the others are proven by the search alone)."""
GENEROUS = 3600.0
"""Seconds of a time limit that never binds here: the small boards are solved within a second."""


def _games(board: str, rng: random.Random) -> list[list[Position]]:
    """``GAMES`` games, each with an undo branch or two: every position met, in order. Most moves are
    good ones (``medium``'s), so that games stay long and drawn positions, where the zone prover
    settles bounds on positions asked about later, come up; the rest are random."""
    games = []
    medium = MediumPlayer(rng)
    for _ in range(GAMES):
        position = Position.empty(board)
        met = [position]
        branches = rng.randint(1, 2)
        while not position.is_over:
            if branches and len(position.moves) >= 3 and rng.random() < 0.2:
                branches -= 1
                position = position.undo(rng.randint(1, 3))  # taken back: another line from there
                met.append(position)
                continue
            position = position.play(medium.choose(position) if rng.random() < 0.7
                                     else rng.choice(position.legal_moves))
            if not position.is_over:
                met.append(position)
        games.append(met)
    return games


def _history(board: str, seed: str, questions: int) -> Iterator[tuple[str, Position]]:
    """The questions: the games' positions interleaved, the next of a random game each time, each asked
    in a random way, and now and then a position met before asked again."""
    rng = random.Random(seed)
    games = [iter(game) for game in _games(board, rng)]
    asked: list[Position] = []
    while len(asked) < questions and games:
        game = rng.choice(games)
        position = next(game, None)
        if position is None:
            games.remove(game)
            continue
        if asked and rng.random() < 0.15:
            position = rng.choice(asked)
        asked.append(position)
        yield rng.choice(("solve", "analyse", "limited")), position


def _solved(result: SearchResult) -> tuple[object, ...]:
    plies = result.plies if result.plies_exact else None
    return result.value, plies, result.plies_exact, set(result.best_moves)


def _analysed(evaluations: tuple[MoveEvaluation, ...]) -> list[tuple[object, ...]]:
    return [(e.cell, e.value, e.plies if e.plies_exact else None, e.plies_exact) for e in evaluations]


@pytest.mark.slow
@pytest.mark.parametrize("processes", [1, 2])
@pytest.mark.parametrize("board", QUESTIONS)
def test_a_solver_with_a_history_answers_as_a_fresh_one(board: str, processes: int,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    if processes > 1:
        monkeypatch.setattr(zones, "SPLIT_AFTER", 0)  # the workers take every proof the zone prover makes
    solver = Solver(processes=processes)
    kinds = set()
    try:
        for kind, position in _history(board, f"history {board} {processes}", QUESTIONS[board]):
            kinds.add((kind, position.to_move))
            if kind == "analyse":
                expected = _analysed(Solver().analyse(position))
                assert _analysed(solver.analyse(position)) == expected, position.record
                continue
            limit = GENEROUS if kind == "limited" else None
            found = solver.solve(position, time_limit=limit)
            assert found.plies_exact, position.record
            assert _solved(found) == _solved(Solver().solve(position)), (kind, position.record)
        if board in DRAWN:
            lazy = solver._pool
            pool = lazy._pool if lazy is not None else None
            assert (pool is not None and bool(pool._workers)) is (processes > 1), "the workers took part"
    finally:
        solver.close()
    assert len(kinds) == 6, "every kind of question, about positions of both sides"
