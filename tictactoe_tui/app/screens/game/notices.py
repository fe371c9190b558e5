"""Short messages from the game screen to the player, put where they can be read.

Textual's toasts stand in the bottom-right corner. On a board that reaches
that corner a toast would hide the cells the player is looking at, so every
message, a warning too, goes to the status line instead, for as long as the
toast would have stayed (the line grows to a few rows for a long one). Where
the new toast fits only without the ones still shown, they go first: the
newest message is the one to read, and no toast then stands over the status
line's message. The same message is never stacked twice, so a key pressed
again and again does not pile up toasts. A message that no longer holds (a
hint, once its position has gone from the board) can be withdrawn, toast or
status line, leaving the other messages where they are.

Where the toast would stand is worked out as Textual lays it out, from the
stylesheets Textual gives its toasts and their rack (``toast_region``), so
that a change of Textual's styles cannot leave the board covered.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import NamedTuple

from textual.app import App
from textual.content import Content
from textual.css.styles import Styles
from textual.css.stylesheet import Stylesheet
from textual.geometry import Region, Size, Spacing
from textual.notifications import Notification, Notify, SeverityLevel
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets._toast import Toast, ToastRack

from ....session.turns import Notice
from ...widgets.board import Board

NOTICE_TIME = 4.0
"""Seconds a short message (a refused move, a hint, a copied record) stays on screen."""
WARNING_TIME = 10.0
"""Seconds a message about something that went wrong stays on screen."""
RECORD_NOTICE_TIME = 6.0
"""Seconds the copied record stays on screen: to copy by hand where the terminal ignores the clipboard."""


class ShownToast(NamedTuple):
    """A message shown as a toast: when it goes away, the rows it takes in the stack of toasts, and
    the notification that withdraws it."""

    until: float
    rows: int
    notification: Notification


class Notices:
    """What the game screen tells the player in passing; ``current`` is what the status line shows."""

    def __init__(self, screen: Screen[None], redraw: Callable[[], None]) -> None:
        self._screen = screen
        self._redraw = redraw
        """Shows the status line again, with or without the message in it."""
        self._in_status: tuple[str, float] | None = None
        """A message the status line shows until the time given, where a toast would cover the board."""
        self._toasts: dict[str, ShownToast] = {}
        """Each message shown as a toast: when it goes away, its rows, and its notification."""
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
        shown = self._toasts.get(message)
        if shown is not None and shown.until > now:
            return
        region = self._toast_region(message, title, severity, now)
        if region is None and any(shown.until > now for shown in self._toasts.values()):
            # The newest message goes before the older ones: they go, rather than push it onto the
            # board or stand over the status line that would take it. (A toast comes by a message to
            # the app: the clearing waits its turn behind those of the toasts told before.)
            app = self._screen.app
            app.call_later(app.clear_notifications)
            self._toasts.clear()
            region = self._toast_region(message, title, severity, now)
        if region is None:
            self._in_status = (message, now + timeout)
            self._screen.set_timer(timeout, self._redraw)
            self._redraw()
            return
        # Made here rather than by ``notify``, which keeps no handle on it: as ``App.notify`` makes it.
        notification = Notification(message, title, severity, timeout, markup=False)
        rows = region.height + toast_margin(self._screen.app)
        self._toasts[message] = ShownToast(now + timeout, rows, notification)
        self._screen.app.post_message(Notify(notification))

    def withdraw(self, message: str) -> None:
        """Take ``message`` off the screen before its time, if it is still shown: its toast, or the status
        line, which shows the game's state again from the next redraw. Other messages stay."""
        if self._in_status is not None and self._in_status[0] == message:
            self._in_status = None
        shown = self._toasts.pop(message, None)
        if shown is not None:
            # Behind the message that brings the toast, should it not have come yet; Textual removes a
            # toast it has taken down itself as this does (``Toast._expire``), and one gone is let be.
            app = self._screen.app
            app.call_later(app._unnotify, shown.notification)

    def warn(self, message: str, *, title: str) -> None:
        """Something went wrong that the player must read: shown long enough, where it covers nothing."""
        self.tell(message, title=title, severity="warning", timeout=WARNING_TIME)

    def show(self, notice: Notice) -> None:
        """Tell ``notice``: a warning when something went wrong, else a short message."""
        if notice.warning:
            self.warn(notice.text, title=notice.title)
        else:
            self.tell(notice.text, title=notice.title)

    def copied(self, record: str) -> None:
        """Put a game's ``record`` on the clipboard, and say so with the record itself: terminals may
        ignore the request, and the record is then in the message to copy by hand."""
        self._screen.app.copy_to_clipboard(record)
        self.tell(f"{record} — sent to the clipboard", title="Game record", timeout=RECORD_NOTICE_TIME)

    def refuse(self, why: str) -> bool:
        """A key that does nothing now: the bell, and the reason; False, for the move not played."""
        self._screen.app.bell()
        self.tell(why, severity="warning")
        return False

    def _toast_region(self, message: str, title: str, severity: SeverityLevel, now: float) -> Region | None:
        """Where the toast of ``message`` would stand, with the toasts still shown pushed up above it;
        None where that stack would cover the board, or where the board is hidden: the screen then
        says that the terminal is too small, and the status line keeps the message until it is not."""
        screen = self._screen
        region = toast_region(screen.app, message, title, severity)
        if not screen.is_mounted:
            return region
        board = screen.query_one(Board)
        if not board.display:
            return None
        stacked = sum(shown.rows for shown in self._toasts.values() if shown.until > now)
        if board.region.overlaps(region.grow(Spacing(stacked, 0, 0, 0))):
            return None
        return region


