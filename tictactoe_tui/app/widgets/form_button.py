"""A plain button for a form: its label on a bar, pressed by Enter, Space or a click.

Textual's ``Button`` brings a long stylesheet of variants and styles that a
screen pays for before its first frame; the new-game screen needs only a
button that can be focused, disabled and pressed, whose look comes from the
app's stylesheet.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.events import Click
from textual.message import Message
from textual.widget import Widget


class FormButton(Widget, can_focus=True):
    """Posts ``FormButton.Pressed`` when pressed, unless it is disabled."""

    BINDINGS = [Binding("enter,space", "press", "Press", show=False)]

    DEFAULT_CSS = """
    FormButton {
        width: auto;
        min-width: 16;
        height: auto;
        padding: 0 2;
        content-align: center middle;
        text-style: bold;
        pointer: pointer;
        &:disabled { text-opacity: 0.6; pointer: not-allowed; }
    }
    """

    class Pressed(Message):
        """The button was pressed."""

        def __init__(self, button: FormButton) -> None:
            super().__init__()
            self.button = button

        @property
        def control(self) -> FormButton:
            """The button pressed, for ``@on(FormButton.Pressed, "#id")``."""
            return self.button

    def __init__(self, label: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label

    def render(self) -> Content:
        return Content(self.label)

    def action_press(self) -> None:
        """Press the button (a disabled one does nothing)."""
        if not self.disabled:
            self.post_message(self.Pressed(self))

    def on_click(self, event: Click) -> None:
        event.stop()
        self.focus()
        self.action_press()
