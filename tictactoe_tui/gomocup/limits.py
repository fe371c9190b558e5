"""What a Gomoku manager allows a brain: the time for each move and for the match, and memory.

The manager states them in its own units (milliseconds, bytes) with ``INFO``; these turn them
into the seconds a search may take and the size of the solver's table.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.players import DEFAULT_TIME_LIMIT
from ..engine.proving.transposition import DEFAULT_MEMORY_LIMIT_MB

SAFETY_SHARE = 0.04
"""The part of each move's time kept back for answering."""
SAFETY_SECONDS = 0.06
"""The least time kept back, whatever the limit (process scheduling, pipes)."""
MOVES_AHEAD = 15
"""With a match clock, one move may use at most ``time_left / MOVES_AHEAD``."""
LEAST_THINK = 0.005
"""Seconds of thought when the manager asks for moves at once (``timeout_turn 0``)."""
PROCESS_MB = 40
"""Megabytes the brain's process needs beside the solver's table (interpreter, engine, heuristics)."""


@dataclass
class Limits:
    """What the manager said about time and memory, in its units (milliseconds, bytes)."""

    timeout_turn: int = int(DEFAULT_TIME_LIMIT * 1000)
    timeout_match: int = 0
    time_left: int | None = None
    max_memory: int = 0

    def think_time(self, received: float, now: float) -> float:
        """Seconds the next search may take, counted from ``now`` for a command that arrived at ``received``.

        The turn's limit and the match clock both bound it, less a margin for answering; the time
        the command waited in the pipe is already spent.
        """
        budget = self.timeout_turn / 1000
        if self.time_left is not None and (self.timeout_match > 0 or self.time_left > 0):
            budget = min(budget, max(self.time_left, 0) / 1000 / MOVES_AHEAD)
        budget -= max(SAFETY_SECONDS, budget * SAFETY_SHARE) + (now - received)
        return max(budget, LEAST_THINK)

    @property
    def memory_limit_mb(self) -> int:
        """The solver's table size for ``max_memory`` (0 = no limit given: the engine's default)."""
        if self.max_memory <= 0:
            return DEFAULT_MEMORY_LIMIT_MB
        return max(1, min(DEFAULT_MEMORY_LIMIT_MB, (self.max_memory // 2**20 - PROCESS_MB) // 2))
