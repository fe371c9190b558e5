"""How many plies the proof's win takes at most from one of its nodes (``docs/gomoku-proof.md``,
"The bound"), remembered per node so that a game asks each node once.

A node is read with its position as two bitboards: whether X has a five-cell decides whether a
reply the tree does not list loses in two plies or in four.
"""

from __future__ import annotations

from typing import Any

from ..rules.scans import threat_mask
from ..rules.spec import BoardSpec

Memo = dict[int, int]


def game_plies(spec: BoardSpec, node: Any, kind: str, x: int, o: int, memo: Memo) -> int:
    """Plies to X's five from a game node (``kind`` "x" or "o"), against any defence."""
    known = memo.get(id(node))
    if known is not None:
        return known
    if kind == "x":
        if not isinstance(node, list):  # a reference: the branch it names states the bound
            raise ValueError(f"no bound of its own at {str(node)[:20]!r}: ask the branch it names")
        move = 1 << node[0]
        plies = 1 if len(node) == 1 else 1 + game_plies(spec, node[1], "o", x | move, o, memo)
    elif len(node) == 1:
        plies = _o_plies(spec, node[0], x, o, spec.full_mask, memo, game=True)
    else:
        zone, threat, replies = node
        plies = 1 + max((game_plies(spec, child, "x", x, o | 1 << reply, memo) for reply, child in replies),
                        default=0)
        empty = spec.full_mask & ~(x | o)
        if zone is not None and empty & ~sum(1 << cell for cell in zone):
            plies = max(plies, 1 + threat_plies(spec, threat, "tx", x, o, _mask(zone), memo))
    memo[id(node)] = plies
    return plies


def threat_plies(spec: BoardSpec, node: Any, kind: str, x: int, o: int, zone: int, memo: Memo) -> int:
    """Plies to X's five from a threat-tree node (``kind`` "tx" or "to") against ``zone``."""
    known = memo.get(id(node))
    if known is not None:
        return known
    if kind == "tx":
        move = 1 << node[0]
        plies = 1 if len(node) == 1 else 1 + threat_plies(spec, node[1], "to", x | move, o, zone, memo)
    else:
        plies = _o_plies(spec, node, x, o, zone, memo, game=False)
    memo[id(node)] = plies
    return plies


def _o_plies(spec: BoardSpec, replies: Any, x: int, o: int, zone: int, memo: Memo, *, game: bool) -> int:
    """An O node that lists the replies that do not lose at once."""
    listed = sum(1 << reply for reply, _ in replies)
    unlisted = spec.full_mask & ~(x | o) & ~listed
    longest = (2 if threat_mask(spec, x, o) & zone else 4) if unlisted else 0
    for reply, child in replies:
        after = o | 1 << reply
        below = (game_plies(spec, child, "x", x, after, memo) if game
                 else threat_plies(spec, child, "tx", x, after, zone, memo))
        longest = max(longest, 1 + below)
    return longest


def _mask(cells: list[int]) -> int:
    return sum(1 << cell for cell in cells)
