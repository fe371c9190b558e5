"""The engine's own process: every search the app asks for runs here, never beside the interface.

A search in a thread of the interface's interpreter competes with the
interface for the GIL, so keys wait while the computer thinks. The app owns
one long-lived child process instead; what the engine learns in a game (the
players' and the analysis' transposition tables) stays in that process from
move to move. The child is started with ``spawn``, the start method that is
safe in a parent with threads, and it imports the engine only, never Textual.

The parent speaks to it through one pipe. A request is a ``Job``: its answer
arrives as a ``concurrent.futures.Future``, which the app can await. Stopping
a job is a message too: a reader thread in the child sets the job's stop
event while the search runs, so "move now" and "cancel" take effect at once.
If the child dies (killed, out of memory), every job under way fails with
``EngineStopped`` and the next job starts a fresh process; a search that
raises in the child fails its job with ``SearchFailed``. Both are
``EngineFailure``s, never ``ValueError``s. Quitting kills the child outright,
since nothing it could still say is wanted.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
import threading
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Union

from ..engine.errors import EngineFailure

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from ..engine import Cell, MoveEvaluation, MoveVerdict, Player, Position, SearchResult, Solver
    from .setup import Controller

PlayerFactory = Callable[[str], "Player"]
"""Makes the computer player of a level, by its name (such as ``perfect``); runs in the child."""
SolverFactory = Callable[[], "Solver"]
"""Makes the solver of one game's analyses and hints; runs in the child."""

ANALYSIS_MEMORY_MB = 128
"""The cap on the memory of the solver kept for each game's analyses and hints."""

Kind = Literal["move", "analyse", "hint", "review"]
Answer = Union["ComputerMove", "SearchResult", tuple["MoveEvaluation", ...], tuple["MoveVerdict", ...]]
"""A computer's move, a hint's result, an analysis' evaluation of every move, or a review's verdicts."""


class EngineStopped(EngineFailure):
    """The engine's process ended before it answered (it was killed, or ran out of memory)."""


class SearchFailed(EngineFailure):
    """The search itself raised an error in the engine's process (an external brain that failed, a
    player that raised); the message says which."""


def default_players(level: str) -> Player:
    """The engine's player of that level, with fresh randomness (the engine loads in its own process)."""
    from ..engine import make_player

    return make_player(level)


def default_solvers() -> Solver:
    """A solver for one game's analyses and hints, within a memory cap."""
    from ..engine import Solver

    return Solver(memory_limit_mb=ANALYSIS_MEMORY_MB)


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """The cell a computer player chose, with what the player said: its name and any messages (an
    external brain's)."""

    cell: Cell
    player: str
    messages: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Request:
    """What one job asks of the engine.

    ``game`` says whose memory to use: players and solvers are kept per game (and per controller
    and side for players) until the app forgets the game.
    """

    kind: Kind
    game: Hashable
    position: Position
    time_limit: float | None = None
    controller: Controller | None = None
    """For a move: who plays it (a level or a brain)."""


@dataclass(eq=False)
class Job:
    """One request on its way: compared by identity, so an answer is matched to the very job asked."""

    request: Request
    id: int
    answer: Future[Any] = field(default_factory=Future)
    stopped: bool = False
    """True once the app asked the engine to stop this job (for "move now" or because it is stale)."""


# The child's side


def _serve(connection: Connection, players: PlayerFactory, solvers: SolverFactory, brains: bool) -> None:
    """The child's main loop: run the jobs in the order asked, while a thread listens for stops."""
    import queue

    _silence()
    inbox: queue.SimpleQueue[tuple[Any, ...] | None] = queue.SimpleQueue()
    stops: dict[int, threading.Event] = {}
    finished = 0
    """The id of the last job answered: jobs run in the order of their ids."""
    lock = threading.Lock()

    def listen() -> None:
        try:
            while True:
                message = connection.recv()
                if message[0] != "stop":
                    inbox.put(message)
                    continue
                with lock:
                    if message[1] > finished:
                        stops.setdefault(message[1], threading.Event()).set()
        except (EOFError, OSError):
            pass
        inbox.put(None)  # The parent is gone: nothing more will be asked.

    threading.Thread(target=listen, name="engine-listener", daemon=True).start()
    state = _EngineState(players, solvers, brains)
    while (message := inbox.get()) is not None:
        if message[0] == "forget":
            state.forget(message[1])
            continue
        _, job_id, request = message
        with lock:
            stop = stops.setdefault(job_id, threading.Event())
        try:
            reply: tuple[str, int, object] = ("done", job_id, state.run(request, stop))
        except Exception as error:  # A failing search must not end the process.
            reply = ("failed", job_id, str(error) or type(error).__name__)
        with lock:
            stops.pop(job_id, None)
            finished = job_id
        try:
            connection.send(reply)
        except OSError:
            break
    os._exit(0)


