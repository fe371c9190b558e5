"""Saving the game to a file, and opening a saved one in its place.

The dialogs (``SaveGameScreen``, ``OpenGameScreen``) read and write the
files; this helper asks them over the game screen and acts on the answer:
a saved game is said in a notice, an opened one replaces the game on the
board, once the player agrees to leave a game in progress (see
``Leaving``). A served game writes and reads no file, since the files would
be the serving computer's, not the visitor's: both keys are left out there.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.screen import Screen

from ....engine import Position
from ....profile.saved_games import SavedGame
from ....session.setup import GameSetup
from ....session.turns import Turns
from ..open_game import OpenGameScreen
from ..save_game import SaveGameScreen
from .notices import Notices

FILE_ACTIONS = frozenset({"save_game", "open_game"})
"""The game screen's actions that touch the files of the computer the game runs on."""
SAVED_NOTICE_TIME = 6.0
"""Seconds the path of a saved game stays on screen, to be read and copied."""


class GameFiles:
    """Saves the game screen's game and opens saved ones; the screen owns one."""

    def __init__(self, screen: Screen[None], turns: Turns, notices: Notices,
                 leave_then: Callable[[Callable[[], None]], None],
                 start: Callable[[GameSetup, Position | None], None], *, allowed: bool) -> None:
        self._screen = screen
        """Where the dialogs open."""
        self._turns = turns
        self._notices = notices
        self._leave_then = leave_then
        """Runs what it is given once the player agrees to leave a game in progress (``Leaving.then``)."""
        self._start = start
        """Begins a game from its setup and position (``GameScreen.start_game``)."""
        self.allowed = allowed
        """False in a served game, which touches no file."""

    def applies(self, action: str) -> bool | None:
        """False for a file action where files may not be touched, None for any other action."""
        return False if action in FILE_ACTIONS and not self.allowed else None

    def save(self) -> None:
        """Ask where to save the game, and save it there."""
        if not self.allowed:
            return
        game = self._turns.game
        self._screen.app.push_screen(SaveGameScreen(game.setup, game.position), self._saved)

    def _saved(self, path: Path | None) -> None:
        if path is not None:
            self._notices.tell(f"Saved to {path}", title="Save game", timeout=SAVED_NOTICE_TIME)

    def open(self) -> None:
        """Ask which saved game to open, and play it from its last position."""
        if self.allowed:
            self._screen.app.push_screen(OpenGameScreen(), self._opened)

    def _opened(self, saved: SavedGame | None) -> None:
        if saved is not None:
            self._leave_then(lambda: self._start(saved.setup, saved.position))
