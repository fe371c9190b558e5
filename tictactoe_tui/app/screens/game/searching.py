"""The game screen's searches: the computer's move, the analysis of the position shown, and the hint.

Every search runs in the engine's own process (see ``Searches``), so every
key is answered at once whatever the computer is doing. Each answer is
awaited in an async worker on the interface's loop; an answer whose search
is no longer current (the game moved on, the board shows another position)
is dropped. The analysis waits while a computer thinks, so that it never
takes processor time from the computer's own search.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from ....engine import Mark, Position
from ....gomocup.controllers import is_brain_controller
from ....session.engine_process import ComputerMove, EngineStopped, Job, SearchFailed
from ....session.setup import Controller
from ...labels import controller_label
from ...notes import NO_NOTES, Notes, analysis_notes, hint_words, pending_notes, with_hint

if TYPE_CHECKING:
    from .screen import GameScreen

COMPUTER_PAUSE = 0.5
"""Seconds a computer move takes at least, so that it can be seen coming."""
PAUSE_STEP = 0.02
"""How often the pause before a computer move looks whether "move now" cut it short."""
ANALYSIS_TIME = 1.0
"""Seconds the analysis of one position may take (boards with few empty cells are solved sooner)."""
HINT_TIME = 1.0
"""Seconds a hint may take."""
HINT_NOTICE_TIME = 6.0
"""Seconds the words of a hint stay on screen."""


class SearchWorkers:
    """Starts the game screen's searches and puts their answers on the board; the screen owns one."""

    def __init__(self, screen: GameScreen, pause: float = COMPUTER_PAUSE) -> None:
        self._screen = screen
        self._pause = pause
        """The least time a computer move takes."""
        self._step = False
        """True when ``.`` asked a paused game for one more computer move."""
        self._brain_names: dict[Mark, str] = {}
        """The names external brains gave themselves, by the side they play."""

    def new_game(self) -> None:
        self._brain_names.clear()

    # The analysis and the hint

    def notes(self, shown: Position) -> Notes:
        """What the board writes in the empty cells of ``shown``: the analysis and the hint."""
        screen = self._screen
        searches = screen.searches
        notes: Notes = NO_NOTES
        if screen.analysing and not shown.is_over:
            known = searches.analysis(shown)
            pending = searches.current("analyse")
            if known is not None:
                notes = analysis_notes(known)
            elif pending is not None and pending.request.position == shown:
                notes = pending_notes(shown.legal_moves)
        return with_hint(notes, searches.hint_for(shown))

    def follow_board(self) -> None:
        """Stop the searches whose answers are no longer wanted; start the analysis the board needs."""
        screen = self._screen
        shown = screen.game.shown_position
        thinking = screen.thinking
        analyse = screen.analysing and not thinking and not screen.waiting
        if screen.searches.follow(shown, analyse=analyse, hint=not thinking) and screen.is_mounted:
            job = screen.searches.start("analyse", shown, time_limit=ANALYSIS_TIME)
            screen.run_worker(self._await_analysis(job), group="analysis")

    def can_hint(self) -> bool:
        """True when a hint can be asked for the position shown: a person's turn, or a replay."""
        screen = self._screen
        shown = screen.game.shown_position
        if shown.is_over or screen.thinking:
            return False
        return screen.game.shown_ply is not None or screen.setup.is_human(shown.to_move)

    def hint(self) -> None:
        """Find the best move for the side to move in the position shown, and point it out."""
        screen = self._screen
        shown = screen.game.shown_position
        if not self.can_hint():
            return
        screen.game.helped()
        known = screen.searches.hint_for(shown)
        if known is not None:
            screen.board.cursor = known
            return
        if screen.searches.current("hint") is None:
            job = screen.searches.start("hint", shown, time_limit=HINT_TIME)
            screen.run_worker(self._await_hint(job), group="hint")
            screen.redraw()

    async def _await_analysis(self, job: Job) -> None:
        screen = self._screen
        try:
            await asyncio.wrap_future(job.answer)
        except (EngineStopped, SearchFailed) as error:
            if screen.searches.finish(job):
                screen.analysing = False
                screen.notices.warn(f"The analysis stopped: {error}. Press a to try again.", title="Analysis")
            return
        if screen.searches.finish(job):
            screen.redraw()

    async def _await_hint(self, job: Job) -> None:
        screen = self._screen
        try:
            result = await asyncio.wrap_future(job.answer)
        except (EngineStopped, SearchFailed) as error:
            if screen.searches.finish(job):
                screen.notices.warn(f"No hint: {error}. Press i to try again.", title="Hint")
                screen.redraw()
            return
        if not screen.searches.finish(job):
            return
        position = job.request.position
        cell = result.best_moves[0]
        screen.searches.hint = (position, cell)
        screen.board.cursor = cell
        words = f"Hint for {position.to_move}: {position.cell_name(cell)} — {hint_words(result)}."
        screen.notices.tell(words, title="Hint", timeout=HINT_NOTICE_TIME)
        screen.redraw()

    # The computer's turn

    def next_turn(self) -> None:
        """Start the computer's search when it is the computer's turn (and nobody is choosing a new game).

        The caller redraws the screen."""
        screen = self._screen
        game, searches = screen.game, screen.searches
        if (screen.waiting or not screen.is_mounted or not game.computer_to_move
                or searches.current("move") is not None or (screen.paused and not self._step)):
            return
        self._step = False
        position = game.position
        searches.stop("analyse")
        searches.stop("hint")
        job = searches.start("move", position, controller=game.setup.controller(position.to_move))
        screen.run_worker(self._await_move(job), group="computer")

    def step(self) -> None:
        """In a paused game between computers, have the computer to move play one move."""
        screen = self._screen
        if screen.game.computer_to_move and screen.searches.current("move") is None:
            self._step = True
            self.next_turn()
            screen.redraw()

    def stop_thinking(self) -> None:
        """Stop the computer's search now; its answer, should one still arrive, is ignored."""
        self._screen.searches.stop("move")

    def move_now(self) -> None:
        """Have the thinking computer play the best move it has found so far."""
        screen = self._screen
        job = screen.searches.current("move")
        if job is not None and is_brain_controller(job.request.controller):
            # The protocol has no way to ask a brain for its move early: stopping it would lose the move.
            screen.notices.tell("A brain answers in its own time, within a second a move.")
            return
        screen.searches.hurry("move")

    async def _await_move(self, job: Job) -> None:
        """Play the computer's answer, no sooner than the pause after the turn began unless hurried."""
        screen = self._screen
        started = time.monotonic()
        try:
            move: ComputerMove = await asyncio.wrap_future(job.answer)
        except (EngineStopped, SearchFailed) as error:
            if screen.searches.finish(job):
                self._computer_failed(job, error)
            return
        while not job.stopped and (left := self._pause - (time.monotonic() - started)) > 0:
            await asyncio.sleep(min(left, PAUSE_STEP))
        if not screen.searches.finish(job):
            return
        position = job.request.position
        self._hear(position.to_move, screen.setup.controller(position.to_move), move)
        cell = move.cell
        if not position.is_legal(cell):
            self._computer_failed(job, SearchFailed(f"it chose {position.cell_name(cell)}, which is taken"))
            return
        screen.game.play(cell)
        screen.changed()

    def _hear(self, mark: Mark, controller: Controller, move: ComputerMove) -> None:
        """Pass on what an external brain says: its own name the first time, and its messages."""
        if not is_brain_controller(controller):
            return
        notices = self._screen.notices
        if self._brain_names.get(mark) != move.player:
            self._brain_names[mark] = move.player
            notices.tell(f"{mark} is played by {move.player}.", title="Brain")
        for message in move.messages:
            notices.tell(f"{move.player}: {message}", title="Brain")

    def _computer_failed(self, job: Job, error: Exception) -> None:
        """The computer could not move: a dead engine is started afresh once, else a person takes over."""
        screen = self._screen
        position = job.request.position
        if isinstance(error, EngineStopped) and screen.searches.restart_once(position):
            screen.notices.warn(f"The computer's engine stopped ({error}); it starts again and the game "
                                "goes on.", title="Engine")
            self.next_turn()
            screen.redraw()
            return
        mark = position.to_move
        who = controller_label(screen.setup.controller(mark))
        screen.game.hand_to_person(mark)
        screen.notices.warn(f"{who} could not move: {error}. A person plays {mark} from now on; "
                            "the game and its record are kept.", title="Computer")
        screen.changed()
