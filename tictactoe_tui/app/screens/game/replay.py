"""The replay: stepping through the moves of the game on the board, while the game itself waits.

``Game`` holds the ply shown and its rules; this helper answers the replay's
keys and the move list, redraws, and gives the board the keys back when the
replay ends. (In a paused game between computers, stepping forward from the
live position plays the next move instead: ``Turns.plays_on`` tells.)
"""

from __future__ import annotations

from collections.abc import Callable

from ....session.turns import Turns


class Replay:
    """Shows earlier positions of the game screen's game; the screen owns one."""

    def __init__(self, turns: Turns, redraw: Callable[[], None], give_board_keys: Callable[[], None]) -> None:
        self._turns = turns
        self._redraw = redraw
        """Draws the game again, at the position it shows."""
        self._give_board_keys = give_board_keys
        """Focuses the board, where it can be seen."""

    def step(self, delta: int) -> None:
        """One move back or forward from the position shown."""
        self._turns.game.step(delta)
        self._redraw()

    def show(self, ply: int) -> None:
        """Show the position after ``ply`` moves: a replay, or the live position."""
        self._turns.game.show(ply)
        self._redraw()

    def choose(self, ply: int) -> None:
        """Show the position after ``ply`` moves; choosing the live one hands the keys back to the board."""
        self.show(ply)
        if self._turns.game.shown_ply is None:
            self.end()

    def end(self) -> None:
        """Leave the replay for the live position, and give the board the keys."""
        self._turns.game.show_live()
        self._redraw()
        self._give_board_keys()
