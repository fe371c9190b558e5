"""The replay: stepping through the moves of the game on the board, while the game itself waits.

``Game`` holds the ply shown and its rules; this helper answers the replay's
keys and the move list, redraws, and gives the board the keys back when the
replay ends. (In a paused game between computers, stepping forward from the
live position plays the next move instead: ``Turns.plays_on`` tells.) The
online game's screen replays its game the same way.
"""

from __future__ import annotations

from collections.abc import Callable

from ....session.game import Game
from ...labels import replay_end_text


class Replay:
    """Shows earlier positions of a screen's game (the one ``game`` gives now); the screen owns one."""

    def __init__(self, game: Callable[[], Game], redraw: Callable[[], None],
                 give_board_keys: Callable[[], None], refuse: Callable[[str], object]) -> None:
        self._game = game
        self._redraw = redraw
        """Draws the game again, at the position it shows."""
        self._give_board_keys = give_board_keys
        """Focuses the board, where it can be seen."""
        self._refuse = refuse
        """Rings the bell and says why a key does nothing."""

    def step(self, delta: int) -> None:
        """One move back or forward from the position shown; at either end, the reason nothing moves."""
        game = self._game()
        if game.step(delta):
            self._redraw()
        else:
            self._refuse(replay_end_text(delta, game))

    def show(self, ply: int) -> None:
        """Show the position after ``ply`` moves: a replay, or the live position."""
        self._game().show(ply)
        self._redraw()

    def choose(self, ply: int) -> None:
        """Show the position after ``ply`` moves; choosing the live one hands the keys back to the board."""
        self.show(ply)
        if self._game().shown_ply is None:
            self.end()

    def end(self) -> None:
        """Leave the replay for the live position, and give the board the keys."""
        self._game().show_live()
        self._redraw()
        self._give_board_keys()
