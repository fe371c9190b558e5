"""What the game screen needs of the app that shows it, beyond Textual's own ``App``.

The app passes itself in as the screen's ``GameHost``; the screens never
import the app, whose module imports them. Each helper of the screen takes
only the part it uses (``Records``, ``Voice``), which the host provides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ....profile.player import Profile
from ....profile.settings import KeypadLayout

if TYPE_CHECKING:
    from ....session.connection import Sitting


class GameHost(Protocol):
    """What the game screen needs of the app that shows it, beyond Textual's ``App``."""

    @property
    def profile(self) -> Profile:
        """The player's settings and statistics."""

    @property
    def served(self) -> bool:
        """True when the app runs for a browser's page, which offers no external brain."""

    @property
    def accessible(self) -> bool:
        """True in the accessible mode."""

    def report(self, problem: str | None, *, timeout: float = ...) -> None:
        """Tell the player about a settings or statistics file that could not be used."""

    def quit_now(self) -> None:
        """Quit at once, the engine's process killed."""

    def use_keypad(self, keypad: KeypadLayout) -> None:
        """Map the digits 1-9 with ``keypad`` in every game, now and in later runs."""

    def follow_focus(self, tries: int = ...) -> None:
        """Put the terminal's cursor on the focused widget's own cursor, in the accessible mode."""

    def open_online(self, sitting: Sitting) -> None:
        """Play a game against a friend on another computer, on its own screen."""
