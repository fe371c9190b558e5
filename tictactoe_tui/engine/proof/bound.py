"""How many plies the proof's win takes at most from one of its nodes (``docs/gomoku-proof.md``,
"The bound"), remembered per node so that a game asks each node once.

A node is read with its position as two bitboards: whether X has a five-cell decides whether a
reply the tree does not list loses in two plies or in four. X's five-cells are carried down the
tree rather than scanned afresh at each node: an O mark can only fill one, and an X mark can only
add those of the lines through it, so a node costs the scan of a few lines, not of the board.
"""

from __future__ import annotations

from typing import Any

from ..rules.lines import win_lines
from ..rules.scans import threat_mask, threats_in
from ..rules.spec import BoardSpec

Memo = dict[int, int]


def game_plies(spec: BoardSpec, node: Any, kind: str, x: int, o: int, memo: Memo) -> int:
    """Plies to X's five from a game node (``kind`` "x" or "o"), against any defence."""
    return _Bounds(spec, memo).game(node, kind, x, o, threat_mask(spec, x, o))


def threat_plies(spec: BoardSpec, node: Any, kind: str, x: int, o: int, zone: int, memo: Memo) -> int:
    """Plies to X's five from a threat-tree node (``kind`` "tx" or "to") against ``zone``."""
    return _Bounds(spec, memo).threat(node, kind, x, o, zone, threat_mask(spec, x, o))


class _Bounds:
    """One walk of a tree: ``fives`` is always X's five-cells in the position ``x``, ``o``."""

    def __init__(self, spec: BoardSpec, memo: Memo) -> None:
        self.spec, self.memo = spec, memo
        self.through = win_lines(spec).through

    def _x_moved(self, cell: int, x: int, o: int, fives: int) -> int:
        """X's five-cells once X has played ``cell`` (``x`` holds it already)."""
        return fives & ~(1 << cell) | threats_in(self.through[cell], self.spec.k, x, o)

    def game(self, node: Any, kind: str, x: int, o: int, fives: int) -> int:
        known = self.memo.get(id(node))
        if known is not None:
            return known
        spec = self.spec
        if kind == "x":
            if not isinstance(node, list):  # a reference: the branch it names states the bound
                raise ValueError(f"no bound of its own at {str(node)[:20]!r}: ask the branch it names")
            cell = node[0]
            after = x | 1 << cell
            plies = 1 if len(node) == 1 else 1 + self.game(node[1], "o", after, o,
                                                            self._x_moved(cell, after, o, fives))
        elif len(node) == 1:
            plies = self._o_plies(node[0], x, o, spec.full_mask, fives, game=True)
        else:
            zone, threat, replies = node
            plies = 1 + max((self.game(child, "x", x, o | 1 << reply, fives & ~(1 << reply))
                             for reply, child in replies), default=0)
            if zone is not None:
                zone_mask = _mask(zone)
                if spec.full_mask & ~(x | o) & ~zone_mask:  # an empty cell outside the zone
                    plies = max(plies, 1 + self.threat(threat, "tx", x, o, zone_mask, fives))
        self.memo[id(node)] = plies
        return plies

    def threat(self, node: Any, kind: str, x: int, o: int, zone: int, fives: int) -> int:
        known = self.memo.get(id(node))
        if known is not None:
            return known
        if kind == "tx":
            cell = node[0]
            after = x | 1 << cell
            plies = 1 if len(node) == 1 else 1 + self.threat(node[1], "to", after, o, zone,
                                                              self._x_moved(cell, after, o, fives))
        else:
            plies = self._o_plies(node, x, o, zone, fives, game=False)
        self.memo[id(node)] = plies
        return plies

    def _o_plies(self, replies: Any, x: int, o: int, zone: int, fives: int, *, game: bool) -> int:
        """An O node that lists the replies that do not lose at once."""
        listed = sum(1 << reply for reply, _ in replies)
        unlisted = self.spec.full_mask & ~(x | o) & ~listed
        longest = (2 if fives & zone else 4) if unlisted else 0
        for reply, child in replies:
            after, left = o | 1 << reply, fives & ~(1 << reply)
            below = (self.game(child, "x", x, after, left) if game
                     else self.threat(child, "tx", x, after, zone, left))
            longest = max(longest, 1 + below)
        return longest


def _mask(cells: list[int]) -> int:
    return sum(1 << cell for cell in cells)
