"""Short messages from the game screen to the player, put where they can be read.

Textual's toasts stand in the bottom-right corner. On a board that reaches
that corner a toast would hide the cells the player is looking at, so every
message, a warning too, goes to the status line instead, for as long as the
toast would have stayed (the line grows to a few rows for a long one). The
same message is never stacked twice, so a key pressed again and again does
not pile up toasts.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.notifications import SeverityLevel
from textual.screen import Screen

from ....session.turns import Notice
from ...widgets.board import Board

NOTICE_TIME = 4.0
"""Seconds a short message (a refused move, a hint, a copied record) stays on screen."""
WARNING_TIME = 10.0
"""Seconds a message about something that went wrong stays on screen."""
TOAST_WIDTH = 60
"""The width of Textual's toasts (at most half the screen), to tell whether one would cover the board."""
TOAST_HEIGHT = 8
"""Rows above the bottom edge that a toast can reach."""


class Notices:
    """What the game screen tells the player in passing; ``current`` is what the status line shows."""

    def __init__(self, screen: Screen[None], redraw: Callable[[], None]) -> None:
        self._screen = screen
        self._redraw = redraw
        """Shows the status line again, with or without the message in it."""
        self._in_status: tuple[str, float] | None = None
        """A message the status line shows until the time given, where a toast would cover the board."""
        self._toasts: dict[str, float] = {}
        """When each message shown as a toast goes away."""
        self.echo: Callable[[str], None] | None = None
        """Also given every message, to say it where a screen reader reads (the accessible mode)."""

    def current(self) -> str | None:
        """The message the status line shows instead of the game's state, while it lasts."""
        notice = self._in_status
        return notice[0] if notice is not None and notice[1] > time.monotonic() else None

    def tell(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
             timeout: float = NOTICE_TIME) -> None:
        """A short message: a toast, never two of the same at once, or the status line where a toast
        would cover the board."""
        if self.echo is not None:
            self.echo(message)
        now = time.monotonic()
        if self._toast_would_cover_board():
            self._in_status = (message, now + timeout)
            self._screen.set_timer(timeout, self._redraw)
            self._redraw()
            return
        if self._toasts.get(message, 0.0) > now:
            return
        self._toasts[message] = now + timeout
        self._screen.notify(message, title=title, severity=severity, timeout=timeout)

    def warn(self, message: str, *, title: str) -> None:
        """Something went wrong that the player must read: shown long enough, where it covers nothing."""
        self.tell(message, title=title, severity="warning", timeout=WARNING_TIME)

    def show(self, notice: Notice) -> None:
        """Tell ``notice``: a warning when something went wrong, else a short message."""
        if notice.warning:
            self.warn(notice.text, title=notice.title)
        else:
            self.tell(notice.text, title=notice.title)

    def refuse(self, why: str) -> bool:
        """A key that does nothing now: the bell, and the reason; False, for the move not played."""
        self._screen.app.bell()
        self.tell(why, severity="warning")
        return False

    def _toast_would_cover_board(self) -> bool:
        screen = self._screen
        if not screen.is_mounted:
            return False
        board = screen.query_one(Board)
        if not board.display:
            return False
        width, height = screen.app.size
        toast_left = width - min(TOAST_WIDTH, width // 2) - 2
        return board.region.right > toast_left and board.region.bottom > height - TOAST_HEIGHT
