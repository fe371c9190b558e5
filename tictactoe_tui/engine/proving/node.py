"""The exact search's view of a position and what it proves about one, as plain data.

A node is a named tuple, not a dataclass: the search makes one for every move it tries, and a tuple
is made several times faster than a frozen dataclass and unpacks into locals in one step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..rules.spec import Cell


class Node(NamedTuple):
    """A position as the search sees it, relative to the side to move.

    ``*_threats`` are the empty cells that would complete a line at once;
    ``*_live`` are bitsets over line indices of the lines the side can still
    complete (those without an opposing mark); ``keys`` are the position packed
    under each symmetry; ``side`` is ``Mark.index`` of the side to move.
    """

    me: int
    opp: int
    my_threats: int
    opp_threats: int
    my_live: int
    opp_live: int
    keys: tuple[int, ...]
    side: int


@dataclass(frozen=True, slots=True)
class Proof:
    """What the exact search proved about a node, for the side to move."""

    score: int
    """Exact when ``exact``; otherwise a win's lower bound (the win is at least this fast) or a
    loss's upper bound: the right sign, the distance an upper bound."""
    moves: tuple[Cell, ...]
    """Moves achieving ``score``, the one the proof used first; all of them when ``complete``."""
    exact: bool
    """Whether the distance is proven: no faster win (no slower loss) exists."""
    complete: bool
    """Whether every move achieving the score is in ``moves``."""
