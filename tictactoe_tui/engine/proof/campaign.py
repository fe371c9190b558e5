"""How the proof of Gomoku is split into units of work, and a map of how far it has got.

X opens in the centre. O's first replies are taken up to the board's symmetries (35 of them), X's
second move is fixed for each, and every second reply of O (up to the symmetries the position
keeps) is one unit: a position with X to move that the prover proves on its own.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..rules.position import Position
from .book import BOARD
from .prover import distinct_replies

CENTRE = BOARD.centre
UNIT_MOVES = 4
"""Moves from the empty board to a unit: X's centre, O's first reply, X's second move, O's reply."""


@cache
def first_replies() -> tuple[int, ...]:
    """O's first replies to the centre up to symmetry, the farthest from the centre first."""
    position = Position.from_moves(BOARD, [CENTRE])
    cells = distinct_replies(BOARD, position.x, position.o, list(position.legal_moves))
    return tuple(sorted(cells, key=lambda cell: (-_distance(cell, CENTRE), cell)))


def second_move(reply: int) -> int:
    """X's second move: the centre's neighbour farthest from O's reply, the lowest cell on a tie;
    but beside a reply that touches the centre, the neighbour at right angles to it.

    Far from O's mark, X does best to build away from it. Next to it, the farthest neighbour lets
    O's mark stand on the lines X wants; trials of three second replies each proved none after
    h8 g7 i9 and all three after h8 g7 g9 (at right angles; i7 is the same by symmetry), and after
    h8 h7 one with the farthest neighbour g9, two with i8 (or g8).
    """
    col, row = BOARD.coordinates(CENTRE)
    neighbours = [BOARD.cell_at(col + dx, row + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
    if reply not in neighbours:
        return min(neighbours, key=lambda cell: (-_distance(cell, reply), cell))
    dx, dy = (a - b for a, b in zip(BOARD.coordinates(reply), (col, row), strict=True))
    return min(BOARD.cell_at(col - dy, row + dx), BOARD.cell_at(col + dy, row - dx))


@cache
def second_replies(reply: int, x_move: int) -> tuple[int, ...]:
    """O's second replies, up to the symmetries of the position, in cell order."""
    position = Position.from_moves(BOARD, [CENTRE, reply, x_move])
    return tuple(distinct_replies(BOARD, position.x, position.o, list(position.legal_moves)))


def _distance(one: int, other: int) -> int:
    (c1, r1), (c2, r2) = BOARD.coordinates(one), BOARD.coordinates(other)
    return (c1 - c2) ** 2 + (r1 - r2) ** 2


def moves_name(moves: tuple[int, ...]) -> str:
    """The moves as proving runs name a position, in their files and their reports: cell names
    such as ``h8 g7``."""
    return " ".join(BOARD.cell_name(cell) for cell in moves)


def unit_moves(name: str) -> tuple[int, ...]:
    """A position's moves from its name (``moves_name``)."""
    return tuple(BOARD.parse_cell(cell) for cell in name.split())


def units_proven(document: dict[str, Any]) -> dict[int, tuple[int, int]]:
    """First reply -> (second replies proven, second replies in all)."""
    known = {tuple(branch["moves"]) for branch in document["branches"]}
    found = {}
    for reply in first_replies():
        seconds = second_replies(reply, second_move(reply))
        if () in known or (CENTRE, reply) in known:
            found[reply] = (len(seconds), len(seconds))
        else:
            x_move = second_move(reply)
            found[reply] = (sum((CENTRE, reply, x_move, second) in known for second in seconds), len(seconds))
    return found


def board_map(document: dict[str, Any]) -> str:
    """The board with each first reply of O marked: # proven, + partly, . not yet (X in the centre)."""
    from ..rules.symmetry import symmetries

    table = symmetries(BOARD)
    marks = {CENTRE: "X"}
    done = units_proven(document)
    for reply, (proven, whole) in done.items():
        mark = "#" if proven == whole else "+" if proven else "."
        for permutation in table.permutations:
            marks[permutation[reply]] = mark
    rows = []
    for row in range(BOARD.height - 1, -1, -1):
        cells = " ".join(marks.get(BOARD.cell_at(col, row), "?") for col in range(BOARD.width))
        rows.append(f"{row + 1:>2} {cells}")
    rows.append("   " + " ".join(chr(ord("a") + col) for col in range(BOARD.width)))
    whole = sum(proven == total for proven, total in done.values())
    units = sum(proven for proven, _ in done.values()), sum(total for _, total in done.values())
    rows.append(f"first replies proven: {whole} of {len(done)}; "
                f"second replies proven: {units[0]} of {units[1]}")
    return "\n".join(rows)
