"""The rule for an O reply that loses at once, read from the rules alone, for the proof's tests."""

from __future__ import annotations

from tictactoe_tui.engine.rules.bits import bit_cells
from tictactoe_tui.engine.rules.lines import win_lines
from tictactoe_tui.engine.rules.scans import winning_cells
from tictactoe_tui.engine.rules.spec import BoardSpec

SPEC = BoardSpec.parse("15x15k5")


def double_five_moves(x: int, o: int) -> list[int]:
    """X's moves after which X has two five-cells or more, X having none now: every five-cell after
    X's move w is then on a line through w that held three X marks and no O mark."""
    assert not winning_cells(SPEC, x, o)
    candidates = 0
    for line in win_lines(SPEC).masks:
        if not line & o and (line & x).bit_count() == SPEC.k - 2:
            candidates |= line & ~x
    return [w for w in bit_cells(candidates) if len(winning_cells(SPEC, x | 1 << w, o)) >= 2]


def loses_at_once(x: int, o: int, reply: int) -> bool:
    """The doc's rule for a reply an O node need not list, the whole board being the zone."""
    fives = winning_cells(SPEC, x, o)
    if fives:
        return len(fives) > 1 or reply != fives[0]
    after = o | 1 << reply
    return not winning_cells(SPEC, after, x) and any(w != reply for w in double_five_moves(x, after))
