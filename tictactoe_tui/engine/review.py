"""A game read again after its end: which moves threw away what their player's position held.

A blunder is a move after which its player is proven worse off than before
it: a won position let go (to a draw or a loss), or a drawn one lost. Only
proven values count. Where a position is beyond the solver in the time given,
the move gets no verdict rather than a guess, because a review that calls a
good move a mistake teaches the wrong lesson.

>>> from tictactoe_tui.engine import Position, review_game
>>> game = Position.from_moves("3x3", "b2 b1 a1 c3 a3 c1 a2")
>>> [verdict.move_name for verdict in review_game(game) if verdict.blunder]
['b1']
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from .rules.position import Position
from .rules.spec import Cell
from .solver import Solver, Value

_WORTH = {Value.LOSS: 0, Value.DRAW: 1, Value.WIN: 2}
"""How much each proven value holds for its player, to compare a position before a move and after."""
_SEEN_FROM_THE_OTHER_SIDE = {Value.WIN: Value.LOSS, Value.LOSS: Value.WIN, Value.DRAW: Value.DRAW,
                             Value.UNKNOWN: Value.UNKNOWN}


@dataclass(frozen=True, slots=True)
class MoveVerdict:
    """One move of a game, with the proven value its player had before it and kept after it."""

    ply: int
    """The move's number in the game, from 1."""
    cell: Cell
    move_name: str
    before: Value
    """What the position held for the player about to move (UNKNOWN when not proven in time)."""
    after: Value
    """What the position held for the same player once the move was made."""

    @property
    def blunder(self) -> bool:
        """Whether the move gave away a win or a draw the player had; False where either value is unproven."""
        if Value.UNKNOWN in (self.before, self.after):
            return False
        return _WORTH[self.after] < _WORTH[self.before]


def review_game(game: Position, *, solver: Solver | None = None, time_limit: float | None = 1.0,
                stop: threading.Event | None = None,
                progress: Callable[[int, int], None] | None = None) -> tuple[MoveVerdict, ...]:
    """Every move of ``game`` in order, each with its player's proven value before and after it.

    Each position of the game is proven once, with at most ``time_limit`` seconds (None: to the
    end), from the last back to the first, so that a solver's table learned near the end speeds up
    the earlier, harder positions. ``progress(done, total)`` is called after each position.
    Setting ``stop`` ends the review early: positions not yet proven count as unknown.
    """
    solver = solver if solver is not None else Solver()
    positions = [Position.from_moves(game.spec, game.moves[:ply]) for ply in range(len(game.moves) + 1)]
    values = [Value.UNKNOWN] * len(positions)
    for done, index in enumerate(reversed(range(len(positions))), start=1):
        if stop is not None and stop.is_set():
            break
        values[index] = solver.prove(positions[index], time_limit=time_limit, stop=stop).value
        if progress is not None:
            progress(done, len(positions))
    return tuple(
        MoveVerdict(ply, cell, game.spec.cell_name(cell),
                    before=values[ply - 1], after=_SEEN_FROM_THE_OTHER_SIDE[values[ply]])
        for ply, cell in enumerate(game.moves, start=1)
    )
