"""The test suite's reference: a plain minimax that shares nothing with the solver but the winning lines.

No pruning, no symmetry, no threats, no table beyond remembering each
position's verdict: every move is tried in every position. Positions are the
side to move's marks and the other side's, as bitboards.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from tictactoe_tui.engine.rules.lines import win_lines
from tictactoe_tui.engine.rules.position import Mark, Position
from tictactoe_tui.engine.rules.spec import BoardSpec, Cell
from tictactoe_tui.engine.solver import Value

Verdict = tuple[int, int]
"""(1 win, 0 draw, -1 loss for the side to move, plies to the end with best play)."""

VALUES = {1: Value.WIN, 0: Value.DRAW, -1: Value.LOSS}


def preference(verdict: Verdict) -> tuple[int, int]:
    """Higher is better for the mover: any win beats a draw beats a loss; win fast, lose slowly."""
    sign, plies = verdict
    return sign, -plies if sign > 0 else plies if sign < 0 else 0


class Minimax:
    """Plain memoised minimax over bitboards, with the distance to the end."""

    def __init__(self, spec: BoardSpec) -> None:
        self.spec = spec
        self.through = win_lines(spec).through
        self.verdict: Callable[[int, int], Verdict] = cache(self._verdict)

    def _verdict(self, mine: int, theirs: int) -> Verdict:
        """The verdict for the side to move, holding ``mine``, in a game still going on."""
        return max((self.move(mine, theirs, cell) for cell in self.empty_cells(mine | theirs)),
                   key=preference)

    def move(self, mine: int, theirs: int, cell: Cell) -> Verdict:
        """The verdict, for the mover, of playing ``cell``."""
        after = mine | 1 << cell
        if any(line & after == line for line in self.through[cell]):
            return 1, 1
        if after | theirs == self.spec.full_mask:
            return 0, 1
        sign, plies = self.verdict(theirs, after)
        return -sign, plies + 1

    def empty_cells(self, occupied: int) -> list[Cell]:
        return [cell for cell in range(self.spec.cells) if not occupied >> cell & 1]

    def of(self, position: Position) -> Verdict:
        """The verdict of a position still in play."""
        return self.verdict(*sides(position))

    def best_moves(self, position: Position) -> set[Cell]:
        mine, theirs = sides(position)
        best = preference(self.of(position))
        return {cell for cell in position.legal_moves if preference(self.move(mine, theirs, cell)) == best}


def sides(position: Position) -> tuple[int, int]:
    """The marks of the side to move, then the other side's."""
    return (position.x, position.o) if position.to_move is Mark.X else (position.o, position.x)
