"""What the limit on the proof's lines costs: an end searched within each limit, on the same budget,
and a sample drawn from the open ends alone."""

from __future__ import annotations

import pytest
from test_atlas import _bench_module, refusal

from tictactoe_tui.engine.rules.position import Position

ply_limit = _bench_module("ply_limit")
MOVES = tuple(Position.from_moves("15x15k5", "f8 e8 g8 a1 h8 o1 i6 a15 i7 o15").moves)
"""X's f8-h8 closed at e8, and i6-i7: i8 makes a four (five-cell j8) and the open three i6-i8 at
once, O blocks j8, X makes an open four and then five. 5 plies after these ten moves, none fewer."""


def test_an_end_is_proven_within_a_limit_that_leaves_room_and_ends_without_a_proof_within_one_that_does_not(
) -> None:
    tight = ply_limit.search(MOVES, 100_000, len(MOVES) + 3)
    assert tight["bound"] is None and tight["ended"]  # refuted within the limit, its budget not spent
    loose = ply_limit.search(MOVES, 100_000, len(MOVES) + 5)
    assert loose["bound"] == len(MOVES) + 5 and not loose["ended"]


def test_the_figures_name_each_end_and_count_each_limit(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(ply_limit, "sample", lambda count, seed: [MOVES])
    limits = f"{len(MOVES) + 3},{len(MOVES) + 5}"
    assert ply_limit.main(["--nodes", "100000", "--limits", limits, "--processes", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    name = " ".join(ply_limit.BOARD.cell_name(cell) for cell in MOVES)
    assert lines[0] == f"1 open end, 100,000 nodes each, within {limits.replace(',', ', ')} plies"
    assert lines[1].startswith(f"{name} within 13: ended without a proof, ")
    assert lines[2].startswith(f"{name} within 15: proven within 15 plies, ")
    assert lines[3] == "within 13 plies: 0 of 1 proven; 1 ended without a proof"
    assert lines[4].startswith("within 15 plies: 1 of 1 proven, median ")


def test_the_sample_is_drawn_from_the_open_ends_alone_and_the_same_for_a_seed() -> None:
    known = ply_limit.store.branches(ply_limit.store.outline())
    ends = {moves for found in ply_limit.open_ends(known, ply_limit.read_progress()).values()
            for moves in found}
    drawn = ply_limit.sample(5, 7)
    assert drawn == ply_limit.sample(5, 7) and len(drawn) == min(5, len(ends)) and set(drawn) <= ends


def test_positions_given_are_searched_instead_of_the_sample(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(ply_limit, "sample", lambda count, seed: pytest.fail("a sample drawn all the same"))
    name = " ".join(ply_limit.BOARD.cell_name(cell) for cell in MOVES)
    assert ply_limit.main(["--nodes", "100000", "--limits", "15", "--processes", "1", name]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1 position, 100,000 nodes each, within 15 plies"
    assert lines[1].startswith(f"{name} within 15: proven within 15 plies, ")


@pytest.mark.parametrize(("flags", "message"), [
    (["--limits", "35,forty"], "--limits takes numbers of plies such as 35,45, not '35,forty'"),
    (["--sample", "0"], "must be at least 1"), (["--limits", "0"], "must be at least 1"),
    (["h8 h8"], "h8 is already taken by X"), (["h8 p1"], "'p1' is off the 15x15 board"),
    (["h8 h7 g8"], "each position must have X to move")])
def test_bad_flags_are_refused_with_a_message(flags: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert message in refusal(ply_limit.main, flags, capsys)
