"""One field of a form that holds one value out of a fixed list: ``Width          ‹ 7 ›``.

A form of Textual's ``Select`` widgets costs several widgets per field (the
current value, an arrow, and a menu overlay built up front), and a screen of
six such fields is slow to appear. This field is one widget that draws its
label, its value between two arrows and the note explaining what is wrong
with it; Left and Right step through the values, Home and End go to the first
and last of them that make sense (``ends``: the form may narrow them to the
values that fit with its other fields), and the full list is built only when
it is asked for (Enter, Space or a click on the value), in a small menu screen
of its own.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.events import Click
from textual.geometry import Offset, Size
from textual.message import Message
from textual.screen import ModalScreen
from textual.style import Style
from textual.widget import Widget
from textual.widgets import OptionList

T = TypeVar("T")

LABEL_WIDTH = 18
"""The cells the label takes before the value, so the values of a form line up."""
LEFT, RIGHT = "‹", "›"
"""The arrows either side of the value: there is a value before it, after it (clicking one steps)."""
ARROW = Style(bold=True)
HEADING = "bold $text-primary"
"""A heading's look, in the theme's colours."""
NOTE = "$text-error"
"""A note's look: it says what is wrong with the value."""
MENU_ROWS = 12
"""The most values a menu shows at once; it scrolls to the others."""


