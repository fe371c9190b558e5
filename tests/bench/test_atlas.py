"""The atlas of m,n,k games: its values are the engine's, its literature is sourced, its table is complete."""

from __future__ import annotations

import importlib
import shlex
import sys
from collections.abc import Callable
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path
from types import ModuleType

import pytest

from tictactoe_tui.engine import BoardSpec, Position, solve

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"
COMMITTED = ROOT / "docs" / "atlas.md"


def _bench_module(name: str) -> ModuleType:
    """A bench script as a module; the scripts import each other from their own folder, as when run."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    return importlib.import_module(name)


def refusal(main: Callable[[list[str]], int], flags: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What a bench script says on stderr when it refuses ``flags``, as argparse does (exit status 2)."""
    with pytest.raises(SystemExit) as exit_info:
        main(flags)
    assert exit_info.value.code == 2
    return capsys.readouterr().err


atlas = _bench_module("atlas")
solve_bench = _bench_module("solve_bench")

TINY = ("3x3k3", "4x3k3", "3x2k2", "2x1k1", "2x1k2")


def table(markdown: str) -> dict[str, dict[str, str]]:
    """The Markdown table's rows by board, each as column name -> cell."""
    lines = [line for line in markdown.splitlines() if line.startswith("| ")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows: dict[str, dict[str, str]] = {}
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0]] = dict(zip(header, cells, strict=True))
    return rows


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, str]:
    """One run of the atlas on a handful of tiny boards: exit status, printed text, Markdown."""
    path = tmp_path_factory.mktemp("atlas") / "atlas.md"
    argv = ["--boards", *TINY, "--limit", "60", "--markdown", str(path)]
    printed = StringIO()
    with redirect_stdout(printed):
        status = atlas.main(argv)
    return status, printed.getvalue(), path.read_text(encoding="utf-8")


def test_the_atlas_shows_the_engines_value_and_length_for_each_board(tiny_run: tuple[int, str, str]) -> None:
    status, printed, markdown = tiny_run
    assert status == 0
    rows = table(markdown)
    assert list(rows) == list(TINY)
    for board in TINY:
        result = solve(Position.empty(board))
        row = rows[board]
        assert row["value"] == result.value.value
        assert row["plies"] == str(result.plies)
        assert int(row["nodes"].replace(",", "")) > 0
        assert float(row["peak MB"]) > 0
        # The printed table says the same as the Markdown one.
        assert any(line.split()[:3] == [board, row["value"], row["plies"]] for line in printed.splitlines())


def test_published_values_are_marked_agreeing_and_the_rest_unmarked(tiny_run: tuple[int, str, str]) -> None:
    rows = table(tiny_run[2])
    for board in ("3x3k3", "4x3k3", "3x2k2", "2x1k1"):
        assert rows[board]["literature"] == atlas.literature_value(BoardSpec.parse(board))
        assert rows[board]["check"] == "agrees"
        assert rows[board]["source"] != "—"
    assert rows["3x3k3"]["literature"] == "draw" and rows["4x3k3"]["literature"] == "win"
    # 2x1k2 is a draw (the second player takes the other cell), and no source here gives it.
    assert rows["2x1k2"]["value"] == "draw"
    assert (rows["2x1k2"]["literature"], rows["2x1k2"]["check"]) == ("—", "—")


def test_the_header_gives_the_command_that_made_the_table(tiny_run: tuple[int, str, str]) -> None:
    markdown = tiny_run[2]
    command = markdown.split("with `", 1)[1].split("`", 1)[0]
    words = shlex.split(command)
    assert words[:2] == ["python", "bench/atlas.py"]
    args = atlas.build_parser().parse_args(words[2:])
    assert [str(spec) for spec in args.boards] == list(TINY) and args.limit == 60
    assert "cores" in markdown and "Python" in markdown


def test_a_value_against_the_literature_is_flagged_and_fails_the_run(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    wrong = {"3x3k3": ("win", ("Gardner",))}
    monkeypatch.setattr(atlas, "known_values", lambda: wrong)
    assert atlas.main(["--boards", "3x3k3", "--limit", "60"]) == 1
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("3x3k3"))
    assert line.split()[1] == "draw" and line.split()[-1] == "DISAGREES"


