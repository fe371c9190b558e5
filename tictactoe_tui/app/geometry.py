"""How big the board can be drawn in a terminal of a given size.

Plain arithmetic with no Textual import, so the layout rules are tested
directly: the game screen only asks ``plan_screen`` on every resize and
applies the answer.

A terminal cell is about twice as tall as it is wide, so a square board cell
is roughly twice as many columns as rows. Four cell sizes cover every board:
large cells draw five-row marks (3x3 and 4x4 in an ordinary terminal), medium
cells three-row marks, and small cells one letter, roomy (5x2, Gomoku in a
120x40 terminal) or tight (3x1, which still fits Gomoku on 15x15 in 80x24).
A mark, a row number and a column letter all sit on a cell's upper middle
line and column, so that they line up whatever the cell's size. Lines
between and around the cells are drawn only when they fit; without them the
cells are told apart by alternating shades.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..engine import BoardSpec


class Glyph(enum.Enum):
    """How large the marks are drawn; the value is the number of rows of a mark."""

    LARGE = 5
    MEDIUM = 3
    SMALL = 1


@dataclass(frozen=True, slots=True)
class CellSize:
    """The size of one board cell in terminal columns and rows, and the marks drawn in it."""

    width: int
    height: int
    glyph: Glyph


CELL_SIZES: tuple[CellSize, ...] = (
    CellSize(13, 5, Glyph.LARGE),
    CellSize(7, 3, Glyph.MEDIUM),
    CellSize(5, 2, Glyph.SMALL),
    CellSize(3, 1, Glyph.SMALL),
)
"""Every cell size, largest first (the order ``fit_board`` tries them in)."""

LABEL_WIDTH = 3
"""Columns for the row numbers left of the board (up to ``26`` and a space)."""
LABEL_HEIGHT = 1
"""Rows for the column letters under the board."""
SIDE_PANEL_WIDTH = 24
"""Columns of the panel beside the board (players, the game's progress); the game screen gives the
panel this width, so the layout plans with the width drawn."""
CHROME_HEIGHT = 2
"""Rows the game screen spends on other things than the board: the status line and the footer."""


@dataclass(frozen=True, slots=True)
class Geometry:
    """One way to draw a board: the cell size and whether lines separate the cells."""

    spec: BoardSpec
    cell: CellSize
    lines: bool

    @property
    def gutter(self) -> int:
        """Columns (and rows) between two cells: room for a line, or none."""
        return 1 if self.lines else 0

    @property
    def grid_width(self) -> int:
        """Columns of the cells, the lines between them and the frame around them."""
        return self.spec.width * self.cell.width + (self.spec.width - 1 + 2) * self.gutter

    @property
    def grid_height(self) -> int:
        """Rows of the cells, the lines between them and the frame around them."""
        return self.spec.height * self.cell.height + (self.spec.height - 1 + 2) * self.gutter

    @property
    def width(self) -> int:
        """Columns of the whole board, labels included."""
        return LABEL_WIDTH + self.grid_width

    @property
    def height(self) -> int:
        """Rows of the whole board, labels included."""
        return self.grid_height + LABEL_HEIGHT

    def column_offset(self, col: int) -> int:
        """Where column ``col`` of cells starts, counted from the left edge of the grid."""
        return self.gutter + col * (self.cell.width + self.gutter)

    def row_offset(self, row: int) -> int:
        """Where row ``row`` (0 at the bottom) starts, counted from the top edge of the grid."""
        return self.gutter + (self.spec.height - 1 - row) * (self.cell.height + self.gutter)


    def row_labels(self) -> list[str]:
        """The row numbers, one text per line of the grid, each number level with the middle of its row."""
        lines = [" " * LABEL_WIDTH] * self.grid_height
        for row in range(self.spec.height):
            lines[self.row_offset(row) + (self.cell.height - 1) // 2] = f"{row + 1:>{LABEL_WIDTH - 1}} "
        return lines

    def column_labels(self) -> str:
        """The column letters under the grid, each centred under its column (a cell name's letter)."""
        line = [" "] * self.width
        for col in range(self.spec.width):
            middle = LABEL_WIDTH + self.column_offset(col) + (self.cell.width - 1) // 2
            line[middle] = self.spec.cell_name(col)[0]
        return "".join(line)


def geometries(spec: BoardSpec) -> tuple[Geometry, ...]:
    """Every way to draw ``spec``, from the most generous to the most compact."""
    return tuple(Geometry(spec, cell, lines)
                 for cell in CELL_SIZES
                 for lines in ((True, False) if cell.height > 1 else (False,)))


def fit_board(spec: BoardSpec, width: int, height: int) -> Geometry | None:
    """The most generous geometry of ``spec`` within ``width`` x ``height``, or None if none fits."""
    return next((geometry for geometry in geometries(spec)
                 if geometry.width <= width and geometry.height <= height), None)


def without_shades(geometry: Geometry) -> Geometry:
    """The most generous geometry within ``geometry``'s size that tells its cells apart without colour.

    Tiles separate cells by shade alone, which a terminal without colour
    (NO_COLOR, the themes of the terminal's own ANSI colours) cannot show: there
    a grid of lines between tall cells, or one-row cells with a dot in each
    empty one, keep the board countable.
    """
    return next(candidate for candidate in geometries(geometry.spec)
                if (candidate.lines or candidate.cell.height == 1)
                and candidate.width <= geometry.width and candidate.height <= geometry.height)


@dataclass(frozen=True, slots=True)
class ScreenPlan:
    """How the game screen lays out one board in one terminal size."""

    geometry: Geometry | None
    """How to draw the board, or None when the terminal is too small for it."""
    side_panel: bool
    """Whether the side panel is shown (it gives way when the board needs the room)."""
    needed: tuple[int, int]
    """The smallest terminal (columns, rows) in which the board can be played."""


def needed_size(spec: BoardSpec) -> tuple[int, int]:
    """The smallest terminal (columns, rows) that shows ``spec`` with its most compact cells."""
    smallest = geometries(spec)[-1]
    return smallest.width, smallest.height + CHROME_HEIGHT


def plan_screen(spec: BoardSpec, width: int, height: int) -> ScreenPlan:
    """Lay out ``spec`` in a ``width`` x ``height`` terminal.

    The side panel is shown unless hiding it lets the board be drawn larger
    or at all: the board is what the player came for.
    """
    board_height = height - CHROME_HEIGHT
    alone = fit_board(spec, width, board_height)
    beside = fit_board(spec, width - SIDE_PANEL_WIDTH, board_height)
    ranks = geometries(spec)
    if beside is not None and alone is not None and ranks.index(beside) <= ranks.index(alone):
        return ScreenPlan(beside, True, needed_size(spec))
    return ScreenPlan(alone, False, needed_size(spec))


def rows_above(geometry: Geometry, height: int) -> int:
    """The blank rows above a board drawn with ``geometry`` in a terminal ``height`` rows tall.

    The board is centred over a one-row status line (the odd row goes below, as Textual centres), and
    is held there: a longer status line takes the blank rows below the board before it moves the board.
    """
    return max(0, height - CHROME_HEIGHT - geometry.height) // 2


def too_small_message(spec: BoardSpec, width: int, height: int, *, started: bool = True) -> str:
    """What to tell the player when the terminal cannot show ``spec``: in a game (``started``), or
    before it starts."""
    need_width, need_height = needed_size(spec)
    return (f"Terminal too small for {spec.width}x{spec.height}: "
            f"needs {need_width}x{need_height}, now {width}x{height}.\n"
            f"Enlarge it to {'go on playing' if started else 'play'}.")
