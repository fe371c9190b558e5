"""The game screen's workers: each awaits one engine job (the computer's move, the analysis, a hint,
the review of a finished game).

Every job runs in the engine's own process (see ``EngineJobs``), so every
key is answered at once whatever the computer is doing. Each answer is
awaited in an async worker on the interface's loop, and handed to ``Turns``,
which drops an answer whose job is no longer current and says what it means
for the game; the workers then put it on the board and redraw. A computer's
move is played no sooner than a short pause after its turn began, so that
it can be seen coming, unless "move now" cuts the pause short.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from functools import partial
from typing import Any, Protocol

from ....engine import Cell, EngineFailure, MoveVerdict, Position, SearchResult
from ....session.engine_process import ComputerMove, Job
from ....session.turns import Reply, Turns
from ...annotations import (
    NO_ANNOTATIONS,
    Annotations,
    analysis_annotations,
    hint_words,
    pending_annotations,
    with_hint,
)
from ...announcements import review_words
from .notices import Notices

COMPUTER_PAUSE = 0.5
"""Seconds a computer move takes at least, so that it can be seen coming."""
PAUSE_STEP = 0.02
"""How often the pause before a computer move looks whether "move now" cut it short."""
HINT_NOTICE_TIME = 6.0
"""Seconds the words of a hint stay on screen."""
REVIEW_NOTICE_TIME = 10.0
"""Seconds the review's words stay on screen: they may name several moves."""


class Host(Protocol):
    """What the workers need of the screen they work for: to run, and to show what they bring back."""

    @property
    def is_mounted(self) -> bool: ...

    def run_worker(self, work: Callable[[], Coroutine[None, None, Any]], *, group: str) -> object:
        """Run ``work`` in a worker. It is handed uncalled: a worker cancelled before it starts (the app
        quitting) then leaves no coroutine behind that was never awaited, for Python to warn about on
        the terminal once the app has gone."""

    def redraw(self) -> None:
        """Draw the game again, its jobs brought in line with the board."""

    def changed(self) -> None:
        """After a move: count a finished game, start the next turn, redraw."""

    def point(self, cell: Cell) -> None:
        """Put the board's cursor on ``cell``."""


def board_annotations(turns: Turns, shown: Position) -> Annotations:
    """What the board writes in the empty cells of ``shown``: the analysis and the hint."""
    jobs = turns.jobs
    found: Annotations = NO_ANNOTATIONS
    if turns.analysing and not shown.is_over:
        known = jobs.analysis(shown)
        pending = jobs.current("analyse")
        if known is not None:
            found = analysis_annotations(known)
        elif pending is not None and pending.request.position == shown:
            found = pending_annotations(shown.legal_moves)
    return with_hint(found, jobs.hint_for(shown))


