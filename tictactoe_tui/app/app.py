"""The Textual application: which screen comes first, the keys that work everywhere, the command palette."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ..engine import Position
from ..setup import HUMAN, GameSetup
from .computer import COMPUTER_PAUSE, PlayerFactory, default_players
from .screens.game import GameScreen
from .screens.help import HelpScreen
from .screens.new_game import NewGameScreen


class TicTacToeApp(App[None]):
    """Tic-Tac-Toe and the m,n,k games.

    With neither ``setup`` nor ``start`` the new-game screen comes first. With
    a ``setup`` that game starts at once; with ``start`` (a position read from
    a game record) the game opens at that position, between two people
    unless ``setup`` says otherwise. ``players`` makes the computer players
    and ``pause`` is the least time a computer move takes, so that tests can
    seed the one and shorten the other.
    """

    CSS_PATH = "tictactoe.tcss"
    TITLE = "tictactoe-tui"

    BINDINGS = [
        Binding("q", "quit", "Quit"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
    ]

    def __init__(self, setup: GameSetup | None = None, start: Position | None = None, *,
                 players: PlayerFactory = default_players, pause: float = COMPUTER_PAUSE) -> None:
        super().__init__()
        if start is not None and setup is None:
            setup = GameSetup(start.spec, HUMAN, HUMAN)
        if start is not None and setup is not None and setup.spec != start.spec:
            raise ValueError(f"the setup's board {setup.spec} is not the record's board {start.spec}")
        self._setup = setup
        self._start = start
        self._players = players
        self._pause = pause

    def on_mount(self) -> None:
        if self._setup is None:
            self.push_screen(NewGameScreen(), self._first_game)
        else:
            self._first_game(self._setup)

    def _first_game(self, setup: GameSetup | None) -> None:
        if setup is not None:
            self.push_screen(GameScreen(setup, self._start, players=self._players, pause=self._pause))

    def action_help(self) -> None:
        """Show the keys, the rules and the levels."""
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if isinstance(screen, GameScreen):
            yield SystemCommand("New game", "Choose the board and the players for a new game",
                                screen.action_new_game)
            yield SystemCommand("Play again", "Restart this game with the same board and players",
                                screen.action_restart)
        yield SystemCommand("Help", "Keys, rules and the computer's levels", self.action_help)