def toast_region(app: App[object], message: str, title: str, severity: SeverityLevel) -> Region:
    """Where Textual puts the toast of ``message`` when it comes: the bottom-right corner of the screen.

    The rack of toasts spans the screen above its bottom margin, and keeps a scrollbar's gutter on
    the right (it scrolls vertically); a toast there takes its width from its own rules, and as many
    rows as its title and its message take wrapped within it, with its padding and border around.
    """
    width, height = app.size
    rack = _styles(app, ToastRack, "ToastRack")
    toast = _styles(app, Toast, "Toast", f"Toast.-{severity}")
    room = Size(width - rack.scrollbar_size_vertical, height)
    width_rule, max_width_rule = toast.width, toast.max_width
    toast_width = room.width
    if width_rule is not None:
        toast_width = min(toast_width, int(width_rule.resolve(room, app.size)))
    if max_width_rule is not None:
        toast_width = min(toast_width, int(max_width_rule.resolve(room, app.size)))
    content = Content(message)  # Notices are plain text: a brain's words are shown as they were said.
    if title:
        content = Content.assemble(title, "\n", content)
    gutter = toast.gutter
    toast_height = content.get_height(toast.get_rules(), max(toast_width - gutter.width, 1)) + gutter.height
    bottom = height - rack.margin.bottom
    return Region(room.width - toast_width, bottom - toast_height, toast_width, toast_height)


def toast_margin(app: App[object]) -> int:
    """The rows between two toasts in the stack."""
    return int(_styles(app, Toast, "Toast").margin.top)


_read: dict[tuple[type[Widget], tuple[str, ...]], Styles] = {}
"""The rules read so far, by widget and selectors: sizes do not change with the theme, so once is enough."""


def _styles(app: App[object], widget: type[Widget], *selectors: str) -> Styles:
    """The rules of ``widget``'s own stylesheet for ``selectors``, merged in order (the app's colours
    only let the stylesheet be read)."""
    key = (widget, selectors)
    if key not in _read:
        sheet = Stylesheet(variables=app.get_css_variables())
        sheet.add_source(widget.DEFAULT_CSS, read_from=("", f"{widget.__name__}.DEFAULT_CSS"))
        sheet.parse()
        styles = Styles()
        for selector in selectors:
            for rule in sheet.rules:
                if rule.selectors == selector:
                    styles.merge(rule.styles)
        _read[key] = styles
    return _read[key]
