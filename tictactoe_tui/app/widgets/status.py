"""The status line under the board, with a spinner while the computer thinks."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget

SPINNER_FRAMES = "◐◓◑◒"
SPINNER_INTERVAL = 0.15


class StatusLine(Widget):
    """One line of text, led by a spinner while ``spinning``; a longer message (a note that would
    otherwise cover the board) wraps onto a few more rows while it lasts.

    The spinner turns only when animations are on (``TEXTUAL_ANIMATIONS``); with
    them off it shows a still frame, which also keeps screenshots of a
    thinking computer identical from run to run.
    """

    DEFAULT_CSS = """
    StatusLine {
        height: auto;
        max-height: 4;
        padding: 0 1;
    }
    """

    message: reactive[str] = reactive("", layout=True)
    spinning = reactive(False, toggle_class="-spinning")
    frame: reactive[int] = reactive(0)

    def __init__(self, message: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(StatusLine.message, message)
        self._timer: Timer | None = None

    def on_mount(self) -> None:
        self._timer = self.set_interval(SPINNER_INTERVAL, self._advance, pause=True)
        self.watch_spinning(self.spinning)

    def watch_spinning(self, spinning: bool) -> None:
        self.frame = 0
        if self._timer is None:
            return
        if spinning and self.app.animation_level != "none":
            self._timer.resume()
        else:
            self._timer.pause()

    def _advance(self) -> None:
        self.frame = (self.frame + 1) % len(SPINNER_FRAMES)

    def render(self) -> Content:
        if self.spinning:
            return Content.assemble((SPINNER_FRAMES[self.frame], "bold"), " ", self.message)
        return Content(self.message)
