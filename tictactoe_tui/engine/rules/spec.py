"""Board sizes and the chess-like names of cells.

Cells are plain ints so that a board is two bitboards: cell ``row * width +
col`` where row 0 is the bottom row and col 0 the left column, which makes
``a1`` (bottom-left) cell 0, as on a chess board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias

from ..errors import BoardSpecError, NotationError, NumberTooLongError
from .inputs import parse_int, quote, shorten

Cell: TypeAlias = int
"""A cell index: ``row * width + col``, with row 0 at the bottom."""

MIN_SIDE = 1
MAX_SIDE = 26
"""Columns are named ``a`` to ``z``, so no board is wider (or taller) than 26."""

DEFAULT_MAX_K = 5

_SPEC_PATTERN = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*(?:[kK]\s*(\d+))?\s*$")
_CELL_PATTERN = re.compile(r"^([a-zA-Z])(\d+)$")
_COLUMNS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """The rules of one m,n,k game: ``width`` columns, ``height`` rows, ``k`` in a row wins.

    >>> BoardSpec.parse("4x4k3")
    BoardSpec(width=4, height=4, k=3)
    >>> str(BoardSpec.parse("15x15"))
    '15x15k5'
    """

    width: int
    height: int
    k: int

    def __post_init__(self) -> None:
        for label, side in (("width", self.width), ("height", self.height)):
            if not MIN_SIDE <= side <= MAX_SIDE:
                raise side_out_of_range(label, str(side))
        if not 1 <= self.k <= max(self.width, self.height):
            raise _k_out_of_range(str(self.k), self.width, self.height)

    @classmethod
    def parse(cls, text: str) -> BoardSpec:
        """Read ``WxHkK``; without ``kK``, k is ``min(width, height, 5)``."""
        match = _SPEC_PATTERN.match(text)
        if match is None:
            raise NotationError(
                f"board {quote(text)} is not of the form WxH or WxHkK, for example 3x3 or 15x15k5"
            )
        width, height = _side("width", match[1]), _side("height", match[2])
        if match[3] is None:
            return cls(width, height, min(width, height, DEFAULT_MAX_K))
        try:
            k = parse_int(match[3])
        except NumberTooLongError:
            cls(width, height, 1)  # A side out of range is named first, as the constructor names it.
            raise _k_out_of_range(shorten(match[3]), width, height) from None
        return cls(width, height, k)

    def __str__(self) -> str:
        return f"{self.width}x{self.height}k{self.k}"

    @property
    def cells(self) -> int:
        """How many cells the board has."""
        return self.width * self.height

    @property
    def full_mask(self) -> int:
        """A bitboard with every cell set."""
        return (1 << self.cells) - 1

    @property
    def centre(self) -> Cell:
        """The middle cell; on a side of even length, the lower or left of the two middle ones."""
        return (self.height - 1) // 2 * self.width + (self.width - 1) // 2

    def off_centre(self, cell: Cell) -> int:
        """How far ``cell`` lies from the middle of the board: its squared distance, in half-cells.

        Between cells equal otherwise, the central one leaves the most room to build on later.
        """
        col, row = self.coordinates(cell)
        return (2 * col - self.width + 1) ** 2 + (2 * row - self.height + 1) ** 2

    def cell_at(self, col: int, row: int) -> Cell:
        """The cell in column ``col`` and row ``row`` (both from 0, row 0 at the bottom)."""
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise NotationError(f"column {col}, row {row} is off the {self.width}x{self.height} board")
        return row * self.width + col

    def coordinates(self, cell: Cell) -> tuple[int, int]:
        """``(col, row)`` of a cell, row 0 at the bottom."""
        self._check_cell(cell)
        return cell % self.width, cell // self.width

    def cell_name(self, cell: Cell) -> str:
        """The chess-like name of a cell, such as ``b2``."""
        col, row = self.coordinates(cell)
        return f"{_COLUMNS[col]}{row + 1}"

    def parse_cell(self, name: str) -> Cell:
        """The cell named ``name`` (``a1`` is bottom-left; letters are case-blind)."""
        match = _CELL_PATTERN.match(name.strip())
        if match is None:
            raise NotationError(
                f"{quote(name)} is not a cell name: a column letter then a row number, such as b2"
            )
        col = _COLUMNS.index(match[1].lower())
        try:
            row = parse_int(match[2]) - 1
        except NumberTooLongError:
            row = self.height  # Off the board, as any row number past the top is.
        if not (col < self.width and 0 <= row < self.height):
            last = f"{_COLUMNS[self.width - 1]}{self.height}"
            raise NotationError(f"{quote(name)} is off the {self.width}x{self.height} board (a1 to {last})")
        return row * self.width + col

    def _check_cell(self, cell: Cell) -> None:
        if not 0 <= cell < self.cells:
            raise NotationError(f"cell {cell} is off the {self.width}x{self.height} board")


def side_out_of_range(label: str, side: str) -> BoardSpecError:
    """The error for a ``width`` or ``height`` (``label``) of ``side`` (as written) off the range of sides."""
    return BoardSpecError(f"{label} {side} is out of range: it must be from {MIN_SIDE} to {MAX_SIDE}", label)


def _k_out_of_range(k: str, width: int, height: int) -> BoardSpecError:
    return BoardSpecError(f"k={k} cannot be played on a {width}x{height} board: "
                          f"k must be from 1 to {max(width, height)} (the longer side)", "k")


def _side(label: str, digits: str) -> int:
    try:
        return parse_int(digits)
    except NumberTooLongError:
        raise side_out_of_range(label, shorten(digits)) from None
