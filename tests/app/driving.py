"""Helpers for driving the app in tests: a computer that thinks until stopped, seeded players, waiting."""

from __future__ import annotations

import threading
from collections.abc import Callable

from textual.pilot import Pilot

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.computer import PlayerFactory
from tictactoe_tui.app.screens.game import GameScreen
from tictactoe_tui.engine import Cell, Player, Position, make_player
from tictactoe_tui.setup import GameSetup

STUCK = 60.0
"""How long a blocking player waits for its stop event before giving up (a failing test, not a hang)."""


class BlockingPlayer:
    """A computer player that thinks until the app stops it, then answers with the first empty cell."""

    name = "blocking"

    def __init__(self) -> None:
        self.started = threading.Event()
        self.stopped = threading.Event()
        self.calls = 0

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        self.calls += 1
        self.started.set()
        assert stop is not None, "the app must give the computer a way to stop"
        if stop.wait(STUCK):
            self.stopped.set()
        return position.legal_moves[0]


def seeded(seed: int = 7, **overrides: Player) -> PlayerFactory:
    """Engine players with fixed randomness, or the given player objects for some levels."""

    def make(name: str) -> Player:
        return overrides[name] if name in overrides else make_player(name, seed=seed)

    return make


def quick_app(setup: GameSetup | None = None, start: Position | None = None, *,
              players: PlayerFactory | None = None) -> TicTacToeApp:
    """The app with no pause before computer moves, seeded players and a still spinner."""
    app = TicTacToeApp(setup, start, players=players or seeded(), pause=0.0)
    app.animation_level = "none"
    return app


async def until(pilot: Pilot[None], condition: Callable[[], bool], rounds: int = 3000) -> None:
    """Let the app run until ``condition`` holds (worker threads answer in their own time)."""
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the app never reached the expected state")


def game(pilot: Pilot[None]) -> GameScreen:
    """The game screen (the test fails if another screen is on top)."""
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen), f"expected the game screen, found {screen!r}"
    return screen