def _silence() -> None:
    """Point the child's stdout and stderr at nothing: they are the player's terminal, which the app draws."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for descriptor in (1, 2):
        os.dup2(devnull, descriptor)
    os.close(devnull)


@contextlib.contextmanager
def _stderr_with_a_descriptor() -> Iterator[None]:
    """Starting a process hands stderr's descriptor to multiprocessing's resource tracker; Textual's
    capture of stderr has none, so the real stderr stands in while the process starts."""
    stderr = sys.stderr
    try:
        usable = stderr is not None and stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable or sys.__stderr__ is None:
        yield
        return
    sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = stderr


class _EngineState:
    """The players and solvers of the games under way, kept so each search starts from the last."""

    def __init__(self, players: PlayerFactory, solvers: SolverFactory, brains: bool) -> None:
        self._make_player = players
        self._make_solver = solvers
        self._brains = brains
        self._players: dict[tuple[Hashable, Controller | None, object], Player] = {}
        self._solvers: dict[Hashable, Solver] = {}

    def forget(self, game: Hashable) -> None:
        for key in [key for key in self._players if key[0] == game]:
            player = self._players.pop(key)
            close = getattr(player, "close", None)
            if callable(close):
                close()
        self._solvers.pop(game, None)

    def _player(self, controller: Controller | None) -> Player:
        """A new player for ``controller``: the engine's at a level, or an external brain (given the
        levels' time for each move) where brains may be started."""
        from .setup import Brain, Level  # The setup's types load with the engine, in the child.

        if isinstance(controller, Brain):
            if not self._brains:
                raise PermissionError("this engine starts no brain: the game is served to a browser")
            from ..engine.players import DEFAULT_TIME_LIMIT
            from ..gomocup.client import BrainPlayer

            return BrainPlayer(controller.argv, time_limit=DEFAULT_TIME_LIMIT)
        if isinstance(controller, Level):
            return self._make_player(controller.name)
        raise ValueError(f"a move needs a computer to play it, not {controller}")

    def run(self, request: Request, stop: threading.Event) -> Answer:
        position = request.position
        if request.kind == "move":
            key = (request.game, request.controller, position.to_move)
            player = self._players.get(key)
            if player is None:
                player = self._players[key] = self._player(request.controller)
            cell = player.choose(position, stop)
            said = getattr(player, "messages", None)
            return ComputerMove(cell, player.name, tuple(said()) if callable(said) else ())
        solver = self._solvers.get(request.game)
        if solver is None:
            solver = self._solvers[request.game] = self._make_solver()
        if request.kind == "analyse":
            return solver.analyse(position, time_limit=request.time_limit, stop=stop)
        if request.kind == "review":
            from ..engine import review_game

            return review_game(position, solver=solver, time_limit=request.time_limit, stop=stop)
        return solver.solve(position, time_limit=request.time_limit, stop=stop)


# The parent's side


@dataclass(eq=False)
class _Child:
    """One engine process, its end of the pipe, and the jobs it has yet to answer."""

    process: BaseProcess
    connection: Connection
    jobs: dict[int, Job] = field(default_factory=dict)


