"""The look at X's fours where the proof's searches found no win: a four, O's block, then the
position searched as the prover searches a reply."""

from __future__ import annotations

import pytest
from test_atlas import _bench_module, refusal

four_first = _bench_module("four_first")
BOARD = four_first.BOARD
FOUR_THEN_THREE = "f8 e8 g8 a1 h8 o1 i6 a15 i7 o15"
"""X's f8-h8 closed at e8, and i6-i7: i8 makes a four and the open three i6-i8 at once; j8 makes a
broken four alone."""


def test_a_position_a_four_proves_is_named_and_each_kind_counted(capsys: pytest.CaptureFixture[str]) -> None:
    assert four_first.main(["--processes", "1", "--nodes", "100000", FOUR_THEN_THREE, "h8 a1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{FOUR_THEN_THREE}: proven by the four i8 (")
    assert lines[1].startswith("positions given: 1 of 2 proven by a four, 1 searches of 100,000 nodes, ")
    assert len(lines) == 2  # h8 a1: X has no four, so nothing is searched


@pytest.mark.parametrize(("flags", "message"), [
    (["--nodes", "0"], "--nodes and --processes at least 1"), (["--ends", "-1"], "must not be negative"),
    (["h8"], "each position given must have X to move"), (["h8 h8"], "h8 is already taken by X"),
])
def test_bad_flags_are_refused_with_a_message(flags: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert message in refusal(four_first.main, flags, capsys)
