"""The speed benchmark's positions are what it says: undecided, with no forced win or forced reply."""

from __future__ import annotations

import pytest
from test_atlas import _bench_module

from tictactoe_tui.engine import parse_record
from tictactoe_tui.engine.bigboard.strategy import search
from tictactoe_tui.engine.rules.scans import forced_replies, immediate_wins

speed = _bench_module("bigboard_speed")


@pytest.mark.parametrize("record", speed.POSITIONS)
def test_each_position_is_quiet(record: str) -> None:
    position = parse_record(record)
    assert not position.is_over
    assert immediate_wins(position) == () and forced_replies(position) == ()
    result = search(position, deadline=float("inf"), max_nodes=3_000)
    assert result.forced_win is None and result.nodes > 1_000, "the search weighs quiet moves"
