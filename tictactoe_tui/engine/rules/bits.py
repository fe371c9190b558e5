"""The cells of a bitmask, read fast, for the searches that list candidate cells at every node."""

from __future__ import annotations

from .spec import Cell

_BYTE_BITS = tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
"""The set bits of every byte value, for ``bit_cells``."""


def bit_cells(mask: int) -> list[Cell]:
    """The cells of a bitmask in increasing order.

    It reads the mask a byte at a time from a table, several times faster in Python than
    peeling off one bit at a time, which matters in searches that list candidates at every node.
    """
    cells: list[Cell] = []
    data = mask.to_bytes((mask.bit_length() + 7) // 8, "little")
    for index in range(len(data)):
        byte = data[index]
        if byte:
            base = index << 3
            for bit in _BYTE_BITS[byte]:
                cells.append(base + bit)
    return cells


def lowest_cell(mask: int) -> Cell:
    """The lowest cell of a non-empty bitmask."""
    return (mask & -mask).bit_length() - 1
