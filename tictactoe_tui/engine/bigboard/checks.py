"""The big-board search's threat checks: after a move, or a pass, has the opponent a win by threats?

A move that leaves one loses against an engine that looks for it, however well it scores in the
tree search, which stops at a few plies: these checks are what keeps the search's choice alive.
"""

from __future__ import annotations

from ..budget import Budget, OutOfBudget
from ..rules.spec import Cell
from .threatboard import ThreatBoard
from .threats import by_worth, vcf, vct

FOLLOW_UPS = 3
"""After a four of its own and the block, how many moves of the threat's zone the side tries."""


def threat_plies(board: ThreatBoard, check: Budget, zone: set[Cell] | None = None) -> int | None:
    """The plies of the side to move's win by threats within ``check`` (adding the cells its search
    played to ``zone``); None when there is none or the check ran out first."""
    try:
        line = vcf(board, check, zone=zone)
        if line is not None:
            return len(line)
        attack = vct(board, check, zone=zone, forks=True)
    except OutOfBudget:
        return None
    return None if attack is None else attack[1]


def threat_after(board: ThreatBoard, cell: Cell, within: Budget, nodes: int,
                 follow_ups: int = FOLLOW_UPS) -> int | None:
    """``threat_plies`` for the opponent once the side to move has played ``cell``, in at most
    ``nodes`` of ``within`` (the board is left as it was).

    A four only delays: after the forced block it is the side's turn again, with the threat
    still there unless the four's mark or what follows stops it. So the threat is looked for as
    if the side then passed, and if there is one, the ``follow_ups`` best moves of its zone get
    the same check in turn (with a share of the nodes): the four holds when one of them does.
    """
    side = board.side
    board.play(cell)
    check = within.part(nodes)
    delayed = len(board.fives[side]) == 1
    if delayed:
        board.play(next(iter(board.fives[side])))
        board.pass_turn()
    zone: set[Cell] | None = set() if delayed and follow_ups else None
    try:
        found = threat_plies(board, check, zone)
        if found is not None and zone:
            board.undo()  # the pass: the side plays one of the follow-ups instead
            try:
                replies = by_worth(board, side, zone | board.fours[side])
                for reply in [move for move in replies if not board.filled[move]][:follow_ups]:
                    if threat_after(board, reply, check, nodes // follow_ups, follow_ups - 1) is None:
                        return None
            finally:
                board.pass_turn()
        return None if found is None else found + 2 * delayed
    finally:
        if delayed:
            board.undo()
            board.undo()
        board.undo()
        within.nodes += check.nodes
