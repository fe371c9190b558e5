"""What proving runs remember of one another: a search's answer kept, or not, in the progress
file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe_tui.engine.proof import progress as progress_file
from tictactoe_tui.engine.proof import store
from tictactoe_tui.engine.proof.campaign import CENTRE, first_replies, moves_name, second_move, second_replies
from tictactoe_tui.engine.proof.unit_search import OUT_OF_MEMORY

REPLY = first_replies()[0]
X_MOVE = second_move(REPLY)
UNITS = [(CENTRE, REPLY, X_MOVE, second) for second in second_replies(REPLY, X_MOVE)]


def test_a_unit_out_of_memory_is_not_filed_as_failed_within_its_nodes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The next run, given more memory, tries it again at the same budget.
    document, progress = store.empty_document(), progress_file.read(tmp_path / "none_yet.json", 35)
    progress_file.record(document, progress, UNITS[0], OUT_OF_MEMORY, 5_000, 2.5, 3_000_000, "failed_pn")
    assert progress["failed_pn"] == {} and store.branches(document) == {}
    assert progress["seconds"] == 2.5 and progress["nodes"] == 5_000
    assert f"{moves_name(UNITS[0])}: out of memory" in capsys.readouterr().out


def test_a_failure_keeps_the_biggest_budget_it_failed_within_and_every_cost_adds_up(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A retry at a smaller budget must not make the next run think a bigger one was never tried.
    document, progress = store.empty_document(), progress_file.read(tmp_path / "none_yet.json", 35)
    progress_file.record(document, progress, UNITS[0], None, 30_000_000, 300.0, 30_000_000, "failed_pn")
    progress_file.record(document, progress, UNITS[0], None, 3_000_000, 30.0, 3_000_000, "failed_pn")
    progress_file.spend(progress, 4.5)
    assert progress["failed_pn"] == {moves_name(UNITS[0]): 30_000_000}
    assert progress["seconds"] == 334.5 and progress["nodes"] == 33_000_000
    assert capsys.readouterr().out.count(": not proven (") == 2
