"""The warm-solver benchmark: the test's check on a board, its figures kept, a finished board skipped."""

from __future__ import annotations

import importlib
import json
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tictactoe_tui.engine import BoardSpec

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _bench_module(name: str) -> ModuleType:
    """A bench script as a module; the scripts import each other from their own folder, as when run."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    return importlib.import_module(name)


bench = _bench_module("warm_solver")

TINY = ("2x2k2", "3x1k2")


def test_a_board_is_checked_with_the_tests_own_solves() -> None:
    figures = bench.check_board("2x2k2")
    spec = BoardSpec.parse("2x2k2")
    classes = len(bench.warm.reachable_classes(spec))
    assert figures["classes"] == classes == 4
    assert figures["solves"] == len(list(bench.warm.solves(spec))) == 2 * classes + min(classes, 100)
    assert (figures["mismatches"], figures["first mismatches"]) == (0, [])
    assert figures["seconds"] >= 0 and figures["cpu seconds"] >= 0


def test_the_boards_are_the_tests_every_board_of_14_cells_smallest_first() -> None:
    boards = bench.all_boards()
    assert len(boards) == len(set(boards)) == 272
    assert set(boards) == set(bench.warm._boards(14))
    cells = [BoardSpec.parse(board).cells for board in boards]
    assert cells == sorted(cells) and cells[-1] == 14
    assert {"7x2k3", "2x7k3", "14x1k14", "1x14k1"} <= set(boards)


def test_a_finished_board_is_kept_and_skipped_on_the_next_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    checkpoint = tmp_path / "results" / "warm.json"
    assert bench.main(["--boards", *TINY, "--checkpoint", str(checkpoint)]) == 0
    kept = json.loads(checkpoint.read_text(encoding="utf-8"))["boards"]
    assert list(kept) == ["3x1k2", "2x2k2"]  # smallest first
    assert kept["3x1k2"] == bench.load(checkpoint)["3x1k2"]
    assert not list(checkpoint.parent.glob("*.tmp"))
    out = capsys.readouterr().out
    assert "total" in out and "2/2" in out

    checked: list[str] = []
    real = bench.check_board
    monkeypatch.setattr(bench, "check_board", lambda board, progress=None: checked.append(board)
                        or real(board, progress))
    assert bench.main(["--boards", *TINY, "2x1k2", "--checkpoint", str(checkpoint)]) == 0
    assert checked == ["2x1k2"]
    assert json.loads(checkpoint.read_text(encoding="utf-8"))["boards"]["3x1k2"] == kept["3x1k2"]
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()}
    assert rows["2x2k2"][2] == rows["2x1k2"][2] == "done"


def test_boards_not_yet_checked_are_listed_and_no_board_starts_after_the_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    now = [0.0]

    def check(board: str, progress: Any = None) -> dict[str, Any]:
        now[0] += 120.0  # each board takes two minutes on this clock
        return {"classes": 1, "solves": 3, "mismatches": 0, "first mismatches": [], "seconds": 120.0,
                "cpu seconds": 120.0}

    monkeypatch.setattr(bench, "clock", lambda: now[0])
    monkeypatch.setattr(bench, "check_board", check)
    checkpoint = tmp_path / "warm.json"
    assert bench.main(["--boards", "1x1k1", "2x1k1", "2x1k2", "--checkpoint", str(checkpoint),
                       "--max-minutes", "3"]) == 0
    assert list(bench.load(checkpoint)) == ["1x1k1", "2x1k1"]
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()}
    assert rows["2x1k1"][2] == "done" and rows["2x1k2"][2:] == ["not", "yet"]


def test_a_mismatch_is_recorded_and_fails_the_run_then_and_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    real = bench.warm.answers

    def wrong(*args: Any) -> Any:
        found = real(*args)
        value, plies, exact, moves = found.expected
        return replace(found, expected=(value, plies + 2, exact, moves))

    monkeypatch.setattr(bench.warm, "answers", wrong)
    checkpoint = tmp_path / "warm.json"
    argv = ["--boards", "2x2k2", "--checkpoint", str(checkpoint)]
    assert bench.main(argv) == 1
    figures = bench.load(checkpoint)["2x2k2"]
    assert figures["mismatches"] == figures["solves"] == 12
    first = figures["first mismatches"][0]
    assert first["order"] == "breadth first" and first["position"] == "2x2k2:"
    assert first["solver"]["plies"] + 2 == first["minimax"]["plies"]
    assert first["solver"]["best moves"] and len(figures["first mismatches"]) == bench.KEPT
    assert "MISMATCH" in capsys.readouterr().out
    monkeypatch.setattr(bench.warm, "answers", real)
    assert bench.main(argv) == 1  # skipped, but still a mismatch
