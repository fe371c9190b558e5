"""The engine jobs of one game: which one is current for each purpose, and what the finished ones found.

A game asks the engine for four kinds of answer: the computer's move, the
analysis of the position on the board, a hint, and the review of a finished
game; each is a job in the engine's process (see ``engine_process``). At most one of each is
current; starting another, or stopping it, makes the old one stale, and the
engine is told to stop at once. An answer is used only if its job is still
current when it arrives, so a late answer is recognised and dropped. Finished
analyses are kept by position, so going back to a position shows it again
without a search, and the last hint is kept with the position it is for.
A computer whose engine process died is given a fresh one once a position,
so that a position that kills the engine does not restart it forever.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Mapping
from typing import Protocol

from ..engine import Cell, MoveEvaluation, Position
from .engine_process import Job, Kind, Request
from .setup import Controller

PositionKey = tuple[int, int]
"""A position by its marks alone, since its value does not depend on the order they were played in."""

_games = itertools.count(1)


def position_key(position: Position) -> PositionKey:
    return position.x, position.o


class Engine(Protocol):
    """What the jobs need of the engine's process (``EngineProcess``): taking a request, stopping a job,
    and forgetting a game; the tests of the game's flow stand in for it without a process."""

    def submit(self, request: Request) -> Job: ...

    def stop(self, job: Job) -> None: ...

    def forget(self, game: Hashable) -> None: ...


class EngineJobs:
    """One game's jobs in the engine's process; ``new_game`` starts afresh for the next game."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.game = next(_games)
        """The engine keeps its players' and solvers' memory under this key."""
        self._current: dict[Kind, Job] = {}
        self._analyses: dict[PositionKey, tuple[MoveEvaluation, ...]] = {}
        self.hint: tuple[Position, Cell] | None = None
        """The hint found last, with the position it is for."""
        self._restarted_on: PositionKey | None = None

    @property
    def analyses(self) -> Mapping[PositionKey, tuple[MoveEvaluation, ...]]:
        """Every analysis finished in this game, by position."""
        return self._analyses

    def analysis(self, position: Position) -> tuple[MoveEvaluation, ...] | None:
        return self._analyses.get(position_key(position))

    def hint_for(self, position: Position) -> Cell | None:
        """The hint found for ``position``, if the last hint is for it."""
        hint = self.hint
        return hint[1] if hint is not None and hint[0] == position else None

    def current(self, kind: Kind) -> Job | None:
        """The job of that kind whose answer is wanted, if any."""
        return self._current.get(kind)

    @property
    def busy(self) -> bool:
        """True while any job is current."""
        return bool(self._current)

    def start(self, kind: Kind, position: Position, *, time_limit: float | None = None,
              controller: Controller | None = None) -> Job:
        """Ask for a new job of ``kind``; the one it replaces is stopped and its answer dropped."""
        self.stop(kind)
        job = self.engine.submit(Request(kind, self.game, position, time_limit, controller))
        self._current[kind] = job
        return job

    def hurry(self, kind: Kind) -> None:
        """Have the current job of ``kind`` answer at once with the best it has; the answer is wanted."""
        job = self._current.get(kind)
        if job is not None:
            self.engine.stop(job)

    def stop(self, kind: Kind) -> None:
        """Stop the current job of ``kind``: its answer, should one still come, is not wanted."""
        job = self._current.pop(kind, None)
        if job is not None:
            self.engine.stop(job)

    def follow(self, shown: Position, *, analyse: bool, hint: bool) -> bool:
        """Stop the analysis and the hint unless they are wanted and for ``shown``; True when an
        analysis of ``shown`` is wanted, not yet known, and must be started."""
        wanted = analyse and not shown.is_over and self.analysis(shown) is None
        analysis = self.current("analyse")
        if analysis is not None and not (wanted and analysis.request.position == shown):
            self.stop("analyse")
        hinting = self.current("hint")
        if hinting is not None and not (hint and hinting.request.position == shown):
            self.stop("hint")
        return wanted and self.current("analyse") is None

    def restart_once(self, position: Position) -> bool:
        """True the first time the computer's move in ``position`` needs a fresh engine process."""
        key = position_key(position)
        if self._restarted_on == key:
            return False
        self._restarted_on = key
        return True

    def stop_all(self) -> None:
        for kind in list(self._current):
            self.stop(kind)

    def finish(self, job: Job) -> bool:
        """True (once) if ``job`` is still current, so its answer is to be used; False for a stale one."""
        kind = job.request.kind
        if self._current.get(kind) is not job:
            return False
        del self._current[kind]
        if kind == "analyse" and job.answer.done() and job.answer.exception() is None:
            self._analyses[position_key(job.request.position)] = job.answer.result()
        return True

    def new_game(self) -> None:
        """Stop every job and forget this game, in the engine's memory too."""
        self.stop_all()
        self.engine.forget(self.game)
        self.game = next(_games)
        self._analyses.clear()
        self.hint = None
        self._restarted_on = None
