"""What a search answers: the value of a position, a move's worth, and a proof's progress.

In a module of their own so that every source of answers (the solver, the shipped Gomoku proof)
builds the same objects without importing each other.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .rules.spec import Cell


class Value(enum.Enum):
    """The game-theoretic value of a position for the side to move."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What ``solve`` found for the side to move."""

    value: Value
    plies: int | None
    """Moves to the end of the game with best play from both sides, when the value is known; an
    upper bound when ``plies_exact`` is False."""
    best_moves: tuple[Cell, ...]
    """Solved: every move that keeps the value with the best distance (fastest win, slowest loss),
    the one the proof used first. Unsolved: the best move found, with the others the search rates as
    good within its margin (any of them may be played)."""
    score: int
    """``MATE - plies`` for a known win, its negation for a known loss, 0 for a draw, otherwise
    the heuristic strength of the position for the side to move (well inside ``±MATE``)."""
    nodes: int
    seconds: float
    depth: int
    """The deepest completed iteration; the number of empty cells when the position was solved."""
    plies_exact: bool = True
    """Whether ``plies`` is proven: no faster win (no slower loss) exists. False when the search
    stopped before pinning the distance down, or found its win by threats: the win (or loss)
    then comes in at most ``plies``."""
    from_proof: bool = False
    """Whether the answer was read from the Gomoku proof that ships with the package (``proof``)."""


@dataclass(frozen=True, slots=True)
class MoveEvaluation:
    """What one move is worth to the player who would make it."""

    cell: Cell
    value: Value
    plies: int | None
    """Moves to the end after this one, with best play, when the value is known."""
    score: int
    """On the scale of ``SearchResult.score``, for the player making the move."""
    plies_exact: bool = True
    """Whether ``plies`` is proven; False when time ran out before the distance was pinned down
    (the value is right, and the game ends in at most ``plies``)."""


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a proof has got, as ``Solver.prove`` reports it while it works."""

    nodes: int
    seconds: float
    stage: str
    """What is settled so far, in words, such as "no forced win for X within 9 plies, none for O
    within 8"."""
