"""An engine that runs nothing: it keeps the jobs asked of it, so that a test answers them by hand."""

from __future__ import annotations

import itertools
from collections.abc import Hashable

from tictactoe_tui.engine import BoardSpec, Cell
from tictactoe_tui.session.engine_process import Job, Request

SPEC = BoardSpec(3, 3, 3)


def cell(name: str) -> Cell:
    """A cell of the 3x3 board by its name."""
    return SPEC.parse_cell(name)


class StandInEngine:
    """Takes requests as ``EngineProcess`` does, and answers none of them."""

    def __init__(self) -> None:
        self.jobs: list[Job] = []
        """Every job asked for, oldest first."""
        self.forgotten: list[Hashable] = []
        self._ids = itertools.count(1)

    def submit(self, request: Request) -> Job:
        job = Job(request, next(self._ids))
        self.jobs.append(job)
        return job

    def stop(self, job: Job) -> None:
        job.stopped = True

    def forget(self, game: Hashable) -> None:
        self.forgotten.append(game)
