"""One square of the board: draws its mark, the cursor and an optional annotation, and reports clicks."""

from __future__ import annotations

from textual.content import Content
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Cell, Mark
from ..annotations import Annotation
from ..geometry import Glyph
from ..glyphs import cell_lines

LAST_MOVE_MARKERS = ("▸", "◂")
"""Drawn either side of the last move's mark on cells tall enough, so it reads without colour."""

WIN_SOLID = str.maketrans("▀▄", "██")
"""The winning line's marks on cells of three rows or more are drawn solid, so the line reads without
colour."""
WIN_BAR = "━"
"""Drawn under the mark of each cell of the winning line on two-row cells."""
WIN_SIDES = ("=", "=")
"""Drawn either side of the mark of each cell of the winning line on one-row cells (where the cursor's
brackets are not)."""


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
    annotation: reactive[Annotation | None] = reactive(None)

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

    def watch_annotation(self, old: Annotation | None, new: Annotation | None) -> None:
        if old is not None:
            self.remove_class(f"-annotation-{old.kind}")
        if new is not None:
            self.add_class(f"-annotation-{new.kind}")

    def render(self) -> Content:
        width, height = self.content_size
        # A one-row cell keeps its outer columns for the cursor's brackets, wherever the cursor is,
        # so an annotation does not change as the cursor passes over it.
        room = width - 2 if height == 1 else width
        annotation = self.annotation.fitted(max(room, 1)) if self.annotation is not None else ""
        lines = cell_lines(self.mark, self.glyph, width, height, cursor=self.cursor, annotation=annotation)
        content = Content("\n".join(lines))
        if self.last and self.glyph is not Glyph.SMALL and height >= 3:
            content = _mark_last(content, width, height)
        if self.winning and self.mark is not None:
            content = _mark_win(content, width, height, cursor=self.cursor)
        return content

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.cell))


def _put(line: str, col: int, text: str) -> str:
    return line[:col] + text + line[col + len(text):]


def _mark_win(content: Content, width: int, height: int, *, cursor: bool) -> Content:
    """The winning line's sign: a solid mark, a bar under the mark between the cursor's corners on a two-row
    cell, or on a one-row cell signs either side of the mark."""
    if height >= 3:
        return Content(content.plain.translate(WIN_SOLID))
    lines = content.split("\n")
    if height == 1:
        if cursor or width < 3:
            return content
        left, right = WIN_SIDES
        lines[0] = Content(_put(_put(lines[0].plain, 0, left), width - 1, right))
    else:
        lines[-1] = Content(_put(lines[-1].plain, 1, WIN_BAR * (width - 2)))
    return Content("\n").join(lines)


def _mark_last(content: Content, width: int, height: int) -> Content:
    """The last move's markers on the middle row, at the cell's edges, clear of the cursor's corners."""
    lines = content.split("\n")
    row = height // 2
    left, right = LAST_MOVE_MARKERS
    plain = lines[row].plain
    lines[row] = Content(_put(_put(plain, 0, left), width - 1, right))
    return Content("\n").join(lines)
