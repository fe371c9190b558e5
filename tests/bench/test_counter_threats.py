"""The look for O's win by threats after the proof's picked moves: what it finds, within which
budget, and the moves it looks after."""

from __future__ import annotations

import pytest
from test_atlas import _bench_module, refusal

counter_threats = _bench_module("counter_threats")
OPEN = "a1 g8 o1 h8 a15 i8 o15"
"""O's open three g8-i8, X's marks in the corners: O makes an open four next."""
CLOSED = "a1 g8 o1 h8 a15 i8 j8"
"""The same three closed by X at j8: O's four is blocked and O has nothing more."""


def test_a_lost_move_is_named_once_with_the_least_that_found_it_and_running_out_is_told_apart(
        capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["--processes", "1", "--nodes", "200000,1", "--threats", "7,1"]
    assert counter_threats.main([*flags, OPEN, CLOSED]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("2 positions, within 1 nodes and 1 threats, 1 nodes and 7 threats, "
                        "200,000 nodes and 1 threats, 200,000 nodes and 7 threats")
    assert len(lines) == 6
    assert lines[1].startswith(f"{OPEN}: O wins by threats from ")
    assert lines[1].split(" from ")[1].split(",")[0] in {"f8", "j8"}  # either end makes the open four
    assert lines[1].endswith("found within 1 nodes and 1 threats")
    # One node is too few to show that O has no win after the closed three; 200,000 show it.
    for line, budget, out in zip(lines[2:], ("1 nodes and 1", "1 nodes and 7", "200,000 nodes and 1",
                                             "200,000 nodes and 7"), (1, 1, 0, 0), strict=True):
        assert line.startswith(f"within {budget} threats: O's win found after 1 of 2 moves, "
                               f"out of nodes after {out}; a look took ")


def test_the_picked_moves_come_from_the_progress_file_and_a_sample_is_the_same_for_a_seed() -> None:
    picked = {(*counter_threats.unit_moves(name), counter_threats.BOARD.parse_cell(move))
              for name, move in counter_threats.read_progress()["picked"].items()}
    assert set(counter_threats.picked_moves(None, 1)) == picked
    drawn = counter_threats.picked_moves(3, 4)
    assert drawn == counter_threats.picked_moves(3, 4) and len(drawn) == min(3, len(picked))
    assert set(drawn) <= picked and all(len(moves) % 2 == 1 for moves in drawn)  # O to move


@pytest.mark.parametrize(("flags", "message"), [
    (["--nodes", "5000,lots"], "--nodes takes whole numbers separated by commas, not '5000,lots'"),
    (["--threats", "0"], "--threats must be at least 1"), (["--nodes", "0"], "--nodes must be at least 1"),
    (["--sample", "0"], "must be at least 1"),
    (["h8 h7"], "each position given must have O to move"), (["h8 h8"], "h8 is already taken by X"),
])
def test_bad_flags_are_refused_with_a_message(flags: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert message in refusal(counter_threats.main, flags, capsys)