class Choice(Widget, Generic[T], can_focus=True):
    """A labelled field holding one of ``options`` (pairs of the words shown and the value meant).

    Setting ``value`` (from the form, or by the player) posts ``Choice.Changed``; setting ``note``
    shows the note under the value and marks the field invalid, as long as the note is not empty.
    """

    COMPONENT_CLASSES = {"choice--value"}
    """The value between its arrows: its look changes with the focus and when the field is invalid.

    The heading and the note take their colours from the theme's variables directly: every component
    class costs a pass over the stylesheet for each field before the form can appear.
    """

    BINDINGS = [
        Binding("left", "step(-1)", "Previous value", show=False),
        Binding("right", "step(1)", "Next value", show=False),
        Binding("home", "end(-1)", "First value", show=False),
        Binding("end", "end(1)", "Last value", show=False),
        Binding("enter,space", "open", "Open the list", show=False),
    ]

    DEFAULT_CSS = """
    Choice {
        width: 1fr;
        height: auto;
    }
    """

    auto_links = False  # The arrows and the value are clickable, but not links to underline.

    class Changed(Message):
        """The field's value changed; ``value`` is the new one."""

        def __init__(self, choice: Choice[Any], value: object) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice[Any]:
            """The field that changed, for ``@on(Choice.Changed, "#id")``."""
            return self.choice

    def __init__(self, label: str, options: Sequence[tuple[str, T]], value: T, *, heading: str = "",
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        if not options:
            raise ValueError("a choice needs at least one option")
        self.label = label
        self.heading = heading
        """The title of the group of fields this one opens, drawn above it after a blank line."""
        self._options = tuple(options)
        self._index = self._index_of(value)
        self._ends = (0, len(self._options) - 1)
        self._note = ""
        self._value_width = max(len(words) for words, _ in self._options)

    def _index_of(self, value: T) -> int:
        for index, (_, option) in enumerate(self._options):
            if option == value:
                return index
        raise ValueError(f"{value!r} is not one of the choices of {self.label}")

    @property
    def options(self) -> tuple[tuple[str, T], ...]:
        """The words shown and the value meant, in the order they are offered."""
        return self._options

    @property
    def index(self) -> int:
        """Which option is chosen."""
        return self._index

    @index.setter
    def index(self, index: int) -> None:
        index = max(0, min(index, len(self._options) - 1))
        if index != self._index:
            self._index = index
            self.refresh()
            self.post_message(self.Changed(self, self.value))

    @property
    def value(self) -> T:
        """The value chosen."""
        return self._options[self._index][1]

    @value.setter
    def value(self, value: T) -> None:
        self.index = self._index_of(value)

    @property
    def ends(self) -> tuple[T, T]:
        """The values Home and End go to: the first and last of the list, unless the form narrows them
        to the values that fit with its other fields (the arrows and the menu still reach every value)."""
        first, last = self._ends
        return self._options[first][1], self._options[last][1]

    @ends.setter
    def ends(self, ends: tuple[T, T]) -> None:
        first, last = (self._index_of(value) for value in ends)
        if first > last:
            raise ValueError(f"{ends!r} are not in the order of the choices of {self.label}")
        self._ends = (first, last)

    @property
    def shown(self) -> str:
        """The words of the value chosen."""
        return self._options[self._index][0]

    @property
    def note(self) -> str:
        """What is wrong with the value ("" when nothing is)."""
        return self._note

    @note.setter
    def note(self, note: str) -> None:
        if note != self._note:
            self._note = note
            self.set_class(bool(note), "-invalid")
            self.refresh(layout=True)

    # Drawing

    def _note_lines(self, width: int) -> list[str]:
        if not self._note:
            return []
        return textwrap.wrap(self._note, max(width - LABEL_WIDTH, 10))

    @property
    def value_offset(self) -> Offset:
        """Where the value is drawn in the widget: a click there opens the menu."""
        return Offset(LABEL_WIDTH + 2, 2 if self.heading else 0)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return LABEL_WIDTH + self._value_width + 4

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.value_offset.y + 1 + len(self._note_lines(width))

    def render(self) -> Content:
        first, last = self._index == 0, self._index == len(self._options) - 1
        box = Content.assemble(
            (LEFT, ARROW + Style.from_meta({"@click": "step(-1)"})) if not first else " ",
            (f" {self.shown.ljust(self._value_width)} ", Style.from_meta({"@click": "open"})),
            (RIGHT, ARROW + Style.from_meta({"@click": "step(1)"})) if not last else " ",
        ).stylize_before(self.get_visual_style("choice--value"))
        lines: list[Content] = []
        if self.heading:
            lines += [Content(""), Content.styled(self.heading, HEADING)]
        lines.append(Content.assemble(self.label.ljust(LABEL_WIDTH - 1)[:LABEL_WIDTH - 1] + " ", box))
        lines += [Content.styled(" " * LABEL_WIDTH + line, NOTE)
                  for line in self._note_lines(self.content_size.width)]
        return Content("\n").join(lines)

    def terminal_cursor(self) -> Offset:
        """The first letter of the value, where the accessible mode puts the terminal's cursor: a screen
        reader reads the field's line from there, past its heading."""
        return self.content_region.offset + self.value_offset

    # Acting

    def action_step(self, steps: int) -> None:
        """Move ``steps`` values on (back when negative), stopping at either end of the list."""
        self.focus()
        self.index = self._index + steps

    def action_end(self, end: int) -> None:
        """Go to the first value of ``ends`` (``end`` -1, Home) or the last (1, End)."""
        self.focus()
        self.index = self._ends[end > 0]

    def action_open(self) -> None:
        """Show every value in a menu over the field; the one picked there is chosen."""
        self.focus()
        at = self.content_region.offset + self.value_offset - Offset(2, 0)
        menu = ChoiceMenu([words for words, _ in self._options], self._index, at)
        self.app.push_screen(menu, self._picked)

    def _picked(self, index: int | None) -> None:
        if index is not None:
            self.index = index


def _within(value: int, low: int, high: int) -> int:
    """``value``, moved into ``low`` to ``high`` (``low`` wins when the range is empty)."""
    return max(low, min(value, high))


class ChoiceMenu(ModalScreen[int | None]):
    """Every value of a field, with the chosen one over the field itself; dismissed with an index or None.

    Built only when opened, so a form pays nothing for its menus until one is used. Escape, or a
    click beside the menu, leaves the field as it was.
    """

    DEFAULT_CSS = """
    ChoiceMenu {
        background: $background 30%;
        overflow: hidden;
    }
    ChoiceMenu > OptionList {
        background: $surface;
        padding: 0;
        scrollbar-size-vertical: 1;
        & > .option-list--option { padding: 0 1; }
    }
    """

    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self, labels: Sequence[str], index: int, at: Offset) -> None:
        super().__init__()
        self._labels = tuple(labels)
        self._index = index
        self._at = at

    def compose(self) -> ComposeResult:
        yield OptionList(*self._labels)

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        count = len(self._labels)
        screen_width, screen_height = self.size
        rows = min(count, MENU_ROWS, max(screen_height - 2, 1))
        width = max(map(len, self._labels)) + 4 + (rows < count)  # Padding, border, scroll bar.
        x = max(0, min(self._at.x, screen_width - width))
        # The chosen value lies on the field's own value: the menu goes where it fits, with the field
        # about its middle, and the list scrolls to bring the chosen value to the field's row.
        y = _within(self._at.y - 1 - min(self._index, rows // 2), 0, screen_height - rows - 2)
        scroll = _within(self._index - _within(self._at.y - 1 - y, 0, rows - 1), 0, count - rows)
        y = _within(self._at.y - 1 - (self._index - scroll), 0, screen_height - rows - 2)
        menu.styles.width = width
        menu.styles.height = rows + 2
        menu.styles.offset = (x, y)
        menu.highlighted = self._index
        self.call_after_refresh(menu.scroll_to, y=scroll, animate=False)

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def on_click(self, event: Click) -> None:
        if not self.query_one(OptionList).region.contains(event.screen_x, event.screen_y):
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