def test_every_literature_entry_is_a_board_with_a_value_and_a_named_source() -> None:
    assert atlas.LITERATURE
    for claim in atlas.LITERATURE:
        assert claim.boards and claim.value in {"win", "draw"}
        assert claim.sources
        for source in claim.sources:
            assert atlas.SOURCES[source].strip()
        for board in claim.boards:
            BoardSpec.parse(board)
    # No board is given two different values (known_values refuses that).
    assert len(atlas.known_values()) >= len(atlas.LITERATURE)


def test_the_literature_reads_a_board_either_way_round() -> None:
    def value(board: str) -> str | None:
        return atlas.literature_value(BoardSpec.parse(board))

    assert value("4x7k4") == value("7x4k4") == "draw"
    assert value("5x6k4") == value("6x5k4") == "win"
    assert value("2x1k2") is None


def test_the_atlas_covers_every_board_up_to_7x7_and_the_published_bigger_ones() -> None:
    boards, rejected = atlas.atlas_boards()
    names = {str(spec) for spec in boards}
    expected = {f"{w}x{h}k{k}" for w in range(1, 8) for h in range(1, w + 1) for k in range(1, w + 1)}
    assert names - expected == {"8x4k4", "9x4k4", "10x4k4", "8x8k5"}
    assert expected <= names | {board.split(" ")[0] for board in rejected}


def test_the_committed_atlas_lists_every_board_the_script_covers() -> None:
    markdown = COMMITTED.read_text(encoding="utf-8")
    boards, _ = atlas.atlas_boards()
    rows = table(markdown)
    assert list(rows) == [str(spec) for spec in boards]
    for board, row in rows.items():
        assert row["value"] in {"win", "draw", "loss", "unknown"}
        assert row["literature"] == (atlas.literature_value(BoardSpec.parse(board)) or "—")
    command = shlex.split(markdown.split("with `", 1)[1].split("`", 1)[0])
    assert command[:2] == ["python", "bench/atlas.py"]
    assert atlas.build_parser().parse_args(command[2:]).boards is None, "the committed table is the whole one"


@pytest.mark.parametrize("argv", [["--boards", "0x3"], ["--limit", "-1"], ["--jobs", "0"],
                                  ["--processes", "x"]])
def test_bad_arguments_get_a_message_and_status_2(argv: list[str],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        atlas.main(argv)
    assert exit_.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_solve_bench_still_marks_published_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert solve_bench.main(["--boards", "3x3k3", "4x4k3"]) == 0
    out = capsys.readouterr().out
    assert "WRONG" not in out
    # board, value, plies, best, known: tic-tac-toe is a draw, as published.
    row = next(line.split() for line in out.splitlines() if line.startswith("3x3k3"))
    assert (row[1], row[4]) == ("draw", "draw")


def test_several_jobs_keep_the_boards_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    boards = ["4x4k3", "2x2k2", "3x3k3"]
    assert atlas.main(["--boards", *boards, "--jobs", "2"]) == 0
    printed = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line[:1].isdigit()]
    assert printed == boards


def test_worker_processes_solve_the_same_boards(capsys: pytest.CaptureFixture[str]) -> None:
    assert atlas.main(["--boards", "4x4k3", "5x4k4", "--processes", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split() for line in lines if line[:1].isdigit()}
    assert rows["4x4k3"][1:3] == ["win", "5"] and rows["5x4k4"][1:3] == ["draw", "20"]


def test_solve_warns_of_hours_only_where_the_atlas_has_no_proof_within_its_limit() -> None:
    from tictactoe_tui.solve_command import SURE_TO_FINISH, proven_in_the_atlas

    rows = table(COMMITTED.read_text(encoding="utf-8"))
    big = {board: row for board, row in rows.items() if BoardSpec.parse(board).cells > SURE_TO_FINISH}
    assert len(big) > 20
    for board, row in big.items():
        assert proven_in_the_atlas(BoardSpec.parse(board)) is (row["value"] != "unknown"), board
    assert not proven_in_the_atlas(BoardSpec.parse("15x15k5"))
