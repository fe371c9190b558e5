"""A real terminal for the tests: a tmux server of their own, running one program in one pane, read as a
person reads the screen and typed into as a person types."""

from __future__ import annotations

import subprocess
import time
import uuid
from collections.abc import Callable

SIZE = (100, 40)
POLLS = 600
"""Looks at the terminal before giving up (a failing test, not a hang); each after a short sleep."""


class Tmux:
    """One tmux server of its own, running ``command`` in one pane of ``size`` columns and rows."""

    def __init__(self, command: str, size: tuple[int, int] = SIZE) -> None:
        self.socket = f"tictactoe-test-{uuid.uuid4().hex[:8]}"
        self.run("new-session", "-d", "-s", "game", "-x", str(size[0]), "-y", str(size[1]), command)

    def run(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True,
                              text=True).stdout

    def lines(self) -> list[str]:
        return self.run("capture-pane", "-p", "-t", "game").split("\n")

    def text(self) -> str:
        """Everything on the screen, each run of blanks and line breaks made one space."""
        return " ".join(" ".join(self.lines()).split())

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

    def shows(self, words: str) -> Callable[[], bool]:
        """A condition: ``words`` are on the screen."""
        return lambda: words in self.text()

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
