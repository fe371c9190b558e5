"""Reading the cells of a bitmask: the fast byte-table reader against the plain definition."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.engine.rules.bits import bit_cells, lowest_cell


def test_cells_are_the_set_bits_in_increasing_order() -> None:
    rng = random.Random(7)
    for width in (1, 7, 8, 9, 64, 225, 676):
        for _ in range(50):
            mask = rng.getrandbits(width)
            assert bit_cells(mask) == [cell for cell in range(width) if mask >> cell & 1]
            if mask:
                assert lowest_cell(mask) == bit_cells(mask)[0]
    assert bit_cells(0) == []


@pytest.mark.parametrize("cell", [0, 1, 7, 8, 63, 224, 675])
def test_the_lowest_cell_of_a_single_bit_is_that_cell(cell: int) -> None:
    assert lowest_cell(1 << cell) == cell
    assert lowest_cell(1 << cell | 1 << 700) == cell
