"""Threat trees: X's win by threats written out move by move, with the zone it depends on.

A threat search (``bigboard.threats.vct``) only says that a win exists and where it starts. A proof
needs the whole tree, in the form ``docs/gomoku-proof.md`` defines: every X move, every O reply that
does not lose at once, and the zone outside which an extra O mark (the *stray*) changes nothing.
The zone grows as the tree is written: each X move, the five-cells and the winning moves the rules
lean on, and every empty cell of a line where O has as many marks as the guards allow.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..bigboard.lineboard import LineBoard, O, X
from ..bigboard.threats import ThreatMemo, vct
from ..budget import Budget
from ..rules.bits import bit_cells
from ..rules.lines import win_lines
from ..rules.spec import Cell
from .bound import threat_plies

ThreatNode = list[object]
"""``[m]`` or ``[m, replies]`` for X; O's replies are a list of ``[r, ThreatNode]``."""

THREATS = 9
"""The most threats a threat tree's searches look for."""


def guard(board: LineBoard, zone: set[int], limit: int) -> None:
    """Add to ``zone`` every empty cell of each line without an X mark that holds ``limit`` O marks
    or more: the stray on such a cell would give O a five-cell the tree does not look at."""
    x_marks, o_marks = board.stones[X], board.stones[O]
    occupied = x_marks | o_marks
    through = win_lines(board.spec).through
    seen: set[int] = set()
    for cell in bit_cells(o_marks):
        for line in through[cell]:
            if line in seen or line & x_marks:
                continue
            seen.add(line)
            if (line & o_marks).bit_count() >= limit:
                zone.update(bit_cells(line & ~occupied))


def after_fives(board: LineBoard, cell: int) -> set[int]:
    """X's five-cells once X has played ``cell`` (on O's turn, as if O passed first)."""
    passed = board.side == O
    if passed:
        board.pass_turn()
    board.play(cell)
    found = set(board.fives[X])
    board.undo()
    if passed:
        board.undo()
    return found


def _holds(board: LineBoard, reply: int, winners: list[int], zone: set[int]) -> bool:
    """Whether O's ``reply`` loses at once: no five-cell for O, and a winning move left to X whose
    five-cells in the zone are two or more."""
    board.play(reply)
    try:
        if board.fives[O]:
            return False
        return any(winner != reply and len(after_fives(board, winner) & zone) >= 2 for winner in winners)
    finally:
        board.undo()


def build_x(board: LineBoard, zone: set[int], budget: Budget,
            memo: ThreatMemo | None = None) -> ThreatNode | None:
    """X to move: the threat tree of X's win from here, or None when none is found in budget.

    Raises ``OutOfBudget`` (the board restored) when the budget runs out.
    """
    fives = board.fives[X]
    if fives:
        move = min(fives)
        guard(board, zone, 4)
        zone.add(move)
        return [move]
    blocks = board.fives[O]
    if len(blocks) > 1:
        return None
    if blocks:
        move = min(blocks)
    else:
        found = vct(board, budget, max_threats=THREATS, memo=memo)
        if found is None:
            return None
        move = found[0]
    guard(board, zone, 3)
    zone.add(move)
    board.play(move)
    try:
        replies = build_o(board, zone, budget, memo)
    finally:
        board.undo()
    return None if replies is None else [move, replies]


def needed_replies(board: LineBoard, zone: set[int] | None) -> list[int] | None:
    """O to move and X threatening: the replies that do not lose at once, or None when X does not
    threaten. With a ``zone`` (a threat tree's), it grows by what the rules and the guards lean
    on; without one the whole board is the zone (a position of the game itself, with no stray)."""
    if board.fives[O]:
        return None
    fives = sorted(board.fives[X])
    if fives:
        if zone is not None:
            guard(board, zone, 3)
            zone.update(fives)
        return fives if len(fives) == 1 else []
    winners = sorted(board.winning[X])
    if not winners:
        return None
    # Only a reply on a winning move or one of its five-cells, or one that makes O a four, can fail
    # to lose at once: any other leaves every winning move as it was.
    leaned_on = set(winners)
    for winner in winners:
        leaned_on.update(after_fives(board, winner))
    if zone is None:
        zone_now = set(bit_cells(board.spec.full_mask & ~board.occupied))
    else:
        guard(board, zone, 2)
        zone.update(leaned_on)
        zone_now = zone
    return sorted(cell for cell in leaned_on | board.fours[O] if not _holds(board, cell, winners, zone_now))


def build_o(board: LineBoard, zone: set[int], budget: Budget,
            memo: ThreatMemo | None = None) -> list[object] | None:
    """O to move in a threat tree: the replies that need a tree of their own, each with its tree."""
    needed = needed_replies(board, zone)
    if needed is None:
        return None
    replies: list[object] = []
    for reply in needed:
        board.play(reply)
        try:
            tree = build_x(board, zone, budget, memo)
        finally:
            board.undo()
        if tree is None:
            return None
        replies.append([reply, tree])
    return replies


class ThreatSearches(Protocol):
    """The threat searches a proof is made of, all sharing one memo of what X's searches found: in
    Python (``PythonSearches``) or compiled (``compiled.compiled_searches``), with the same answers."""

    def win(self, board: LineBoard, budget: Budget) -> tuple[Cell, int] | None:
        """``vct`` within ``THREATS``: X's first threat and the plies to the win, or None."""

    def tree(self, board: LineBoard, zone: set[int], budget: Budget) -> tuple[ThreatNode, int] | None:
        """``build_x``: X's threat tree, ``zone`` grown by what it leans on, and the tree's bound
        against that zone (``bound.threat_plies``); or None, ``zone`` as it was (what a search
        that failed leaned on proves nothing)."""

    def forced(self, board: LineBoard) -> list[int] | None:
        """``needed_replies`` without a zone: O's replies that do not lose at once, or None."""


@dataclass(slots=True)
class PythonSearches:
    """``ThreatSearches`` in Python: the functions above, with one memo."""

    memo: ThreatMemo = field(default_factory=lambda: ({}, {}))

    def win(self, board: LineBoard, budget: Budget) -> tuple[Cell, int] | None:
        return vct(board, budget, max_threats=THREATS, memo=self.memo)

    def tree(self, board: LineBoard, zone: set[int], budget: Budget) -> tuple[ThreatNode, int] | None:
        grown = set(zone)
        tree = build_x(board, grown, budget, self.memo)
        if tree is None:
            return None
        zone |= grown
        x_marks, o_marks = board.stones
        zone_mask = sum(1 << cell for cell in zone)
        return tree, threat_plies(board.spec, tree, "tx", x_marks, o_marks, zone_mask, {})

    def forced(self, board: LineBoard) -> list[int] | None:
        return needed_replies(board, None)
