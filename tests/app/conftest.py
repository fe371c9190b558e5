"""Fixtures for the app's tests."""

from __future__ import annotations

import pytest
from driving import BlockingPlayer, GatedSolver

from tictactoe_tui.app.screens import game as game_module


@pytest.fixture
def blocking() -> BlockingPlayer:
    """A computer player that thinks until the app tells it to stop."""
    return BlockingPlayer()


@pytest.fixture
def solvers(monkeypatch: pytest.MonkeyPatch) -> list[GatedSolver]:
    """Every solver the game screen makes from now on (one per game), each answering only when released."""
    made: list[GatedSolver] = []

    def make(*, memory_limit_mb: int) -> GatedSolver:
        made.append(GatedSolver(memory_limit_mb=memory_limit_mb))
        return made[-1]

    monkeypatch.setattr(game_module, "Solver", make)
    return made
