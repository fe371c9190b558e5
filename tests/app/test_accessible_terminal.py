"""In a real terminal (tmux), the accessible mode shows the terminal's cursor and keeps it on the board's
cursor cell: where the cell's row label and column letter say that cell is drawn."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from board_on_screen import drawn_at
from terminal import Tmux

BOARD_COLUMNS = 15
"""The game's board is Gomoku's, 15x15."""


@pytest.fixture
def tmux(private_home: Path) -> Iterator[Tmux]:
    assert shutil.which("tmux"), "these tests need tmux (apt-get install tmux)"
    program = Path(sys.executable).with_name("tictactoe-tui")
    terminal = Tmux(f"TICTACTOE_TUI_HOME={private_home} {program} --accessible "
                    "--board 15x15k5 --x human --o human")
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
