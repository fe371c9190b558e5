"""The game: the board, the side panel and the status line, wired to the game and its searches.

The screen draws a ``Game`` (the setup and the moves, with the rules of the
flow) and runs its ``Searches`` (the computer's move, the analysis of the
shown position, a hint) in the engine's own process, so that every key is
answered at once whatever the computer is doing. Each search's answer is
awaited in an async worker on the interface's loop; an answer whose search
is no longer current (the game moved on, the board shows another position)
is dropped. The analysis waits while a computer thinks, so that it never
takes processor time from the computer's own search.

The board shows the live position, or an earlier one while the player
replays the game (``shown_ply``); it never takes a move in a replay.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.events import Resize, ScreenResume
from textual.geometry import Size
from textual.notifications import SeverityLevel
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import Cell, Mark, Outcome, Position
from ...engine_process import EngineProcess, EngineStopped, Job, Move, SearchFailed
from ...game import Game
from ...game_setup import GameSetup
from ...gomocup.controllers import is_brain_controller
from ...history import History
from ...searches import Searches, position_key
from ...settings import KeypadLayout
from ..geometry import plan_screen, too_small_message
from ..labels import (
    controller_label,
    hint_search_text,
    paused_text,
    replay_refusal,
    replay_text,
    status_text,
)
from ..notes import NO_NOTES, Notes, analysis_notes, hint_words, pending_notes, with_hint
from ..profile import Profile
from ..widgets.board import Board, centre
from ..widgets.game_info import GameInfo
from ..widgets.move_list import MoveList
from ..widgets.scoreboard import Scoreboard
from ..widgets.status import StatusLine
from .confirm import ConfirmScreen
from .new_game import NewGame, NewGameScreen
from .statistics import StatisticsScreen

COMPUTER_PAUSE = 0.5
"""Seconds a computer move takes at least, so that it can be seen coming."""
ANALYSIS_TIME = 1.0
"""Seconds the analysis of one position may take (boards with few empty cells are solved sooner)."""
HINT_TIME = 1.0
"""Seconds a hint may take."""
DYNAMIC_ACTIONS = ("undo", "redo", "hint", "analysis", "move_now", "pause")
"""The actions whose keys ``check_action`` shows, dims or hides as the game goes."""
NOTE_TIME = 4.0
"""Seconds a short note (a refused move, a hint, a copied record) stays on screen."""
TOAST_WIDTH = 60
"""The width of Textual's toasts (at most half the screen), to tell whether one would cover the board."""
PAUSE_STEP = 0.02
"""How often the pause before a computer move looks whether "move now" cut it short."""

