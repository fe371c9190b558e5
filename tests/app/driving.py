"""Helpers for driving the app in tests: stoppable computers and solvers, waiting, reading the screen.

The searches run in the engine's own process, so the players and solvers here
are built to cross into it: they are plain picklable objects, and whatever a
test watches (that a search started, that it was stopped) travels in
multiprocessing events and queues made for the ``spawn`` start method.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from textual import events
from textual.command import CommandList
from textual.pilot import Pilot

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.game import GameScreen
from tictactoe_tui.app.screens.new_game import NewGameScreen
from tictactoe_tui.app.widgets.board import Board
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.engine import Cell, Player, Position, make_player
from tictactoe_tui.engine.results import Progress
from tictactoe_tui.engine.solver import MoveEvaluation, SearchResult, Solver, Value
from tictactoe_tui.session.connection import Sitting
from tictactoe_tui.session.engine_process import PlayerFactory, SolverFactory
from tictactoe_tui.session.setup import GameSetup

STUCK = 60.0
"""How long a blocking player waits for its stop event before giving up (a failing test, not a hang)."""

SPAWN = multiprocessing.get_context("spawn")


class BlockingPlayer:
    """A computer player that thinks until the app stops it, then answers with the first empty cell."""

    name = "blocking"

    def __init__(self) -> None:
        self.started = SPAWN.Event()
        self.stopped = SPAWN.Event()
        self._calls = SPAWN.Value("i", 0)

    @property
    def calls(self) -> int:
        """How many moves it was asked for, in any process."""
        return int(self._calls.value)

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        with self._calls.get_lock():
            self._calls.value += 1
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
        self.started = SPAWN.Event()
        self.hurried = SPAWN.Event()

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        self.started.set()
        assert stop is not None, "the app must give the computer a way to stop"
        if stop.wait(STUCK):
            self.hurried.set()
        return position.spec.parse_cell(self.found)


@dataclass
class Ask:
    """One search a gated solver was asked for: the position, and whether it was stopped (None: running)."""

    position: Position
    stopped: bool | None = None


class GatedSolvers:
    """Makes solvers (in the engine's process) that answer only once released or stopped.

    Their analyses call every move a draw; their hints suggest ``hint`` (a cell name) or the first empty
    cell. ``asked`` lists every search they were asked for, in order, as seen from the test.
    """

    def __init__(self, hint: str | None = None) -> None:
        self.hint = hint
        self.release = SPAWN.Event()
        self._reports: multiprocessing.queues.Queue[tuple[int, Position | bool]] = SPAWN.Queue()
        self._count = SPAWN.Value("i", 0)
        self._asked: list[Ask] = []

    def __getstate__(self) -> dict[str, object]:
        return {key: value for key, value in self.__dict__.items() if key != "_asked"}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state, _asked=[])

    def __call__(self) -> Solver:
        return _GatedSolver(self)

    @property
    def asked(self) -> list[Ask]:
        while True:
            try:
                index, report = self._reports.get_nowait()
            except queue.Empty:
                return self._asked
            if isinstance(report, Position):
                self._asked.append(Ask(report))
            else:
                self._asked[index].stopped = report

    def _wait(self, position: Position, stop: threading.Event | None) -> None:
        with self._count.get_lock():
            index = self._count.value
            self._count.value += 1
        self._reports.put((index, position))
        assert stop is not None, "every search the app starts must be stoppable"
        while not (stop.is_set() or self.release.is_set()):
            stop.wait(0.01)
        self._reports.put((index, stop.is_set()))


class _GatedSolver(Solver):
    def __init__(self, gate: GatedSolvers) -> None:
        super().__init__(memory_limit_mb=1)
        self.gate = gate

    def analyse(self, position: Position, *, time_limit: float | None = None,
                stop: threading.Event | None = None) -> tuple[MoveEvaluation, ...]:
        self.gate._wait(position, stop)
        return tuple(MoveEvaluation(cell, Value.DRAW, 0, 0) for cell in position.legal_moves)

    def prove(self, position: Position, *, time_limit: float | None = None,
              stop: threading.Event | None = None,
              progress: Callable[[Progress], None] | None = None) -> SearchResult:
        """The review's proofs: the real ones, once released."""
        self.gate._wait(position, stop)
        return super().prove(position, time_limit=time_limit, stop=stop, progress=progress)

    def solve(self, position: Position, *, time_limit: float | None = None,
              stop: threading.Event | None = None, max_nodes: int | None = None) -> SearchResult:
        self.gate._wait(position, stop)
        hint = self.gate.hint
        cell = position.spec.parse_cell(hint) if hint else position.legal_moves[0]
        return SearchResult(Value.UNKNOWN, None, (cell,), 0, 1, 0.0, 1)


@dataclass(frozen=True)
class Seeded:
    """Engine players with fixed randomness, or the given player objects for some levels."""

    seed: int = 7
    overrides: dict[str, Player] = field(default_factory=dict)
    time_limit: float | None = None

    def __call__(self, name: str) -> Player:
        if name in self.overrides:
            return self.overrides[name]
        if self.time_limit is not None:
            return make_player(name, seed=self.seed, time_limit=self.time_limit)
        return make_player(name, seed=self.seed)


def seeded(seed: int = 7, **overrides: Player) -> Seeded:
    """Engine players with fixed randomness, or the given player objects for some levels."""
    return Seeded(seed, overrides)


def quick_app(setup: GameSetup | None = None, start: Position | None = None, *,
              players: PlayerFactory | None = None, solvers: SolverFactory | None = None,
              served: bool = False, online: Sitting | None = None) -> TicTacToeApp:
    """The app with no pause before computer moves, seeded players and a still spinner."""
    app = TicTacToeApp(setup, start, players=players or seeded(), solvers=solvers, pause=0.0, served=served,
                       online=online)
    app.animation_level = "none"
    return app


async def until(pilot: Pilot[None], condition: Callable[[], bool], rounds: int = 3000) -> None:
    """Let the app run until ``condition`` holds (worker threads answer in their own time)."""
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the app never reached the expected state")


def children() -> set[int]:
    """The processes this test's process started that are still running (not yet reaped ones included)."""
    found: set[int] = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        with contextlib.suppress(OSError):
            found.update(int(pid) for pid in (task / "children").read_text().split())
    return {pid for pid in found if _running(pid)}


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def form(pilot: Pilot[None]) -> NewGameScreen:
    """The new-game screen (the test fails if another screen is on top)."""
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen), f"expected the new-game screen, found {screen!r}"
    return screen


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


