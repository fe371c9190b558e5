"""``tictactoe-tui --open FILE``: a saved game starts at its last position, a file that holds none is
refused in one line with exit status 2."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tictactoe_tui import cli
from tictactoe_tui.engine import Position
from tictactoe_tui.profile.saved_games import save_game
from tictactoe_tui.session.setup import HUMAN, GameSetup, Level


@dataclass(frozen=True)
class Started:
    setup: GameSetup | None
    start: Position | None


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Started]:
    """Each app the command line starts, as what it was given; the app itself never runs."""
    calls: list[Started] = []

    class FakeApp:
        return_code = 0

        def __init__(self, setup: GameSetup | None, start: Position | None, *, served: bool = False,
                     accessible: bool = False) -> None:
            calls.append(Started(setup, start))

        def run(self) -> None:
            pass

    import tictactoe_tui.app

    monkeypatch.setattr(tictactoe_tui.app, "TicTacToeApp", FakeApp)
    return calls


def saved(tmp_path: Path) -> Path:
    position = Position.from_moves("4x4k3", "b2 a1 c3")
    path = tmp_path / "game.txt"
    assert save_game(path, GameSetup(position.spec, HUMAN, Level("hard")), position) is None
    return path


def test_open_starts_the_saved_game_with_its_players(started: list[Started], tmp_path: Path) -> None:
    path = saved(tmp_path)
    assert cli.main(["--open", str(path)]) == 0
    assert cli.main(["--open", str(path), "--x", "easy"]) == 0
    plain, overridden = started
    assert plain.start is not None and plain.start.record == "4x4k3: b2 a1 c3"
    assert plain.setup == GameSetup(plain.start.spec, HUMAN, Level("hard"))
    assert overridden.setup == GameSetup(plain.start.spec, Level("easy"), Level("hard"))


def refusal(*args: str) -> str:
    result = subprocess.run([sys.executable, "-m", "tictactoe_tui", *args],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_a_file_that_holds_no_game_is_refused_in_one_line(tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.txt"
    corrupt.write_text("# A game of tictactoe-tui\nX: wizard\n3x3: b2\n")
    assert "line 2: X is played by one of" in refusal("--open", str(corrupt))
    assert "there is no file" in refusal("--open", str(tmp_path / "missing.txt"))


def test_open_and_record_are_one_or_the_other(tmp_path: Path) -> None:
    line = refusal("--open", str(saved(tmp_path)), "--record", "3x3: b2")
    assert "not allowed with argument" in line
    assert "does not match the record's board 4x4k3" in refusal("--open", str(saved(tmp_path)),
                                                                "--board", "3x3")
