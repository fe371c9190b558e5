"""The threat board: the board of threat searches and of the proof, which keeps only the levels
that threats are made of.

A threat search (a VCF, a VCT, the proof's threat trees) asks where each side makes a five, a
four, an open four or an open three, and ranks its moves by those; a level below an open three
decides none of it. Most of what a move changes on a ``PatternBoard`` is such levels: in random
15x15 games, a move changes 27 levels of its neighbours, 2.6 of them to or from an open three or
better. So this board keeps the levels from ``WEAKEST_THREAT`` up: a move visits only the cells
whose threats it changes (``linechanges``), where a ``PatternBoard`` visits every neighbour whose
level changes.

``scores`` here are the worth of those levels alone; ``pattern_score`` gives the full worth of a
cell when a quiet move has to be ranked.
"""

from __future__ import annotations

from ..rules.position import Position
from .lineboard import LineBoard
from .patterns import WEAKEST_THREAT

__all__ = ["ThreatBoard"]


class ThreatBoard(LineBoard):
    """A board that keeps every empty cell's threats for both sides current (see ``LineBoard``; its
    levels below ``WEAKEST_THREAT`` read ``DEAD``)."""

    __slots__ = ()

    def __init__(self, position: Position) -> None:
        super().__init__(position, WEAKEST_THREAT)
