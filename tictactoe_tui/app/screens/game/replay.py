"""The replay: stepping through the moves of the game on the board, while the game itself waits.

``Game`` holds the ply shown and its rules; this helper answers the replay's
keys and the move list, redraws, and gives the board the keys back when the
replay ends. In a paused game between computers, stepping forward from the
live position plays the next move instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .screen import GameScreen


class Replay:
    """Shows earlier positions of the game screen's game; the screen owns one."""

    def __init__(self, screen: GameScreen) -> None:
        self._screen = screen

    def step(self, delta: int) -> None:
        """One move back or forward from the position shown (or the next move of a paused game)."""
        screen = self._screen
        if delta > 0 and screen.paused and screen.game.shown_ply is None and not screen.history.undone:
            screen.computer.step()
            return
        screen.game.step(delta)
        screen.redraw()

    def show(self, ply: int) -> None:
        """Show the position after ``ply`` moves: a replay, or the live position."""
        self._screen.game.show(ply)
        self._screen.redraw()

    def choose(self, ply: int) -> None:
        """Show the position after ``ply`` moves; choosing the live one hands the keys back to the board."""
        self.show(ply)
        if self._screen.game.shown_ply is None:
            self.end()

    def end(self) -> None:
        """Leave the replay for the live position, and give the board the keys."""
        screen = self._screen
        screen.game.show_live()
        screen.redraw()
        if screen.board.display:
            screen.board.focus()
