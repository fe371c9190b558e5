"""A yes-or-no question over the screen that asked it, for choices that lose something."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label


class ConfirmScreen(ModalScreen[bool]):
    """Dismisses with True only on an explicit yes (``y`` or its button); ``n``, Esc or Enter keep things."""

    BINDINGS = [
        Binding("y", "confirm", "Yes"),
        Binding("n,escape", "cancel", "No"),
    ]

    AUTO_FOCUS = "#confirm-no"
    """Enter on the first focus keeps things as they are: losing something takes a deliberate choice."""

    def __init__(self, title: str, text: str, *, yes: str, no: str) -> None:
        super().__init__()
        self._title = title
        self._text = text
        self._yes = yes
        self._no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Label(self._title, classes="title", markup=False)
            yield Label(self._text, markup=False)
            with Horizontal():
                yield Button(f"{self._yes} (y)", variant="error", id="confirm-yes")
                yield Button(f"{self._no} (n)", variant="primary", id="confirm-no")

    @on(Button.Pressed, "#confirm-yes")
    def action_confirm(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#confirm-no")
    def action_cancel(self) -> None:
        self.dismiss(False)
