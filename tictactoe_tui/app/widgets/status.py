"""The status line under the board, with a spinner while the computer thinks."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget

SPINNER_FRAMES = "◐◓◑◒"
SPINNER_INTERVAL = 0.15
MAX_ROWS = 4
"""The most rows a long message wraps onto."""


class StatusLine(Widget):
    """One line of text, led by a spinner while ``spinning``; a longer message (a note that would
    otherwise cover the board) wraps onto a few more rows while it lasts.

    The game's state stays on the line (``whole`` off): in a terminal whose board leaves no row to
    spare, its wrapped rows would push the board's column letters out of sight for the rest of the
    game, so it keeps to the ``room`` the layout gives it and ends in an ellipsis where it is cut.
    The keys it names are in the footer too.

    The spinner turns only when animations are on (``TEXTUAL_ANIMATIONS``); with
    them off it shows a still frame, which also keeps screenshots of a
    thinking computer identical from run to run.
    """

    DEFAULT_CSS = f"""
    StatusLine {{
        height: auto;
        max-height: {MAX_ROWS};
        padding: 0 1;
    }}
    """

    message: reactive[str] = reactive("", layout=True)
    whole: reactive[bool] = reactive(True, layout=True)
    """Whether the message is shown whole whatever it covers, as a note or words to read out are."""
    room: reactive[int] = reactive(MAX_ROWS, layout=True)
    """The rows the line may take without cutting into the board (the layout sets it)."""
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
        content = (Content.assemble((SPINNER_FRAMES[self.frame], "bold"), " ", self.message)
                   if self.spinning else Content(self.message))
        width, room = self.content_size.width, max(1, self.room)
        if self.whole or width <= 0:
            return content
        lines = content.wrap(width)
        if len(lines) <= room:
            return content
        cut = Content(" ").join(line.rstrip() for line in lines[room - 1:]).truncate(width, ellipsis=True)
        return Content("\n").join([*lines[:room - 1], cut])
