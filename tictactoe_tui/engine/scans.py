"""Whole-board threat scans on a ``Position``: wins in one move, the replies they force, forks.

Every line is scanned afresh: simple, and fast enough for the rule players, which move once. A
*threat* is an empty cell that would complete a line of k for one side; a side with a threat wins
next move unless the opponent fills that cell, and a move that makes two threats at once (a fork)
cannot be answered at all."""

from __future__ import annotations

from .bits import bit_cells
from .lines import win_lines
from .position import Mark, Position
from .spec import BoardSpec, Cell


def sides(position: Position) -> tuple[int, int]:
    """(the bitboard of the side to move, the opponent's bitboard)."""
    return (position.x, position.o) if position.to_move is Mark.X else (position.o, position.x)


def winning_cells(spec: BoardSpec, mine: int, theirs: int) -> tuple[Cell, ...]:
    """The empty cells that would complete a line of ``mine`` (a bitboard), in increasing order."""
    empty = ~(mine | theirs) & spec.full_mask
    found: set[Cell] = set()
    for mask in win_lines(spec).masks:
        if mask & theirs:
            continue
        missing = mask & ~mine
        if missing & (missing - 1) == 0 and missing & empty:
            found.add(missing.bit_length() - 1)
    return tuple(sorted(found))


def fork_cells(spec: BoardSpec, mine: int, theirs: int) -> tuple[Cell, ...]:
    """The empty cells where ``mine`` would make two threats at once, in increasing order.

    A fork cell lies on at least two lines that hold k-2 of ``mine`` and nothing of ``theirs``
    whose other empty cells differ (two lines missing the same cell are one threat, not two).
    """
    occupied = mine | theirs
    others: dict[Cell, set[Cell]] = {}
    for mask in win_lines(spec).masks:
        if mask & theirs or (mask & mine).bit_count() != spec.k - 2:
            continue
        gaps = bit_cells(mask & ~occupied)
        if len(gaps) != 2:
            continue
        first, second = gaps
        others.setdefault(first, set()).add(second)
        others.setdefault(second, set()).add(first)
    return tuple(sorted(cell for cell, threats in others.items() if len(threats) >= 2))


def immediate_wins(position: Position) -> tuple[Cell, ...]:
    """The moves that win on the spot for the side to move."""
    if position.is_over:
        return ()
    mine, theirs = sides(position)
    return winning_cells(position.spec, mine, theirs)


def threats_against(position: Position) -> tuple[Cell, ...]:
    """The cells where the opponent of the side to move would win on their next move."""
    if position.is_over:
        return ()
    mine, theirs = sides(position)
    return winning_cells(position.spec, theirs, mine)


def forced_replies(position: Position) -> tuple[Cell, ...]:
    """The moves the side to move cannot sensibly avoid: its wins, else the blocks of the opponent's.

    Empty when neither side threatens anything. More than one block means the opponent has a fork
    and the game is lost against correct play, but any block is still better than none.
    """
    return immediate_wins(position) or threats_against(position)
