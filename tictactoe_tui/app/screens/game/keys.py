"""The game screen's keys that come and go with the state of play, as the footer shows them.

A key that works now shows; a key that does nothing now is dimmed in place,
so that no key moves as the game goes; a key that never applies to this
game's players (pausing a game a person plays, moving now between two
people) is left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .screen import GameScreen

DYNAMIC_ACTIONS = ("undo", "redo", "hint", "analysis", "move_now", "pause")
"""The actions whose keys ``state`` shows, dims or hides as the game goes."""


class GameKeys:
    """Tells which of the game screen's keys work now; the screen owns one."""

    def __init__(self, screen: GameScreen) -> None:
        self._screen = screen
        self._shown: tuple[bool | None, ...] = ()
        """The state of the dynamic actions' keys the footer shows."""

    def state(self, action: str) -> bool | None:
        """True for a key that works now, None for one dimmed, False for one left out."""
        screen = self._screen
        game = screen.game
        humans = game.humans
        if action == "undo":
            return game.can_undo() or None
        if action == "redo":
            return game.can_redo() or None
        if action == "hint":
            if not humans and screen.game.shown_ply is None:
                return False  # Between computers a hint is for a replayed position only.
            return screen.computer.can_hint() or None
        if action == "analysis":
            shown = screen.game.shown_position
            return (screen.analysing or not (shown.is_over or screen.thinking and not humans)) or None
        if action == "move_now":
            return (screen.thinking or None) if len(humans) < 2 else False
        if action == "pause":
            return not humans and (not game.position.is_over or None)
        return True

    def refresh(self) -> None:
        """Have the footer show the keys as they are now."""
        keys = tuple(self.state(action) for action in DYNAMIC_ACTIONS)
        if keys != self._shown:
            # The footer rebuilds itself on every refresh of the bindings: only when a key changes.
            self._shown = keys
            self._screen.refresh_bindings()
