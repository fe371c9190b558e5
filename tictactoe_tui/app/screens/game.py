"""The game: the board, the side panel and the status line, and the turns of both sides.

The screen owns the game (``setup`` and ``history``) and everything else
follows from them: it sets the board's position from above and hears about
a person's moves through ``Board.Played``. The board shows the live
position, or an earlier one while the player replays the game
(``shown_ply``); it never takes a move in a replay.

Three kinds of search run in worker threads so that the app answers every
key meanwhile: the computer's move, the analysis of the shown position, and
a hint. Each search gets its own ``threading.Event``, set the moment its
answer stops being wanted (the game moved on, the board shows another
position), so the engine stops at once and a late answer is recognised as
stale and dropped. The analysis waits while a computer thinks, so that it
never takes processor time from the computer's own search.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.events import Resize, ScreenResume
from textual.geometry import Size
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import Cell, Mark, Player, Position
from ...engine.search import MoveEvaluation, SearchResult, Solver
from ...history import History, human_marks
from ...settings import KeypadLayout
from ...setup import GameSetup
from ..computer import COMPUTER_PAUSE, PlayerFactory, Turn, computer_move, default_players
from ..geometry import plan_screen, too_small_message
from ..labels import hint_search_text, replay_text, result_label, status_text
from ..notes import analysis_notes, hint_words, pending_notes, with_hint
from ..profile import Profile
from ..widgets.board import NO_ANNOTATIONS, Board
from ..widgets.cell import Annotation
from ..widgets.game_info import GameInfo
from ..widgets.move_list import MoveList
from ..widgets.scoreboard import Scoreboard
from ..widgets.status import StatusLine
from .new_game import NewGame, NewGameScreen
from .statistics import StatisticsScreen

ANALYSIS_TIME = 1.0
"""Seconds the analysis of one position may take (boards with few empty cells are solved sooner)."""
HINT_TIME = 1.0
"""Seconds a hint may take."""
SOLVER_MEMORY_MB = 128
"""The cap on the memory of the solver kept for each game's analysis and hints."""

Notes = Mapping[Cell, Annotation]
PositionKey = tuple[int, int]
"""A position by its marks alone, since its value does not depend on the order they were played in."""


def _key(position: Position) -> PositionKey:
    return position.x, position.o


@dataclass(eq=False, slots=True)
class _Search:
    """One analysis or hint under way: the position it is for and the event that stops it.

    Compared by identity, so that an answer is matched to the very search that was asked.
    """

    position: Position
    stop: threading.Event = field(default_factory=threading.Event)


