"""Screens that close only while they are on top.

Textual's ``Screen.dismiss`` pops whatever screen is on top of the stack. A key
given twice in one go (Enter pressed twice, Space held down, keys pasted)
queues two presses of the same button before the first is handled: the first
closes the button's screen, and the second, handled by that screen after it
is gone, would close the screen beneath it, the game itself, and with nothing
left beneath, end the program in an error.
"""

from __future__ import annotations

from typing import cast

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen, ScreenResultType


class ClosedFromTop(Screen[ScreenResultType]):
    """A screen that a dismissal asked of it when it is not on top (it has closed already, or another
    covers it) leaves as it is."""

    def dismiss(self, result: ScreenResultType | None = None) -> AwaitComplete:
        if not self.is_active:
            return cast(AwaitComplete, AwaitComplete.nothing())  # type: ignore[no-untyped-call]
        return super().dismiss(result)


class ModalClosedFromTop(ModalScreen[ScreenResultType], ClosedFromTop[ScreenResultType]):
    """A modal screen closed only from the top. ``ModalScreen`` comes first: Textual takes a screen's
    default styles (the dimmed backdrop) along the first of its bases only."""
