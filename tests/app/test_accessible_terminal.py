"""In a real terminal (tmux), the accessible mode shows the terminal's cursor and keeps it on the board's
cursor cell: where the cell's row label and column letter say that cell is drawn."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from board_on_screen import drawn_at

SIZE = (100, 40)
BOARD_COLUMNS = 15
"""The game's board is Gomoku's, 15x15."""
POLLS = 600
"""Looks at the terminal before giving up (a failing test, not a hang); each after a short sleep."""


class Tmux:
    """One tmux server of its own, running the game in one pane."""

    def __init__(self, home: Path) -> None:
        self.socket = f"tictactoe-test-{uuid.uuid4().hex[:8]}"
        program = Path(sys.executable).with_name("tictactoe-tui")
        command = (f"TICTACTOE_TUI_HOME={home} {program} --accessible "
                   "--board 15x15k5 --x human --o human")
        self.run("new-session", "-d", "-s", "game", "-x", str(SIZE[0]), "-y", str(SIZE[1]), command)

    def run(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True,
                              text=True).stdout

    def lines(self) -> list[str]:
        return self.run("capture-pane", "-p", "-t", "game").split("\n")

    def cursor(self) -> tuple[int, int, bool]:
        """The terminal's cursor as tmux reports it: column, row, shown."""
        report = self.run("display", "-p", "-t", "game", "#{cursor_x} #{cursor_y} #{cursor_flag}")
        x, y, shown = report.split()
        return int(x), int(y), shown == "1"

    def press(self, key: str) -> None:
        self.run("send-keys", "-t", "game", key)

    def wait(self, condition: Callable[[], bool]) -> None:
        for _ in range(POLLS):
            if condition():
                return
            time.sleep(0.05)
        raise AssertionError("the terminal never showed the expected state:\n" + "\n".join(self.lines()))

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def tmux(private_home: Path) -> Iterator[Tmux]:
    assert shutil.which("tmux"), "these tests need tmux (apt-get install tmux)"
    terminal = Tmux(private_home)
    try:
        yield terminal
    finally:
        terminal.close()


def status(tmux: Tmux) -> str:
    """The status line: the last line of text above the footer."""
    lines = [line.strip() for line in tmux.lines() if line.strip()]
    return lines[-2] if len(lines) >= 2 else ""


def cursor_on(tmux: Tmux, cell: str) -> Callable[[], bool]:
    return lambda: tmux.cursor()[:2] == drawn_at(tmux.lines(), cell, BOARD_COLUMNS)


def says(tmux: Tmux, start: str) -> Callable[[], bool]:
    return lambda: status(tmux).startswith(start)


@pytest.mark.slow
def test_the_terminal_cursor_follows_the_board_cursor(tmux: Tmux) -> None:
    tmux.wait(says(tmux, "New game"))
    tmux.wait(cursor_on(tmux, "h8"))
    for key, cell in [("Left", "g8"), ("Up", "g9"), ("Up", "g10"), ("End", "o10"), ("PageDown", "o1"),
                      ("Home", "a1")]:
        tmux.press(key)
        tmux.wait(says(tmux, f"{cell} "))
        tmux.wait(cursor_on(tmux, cell))
        assert tmux.cursor()[2], "the cursor is shown"
    for key in ("j", "9", "Enter"):
        tmux.press(key)
    tmux.wait(says(tmux, "X plays j9; O to move"))
    tmux.wait(cursor_on(tmux, "j9"))
    x, y, _ = tmux.cursor()
    assert tmux.lines()[y][x] == "X"