class GameScreen(Screen[None]):
    """One game after another with the same screen: ``start_game`` begins the next."""

    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("ctrl+r,U", "redo", "Redo", key_display="^r/U"),
        Binding("i", "hint", "Hint"),
        Binding("a", "analysis", "Analysis"),
        Binding("m", "move_now", "Move now"),
        Binding("n", "new_game", "New game"),
        Binding("r", "restart", "Play again", show=False),
        Binding("s", "statistics", "Statistics", show=False),
        Binding("c", "copy_record", "Copy record", show=False),
        Binding("comma", "step(-1)", "Previous move", show=False),
        Binding("full_stop", "step(1)", "Next move", show=False),
        Binding("escape", "live", "Back to the game", show=False),
    ]

    setup: var[GameSetup] = var(GameSetup, init=False)
    """The board and who controls each side."""
    history: var[History] = var(lambda: History.start("3x3"), init=False)
    """The game so far (and any moves taken back)."""
    thinking: var[bool] = var(False, init=False)
    """True while a computer player works on its move."""
    shown_ply: var[int | None] = var(None, init=False)
    """The ply the board shows in a replay, or None for the live position."""
    analysing: var[bool] = var(False, init=False)
    """True while the analysis overlay is on."""
    keypad: var[KeypadLayout] = var(KeypadLayout.CALCULATOR, init=False)
    """How the digits 1-9 map onto a 3x3 board."""

    class ComputerMoved(Message):
        """A worker found the computer's move in ``position``; stale unless ``turn`` is the current one."""

        def __init__(self, position: Position, cell: Cell, turn: Turn) -> None:
            super().__init__()
            self.position = position
            self.cell = cell
            self.turn = turn

    class Analysed(Message):
        """A worker evaluated every move of ``search.position``."""

        def __init__(self, search: _Search, evaluations: tuple[MoveEvaluation, ...]) -> None:
            super().__init__()
            self.search = search
            self.evaluations = evaluations

    class HintFound(Message):
        """A worker found the best move of ``search.position``."""

        def __init__(self, search: _Search, result: SearchResult) -> None:
            super().__init__()
            self.search = search
            self.result = result

    def __init__(self, setup: GameSetup, start: Position | None = None, *, profile: Profile | None = None,
                 players: PlayerFactory = default_players, pause: float = COMPUTER_PAUSE) -> None:
        super().__init__()
        self._profile = profile or Profile()
        self._make_player = players
        self._pause = pause
        self._players: dict[Mark, Player] = {}
        self._turn: Turn | None = None
        """The computer's turn under way, or None when the computer is not thinking."""
        self._waiting = False
        """True while the new-game screen is open: the game waits, the computer does not think."""
        self._solver: Solver
        """The game's solver for analyses and hints, whose memory makes each search after the first cheap."""
        self._analyses: dict[PositionKey, Notes]
        """The analysis of every position analysed in this game, for replays and undo."""
        self._analysis: _Search | None = None
        self._hint_search: _Search | None = None
        self._hint: tuple[Position, Cell] | None
        """The hint found last, with the position it is for."""
        self._counted: bool
        """True once this game has ended and been counted: a game counts once, however often it ends."""
        self.set_reactive(GameScreen.keypad, self._profile.settings.keypad)
        self._begin(setup, start)

    def compose(self) -> ComposeResult:
        position = self.history.position
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
        self._refresh()

    # The game

    @property
    def position(self) -> Position:
        """The position of the game now."""
        return self.history.position

    @property
    def searching(self) -> bool:
        """True while the computer, the analysis or a hint is at work."""
        return self.thinking or self._analysis is not None or self._hint_search is not None

    @property
    def shown_position(self) -> Position:
        """The position on the board: the live one, or an earlier one in a replay."""
        return self.position if self.shown_ply is None else self.history.at(self.shown_ply)

    def start_game(self, setup: GameSetup, start: Position | None = None) -> None:
        """Begin a game with ``setup``, from ``start`` or the empty board; any search is abandoned."""
        self._cancel_thinking()
        self._cancel_searches()
        self._begin(setup, start)
        self._fit(self.app.size)
        self._refresh()
        self._next_turn()

    def _begin(self, setup: GameSetup, start: Position | None) -> None:
        """Fresh players, history and analyses, set without side effects (the caller shows them)."""
        self.set_reactive(GameScreen.setup, setup)
        self._players = {mark: self._make_player(setup.controller(mark))
                         for mark in Mark if not setup.is_human(mark)}
        history = History(start) if start is not None else History.start(setup.spec)
        self.set_reactive(GameScreen.history, history)
        self.set_reactive(GameScreen.shown_ply, None)
        self._solver = Solver(memory_limit_mb=SOLVER_MEMORY_MB)
        self._analyses = {}
        self._hint = None
        self._counted = start is not None and start.is_over
        self._waiting = False
        if start is None:
            self._report(self._profile.remember_setup(setup))

    def watch_history(self, old: History, new: History) -> None:
        if self.shown_ply is not None and self.shown_ply >= new.ply:
            # Replaying the moves taken back, which the game may just have replaced, or now the live position.
            self.set_reactive(GameScreen.shown_ply, None)
        self._count_if_over()
        self._next_turn()
        self._refresh()

    def watch_thinking(self) -> None:
        self._refresh()

    def watch_shown_ply(self) -> None:
        self._refresh()

    def watch_analysing(self) -> None:
        self._refresh()

    def watch_keypad(self, keypad: KeypadLayout) -> None:
        if self.is_mounted:
            self.query_one(Board).keypad = keypad

    def _count_if_over(self) -> None:
        """Count the game the first time it ends: in the session's score, and in the statistics."""
        position = self.position
        if position.is_over and not self._counted:
            self._counted = True
            self._report(self._profile.count_game(self.setup, position.outcome))
            if self.is_mounted:
                self.query_one(Scoreboard).score = self._profile.session

    def _refresh(self) -> None:
        """Bring the searches in line with what the board shows, then hand everything to the widgets."""
        self._update_searches()
        self._show()
        self.refresh_bindings()

    def _show(self) -> None:
        """Hand the game to the widgets that draw it."""
        if not self.is_mounted:
            return
        position, shown = self.position, self.shown_position
        replaying = self.shown_ply is not None
        board = self.query_one(Board)
        board.position = shown
        board.annotations = self._notes(shown)
        board.active = not replaying and not position.is_over and self.setup.is_human(position.to_move)
        info = self.query_one(GameInfo)
        info.setup = self.setup
        info.position = position
        moves = self.query_one(MoveList)
        moves.history = self.history
        moves.shown_ply = self.shown_ply
        status = self.query_one(StatusLine)
        hinting = self._hint_search is not None and not replaying
        if replaying:
            assert self.shown_ply is not None
            status.message = replay_text(self.shown_ply, len(self.history.line))
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
        notes: Notes = NO_ANNOTATIONS
        if self.analysing and not shown.is_over:
            known = self._analyses.get(_key(shown))
            if known is not None:
                notes = known
            elif self._analysis is not None and self._analysis.position == shown:
                notes = pending_notes(shown.legal_moves)
        hint = self._hint[1] if self._hint is not None and self._hint[0] == shown else None
        return with_hint(notes, hint)

    def _update_searches(self) -> None:
        """Stop the searches whose answers are no longer wanted; start the analysis the board needs."""
        shown = self.shown_position
        wanted = (self.analysing and not self.thinking and not self._waiting and not shown.is_over
                  and _key(shown) not in self._analyses)
        if self._analysis is not None and not (wanted and self._analysis.position == shown):
            self._analysis.stop.set()
            self._analysis = None
        if self._hint_search is not None and (self.thinking or self._hint_search.position != shown):
            self._hint_search.stop.set()
            self._hint_search = None
        if wanted and self._analysis is None and self.is_mounted:
            self._analysis = _Search(shown)
            self._analyse(self._analysis, self._solver)

    @work(thread=True, exclusive=True, group="analysis")
    def _analyse(self, search: _Search, solver: Solver) -> None:
        evaluations = solver.analyse(search.position, time_limit=ANALYSIS_TIME, stop=search.stop)
        if not search.stop.is_set():
            self.post_message(self.Analysed(search, evaluations))

    def on_game_screen_analysed(self, message: GameScreen.Analysed) -> None:
        if message.search is not self._analysis:
            return
        self._analysis = None
        self._analyses[_key(message.search.position)] = analysis_notes(message.evaluations)
        self._refresh()

    @work(thread=True, exclusive=True, group="hint")
    def _find_hint(self, search: _Search, solver: Solver) -> None:
        result = solver.solve(search.position, time_limit=HINT_TIME, stop=search.stop)
        if not search.stop.is_set():
            self.post_message(self.HintFound(search, result))

    def on_game_screen_hint_found(self, message: GameScreen.HintFound) -> None:
        if message.search is not self._hint_search:
            return
        self._hint_search = None
        position, result = message.search.position, message.result
        cell = result.best_moves[0]
        self._hint = (position, cell)
        self.query_one(Board).cursor = cell
        self.notify(f"Hint for {position.to_move}: {position.cell_name(cell)} — {hint_words(result)}.",
                    title="Hint", timeout=6)
        self._refresh()

    def _cancel_searches(self) -> None:
        """Stop the analysis and the hint, and forget the hint."""
        for search in (self._analysis, self._hint_search):
            if search is not None:
                search.stop.set()
        self._analysis = self._hint_search = None
        self._hint = None
        self.workers.cancel_group(self, "analysis")
        self.workers.cancel_group(self, "hint")

    # The computer's turn

    def _next_turn(self) -> None:
        """Start the computer's search when it is the computer's turn (and nobody is choosing a new game)."""
        position = self.position
        if (self._waiting or self.thinking or not self.is_mounted or position.is_over
                or self.setup.is_human(position.to_move)):
            return
        self._turn = Turn()
        self.thinking = True
        self._think(position, self._players[position.to_move], self._turn)

    @work(thread=True, exclusive=True, group="computer")
    def _think(self, position: Position, player: Player, turn: Turn) -> None:
        cell = computer_move(player, position, turn, self._pause)
        if cell is not None:
            self.post_message(self.ComputerMoved(position, cell, turn))

    def on_game_screen_computer_moved(self, message: GameScreen.ComputerMoved) -> None:
        if message.turn is not self._turn or message.position != self.position:
            return
        self._turn = None
        self.set_reactive(GameScreen.thinking, False)
        self.history = self.history.play(message.cell)

    def _cancel_thinking(self) -> None:
        """Stop the search now; its answer, should one still arrive, is ignored."""
        if self._turn is not None:
            self._turn.cancel()
            self._turn = None
        self.workers.cancel_group(self, "computer")
        self.thinking = False

    def on_screen_resume(self, event: ScreenResume) -> None:
        self._waiting = False
        self._fit(self.app.size)
        self._next_turn()
        self._refresh()

    def on_unmount(self) -> None:
        if self._turn is not None:
            self._turn.cancel()
        for search in (self._analysis, self._hint_search):
            if search is not None:
                search.stop.set()

    # A person's move

    def on_board_played(self, message: Board.Played) -> None:
        message.stop()
        self.play(message.cell)

    def play(self, cell: Cell) -> bool:
        """Play ``cell`` for the person to move, or refuse it with a bell and a note saying why."""
        position = self.position
        if self.shown_ply is not None:
            return self._refuse(f"{replay_text(self.shown_ply, len(self.history.line))}: "
                                "moves are played on the game itself.")
        if position.is_over:
            return self._refuse(f"The game is over ({result_label(position.outcome)}): "
                                "r plays again, n starts a new game, u takes a move back.")
        if not self.setup.is_human(position.to_move):
            return self._refuse(f"Please wait: it is the computer's turn ({position.to_move}).")
        if not position.is_legal(cell):
            return self._refuse(f"{position.cell_name(cell)} is taken by {position[cell]}.")
        self.history = self.history.play(cell)
        return True

    def _refuse(self, why: str) -> bool:
        self.app.bell()
        self.notify(why, severity="warning", timeout=3)
        return False

    def _report(self, problem: str | None) -> None:
        """Tell the player about a file that could not be read or written; the game goes on."""
        if problem:
            self.app.notify(problem, title="Settings and statistics", severity="warning", timeout=10)

    # Actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that work now show, keys that will work later are dimmed; "move now" shows while thinking."""
        humans = human_marks(self.setup)
        if action == "undo":
            return self.history.can_undo(humans) or None
        if action == "redo":
            return self.history.can_redo(humans) or None
        if action == "move_now":
            return self.thinking
        if action == "hint":
            return self._can_hint() or None
        return True

    def _can_hint(self) -> bool:
        shown = self.shown_position
        if shown.is_over or self.thinking:
            return False
        return self.shown_ply is not None or self.setup.is_human(shown.to_move)

    def action_new_game(self) -> None:
        """Show the new-game screen; the computer stops thinking at once and the game waits."""
        self._cancel_thinking()
        self._cancel_searches()
        self._waiting = True
        self.app.push_screen(NewGameScreen(self.setup, keypad=self.keypad, can_cancel=True),
                             self._new_game_chosen)

    def _new_game_chosen(self, choice: NewGame | None) -> None:
        if choice is not None:
            self._report(self._profile.remember_keypad(choice.keypad))
            self.keypad = choice.keypad
            self.start_game(choice.setup)

    def action_restart(self) -> None:
        """Play again with the same board and players."""
        self.start_game(self.setup)

    def action_undo(self) -> None:
        """Take back a move (against the computer, back to the person's last move); a search stops first."""
        self._cancel_thinking()
        self.shown_ply = None
        self.history = self.history.undo(human_marks(self.setup))

    def action_redo(self) -> None:
        """Replay what undo took back."""
        self._cancel_thinking()
        self.shown_ply = None
        self.history = self.history.redo(human_marks(self.setup))

    def action_move_now(self) -> None:
        """Have the thinking computer play the best move it has found so far."""
        if self._turn is not None:
            self._turn.move_now()

    def action_hint(self) -> None:
        """Find the best move for the side to move in the position shown, and point it out."""
        shown = self.shown_position
        if not self._can_hint():
            return
        if self._hint is not None and self._hint[0] == shown:
            self.query_one(Board).cursor = self._hint[1]
            return
        if self._hint_search is None:
            self._hint_search = _Search(shown)
            self._find_hint(self._hint_search, self._solver)
            self._refresh()

    def action_analysis(self) -> None:
        """Switch the analysis overlay on or off."""
        self.analysing = not self.analysing

    def action_copy_record(self) -> None:
        """Put the game's record on the clipboard, in the notation ``--record`` reads."""
        record = self.position.record
        self.app.copy_to_clipboard(record)
        self.notify(record, title="Game record copied", timeout=6)

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
        """Replay the game one move back or forward from the position shown."""
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
