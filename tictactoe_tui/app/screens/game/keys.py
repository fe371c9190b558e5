"""The game screen's keys that come and go with the state of play, as the footer shows them.

A key that works now shows; a key that does nothing now is dimmed in place,
so that no key moves as the game goes; a key that never applies to the
players the game began with (pausing a game a person plays, moving now
between two people) is left out, for the whole game, even once a person
takes over a side whose brain failed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .screen import GameScreen

DYNAMIC_ACTIONS = ("play_cursor", "undo", "redo", "hint", "analysis", "move_now", "pause")
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
        began = game.players_at_start
        if action == "play_cursor":
            # Shown only while the board does not have the focus (the board's own Enter shows then).
            if not began:
                return False
            return screen.focused is None or screen.focused is screen.board or None
        if action == "undo":
            return game.can_undo() or None
        if action == "redo":
            return game.can_redo() or None
        if action == "hint":
            return screen.computer.can_hint() or None  # Between computers, for a replayed position.
        if action == "analysis":
            shown = screen.game.shown_position
            return (screen.analysing or not (shown.is_over or screen.thinking and not humans)) or None
        if action == "move_now":
            return (screen.thinking or None) if len(began) < 2 else False
        if action == "pause":
            if began:
                return False
            return (not humans and not game.position.is_over) or None
        return True

    def refresh(self) -> None:
        """Have the footer show the keys as they are now."""
        keys = tuple(self.state(action) for action in DYNAMIC_ACTIONS)
        if keys != self._shown:
            # The footer rebuilds itself on every refresh of the bindings: only when a key changes.
            self._shown = keys
            self._screen.refresh_bindings()
