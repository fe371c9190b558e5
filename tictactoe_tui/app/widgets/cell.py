"""One square of the board: draws its mark, the cursor and an optional note, and reports clicks."""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Cell, Mark
from ..geometry import Glyph
from ..glyphs import cell_lines


@dataclass(frozen=True, slots=True)
class Annotation:
    """A short note shown in an empty cell, such as a move's value in an analysis.

    ``kind`` becomes the CSS class ``-note-<kind>`` so a stylesheet can colour
    notes by meaning; the text itself must carry that meaning too, so the
    note reads the same without colour. ``short`` is what a cell too narrow
    for ``text`` shows instead (the start of ``text`` when empty), so that a
    note is never cut into something that means another thing.
    """

    text: str
    kind: str = "plain"
    short: str = ""

    def fitted(self, width: int) -> str:
        """The text to show in ``width`` columns."""
        if len(self.text) <= width:
            return self.text
        return (self.short or self.text)[:width]


class BoardCell(Widget):
    """A board cell. Every attribute is set by the board; the cell only draws and reports clicks."""

    DEFAULT_CSS = """
    BoardCell {
        width: 1fr;
        height: 1fr;
        content-align: center middle;
    }
    """

    mark: reactive[Mark | None] = reactive(None)
    glyph: reactive[Glyph] = reactive(Glyph.SMALL)
    cursor: reactive[bool] = reactive(False, toggle_class="-cursor")
    winning: reactive[bool] = reactive(False, toggle_class="-win")
    last: reactive[bool] = reactive(False, toggle_class="-last")
    note: reactive[Annotation | None] = reactive(None)

    class Pressed(Message):
        """A person clicked this cell."""

        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, cell: Cell, *, shade: bool, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.cell = cell
        self.shade = shade
        """One of the two alternating shades, used when no lines separate the cells."""
        self.add_class("-empty")

    def watch_mark(self, mark: Mark | None) -> None:
        self.set_class(mark is None, "-empty")
        self.set_class(mark is Mark.X, "-x")
        self.set_class(mark is Mark.O, "-o")

    def watch_note(self, old: Annotation | None, new: Annotation | None) -> None:
        if old is not None:
            self.remove_class(f"-note-{old.kind}")
        if new is not None:
            self.add_class(f"-note-{new.kind}")

    def render(self) -> Content:
        width, height = self.content_size
        # A one-row cell keeps its outer columns for the cursor's brackets, wherever the cursor is,
        # so a note does not change as the cursor passes over it.
        room = width - 2 if height == 1 else width
        note = self.note.fitted(max(room, 1)) if self.note is not None else ""
        lines = cell_lines(self.mark, self.glyph, width, height, cursor=self.cursor, note=note)
        return Content("\n".join(lines))

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.cell))
