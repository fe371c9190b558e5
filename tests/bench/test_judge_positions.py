"""Another engine's word on the proof's open ends and picked moves: its evaluations read from its
MESSAGE lines in Rapfi's form, and the totals a sample gives."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from test_atlas import _bench_module, refusal

from tictactoe_tui.engine import Position

FAKE_BRAIN = Path(__file__).resolve().parent.parent / "gomocup" / "fake_brain.py"
judge_positions = _bench_module("judge_positions")
BOARD = judge_positions.BOARD
SCATTERED = [f"{col}{row}" for row in (1, 4, 7, 10, 13) for col in "acegikmo"]
"""Cells two columns or three rows apart: no two touch, so no line of marks on them is a threat."""


def after(count: int) -> tuple[int, ...]:
    return tuple(Position.from_moves(BOARD, SCATTERED[:count]).moves)


def test_each_position_is_judged_and_each_kind_counted_by_whose_win_the_brain_found(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # The fake brain's evaluation follows from the stones: +Mn for n a multiple of 3, -Mn one
    # more, the score -10n one less.
    ends = [after(12), after(10), after(14)]  # X to move: X wins in 12, O in 10, a score of -140
    picked = [after(9), after(11), after(13)]  # O to move: O wins in 9, a score of -110, X wins in 13
    monkeypatch.setattr(judge_positions, "open_end_sample", lambda count, seed: ends[:count])
    monkeypatch.setattr(judge_positions, "picked_moves", lambda count, seed: picked[:count])
    brain = shlex.join([sys.executable, str(FAKE_BRAIN), "judging"])
    assert judge_positions.main([brain, "--ends", "3", "--picked", "3", "--turn-ms", "5000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    name = judge_positions.moves_name
    assert lines[0].startswith(f"{name(ends[0])}: ") and lines[0].endswith(
        ", X wins within 12 plies (24 from the empty board)")
    assert lines[1].endswith(", O wins within 10 plies (20 from the empty board)")
    assert lines[2].endswith(", score -140 for the side to move")
    assert lines[3].endswith(", O wins within 9 plies (18 from the empty board)")
    assert lines[4].endswith(", score -110 for the side to move")
    assert lines[5].endswith(", X wins within 13 plies (26 from the empty board)")
    assert lines[6] == ("open ends, X to move: 3; X's win found in 1 (1 within 35 plies), O's in 1, "
                        "neither in 1 (scores -140 to -140)")
    assert lines[7] == ("after picked moves, O to move: 3; X's win found in 1 (1 within 35 plies), O's in 1, "
                        "neither in 1 (scores -110 to -110)")


@pytest.mark.parametrize("brain", ["", "'/opt/unclosed"])
def test_a_command_that_runs_no_brain_is_refused_with_a_message(brain: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    flags = [brain, "--ends", "0", "--picked", "0"]
    assert f"no brain to run in {brain!r}" in refusal(judge_positions.main, flags, capsys)