class ComputerWorkers:
    """Starts the workers that await the engine's answers, and shows what they bring; the screen owns one."""

    def __init__(self, turns: Turns, notices: Notices, host: Host, pause: float = COMPUTER_PAUSE) -> None:
        self._turns = turns
        self._notices = notices
        self._host = host
        self._pause = pause
        """The least time a computer move takes."""
        self._hint_said: tuple[Position, str] | None = None
        """The last hint in words, with its position: asked for again, it is said again."""

    # The computer's turn

    def next_turn(self) -> None:
        """Start the computer's search when it is the computer's turn (see ``Turns.next_turn``).

        The caller redraws the screen."""
        if not self._host.is_mounted:
            return
        job = self._turns.next_turn()
        if job is not None:
            self._host.run_worker(partial(self._await_move, job), group="computer")

    def step(self) -> None:
        """In a paused game between computers, have the computer to move play one move."""
        if self._turns.step():
            self.next_turn()
            self._host.redraw()

    def move_now(self) -> None:
        """Have the thinking computer play the best move it has found so far."""
        notice = self._turns.move_now()
        if notice is not None:
            self._notices.show(notice)

    async def _await_move(self, job: Job) -> None:
        """Play the computer's answer, no sooner than the pause after the turn began unless hurried."""
        turns = self._turns
        started = time.monotonic()
        try:
            move: ComputerMove = await asyncio.wrap_future(job.answer)
        except EngineFailure as error:
            if turns.jobs.finish(job):
                self._follow(turns.computer_failed(job, error))
            return
        while not job.stopped and (left := self._pause - (time.monotonic() - started)) > 0:
            await asyncio.sleep(min(left, PAUSE_STEP))
        if not turns.jobs.finish(job):
            return
        for notice in turns.hear(job, move):
            self._notices.show(notice)
        self._follow(turns.computer_moved(job, move))

    def _follow(self, reply: Reply) -> None:
        """Tell what the computer's answer brought, then go on with the game, or with the same turn."""
        for notice in reply.notices:
            self._notices.show(notice)
        if reply.again:
            self.next_turn()
            self._host.redraw()
        else:
            self._host.changed()

    # The analysis and the hint

    def follow_board(self) -> None:
        """Stop the jobs whose answers are no longer wanted; start the analysis the board needs; take the
        words of a hint off the screen once the position they are about is no longer shown."""
        said = self._hint_said
        if said is not None and said[0] != self._turns.game.shown_position:
            self._notices.withdraw(said[1])
        job = self._turns.follow_board(can_start=self._host.is_mounted)
        if job is not None:
            self._host.run_worker(partial(self._await_analysis, job), group="analysis")

    def hint(self) -> None:
        """Find the best move for the side to move in the position shown, and point it out."""
        asked = self._turns.hint()
        if isinstance(asked, Job):
            self._host.run_worker(partial(self._await_hint, asked), group="hint")
            self._host.redraw()
        elif asked is not None:
            self._host.point(asked)
            said = self._hint_said
            if said is not None and said[0] == self._turns.game.shown_position:
                self._notices.tell(said[1], title="Hint", timeout=HINT_NOTICE_TIME)

    async def _await_analysis(self, job: Job) -> None:
        turns = self._turns
        try:
            await asyncio.wrap_future(job.answer)
        except EngineFailure as error:
            notice = turns.analysis_failed(job, error)
            if notice is not None:
                self._host.redraw()
                self._notices.show(notice)
            return
        if turns.jobs.finish(job):
            self._host.redraw()

    async def _await_hint(self, job: Job) -> None:
        turns = self._turns
        try:
            result: SearchResult = await asyncio.wrap_future(job.answer)
        except EngineFailure as error:
            notice = turns.hint_failed(job, error)
            if notice is not None:
                self._notices.show(notice)
                self._host.redraw()
            return
        cell = turns.hint_found(job, result)
        if cell is None:
            return
        position = job.request.position
        self._host.point(cell)
        words = f"Hint for {position.to_move}: {position.cell_name(cell)} — {hint_words(result)}."
        self._hint_said = (position, words)
        self._notices.tell(words, title="Hint", timeout=HINT_NOTICE_TIME)
        self._host.redraw()

    # The review

    def review(self) -> None:
        """Have the engine review the finished game; the move list then marks each blunder."""
        asked = self._turns.review()
        if isinstance(asked, Job):
            self._host.run_worker(partial(self._await_review, asked), group="review")
            self._host.redraw()  # the status line says that the review is under way
        elif asked is not None:
            self._notices.refuse(asked.text)

    async def _await_review(self, job: Job) -> None:
        turns = self._turns
        try:
            verdicts: tuple[MoveVerdict, ...] = await asyncio.wrap_future(job.answer)
        except EngineFailure as error:
            notice = turns.review_failed(job, error)
            if notice is not None:
                self._notices.show(notice)
                self._host.redraw()
            return
        if turns.reviewed(job, verdicts):
            self._notices.tell(review_words(verdicts), title="Review", timeout=REVIEW_NOTICE_TIME)
            self._host.redraw()
