"""The pattern board: for every empty cell and each side, the shape a mark there would make along
each line, every level of it, kept current move by move.

Every line of the board (row, column, diagonal) is kept as one number, two bits a cell, and the
levels of all its cells are one look-up by that number (``patterns.line_levels``). A move changes
one number per direction, and so only the levels of the cells within ``k - 1`` of it, by changes
read once per line number and mark (``linechanges``). Per side the board then knows, without
scanning, where it would make a five, a four or better, and where a move wins next (an open
four or a double four), and the sum of its cells' scores, which is the evaluation. A search that
needs no evaluation, only threats, runs faster on a ``ThreatBoard``.
"""

from __future__ import annotations

from ..rules.position import Position
from .lineboard import PASS, LineBoard, O, X
from .patterns import DEAD

__all__ = ["PASS", "O", "PatternBoard", "X"]


class PatternBoard(LineBoard):
    """A board that keeps every level of every empty cell for both sides (see ``LineBoard``), so
    that ``total`` is the full evaluation."""

    __slots__ = ()

    def __init__(self, position: Position) -> None:
        super().__init__(position, DEAD)
