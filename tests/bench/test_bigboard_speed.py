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


def test_a_run_bounded_by_positions_does_the_engines_work(capsys: pytest.CaptureFixture[str]) -> None:
    # With --nodes every search stops at the same positions whatever the clock, so the total is the
    # engine's own, position by position.
    assert speed.main(["--nodes", "200"]) == 0
    expected = sum(search(parse_record(record), deadline=float("inf"), max_nodes=200).nodes
                   for record in speed.POSITIONS)
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith(f"all {len(speed.POSITIONS)} searches: {expected:,} positions in ")


def test_a_bound_of_no_positions_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        speed.main(["--nodes", "0"])
    assert exit_info.value.code == 2
    assert "--nodes must be at least 1" in capsys.readouterr().err