class EngineProcess:
    """The app's handle on the engine's process: submit jobs, stop them, forget games, close.

    Safe to call from the interface's thread: every method returns at once. Answers are set on
    each job's future by a reader thread, one for each process started.
    """

    def __init__(self, players: PlayerFactory = default_players,
                 solvers: SolverFactory = default_solvers, *, brains: bool = True) -> None:
        self._players = players
        self._solvers = solvers
        self._brains = brains
        """False where no external brain may be started, whatever a request names (a served game)."""
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._child: _Child | None = None
        self._closed = False

    @property
    def pid(self) -> int | None:
        """The engine process's id, while it runs."""
        child = self._child
        return child.process.pid if child is not None and child.process.is_alive() else None

    def start(self) -> None:
        """Start the process now, if it is not running, so that the first search need not wait for it.

        A process that cannot start now is tried again by the first search, which reports the failure.
        """
        with self._lock:
            if not self._closed:
                with contextlib.suppress(OSError):
                    self._running_child()

    def _running_child(self) -> _Child:
        child = self._child
        if child is not None and child.process.is_alive():
            return child
        # Imported at the first search, not with the app: the first screen never needs a process.
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe(duplex=True)
        process = context.Process(target=_serve, args=(theirs, self._players, self._solvers, self._brains),
                                  name="tictactoe-tui-engine", daemon=True)
        with _stderr_with_a_descriptor():
            process.start()
        theirs.close()
        child = self._child = _Child(process, ours)
        threading.Thread(target=self._read, args=(child,), name="engine-reader", daemon=True).start()
        return child

    def submit(self, request: Request) -> Job:
        """Ask the engine for ``request``; the job's future gets the answer, or the reason there is none."""
        job = Job(request, next(self._ids))
        with self._lock:
            if self._closed:
                _settle(job, EngineStopped("the engine has been closed"))
                return job
            try:
                child = self._running_child()
            except OSError as error:  # No process to be had (out of processes or memory): say so.
                _settle(job, EngineStopped(f"the engine's process could not start ({error})"))
                return job
            child.jobs[job.id] = job
            with contextlib.suppress(OSError):  # The reader thread fails the job when the process is gone.
                child.connection.send(("job", job.id, request))
        return job

    def stop(self, job: Job) -> None:
        """Have the engine answer ``job`` at once with what it has (the caller drops an unwanted answer)."""
        job.stopped = True
        self._send(("stop", job.id))

    def forget(self, game: Hashable) -> None:
        """Drop the memory of ``game``: its players and solver (a brain's process with them)."""
        self._send(("forget", game))

    def _send(self, message: tuple[object, ...]) -> None:
        with self._lock:
            if self._child is None:
                return
            with contextlib.suppress(OSError):  # The reader thread reports the process's end.
                self._child.connection.send(message)

    def _read(self, child: _Child) -> None:
        """Hand every answer to its job; when the process ends, fail the jobs it leaves unanswered."""
        try:
            while True:
                verdict, job_id, payload = child.connection.recv()
                with self._lock:
                    job = child.jobs.pop(job_id, None)
                if job is not None:
                    _settle(job, payload if verdict == "done" else SearchFailed(str(payload)))
        except (EOFError, OSError):
            pass
        child.process.join(timeout=1.0)
        with self._lock:
            if self._child is child:
                self._child = None
            orphans = list(child.jobs.values())
            child.jobs.clear()
        child.connection.close()
        reason = _ending(child.process.exitcode)
        for job in orphans:
            _settle(job, EngineStopped(reason))

    def close(self) -> None:
        """End the process at once; no answer is wanted any more."""
        with self._lock:
            self._closed = True
            child, self._child = self._child, None
        if child is not None:
            if child.process.is_alive():
                child.process.kill()
            child.process.join(timeout=1.0)


def _settle(job: Job, outcome: object) -> None:
    """Give ``job`` its answer, or its error; nothing if its waiter has already given up on it."""
    try:
        if isinstance(outcome, Exception):
            job.answer.set_exception(outcome)
        else:
            job.answer.set_result(outcome)
    except InvalidStateError:
        pass


def _ending(exitcode: int | None) -> str:
    """How the engine's process ended, in words."""
    if exitcode is not None and exitcode < 0:
        return f"the engine's process was stopped by signal {-exitcode}"
    if exitcode:
        return f"the engine's process ended with status {exitcode}"
    return "the engine's process ended"
