"""Two real programs, each in a terminal of its own (tmux), one hosting and one joining over loopback,
play a whole game as two people would: both show the same moves, the same result and the same record,
and quitting one tells the other."""

from __future__ import annotations

import re
import shutil
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from terminal import Tmux

CODE = "K7QM4-XD2PA"
PROGRAM = Path(sys.executable).with_name("tictactoe-tui")
COPIED = re.compile(r"(\d+x\d+k\d+:[a-z0-9 ]*?) — sent to the clipboard")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def copied_record(terminal: Tmux) -> str:
    """The record the program copies with ``c``, as the note it shows says."""
    terminal.press("c")
    terminal.wait(terminal.shows("sent to the clipboard"))
    match = COPIED.search(terminal.text())
    assert match is not None, terminal.text()
    return match.group(1)


@pytest.fixture
def terminals(tmp_path: Path) -> Iterator[tuple[Tmux, Tmux]]:
    assert shutil.which("tmux"), "these tests need tmux (apt-get install tmux)"
    port = free_port()
    host = Tmux(f"TICTACTOE_TUI_HOME={tmp_path / 'ann'} {PROGRAM} host --board 3x3 --address 127.0.0.1 "
                f"--port {port} --code {CODE} --name Ann")
    friend: Tmux | None = None
    try:
        host.wait(host.shows(f"Waiting for your friend on 127.0.0.1:{port}. They type: "
                             f"tictactoe-tui join 127.0.0.1:{port} --code {CODE}"))
        friend = Tmux(f"TICTACTOE_TUI_HOME={tmp_path / 'bob'} {PROGRAM} join 127.0.0.1:{port} "
                      f"--code {CODE.lower()} --name Bob")
        yield host, friend
    finally:
        host.close()
        if friend is not None:
            friend.close()


@pytest.mark.slow
def test_two_programs_play_a_whole_game_and_show_the_same_one(terminals: tuple[Tmux, Tmux]) -> None:
    host, friend = terminals
    host.wait(host.shows("Your turn (X) — Bob plays O"))
    friend.wait(friend.shows("Ann's turn (X) — you play O"))
    friend.press("1")
    friend.wait(friend.shows("It is Ann's turn (X): their move comes over the network."))
    # X b2, O a1, X a2, O c3, X c2: the digits are the cells of a numeric keypad.
    for ply, (terminal, key, cell) in enumerate([(host, "5", "b2"), (friend, "1", "a1"), (host, "4", "a2"),
                                                 (friend, "9", "c3"), (host, "6", "c2")], start=1):
        terminal.press(key)
        for each in (host, friend):
            each.wait(each.shows(f"{ply}. {'X' if ply % 2 else 'O'} {cell}"))
    host.wait(host.shows("You win!"))
    friend.wait(friend.shows("Ann wins!"))
    assert "X wins" in host.text() and "X wins" in friend.text(), "the side panels name the same result"
    assert copied_record(host) == copied_record(friend) == "3x3k3: b2 a1 a2 c3 c2"
    friend.press("q")
    host.wait(host.shows("Bob quits the game."))
    host.wait(host.shows("Bob: has left"))
