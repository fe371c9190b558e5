"""Leaving a game for another, or quitting: asked first whenever a game in progress would be given up.

Against the computer, a game given up counts as lost, so that restarting a
losing game cannot protect an unbeaten run; between people the moves so far
would be lost, so the question says how to keep them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from textual.screen import Screen

from ....engine import Outcome, Position
from ....profile.player import Profile
from ....profile.settings import KeypadLayout
from ....session.setup import GameSetup
from ....session.turns import Turns
from ..confirm import ConfirmScreen
from ..new_game import NewGame, NewGameScreen

if TYPE_CHECKING:
    from ....session.connection import Sitting

LOST_TO_THE_COMPUTER = "It counts as a loss against the computer."
LOST_IN_THE_SESSION = "It counts as a loss in this session's score."
MOVES_LOST = "The moves so far will be lost (c copies the record first)."


class Exits(Protocol):
    """What leaving needs of the app: the keypad setting and whether brains are offered, the new-game
    screen's choice of keypad kept, quitting, and a game against a friend online to play on its screen."""

    @property
    def profile(self) -> Profile: ...

    @property
    def served(self) -> bool: ...

    def use_keypad(self, keypad: KeypadLayout) -> None: ...

    def quit_now(self) -> None: ...

    def open_online(self, sitting: Sitting) -> None: ...


class Leaving:
    """Runs what leaves the game screen's game, once the player agrees; the screen owns one."""

    def __init__(self, screen: Screen[None], turns: Turns, exits: Exits,
                 count: Callable[[Outcome | None], None],
                 start: Callable[[GameSetup, Position | None], None]) -> None:
        self._screen = screen
        """Where the questions are asked."""
        self._turns = turns
        self._exits = exits
        self._count = count
        """Counts a game given up (see ``Scorekeeper.count``)."""
        self._start = start
        """Begins the game chosen on the new-game screen, from a saved game's position if one was opened."""
        self._question: ConfirmScreen | None = None
        """The question about leaving while it is asked: a second way out waits for its answer."""

    def then(self, then: Callable[[], None]) -> None:
        """Run ``then`` at once, or once the player confirms giving up the game in progress."""
        game = self._turns.game
        if not game.in_progress:
            then()
            return
        if self._question is not None and self._question in self._screen.app.screen_stack:
            return
        text = (MOVES_LOST if not game.lost_if_left
                else LOST_TO_THE_COMPUTER if game.lost_in_statistics_if_left else LOST_IN_THE_SESSION)

        def answered(leave: bool | None) -> None:
            self._question = None
            if leave:
                self._count(self._turns.game.abandon())
                then()

        self._question = ConfirmScreen("Leave this game?", text, yes="Leave", no="Stay")
        self._screen.app.push_screen(self._question, answered)

    def quit(self) -> None:
        """Quit at once, whatever the computer is doing (after asking, if a game is in progress)."""
        self.then(self._exits.quit_now)

    def choose_new_game(self) -> None:
        """Show the new-game screen; the computer stops thinking at once and the game waits."""
        self._turns.wait()
        exits = self._exits
        choose = NewGameScreen(self._turns.game.setup, keypad=exits.profile.settings.keypad, can_cancel=True,
                               brains=not exits.served, files=not exits.served, online=not exits.served)
        self._screen.app.push_screen(choose, self._chosen)

    def _chosen(self, choice: NewGame | None) -> None:
        if choice is None:
            return
        self._exits.use_keypad(choice.keypad)
        if choice.online is not None:  # Played on a screen of its own: the game here waits beneath it.
            self._exits.open_online(choice.online)
        else:
            self.then(lambda: self._start(choice.setup, choice.start))
