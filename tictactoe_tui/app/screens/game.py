"""The game: the board, the side panel and the status line, and the turns of both sides.

The screen owns the game (``setup`` and ``history``) and everything else
follows from them: it sets the board's position from above and hears about
a person's moves through ``Board.Played``. The computer's moves are made by a
worker thread so the app answers every key while a search runs; each search
gets its own ``threading.Event``, which is set the moment the game moves on
(new game, restart, quit) so the engine stops at once and its late answer,
if any, is recognised as stale and dropped.
"""

from __future__ import annotations

import threading

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
from ...history import History
from ...setup import GameSetup
from ..computer import COMPUTER_PAUSE, PlayerFactory, computer_move, default_players
from ..geometry import plan_screen, too_small_message
from ..labels import result_label, status_text
from ..widgets.board import Board
from ..widgets.game_info import GameInfo
from ..widgets.status import StatusLine
from .new_game import NewGameScreen


class GameScreen(Screen[None]):
    """One game after another with the same screen: ``start_game`` begins the next."""

    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("r", "restart", "Play again"),
    ]

    setup: var[GameSetup] = var(GameSetup, init=False)
    """The board and who controls each side."""
    history: var[History] = var(lambda: History.start("3x3"), init=False)
    """The game so far (and any moves taken back)."""
    thinking: var[bool] = var(False, init=False)
    """True while a computer player works on its move."""

    class ComputerMoved(Message):
        """A worker found the computer's move in ``position``; stale unless ``search`` is the current one."""

        def __init__(self, position: Position, cell: Cell, search: threading.Event) -> None:
            super().__init__()
            self.position = position
            self.cell = cell
            self.search = search

    def __init__(self, setup: GameSetup, start: Position | None = None, *,
                 players: PlayerFactory = default_players, pause: float = COMPUTER_PAUSE) -> None:
        super().__init__()
        self._make_player = players
        self._pause = pause
        self._players: dict[Mark, Player] = {}
        self._stop: threading.Event | None = None
        """The current search's stop event, or None when the computer is not thinking."""
        self._waiting = False
        """True while the new-game screen is open: the game waits, the computer does not think."""
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
        yield StatusLine(status_text(self.setup, position, thinking=False), id="status")
        yield Footer()

    def on_mount(self) -> None:
        self._fit(self.app.size)
        board = self.query_one(Board)
        if board.display:
            board.focus()

    # The game

    @property
    def position(self) -> Position:
        """The position on the board now."""
        return self.history.position

    def start_game(self, setup: GameSetup, start: Position | None = None) -> None:
        """Begin a game with ``setup``, from ``start`` or the empty board; any search is abandoned."""
        self._cancel_thinking()
        self._begin(setup, start)
        self._fit(self.app.size)
        self._show()
        self._next_turn()

    def _begin(self, setup: GameSetup, start: Position | None) -> None:
        """Fresh players and a fresh history, set without side effects (the caller shows them)."""
        self.set_reactive(GameScreen.setup, setup)
        self._players = {mark: self._make_player(setup.controller(mark))
                         for mark in Mark if not setup.is_human(mark)}
        history = History(start) if start is not None else History.start(setup.spec)
        self.set_reactive(GameScreen.history, history)
        self._waiting = False

    def watch_history(self) -> None:
        self._show()
        self._next_turn()

    def watch_thinking(self) -> None:
        self._show()

    def _show(self) -> None:
        """Hand the game to the widgets that draw it."""
        if not self.is_mounted:
            return
        position = self.position
        board = self.query_one(Board)
        board.position = position
        board.active = not position.is_over and self.setup.is_human(position.to_move)
        info = self.query_one(GameInfo)
        info.setup = self.setup
        info.position = position
        status = self.query_one(StatusLine)
        status.message = status_text(self.setup, position, thinking=self.thinking)
        status.spinning = self.thinking
        status.set_class(position.is_over, "-over")

    # The computer's turn

    def _next_turn(self) -> None:
        """Start the computer's search when it is the computer's turn (and nobody is choosing a new game)."""
        position = self.position
        if (self._waiting or self.thinking or not self.is_mounted or position.is_over
                or self.setup.is_human(position.to_move)):
            return
        self._stop = threading.Event()
        self.thinking = True
        self._think(position, self._players[position.to_move], self._stop)

    @work(thread=True, exclusive=True, group="computer")
    def _think(self, position: Position, player: Player, stop: threading.Event) -> None:
        cell = computer_move(player, position, stop, self._pause)
        if cell is not None:
            self.post_message(self.ComputerMoved(position, cell, stop))

    def on_game_screen_computer_moved(self, message: GameScreen.ComputerMoved) -> None:
        if message.search is not self._stop or message.position != self.position:
            return
        self._stop = None
        self.set_reactive(GameScreen.thinking, False)
        self.history = self.history.play(message.cell)

    def _cancel_thinking(self) -> None:
        """Stop the search now; its answer, should one still arrive, is ignored."""
        if self._stop is not None:
            self._stop.set()
            self._stop = None
        self.workers.cancel_group(self, "computer")
        self.thinking = False

    def on_screen_resume(self, event: ScreenResume) -> None:
        self._waiting = False
        self._fit(self.app.size)
        self._next_turn()

    def on_unmount(self) -> None:
        if self._stop is not None:
            self._stop.set()

    # A person's move

    def on_board_played(self, message: Board.Played) -> None:
        message.stop()
        self.play(message.cell)

    def play(self, cell: Cell) -> bool:
        """Play ``cell`` for the person to move, or refuse it with a bell and a note saying why."""
        position = self.position
        if position.is_over:
            return self._refuse(f"The game is over ({result_label(position.outcome)}): "
                                "r plays again, n starts a new game.")
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

    # Actions

    def action_new_game(self) -> None:
        """Show the new-game screen; the computer stops thinking at once and the game waits."""
        self._cancel_thinking()
        self._waiting = True
        self.app.push_screen(NewGameScreen(self.setup, can_cancel=True), self._new_game_chosen)

    def _new_game_chosen(self, setup: GameSetup | None) -> None:
        if setup is not None:
            self.start_game(setup)

    def action_restart(self) -> None:
        """Play again with the same board and players."""
        self.start_game(self.setup)

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
        board.position = self.position  # The geometry is for this position's board: set both together.
        board.geometry = plan.geometry
        if refocus:
            board.focus()
