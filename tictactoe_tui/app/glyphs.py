"""The drawings of X and O at each cell size, and the text of one board cell.

X and O differ in shape at every size (a cross of diagonal strokes, a ring),
so the board reads the same in every theme, in monochrome and to a player
who cannot tell the theme's colours apart. The cursor is drawn as brackets
around the cell for the same reason, rather than only as a colour.
"""

from __future__ import annotations

from ..engine import Mark
from .geometry import Glyph

MARKS: dict[Glyph, dict[Mark, tuple[str, ...]]] = {
    Glyph.LARGE: {
        Mark.X: (
            "▀▄     ▄▀",
            "  ▀▄ ▄▀  ",
            "    █    ",
            "  ▄▀ ▀▄  ",
            "▄▀     ▀▄",
        ),
        Mark.O: (
            " ▄▀▀▀▀▀▄ ",
            "█       █",
            "█       █",
            "█       █",
            " ▀▄▄▄▄▄▀ ",
        ),
    },
    Glyph.MEDIUM: {
        Mark.X: (
            "▀▄ ▄▀",
            "  █  ",
            "▄▀ ▀▄",
        ),
        Mark.O: (
            "▄▀▀▀▄",
            "█   █",
            "▀▄▄▄▀",
        ),
    },
    Glyph.SMALL: {
        Mark.X: ("X",),
        Mark.O: ("O",),
    },
}
"""Each mark as rows of text, every row of a drawing equally wide."""

EMPTY_SMALL = "·"
"""An empty small cell shows a dot, so the columns of a large board can be followed by eye."""

CURSOR_CORNERS = ("┌", "┐", "└", "┘")
CURSOR_BRACKETS = ("[", "]")


def cell_lines(mark: Mark | None, glyph: Glyph, width: int, height: int, *,
               cursor: bool = False, annotation: str = "") -> list[str]:
    """The rows of text of a ``width`` x ``height`` cell holding ``mark`` (or nothing).

    The mark is centred; ``annotation`` (the text of an ``Annotation``, such as a move's
    value) is written on the middle row of an empty cell; the cursor brackets the
    cell: corner pieces on tall cells, ``[ ]`` on one-row cells.
    """
    if width <= 0 or height <= 0:
        return []
    rows = [[" "] * width for _ in range(height)]
    drawing: tuple[str, ...]
    if mark is not None:
        drawing = MARKS[glyph][mark]
    elif annotation:
        drawing = (annotation[:width],)
    elif glyph is Glyph.SMALL:
        drawing = (EMPTY_SMALL,)
    else:
        drawing = ()
    top = max(0, (height - len(drawing)) // 2)
    for offset, text in enumerate(drawing[:height]):
        text = text[:width]
        left = (width - len(text)) // 2
        rows[top + offset][left:left + len(text)] = text
    if cursor:
        _draw_cursor(rows, width, height)
    return ["".join(row) for row in rows]


def _draw_cursor(rows: list[list[str]], width: int, height: int) -> None:
    if height == 1:
        if width >= 3:
            rows[0][0], rows[0][-1] = CURSOR_BRACKETS
        return
    top_left, top_right, bottom_left, bottom_right = CURSOR_CORNERS
    rows[0][0], rows[0][-1] = top_left, top_right
    rows[-1][0], rows[-1][-1] = bottom_left, bottom_right
