"""The winning lines of a board, as bitmasks.

Every rule query (has this move won? can this line still be won?) is an AND
with one of these masks, which is why they are computed once per board size
and cached.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .bits import bit_cells
from .spec import BoardSpec, Cell

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
"""Right, up, up-right and down-right: every line is read in one of these."""


@dataclass(frozen=True, slots=True)
class WinLines:
    """All windows of k cells in a row, column or diagonal of one board size."""

    masks: tuple[int, ...]
    """Each line as a bitmask of its k cells."""
    through: tuple[tuple[int, ...], ...]
    """For each cell, the masks of the lines that contain it."""

    def cells_of(self, mask: int) -> tuple[Cell, ...]:
        """The cells of a line, in increasing order."""
        return tuple(cell for cell in range(mask.bit_length()) if mask >> cell & 1)


def line_count(width: int, height: int, k: int) -> int:
    """How many distinct winning lines a board has (a closed form, for checking)."""
    if k == 1:
        return width * height
    rows = height * max(0, width - k + 1)
    cols = width * max(0, height - k + 1)
    diagonals = 2 * max(0, width - k + 1) * max(0, height - k + 1)
    return rows + cols + diagonals


@cache
def win_lines(spec: BoardSpec) -> WinLines:
    """Every winning line of ``spec``, deduplicated (with k=1 the four directions coincide)."""
    width, height, k = spec.width, spec.height, spec.k
    seen: dict[int, None] = {}
    for dx, dy in DIRECTIONS:
        for row in range(height):
            for col in range(width):
                end_col, end_row = col + dx * (k - 1), row + dy * (k - 1)
                if not (0 <= end_col < width and 0 <= end_row < height):
                    continue
                mask = 0
                for step in range(k):
                    mask |= 1 << ((row + dy * step) * width + col + dx * step)
                seen.setdefault(mask)
    masks = tuple(seen)
    through = tuple(
        tuple(mask for mask in masks if mask >> cell & 1) for cell in range(spec.cells)
    )
    return WinLines(masks, through)


def line_rows(spec: BoardSpec, masks: tuple[int, ...]) -> tuple[int, ...]:
    """For each line, a bit for the whole row, column or diagonal of the board it lies on."""
    rows: dict[tuple[int, int, int], int] = {}
    found = []
    for index, mask in enumerate(masks):
        cells = bit_cells(mask)
        if len(cells) < 2:
            found.append(1 << len(rows))
            rows[(-1, index, 0)] = len(rows)
            continue
        (col, row), (next_col, next_row) = spec.coordinates(cells[0]), spec.coordinates(cells[1])
        step = (next_col - col, next_row - row)
        places = {(1, 0): row, (0, 1): col, (1, 1): col - row}  # and (-1, 1): the other diagonal
        place = places.get(step, col + row)
        found.append(1 << rows.setdefault((*step, place), len(rows)))
    return tuple(found)
