"""Comparing X's second moves: the units it searches are O's nearest second replies, each once up to
symmetry, and its totals count what its searches found."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from test_atlas import _bench_module

second_move = _bench_module("second_move")
BOARD = second_move.BOARD


def cells(names: str) -> set[int]:
    return {BOARD.parse_cell(name) for name in names.split()}


def test_the_nearest_units_are_the_replies_beside_a_mark_each_once_up_to_symmetry() -> None:
    # h8 h7 g8 has no symmetry: all twelve cells beside its marks (f6 is two from each) are units.
    units = second_move.nearest_units(BOARD.parse_cell("h7"), BOARD.parse_cell("g8"), 1)
    assert all(unit[:3] == (BOARD.centre, BOARD.parse_cell("h7"), BOARD.parse_cell("g8")) for unit in units)
    seconds = {unit[3] for unit in units}
    assert seconds == cells("g6 h6 i6 f7 g7 i7 f8 i8 f9 g9 h9 i9")
    wider = {unit[3] for unit in second_move.nearest_units(BOARD.parse_cell("h7"), BOARD.parse_cell("g8"), 2)}
    assert seconds < wider and cells("f6 e8 j10") <= wider and not cells("d8 k8") & wider
    # h8 h7 h9 is its own mirror image across the h file: of each pair, the cell on the g file is kept.
    mirror = second_move.nearest_units(BOARD.parse_cell("h7"), BOARD.parse_cell("h9"), 1)
    mirrored = {unit[3] for unit in mirror}
    assert mirrored == cells("g6 h6 g7 g8 g9 g10 h10")


def test_the_totals_count_each_move_s_units(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    # One unit proven after g8 and none after g7: the stand-in searches run in threads, where a
    # process would call the real one.
    monkeypatch.setattr(second_move, "ProcessPoolExecutor", ThreadPoolExecutor)
    monkeypatch.setattr(second_move, "search", lambda unit, nodes: (
        unit, unit[2:] == (BOARD.parse_cell("g8"), BOARD.parse_cell("g6")), 1_000 if unit[3] % 2 else 2_000))
    assert second_move.main(["--moves", "g8,g7", "--nodes", "5000", "--processes", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "24 units within 1 of a mark, 5,000 nodes each"
    assert "h8 h7 g8 g6: proven, 1,000 nodes" in lines
    assert lines[-2] == "X's g8: 1 of 12 proven, median 1,000 nodes"
    assert lines[-1] == "X's g7: 0 of 12 proven"


@pytest.mark.parametrize("argv, message", [
    (["--reply", "h8"], "other than the centre, h8"),
    (["--moves", "g8,h7"], "other than each other"),
    (["--reply", "z9"], "cells are named as on the board"),
    (["--reach", "0"], "at least 1"),
])
def test_a_wrong_cell_or_count_is_named_before_any_search(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        second_move.main(argv)
    assert message in capsys.readouterr().err