class GameScreen(Screen[None]):
    """One game after another with the same screen: ``start_game`` begins the next."""

    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("ctrl+r,U", "redo", "Redo", key_display="^r"),
        Binding("i", "hint", "Hint"),
        Binding("a", "analysis", "Analysis"),
        Binding("m", "move_now", "Move now"),
        Binding("p", "pause", "Pause"),
        Binding("r", "restart", "Again"),
        Binding("n", "new_game", "New"),
        Binding("q", "quit", "Quit"),
        Binding("w", "swap_sides", "Swap sides", show=False),
        Binding("s", "statistics", "Statistics", show=False),
        Binding("c", "copy_record", "Copy record", show=False),
        Binding("comma", "step(-1)", "Previous move", show=False),
        Binding("full_stop", "step(1)", "Next move", show=False),
        Binding("escape", "live", "Back to the game", show=False),
        # The board takes Enter and Space while a person may play; otherwise they come here, to say why not.
        Binding("enter,space", "play_cursor", "Play", show=False),
    ]

    thinking: var[bool] = var(False, init=False)
    """True while a computer player works on its move."""
    shown_ply: var[int | None] = var(None, init=False)
    """The ply the board shows in a replay, or None for the live position."""
    analysing: var[bool] = var(False, init=False)
    """True while the analysis overlay is on."""
    paused: var[bool] = var(False, init=False)
    """True while a game between two computers is paused (``.`` then plays one move)."""
    keypad: var[KeypadLayout] = var(KeypadLayout.CALCULATOR, init=False)
    """How the digits 1-9 map onto a 3x3 board."""

    def __init__(self, setup: GameSetup, start: Position | None = None, *, engine: EngineProcess,
                 profile: Profile | None = None, pause: float = COMPUTER_PAUSE) -> None:
        super().__init__()
        self._profile = profile or Profile()
        self._pause = pause
        self.game = Game(setup, start)
        self.searches = Searches(engine)
        self._waiting = False
        """True while the new-game screen is open: the game waits, the computer does not think."""
        self._brain_names: dict[Mark, str] = {}
        """The names external brains gave themselves, by the side they play."""
        self._restarted_on: tuple[int, int] | None = None
        """The position whose computer move already needed a fresh engine process (it is tried once)."""
        self._step = False
        """True when ``.`` asked a paused game for one more computer move."""
        self._notice: tuple[str, float] | None = None
        """A short note the status line shows until the time given, where a toast would cover the board."""
        self._noted: dict[str, float] = {}
        """When each short note shown as a toast goes away: the same note is never stacked twice."""
        self._keys_shown: tuple[bool | None, ...] = ()
        """The state of the dynamic actions' keys the footer shows."""
        self.set_reactive(GameScreen.keypad, self._profile.settings.keypad)
        if start is None:
            self._report(self._profile.remember_setup(setup))

    def compose(self) -> ComposeResult:
        position = self.position
        plan = plan_screen(position.spec, self.app.size.width, self.app.size.height)
        with Horizontal(id="main"):
            with Container(id="board-area"):
                yield Board(position, plan.geometry, id="board")
                yield Static(id="too-small")
            with Vertical(id="side"):
                yield GameInfo(self.setup, position, id="game-info")
                yield Scoreboard(id="scoreboard")
                yield MoveList(self.history, id="moves")
        yield StatusLine(status_text(self.setup, position, thinking=False), id="status")
        # Every key of the game fits on one 80-column line only in the compact style, and only
        # without the palette's own key, which the help screen names instead.
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        board = self.query_one(Board)
        board.keypad = self.keypad
        self.query_one(Scoreboard).score = self._profile.session
        self._fit(self.app.size)
        if board.display:
            board.focus()
        self._changed()

    # The game

    @property
    def setup(self) -> GameSetup:
        """The board and who controls each side."""
        return self.game.setup

    @property
    def history(self) -> History:
        """The game so far (and any moves taken back)."""
        return self.game.history

    @property
    def position(self) -> Position:
        """The position of the game now."""
        return self.game.position

    @property
    def searching(self) -> bool:
        """True while the computer, the analysis or a hint is at work."""
        return self.searches.busy

    @property
    def shown_position(self) -> Position:
        """The position on the board: the live one, or an earlier one in a replay."""
        return self.position if self.shown_ply is None else self.history.at(self.shown_ply)

    def start_game(self, setup: GameSetup, start: Position | None = None) -> None:
        """Begin a game with ``setup``, from ``start`` or the empty board; any search is abandoned."""
        self.searches.new_game()
        self.set_reactive(GameScreen.thinking, False)
        self.game = Game(setup, start)
        self.set_reactive(GameScreen.shown_ply, None)
        self.set_reactive(GameScreen.paused, False)
        self._brain_names.clear()
        self._restarted_on = None
        self._waiting = False
        if start is None:
            self._report(self._profile.remember_setup(setup))
        if self.is_mounted:
            self.query_one(Board).cursor = centre(setup.spec)
        self._fit(self.app.size)
        self._changed()

    def _changed(self) -> None:
        """After any move, undo, redo or new game: count a finished game, start the next turn, redraw."""
        if self.shown_ply is not None and self.shown_ply >= self.history.ply:
            # Replaying the moves taken back, which the game may just have replaced, or now the live position.
            self.set_reactive(GameScreen.shown_ply, None)
        self._count(self.game.newly_over())
        self._next_turn()
        self._refresh()

    def _count(self, outcome: Outcome | None) -> None:
        """Add a game that just ended (or was given up) to the session's score and the statistics."""
        if outcome is None:
            return
        self._report(self._profile.count_game(self.setup, outcome))
        if self.is_mounted:
            self.query_one(Scoreboard).score = self._profile.session

    def watch_thinking(self) -> None:
        self._refresh()

    def watch_shown_ply(self) -> None:
        self._refresh()

    def watch_analysing(self) -> None:
        self._refresh()

    def watch_paused(self, paused: bool) -> None:
        if paused:
            self._stop_thinking()
        else:
            self._next_turn()
        self._refresh()

    def watch_keypad(self, keypad: KeypadLayout) -> None:
        if self.is_mounted:
            self.query_one(Board).keypad = keypad

    def _refresh(self) -> None:
        """Bring the searches in line with what the board shows, then hand everything to the widgets."""
        self._update_searches()
        self._show()
        keys = tuple(self.check_action(action, ()) for action in DYNAMIC_ACTIONS)
        if keys != self._keys_shown:
            # The footer rebuilds itself on every refresh of the bindings: only when a key changes.
            self._keys_shown = keys
            self.refresh_bindings()

    def _show(self) -> None:
        """Hand the game to the widgets that draw it."""
        if not self.is_mounted:
            return
        position, shown = self.position, self.shown_position
        replaying = self.shown_ply is not None
        board = self.query_one(Board)
        board.position = shown
        board.notes = self._notes(shown)
        board.active = not replaying and not position.is_over and self.setup.is_human(position.to_move)
        info = self.query_one(GameInfo)
        info.setup = self.setup
        info.position = position
        moves = self.query_one(MoveList)
        moves.history = self.history
        moves.shown_ply = self.shown_ply
        status = self.query_one(StatusLine)
        hinting = self.searches.current("hint") is not None and not replaying
        notice = self._notice
        if notice is not None and notice[1] > time.monotonic():
            status.message = notice[0]
        elif replaying:
            assert self.shown_ply is not None
            status.message = replay_text(self.shown_ply, len(self.history.line))
        elif self.paused and not position.is_over:
            status.message = paused_text(self.setup, position)
        elif hinting:
            status.message = hint_search_text(self.setup, position)
        else:
            status.message = status_text(self.setup, position, thinking=self.thinking)
        status.spinning = not replaying and (self.thinking or hinting)
        status.set_class(position.is_over and not replaying, "-over")
        status.set_class(replaying, "-replay")

    # Analysis and hints

    def _notes(self, shown: Position) -> Notes:
        """What the board writes in the empty cells of ``shown``: the analysis and the hint."""
        notes: Notes = NO_NOTES
        if self.analysing and not shown.is_over:
            known = self.searches.analysis(shown)
            pending = self.searches.current("analyse")
            if known is not None:
                notes = analysis_notes(known)
            elif pending is not None and pending.request.position == shown:
                notes = pending_notes(shown.legal_moves)
        hint = self.searches.hint
        return with_hint(notes, hint[1] if hint is not None and hint[0] == shown else None)

    def _update_searches(self) -> None:
        """Stop the searches whose answers are no longer wanted; start the analysis the board needs."""
        shown = self.shown_position
        searches = self.searches
        wanted = (self.analysing and not self.thinking and not self._waiting and not shown.is_over
                  and searches.analysis(shown) is None)
        analysis = searches.current("analyse")
        if analysis is not None and not (wanted and analysis.request.position == shown):
            searches.stop("analyse")
        hint = searches.current("hint")
        if hint is not None and (self.thinking or hint.request.position != shown):
            searches.stop("hint")
        if wanted and searches.current("analyse") is None and self.is_mounted:
            self._await_analysis(searches.start("analyse", shown, time_limit=ANALYSIS_TIME))

    @work(group="analysis")
    async def _await_analysis(self, job: Job) -> None:
        try:
            await asyncio.wrap_future(job.answer)
        except (EngineStopped, SearchFailed) as error:
            if self.searches.finish(job):
                self.analysing = False
                self._say(f"The analysis stopped: {error}. Press a to try again.", title="Analysis")
            return
        if self.searches.finish(job):
            self._refresh()

    @work(group="hint")
    async def _await_hint(self, job: Job) -> None:
        try:
            result = await asyncio.wrap_future(job.answer)
        except (EngineStopped, SearchFailed) as error:
            if self.searches.finish(job):
                self._say(f"No hint: {error}. Press i to try again.", title="Hint")
                self._refresh()
            return
        if not self.searches.finish(job):
            return
        position = job.request.position
        cell = result.best_moves[0]
        self.searches.hint = (position, cell)
        self.query_one(Board).cursor = cell
        self._tell(f"Hint for {position.to_move}: {position.cell_name(cell)} — {hint_words(result)}.",
                   title="Hint", timeout=6)
        self._refresh()

    # The computer's turn

    def _next_turn(self) -> None:
        """Start the computer's search when it is the computer's turn (and nobody is choosing a new game)."""
        if (self._waiting or not self.is_mounted or not self.game.computer_to_move
                or self.searches.current("move") is not None or (self.paused and not self._step)):
            return
        self._step = False
        position = self.position
        self.searches.stop("analyse")
        self.searches.stop("hint")
        job = self.searches.start("move", position, controller=self.setup.controller(position.to_move))
        self.thinking = True
        self._await_move(job)

    @work(group="computer")
    async def _await_move(self, job: Job) -> None:
        """Play the computer's answer, no sooner than the pause after the turn began unless hurried."""
        started = time.monotonic()
        try:
            move: Move = await asyncio.wrap_future(job.answer)
        except (EngineStopped, SearchFailed) as error:
            if self.searches.finish(job):
                self._computer_failed(job, error)
            return
        cell = move.cell
        while not job.stopped and (left := self._pause - (time.monotonic() - started)) > 0:
            await asyncio.sleep(min(left, PAUSE_STEP))
        if not self.searches.finish(job):
            return
        self.set_reactive(GameScreen.thinking, False)  # Shown with the move, not before it.
        position = job.request.position
        self._hear(position.to_move, job.request.controller, move)
        if not position.is_legal(cell):
            self._computer_failed(job, SearchFailed(f"it chose {position.cell_name(cell)}, which is taken"))
            return
        self.game.play(cell)
        self._changed()

    def _hear(self, mark: Mark, controller: str, move: Move) -> None:
        """Pass on what an external brain says: its own name the first time, and its messages."""
        if not is_brain_controller(controller):
            return
        if self._brain_names.get(mark) != move.player:
            self._brain_names[mark] = move.player
            self._tell(f"{mark} is played by {move.player}.", title="Brain")
        for message in move.messages:
            self._tell(f"{move.player}: {message}", title="Brain")

    def _computer_failed(self, job: Job, error: Exception) -> None:
        """The computer could not move: a dead engine is started afresh once, else a person takes over."""
        self.thinking = False
        position = job.request.position
        key = position_key(position)
        if isinstance(error, EngineStopped) and self._restarted_on != key:
            self._restarted_on = key
            self._say(f"The computer's engine stopped ({error}); it starts again and the game goes on.",
                      title="Engine")
            self._next_turn()
            return
        mark = position.to_move
        who = controller_label(job.request.controller)
        self.game.hand_to_person(mark)
        self._say(f"{who} could not move: {error}. A person plays {mark} from now on; "
                  "the game and its record are kept.", title="Computer")
        self._changed()

    def _stop_thinking(self) -> None:
        """Stop the computer's search now; its answer, should one still arrive, is ignored."""
        self.searches.stop("move")
        self.thinking = False

    def on_screen_resume(self, event: ScreenResume) -> None:
        self._waiting = False
        self._fit(self.app.size)
        self._next_turn()
        self._refresh()

    def on_unmount(self) -> None:
        self.searches.new_game()

    # A person's move

    def action_play_cursor(self) -> None:
        """Enter or Space while the board takes no move: the bell, and the reason."""
        self.play(self.query_one(Board).cursor)

    def on_board_played(self, message: Board.Played) -> None:
        message.stop()
        self.play(message.cell)

    def play(self, cell: Cell) -> bool:
        """Play ``cell`` for the person to move, or refuse it with a bell and a note saying why."""
        if self.shown_ply is not None:
            return self._refuse(replay_refusal(self.shown_ply, len(self.history.line)))
        refusal = self.game.refusal(cell)
        if refusal is not None:
            return self._refuse(refusal)
        self.game.play(cell)
        self._changed()
        return True

    def _refuse(self, why: str) -> bool:
        self.app.bell()
        self._tell(why, severity="warning")
        return False

    def _say(self, message: str, *, title: str) -> None:
        """Something went wrong that the player must read: a toast of its own, shown long enough."""
        self.notify(message, title=title, severity="warning", timeout=10)

    def _tell(self, note: str, *, title: str = "", severity: SeverityLevel = "information",
              timeout: float = NOTE_TIME) -> None:
        """A short note: a toast, never two of the same at once, or the status line where a toast would
        cover the board."""
        now = time.monotonic()
        if self._toast_would_cover_board():
            self._notice = (note, now + timeout)
            self.set_timer(timeout, self._show)
            self._show()
            return
        if self._noted.get(note, 0.0) > now:
            return
        self._noted[note] = now + timeout
        self.notify(note, title=title, severity=severity, timeout=timeout)

    def _toast_would_cover_board(self) -> bool:
        if not self.is_mounted:
            return False
        board = self.query_one(Board)
        if not board.display:
            return False
        width, height = self.app.size
        toast_left = width - min(TOAST_WIDTH, width // 2) - 2
        return board.region.right > toast_left and board.region.bottom > height - 8

    def _report(self, problem: str | None) -> None:
        """Tell the player about a file that could not be read or written; the game goes on."""
        if problem:
            self.app.notify(problem, title="Settings and statistics", severity="warning", timeout=10)

    # Actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that work now show; keys that do nothing now are dimmed, in place, so no key moves as the
        game goes; keys that never apply to this game's players are left out."""
        humans = self.game.humans
        if action == "undo":
            return self.game.can_undo() or None
        if action == "redo":
            return self.game.can_redo() or None
        if action == "hint":
            if not humans and self.shown_ply is None:
                return False  # Between computers a hint is for a replayed position only.
            return self._can_hint() or None
        if action == "analysis":
            shown = self.shown_position
            return (self.analysing or not (shown.is_over or self.thinking and not humans)) or None
        if action == "move_now":
            return (self.thinking or None) if len(humans) < 2 else False
        if action == "pause":
            return not humans and (not self.position.is_over or None)
        return True

    def _can_hint(self) -> bool:
        shown = self.shown_position
        if shown.is_over or self.thinking:
            return False
        return self.shown_ply is not None or self.setup.is_human(shown.to_move)

    def _leave_then(self, then: Callable[[], None]) -> None:
        """Run ``then`` at once, or once the player confirms giving up the game in progress.

        Against the computer, a game given up counts as lost.
        """
        if not self.game.in_progress:
            then()
            return
        against_computer = len(self.game.humans) == 1
        text = ("It counts as a loss against the computer." if against_computer
                else "The moves so far will be lost (c copies the record first).")

        def answered(leave: bool | None) -> None:
            if leave:
                self._count(self.game.abandon())
                then()

        self.app.push_screen(ConfirmScreen("Leave this game?", text, yes="Leave", no="Stay"), answered)

    def action_quit(self) -> None:
        """Quit at once, whatever the computer is doing (after asking, if a game is in progress)."""
        self._leave_then(self._quit)

    def _quit(self) -> None:
        self.searches.engine.close()
        self.app.exit()

    def action_new_game(self) -> None:
        """Show the new-game screen; the computer stops thinking at once and the game waits."""
        self.searches.stop_all()
        self.set_reactive(GameScreen.thinking, False)
        self._waiting = True
        self.app.push_screen(NewGameScreen(self.setup, keypad=self.keypad, can_cancel=True),
                             self._new_game_chosen)

    def _new_game_chosen(self, choice: NewGame | None) -> None:
        if choice is not None:
            self._report(self._profile.remember_keypad(choice.keypad))
            self.keypad = choice.keypad
            self._leave_then(lambda: self.start_game(choice.setup))

    def action_restart(self) -> None:
        """Play again with the same board and players."""
        self._leave_then(lambda: self.start_game(self.setup))

    def action_swap_sides(self) -> None:
        """Play again with the same board, each side's player now playing the other side."""
        self._leave_then(lambda: self.start_game(self.game.swapped()))

    def action_pause(self) -> None:
        """Pause or resume a game between two computers."""
        self.paused = not self.paused

    def action_undo(self) -> None:
        """Take back a move (against the computer, back to the person's last move); a search stops first."""
        self._stop_thinking()
        self.shown_ply = None
        if self.game.undo():
            self._changed()
        else:
            self._next_turn()

    def action_redo(self) -> None:
        """Replay what undo took back."""
        self._stop_thinking()
        self.shown_ply = None
        if self.game.redo():
            self._changed()
        else:
            self._next_turn()

    def action_move_now(self) -> None:
        """Have the thinking computer play the best move it has found so far."""
        job = self.searches.current("move")
        if job is not None and is_brain_controller(job.request.controller):
            # The protocol has no way to ask a brain for its move early: stopping it would lose the move.
            self._tell("A brain answers in its own time, within a second a move.")
            return
        self.searches.hurry("move")

    def action_hint(self) -> None:
        """Find the best move for the side to move in the position shown, and point it out."""
        shown = self.shown_position
        if not self._can_hint():
            return
        hint = self.searches.hint
        if hint is not None and hint[0] == shown:
            self.query_one(Board).cursor = hint[1]
            return
        if self.searches.current("hint") is None:
            self._await_hint(self.searches.start("hint", shown, time_limit=HINT_TIME))
            self._refresh()

    def action_analysis(self) -> None:
        """Switch the analysis overlay on or off."""
        self.analysing = not self.analysing

    def action_copy_record(self) -> None:
        """Put the game's record on the clipboard, in the notation ``--record`` reads."""
        record = self.position.record
        self.app.copy_to_clipboard(record)
        # Terminals may ignore the request; the record is in the note to copy by hand then.
        self._tell(f"{record} — sent to the clipboard", title="Game record", timeout=6)

    def action_statistics(self) -> None:
        """Show the record against the computer and this session's score, read afresh from disk."""
        self._report(self._profile.reload_statistics())
        self.app.push_screen(StatisticsScreen(self._profile.statistics, self._profile.session),
                             self._statistics_closed)

    def _statistics_closed(self, reset: bool | None) -> None:
        if reset:
            problem = self._profile.reset_statistics()
            self._report(problem)
            if problem is None:
                self.notify("Every record against the computer is forgotten.", title="Statistics reset")

    def action_step(self, delta: int) -> None:
        """Replay the game one move back or forward from the position shown; in a paused game between
        computers, ``.`` on the live position plays the next move."""
        if delta > 0 and self.paused and self.shown_ply is None and not self.history.undone:
            if self.game.computer_to_move and self.searches.current("move") is None:
                self._step = True
                self._next_turn()
            return
        ply = self.history.ply if self.shown_ply is None else self.shown_ply
        self.show_ply(min(max(ply + delta, 0), len(self.history.line)))

    def show_ply(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the game: a replay, or the live position."""
        self.shown_ply = None if ply == self.history.ply else ply

    def action_live(self) -> None:
        """Leave the replay for the live position, and give the board the keys."""
        self.shown_ply = None
        board = self.query_one(Board)
        if board.display:
            board.focus()

    def on_move_list_ply_selected(self, message: MoveList.PlySelected) -> None:
        self.show_ply(message.ply)
        if self.shown_ply is None:
            self.action_live()

    def on_move_list_ply_browsed(self, message: MoveList.PlyBrowsed) -> None:
        self.show_ply(message.ply)

    # The terminal's size

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        """Size the board to the terminal, or say how large the terminal must be."""
        if not self.is_mounted:
            return
        spec = self.setup.spec
        plan = plan_screen(spec, size.width, size.height)
        board = self.query_one(Board)
        too_small = self.query_one("#too-small", Static)
        self.query_one("#side").display = plan.side_panel
        if plan.geometry is None:
            too_small.update(too_small_message(spec, size.width, size.height))
            too_small.display = True
            if self.focused is board:
                self.set_focus(None)  # Keys must not play on a board nobody can see.
            board.display = False
            return
        too_small.display = False
        refocus = not board.display
        board.display = True
        board.position = self.shown_position  # The geometry is for this position's board: set both together.
        board.geometry = plan.geometry
        if refocus:
            board.focus()
