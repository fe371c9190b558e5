"""The game screen's keys that come and go with the state of play, as the footer shows them.

Which keys apply now is the game's flow (``Turns.key_state``); this helper
keeps the footer in step with it. A key that works now shows; a key that
does nothing now is dimmed in place, so that no key moves as the game goes;
a key that never applies to the players the game began with is left out.
"""

from __future__ import annotations

from collections.abc import Callable

from ....session.turns import DYNAMIC_ACTIONS


class GameKeys:
    """Has the footer show the game screen's keys as they are now; the screen owns one."""

    def __init__(self, state: Callable[[str], bool | None], refresh_bindings: Callable[[], None]) -> None:
        self._state = state
        """True for a key that works now, None for one dimmed, False for one left out."""
        self._refresh_bindings = refresh_bindings
        """Has the footer ask every key's state again."""
        self._shown: tuple[bool | None, ...] = ()
        """The state of the dynamic actions' keys the footer shows."""

    def refresh(self) -> None:
        """Have the footer show the keys as they are now."""
        keys = tuple(self._state(action) for action in DYNAMIC_ACTIONS)
        if keys != self._shown:
            # The footer rebuilds itself on every refresh of the bindings: only when a key changes.
            self._shown = keys
            self._refresh_bindings()
