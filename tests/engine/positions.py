"""Positions of a board still in play, at random or all of them, for checking one search against another."""

from __future__ import annotations

import random
from itertools import zip_longest

from tictactoe_tui.engine.rules.bits import bit_cells
from tictactoe_tui.engine.rules.lines import win_lines
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.spec import BoardSpec, Cell
from tictactoe_tui.engine.rules.symmetry import symmetries


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


def reachable_classes(spec: BoardSpec) -> list[Position]:
    """One position of every class, under the board's symmetries, of the positions still in play that
    games reach: in breadth-first order (by marks, then as first met), each the member met first.

    A class's children are the classes of its member's children, so one member of each is enough;
    the moves are the marks taken in turn, a game that reaches the position with no line on the way.
    """
    group = symmetries(spec)
    through = win_lines(spec).through
    seen: set[tuple[int, int]] = {(0, 0)}
    classes: set[int] = {0}
    found: list[Position] = []
    level = [(0, 0)]
    for marks in range(spec.cells):
        found.extend(_position(spec, x, o) for x, o in level)
        following = []
        for x, o in level:
            mover = o if marks % 2 else x
            for cell in range(spec.cells):
                bit = 1 << cell
                after = mover | bit
                if (x | o) & bit or marks + 1 == spec.cells:
                    continue  # taken, or the board would be full
                if any(line & after == line for line in through[cell]):
                    continue  # the game would be over
                child = (x, after) if marks % 2 else (after, o)
                if child in seen:
                    continue
                seen.add(child)
                key = min(group.keys(*child))
                if key not in classes:
                    classes.add(key)
                    following.append(child)
        level = following
    return found


def image(position: Position, symmetry: int) -> Position:
    """``position`` under the board's symmetry number ``symmetry``, reached the same way."""
    group = symmetries(position.spec)
    x, o = group.transform(position.x, symmetry), group.transform(position.o, symmetry)
    return _position(position.spec, x, o)


def _position(spec: BoardSpec, x: int, o: int) -> Position:
    """The position with X on ``x`` and O on ``o``, reached by the marks taken in turn."""
    moves: list[Cell] = []
    for crosses, noughts in zip_longest(bit_cells(x), bit_cells(o)):
        moves.append(crosses)
        if noughts is not None:
            moves.append(noughts)
    return Position(spec, x, o, tuple(moves))
