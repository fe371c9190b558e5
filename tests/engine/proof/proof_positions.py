"""Positions with X to move whose wins the proof's tests know: by threats alone, and after a quiet move."""

from __future__ import annotations

from rules_only import SPEC, double_five_moves

from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.scans import winning_cells
from tictactoe_tui.engine.rules.spec import BoardSpec


def game(xs: str, os: str, spec: BoardSpec = SPEC) -> Position:
    """X's marks and O's marks, X's first, alternating: O is to move when X has one mark more."""
    x_cells, o_cells = xs.split(), os.split()
    assert len(x_cells) - len(o_cells) in (0, 1)
    names = [name for pair in zip(x_cells, o_cells, strict=False) for name in pair]
    return Position.from_moves(spec, names + x_cells[len(o_cells):])


OPEN_THREE = game("f8 g8 h8", "a1 o1 a15")
"""e8 or i8 makes an open four: O blocks one end, X fills the other. 3 plies, and none fewer (no
five-cell now)."""
FOUR_THREE = game("f8 g8 h8 i6 i7", "e8 a1 o1 a15 o15")
"""i8 is a four (five-cell j8, e8 being O's) and the open three i6-i8: O blocks j8, X makes the open
four i6-i9 or i5-i8 and then five. 5 plies, and no X move makes two five-cells at once (3 plies)."""
VCF = game("c3 d3 e3 f5 f6", "b3 f8 a15 o15 o1")
"""Fours only: f3 makes c3-f3 a four (b3 is O's), O must take g3, then f4 makes f3-f6 a four open at
f2 and f7. 5 plies; no X move makes two five-cells at once."""
QUIET = game("j8 i11 h9", "e7 g6 a1")
"""No win by threats alone: X needs one quiet move first (found by a search over such positions; the
proof takes about 6,000 nodes)."""


def fastest_win(position: Position) -> int:
    """The fewest plies in which X could win, by the rules: 1 with a five-cell, 3 with a move to two."""
    return 1 if winning_cells(SPEC, position.x, position.o) else 3 if double_five_moves(
        position.x, position.o) else 5
