"""Helpers for driving the app in tests: stoppable computers and solvers, waiting, reading the screen."""

from __future__ import annotations

import threading
from collections.abc import Callable

from textual.command import CommandList
from textual.pilot import Pilot

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.computer import PlayerFactory
from tictactoe_tui.app.screens.game import GameScreen
from tictactoe_tui.app.widgets.board import Board
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.engine import Cell, Player, Position, make_player
from tictactoe_tui.engine.search import MoveEvaluation, SearchResult, Solver, Value
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


class FirstCellPlayer:
    """A computer player that always takes the first empty cell (a1, b1, c1, ...): games replay exactly."""

    name = "first"

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        return position.legal_moves[0]


class HurriedPlayer:
    """A computer player that thinks until told to hurry, then answers with the best cell it "found"."""

    name = "hurried"

    def __init__(self, found: str) -> None:
        self.found = found
        self.started = threading.Event()
        self.hurried = threading.Event()

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        self.started.set()
        assert stop is not None, "the app must give the computer a way to stop"
        if stop.wait(STUCK):
            self.hurried.set()
        return position.spec.parse_cell(self.found)


class GatedSolver(Solver):
    """A solver that answers only once released (or stopped), recording what it was asked.

    Its analyses call every move a draw; its hints suggest ``hint`` (a cell name) or the first empty cell.
    """

    def __init__(self, *, memory_limit_mb: int = 0, hint: str | None = None) -> None:
        super().__init__(memory_limit_mb=memory_limit_mb)
        self.asked: list[tuple[Position, threading.Event | None]] = []
        self.release = threading.Event()
        self.hint = hint

    def _wait(self, position: Position, stop: threading.Event | None) -> None:
        self.asked.append((position, stop))
        assert stop is not None, "every search the app starts must be stoppable"
        while not (stop.is_set() or self.release.is_set()):
            stop.wait(0.01)

    def analyse(self, position: Position, *, time_limit: float | None = None,
                stop: threading.Event | None = None) -> tuple[MoveEvaluation, ...]:
        self._wait(position, stop)
        return tuple(MoveEvaluation(cell, Value.DRAW, 0, 0) for cell in position.legal_moves)

    def solve(self, position: Position, *, time_limit: float | None = None,
              stop: threading.Event | None = None) -> SearchResult:
        self._wait(position, stop)
        cell = position.spec.parse_cell(self.hint) if self.hint else position.legal_moves[0]
        return SearchResult(Value.UNKNOWN, None, (cell,), 0, 1, 0.0, 1)


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


def board(pilot: Pilot[None]) -> Board:
    """The board of the game screen."""
    return game(pilot).query_one(Board)


def status(pilot: Pilot[None]) -> str:
    """The status line's text."""
    return game(pilot).query_one(StatusLine).message


def notes(pilot: Pilot[None]) -> dict[str, str]:
    """The note in each cell that has one, by cell name."""
    shown = board(pilot)
    return {shown.position.cell_name(cell): widget.note.text
            for cell in range(shown.position.spec.cells)
            if (widget := shown.cell_widget(cell)).note is not None}


async def settled(pilot: Pilot[None]) -> None:
    """Wait until the computer, the analysis and any hint have finished."""
    await until(pilot, lambda: not game(pilot).searching)
    await pilot.pause()


def notifications(pilot: Pilot[None]) -> list[str]:
    """The text of every notification shown so far."""
    return [note.message for note in pilot.app._notifications]


async def run_command(pilot: Pilot[None], search: str) -> None:
    """Open the command palette, type ``search`` and run the best match once it is listed."""
    await pilot.press("ctrl+p", *search)

    def best_match_is(title: str) -> bool:
        results = pilot.app.screen.query(CommandList)
        if not results or results.first().highlighted is None:
            return False
        option = results.first().highlighted_option
        return option is not None and str(option.prompt).lower().startswith(title)

    await until(pilot, lambda: best_match_is(search))
    await pilot.press("enter")
    await pilot.pause()
