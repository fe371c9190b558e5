"""Random positions of a board, still in play, for checking one search against another."""

from __future__ import annotations

import random

from tictactoe_tui.engine.position import Position


def random_positions(board: str, count: int, seed: str, *, least: int = 0, most: int | None = None
                     ) -> list[Position]:
    """``count`` positions reached by ``least`` to ``most`` random moves (by default up to two short of
    a full board), the same ones for the same ``seed``; none of them is over."""
    rng = random.Random(seed)
    positions: list[Position] = []
    while len(positions) < count:
        position = Position.empty(board)
        for _ in range(rng.randint(least, most if most is not None else position.spec.cells - 2)):
            position = position.play(rng.choice(position.legal_moves))
            if position.is_over:
                break
        if not position.is_over:
            positions.append(position)
    return positions
