"""Placeholder search, replaced by the full solver."""

from __future__ import annotations

import enum
import threading
import time
from dataclasses import dataclass

from .position import Position
from .spec import Cell


class Value(enum.Enum):
    """The game-theoretic value of a position for the side to move."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SearchResult:
    value: Value
    plies: int | None
    best_moves: tuple[Cell, ...]
    score: int
    nodes: int
    seconds: float
    depth: int


@dataclass(frozen=True, slots=True)
class MoveEvaluation:
    cell: Cell
    value: Value
    plies: int | None
    score: int


def _negamax(position: Position, counter: list[int]) -> int:
    counter[0] += 1
    if position.winning_line:
        return -(100 - len(position.moves))
    if position.is_over:
        return 0
    return max(-_negamax(position.play(cell), counter) for cell in position.legal_moves)


def solve(position: Position, *, time_limit: float | None = None,
          stop: threading.Event | None = None) -> SearchResult:
    start = time.perf_counter()
    counter = [0]
    scored = [(-_negamax(position.play(cell), counter), cell) for cell in position.legal_moves]
    best = max(score for score, _ in scored)
    value = Value.WIN if best > 0 else Value.LOSS if best < 0 else Value.DRAW
    return SearchResult(value, None, tuple(c for s, c in scored if s == best), best, counter[0],
                        time.perf_counter() - start, len(position.legal_moves))
