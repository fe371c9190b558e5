"""The preset boards of the new-game screen, all in one widget: ``1 Tic-Tac-Toe 3x3   2 4x4 k=3``.

A button per preset costs a widget each to style and lay out before the
form can appear; here every preset is a clickable stretch of one text.
The keys that pick a preset (1 to 6) belong to the screen; this widget
answers the mouse, and Left, Right and Enter once it has the focus.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.style import Style
from textual.widget import Widget

from ..presets import Preset
from .choice import HEADING

COLUMNS = 2
GUTTER = 2
"""The cells between two columns of presets."""
KEY = "bold $text-accent"


class PresetList(Widget, can_focus=True):
    """Posts ``PresetList.Chosen`` with a preset's index when it is clicked, or picked with Enter."""

    COMPONENT_CLASSES = {"preset-list--preset", "preset-list--cursor"}

    BINDINGS = [
        Binding("left", "move(-1)", "Previous preset", show=False),
        Binding("right", "move(1)", "Next preset", show=False),
        Binding("enter,space", "choose", "Choose the preset", show=False),
    ]

    DEFAULT_CSS = """
    PresetList {
        width: 1fr;
        height: auto;
    }
    """

    auto_links = False  # Link colours would paint over the keys' colour.

    class Chosen(Message):
        """A preset was picked; ``index`` is its place in the list."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, presets: Sequence[Preset], *, heading: str = "", id: str | None = None) -> None:
        super().__init__(id=id)
        self.presets = tuple(presets)
        self.heading = heading
        """The list's title, drawn above it after a blank line (as ``Choice`` draws its heading)."""
        self.cursor = 0

    @property
    def top(self) -> int:
        """The row of the first presets (below the heading)."""
        return 2 if self.heading else 0

    def get_content_width(self, container: Size, viewport: Size) -> int:
        widest = max(len(preset.key) + len(preset.name) for preset in self.presets) + 4
        return COLUMNS * widest + (COLUMNS - 1) * GUTTER

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.top - (-len(self.presets) // COLUMNS)

    def render(self) -> Content:
        column = max((self.content_size.width - (COLUMNS - 1) * GUTTER) // COLUMNS, 1)
        preset_style = self.get_visual_style("preset-list--preset")
        cursor_style = self.get_visual_style("preset-list--cursor")
        rows: list[Content] = [Content(""), Content.styled(self.heading, HEADING)] if self.heading else []
        for start in range(0, len(self.presets), COLUMNS):
            cells: list[Content] = []
            for index in range(start, min(start + COLUMNS, len(self.presets))):
                preset = self.presets[index]
                cursor = self.has_focus and index == self.cursor
                words = Content.assemble(" ", (preset.key, "bold" if cursor else KEY), "  ", preset.name)
                words = words.pad_right(column - words.cell_length)[:column]
                style = cursor_style if cursor else preset_style
                cells.append(words.stylize_before(style + Style.from_meta({"@click": f"choose({index})"})))
            rows.append(Content(" " * GUTTER).join(cells))
        return Content("\n").join(rows)

    def action_move(self, steps: int) -> None:
        """Move the cursor to another preset, stopping at the first and the last."""
        self.cursor = max(0, min(self.cursor + steps, len(self.presets) - 1))
        self.refresh()

    def action_choose(self, index: int | None = None) -> None:
        """Pick the preset under the cursor, or the one given (a click)."""
        if index is not None:
            self.cursor = index
            self.refresh()
        self.post_message(self.Chosen(self.cursor))
