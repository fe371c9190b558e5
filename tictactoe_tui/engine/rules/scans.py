"""Whole-board threat scans on a ``Position``: wins in one move, the replies they force, forks.

Every line is scanned afresh: simple, and fast enough for the rule players, which move once. A
*threat* is an empty cell that would complete a line of k for one side; a side with a threat wins
next move unless the opponent fills that cell, and a move that makes two threats at once (a fork)
cannot be answered at all."""

from __future__ import annotations

from collections.abc import Iterable

from .bits import bit_cells, lowest_cell
from .lines import win_lines
from .position import Mark, Position
from .spec import BoardSpec, Cell


def sides(position: Position) -> tuple[int, int]:
    """(the bitboard of the side to move, the opponent's bitboard)."""
    return (position.x, position.o) if position.to_move is Mark.X else (position.o, position.x)


def threat_mask(spec: BoardSpec, mine: int, theirs: int) -> int:
    """The empty cells that would complete a line of ``mine`` (a bitboard), as a bitmask."""
    return threats_in(win_lines(spec).masks, spec.k, mine, theirs)


def threats_in(lines: Iterable[int], k: int, mine: int, theirs: int) -> int:
    """The empty cells that would complete one of ``lines`` (masks of k cells) for ``mine``."""
    short = k - 1
    found = 0
    for mask in lines:
        if not mask & theirs and (mask & mine).bit_count() == short:
            found |= mask & ~mine
    return found


def winning_cells(spec: BoardSpec, mine: int, theirs: int) -> tuple[Cell, ...]:
    """The empty cells that would complete a line of ``mine`` (a bitboard), in increasing order."""
    return tuple(bit_cells(threat_mask(spec, mine, theirs)))


def forks(two_gap_lines: Iterable[int]) -> dict[Cell, set[Cell]]:
    """The fork cells among lines one mark short of a threat, each with the cells that spoil it.

    ``two_gap_lines`` are the empty cells (two each) of the lines that hold k-2 marks of one side
    and none of the other. A fork cell lies on two such lines whose other gaps differ (two lines
    missing the same cell are one threat, not two); filling the cell or one of those gaps is
    the only way to stop the fork short of a threat that must be answered first.
    """
    others: dict[Cell, set[Cell]] = {}
    for gaps in two_gap_lines:
        first, second = lowest_cell(gaps), gaps.bit_length() - 1
        if first in others:
            others[first].add(second)
        else:
            others[first] = {second}
        if second in others:
            others[second].add(first)
        else:
            others[second] = {first}
    return {cell: spoilers for cell, spoilers in others.items() if len(spoilers) >= 2}


def fork_cells(spec: BoardSpec, mine: int, theirs: int) -> tuple[Cell, ...]:
    """The empty cells where ``mine`` would make two threats at once, in increasing order."""
    short = spec.k - 2
    occupied = mine | theirs
    return tuple(sorted(forks(mask & ~occupied for mask in win_lines(spec).masks
                              if not mask & theirs and (mask & mine).bit_count() == short)))


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