def screen_lines(pilot: Pilot[None]) -> list[str]:
    """The text the terminal shows now, one string a row, as the screen on top composes it."""
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


def cell_annotations(pilot: Pilot[None]) -> dict[str, str]:
    """The annotation in each cell that has one, by cell name."""
    shown = board(pilot)
    return {shown.position.cell_name(cell): widget.annotation.text
            for cell in range(shown.position.spec.cells)
            if (widget := shown.cell_widget(cell)).annotation is not None}


async def settled(pilot: Pilot[None]) -> None:
    """Wait until the computer, the analysis and any hint have finished."""
    await until(pilot, lambda: not game(pilot).busy)
    await pilot.pause()


CHARACTERS = {"enter": "\r", "space": " ", "escape": "\x1b", "tab": "\t", "backspace": "\x7f",
              "question_mark": "?", "full_stop": ".", "asterisk": "*", "minus": "-"}
"""The characters of the named keys given by ``keys_at_once``; a single character is its own."""


async def keys_at_once(pilot: Pilot[None], *keys: str, pauses: int = 5) -> None:
    """``keys`` given before any is handled, as keys held down, typed ahead or pasted come (``Pilot.press``
    waits for each key to be handled), then ``pauses`` rounds for what they started."""
    for key in keys:
        pilot.app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))
    for _ in range(pauses):
        await pilot.pause()


def notifications(pilot: Pilot[None]) -> list[str]:
    """The text of every notification shown so far."""
    return [note.message for note in pilot.app._notifications]


def count_bells(pilot: Pilot[None]) -> list[None]:
    """The bells rung from now on, one item each."""
    bells: list[None] = []
    pilot.app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
    return bells


def told(pilot: Pilot[None]) -> list[str]:
    """Every short note the player can read now: the toasts, and the status line (where a toast would
    cover the board, the note goes there instead)."""
    return [*notifications(pilot), status(pilot)]


async def confirm(pilot: Pilot[None]) -> None:
    """Answer yes to the question about leaving the game in progress."""
    from tictactoe_tui.app.screens.confirm import ConfirmScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
    await pilot.press("y")
    await pilot.pause()


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
