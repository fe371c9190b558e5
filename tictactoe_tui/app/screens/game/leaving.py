"""Leaving a game for another, or quitting: asked first whenever a game in progress would be given up.

Against the computer, a game given up counts as lost, so that restarting a
losing game cannot protect an unbeaten run; between people the moves so far
would be lost, so the question says how to keep them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..confirm import ConfirmScreen
from ..new_game import NewGame, NewGameScreen

if TYPE_CHECKING:
    from .screen import GameScreen

LOST_TO_THE_COMPUTER = "It counts as a loss against the computer."
MOVES_LOST = "The moves so far will be lost (c copies the record first)."

class Leaving:
    """Runs what leaves the game screen's game, once the player agrees; the screen owns one."""

    def __init__(self, screen: GameScreen) -> None:
        self._screen = screen

    def then(self, then: Callable[[], None]) -> None:
        """Run ``then`` at once, or once the player confirms giving up the game in progress."""
        screen = self._screen
        if not screen.game.in_progress:
            then()
            return
        text = LOST_TO_THE_COMPUTER if len(screen.game.humans) == 1 else MOVES_LOST

        def answered(leave: bool | None) -> None:
            if leave:
                screen.scores.count(screen.game.abandon())
                then()

        screen.app.push_screen(ConfirmScreen("Leave this game?", text, yes="Leave", no="Stay"), answered)

    def quit(self) -> None:
        """Quit at once, whatever the computer is doing (after asking, if a game is in progress)."""
        self.then(self._screen.app.quit_now)

    def choose_new_game(self) -> None:
        """Show the new-game screen; the computer stops thinking at once and the game waits."""
        screen = self._screen
        screen.searches.stop_all()
        screen.waiting = True
        keypad = screen.app.profile.settings.keypad
        choose = NewGameScreen(screen.setup, keypad=keypad, can_cancel=True, brains=not screen.app.served)
        screen.app.push_screen(choose, self._chosen)

    def _chosen(self, choice: NewGame | None) -> None:
        if choice is not None:
            screen = self._screen
            screen.app.use_keypad(choice.keypad)
            self.then(lambda: screen.start_game(choice.setup))
