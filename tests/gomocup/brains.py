"""Helpers for the brain tests: how to run our brain and the fake ones, and a raw line-by-line driver."""

from __future__ import annotations

import queue
import shutil
import subprocess
import sys
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAKE_BRAIN = HERE / "fake_brain.py"
ANSWER_WAIT = 60.0
"""Seconds a test waits for a line before calling the brain dead (a hang guard, not a timing check)."""


def our_brain() -> list[str]:
    """The installed ``pbrain-tictactoe-tui`` command, as a manager would start it."""
    script = shutil.which("pbrain-tictactoe-tui", path=str(Path(sys.executable).parent))
    assert script is not None, "pbrain-tictactoe-tui is not installed next to this interpreter"
    return [script]


def fake_brain(mode: str) -> list[str]:
    """A misbehaving brain (see fake_brain.py for the modes)."""
    return [sys.executable, str(FAKE_BRAIN), mode]


class RawBrain:
    """A brain process spoken to in raw protocol lines, each answer read with a generous hang guard."""

    def __init__(self, argv: list[str] | None = None, *, newline: bytes = b"\n") -> None:
        self.process = subprocess.Popen(argv or our_brain(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        cwd=HERE.anchor)
        self.newline = newline
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in iter(self.process.stdout.readline, b""):
            self._lines.put(raw.decode())
        self._lines.put(None)

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        for line in lines:
            self.process.stdin.write(line.encode() + self.newline)
        self.process.stdin.flush()

    def line(self) -> str:
        """The next line the brain printed, exactly as printed (line end included)."""
        line = self._lines.get(timeout=ANSWER_WAIT)
        assert line is not None, "the brain closed its output"
        return line

    def answer(self) -> str:
        """The next line that is not a MESSAGE or DEBUG line, without its line end."""
        while True:
            line = self.line().rstrip("\r\n")
            if not line.startswith(("MESSAGE", "DEBUG")):
                return line

    def ask(self, *lines: str) -> str:
        self.send(*lines)
        return self.answer()

    def close_stdin(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        return self.process.wait(ANSWER_WAIT)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(ANSWER_WAIT)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()
