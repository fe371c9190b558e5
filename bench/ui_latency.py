"""How quickly the real program answers a person, in a real pseudo-terminal.

Every figure is taken from the program as a player starts it: a child process
on a pseudo-terminal of 140x50, its output fed to a terminal emulator (pyte),
the clock read when the emulated screen shows what a person would wait for.
A minimal Textual app (one Static and a Footer) is measured beside it in the
same run, so that the ratios hold whatever the machine's speed.

The load is the heaviest a player can ask for: the perfect computer against
itself on a 15x15 board, searching without a break. Under it the status
line's spinner must keep turning (it turns every 0.15 s), the help must open
and close, and ``q`` must end the program and every process it started.

Needs the ``bench`` extra (pyte):  python bench/ui_latency.py
"""

from __future__ import annotations

import argparse
import fcntl
import itertools
import os
import pty
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pyte

COLUMNS, ROWS = 140, 50
SPINNER = "◐◓◑◒"
MINIMAL_APP = '''
from textual.app import App, ComposeResult
from textual.widgets import Footer, Static

class Minimal(App[None]):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static("A minimal Textual app")
        yield Footer()

Minimal().run()
'''


class Terminal:
    """A program on a pseudo-terminal, with the screen a person would see."""

    def __init__(self, argv: Sequence[str], env: dict[str, str]) -> None:
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # The child: size the terminal, then become the program.
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
            os.execvpe(argv[0], list(argv), env)
        self.exit_status: int | None = None
        self.raw: list[tuple[float, bytes]] = []

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def pump(self, timeout: float, *, emulate: bool = True) -> bool:
        """Read what the program wrote within ``timeout`` seconds; False once it has exited.

        With ``emulate`` off the bytes are kept raw in ``self.raw`` (with the time they were read)
        instead of being drawn, so that the measuring never slows the reading.
        """
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:
                data = b""
            if not data:
                self._reap(block=True)
                return False
            if emulate:
                self.stream.feed(data)
            else:
                self.raw.append((time.perf_counter(), data))
        return self._reap(block=False) is None

    def _reap(self, *, block: bool) -> int | None:
        if self.exit_status is None:
            pid, status = os.waitpid(self.pid, 0 if block else os.WNOHANG)
            if pid:
                self.exit_status = status
        return self.exit_status

    def wait_until(self, condition: Callable[[str], bool], timeout: float = 30.0) -> float:
        """Seconds until the screen satisfies ``condition``."""
        start = time.perf_counter()
        while not condition(self.text()):
            if time.perf_counter() - start > timeout:
                raise TimeoutError(f"the screen never showed what was expected:\n{self.text()}")
            if not self.pump(0.005):
                raise RuntimeError("the program ended early")
        return time.perf_counter() - start

    def press(self, key: str) -> None:
        os.write(self.fd, key.encode())

    def quit_time(self, key: str = "q", timeout: float = 30.0) -> float:
        """Seconds from ``key`` until the process has exited."""
        start = time.perf_counter()
        self.press(key)
        while self.pump(0.005):
            if time.perf_counter() - start > timeout:
                raise TimeoutError("the program did not quit")
        return time.perf_counter() - start

    def kill(self) -> None:
        if self.exit_status is None:
            os.kill(self.pid, 9)
            self._reap(block=True)
        os.close(self.fd)


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (Linux)."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                if child not in found:
                    found.add(child)
                    todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def environment(home: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("TEXTUAL")}
    env.update(TERM="xterm-256color", COLUMNS=str(COLUMNS), LINES=str(ROWS), TICTACTOE_TUI_HOME=home)
    env.pop("NO_COLOR", None)
    # A player's Python keeps the compiled bytecode of every module it has run once.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def first_frames(game: list[str], minimal: list[str], env: dict[str, str],
                 runs: int) -> tuple[float, float, float]:
    """Median seconds to the first screen of the game (its new-game screen) and of the minimal app,
    and the median of their ratio run by run: each run starts both programs back to back, so the
    ratio is taken under the same load even when the machine's speed drifts between runs."""
    game_times: list[float] = []
    minimal_times: list[float] = []
    for run in range(runs + 1):  # The first run compiles the bytecode and is not counted.
        for argv, marker, times in ((minimal, "A minimal Textual app", minimal_times),
                                    (game, "Start", game_times)):
            terminal = Terminal(argv, env)
            try:
                terminal.wait_until(lambda text, marker=marker: marker in text)  # type: ignore[misc]
                if run:
                    times.append(time.perf_counter() - terminal.started)
            finally:
                terminal.kill()
    ratio = statistics.median(game / minimal for game, minimal in zip(game_times, minimal_times, strict=True))
    return statistics.median(game_times), statistics.median(minimal_times), ratio


def spinner_frame(text: str) -> str | None:
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and stripped[0] in SPINNER:
            return stripped[0]
    return None


def under_load(game: list[str], env: dict[str, str], board: str, watch: float,
               helps: int) -> dict[str, float]:
    """Spinner stalls, help open and close times and the quit time while two computers play."""
    terminal = Terminal([*game, "--board", board, "--x", "perfect", "--o", "perfect"], env)
    figures: dict[str, float] = {}
    try:
        terminal.wait_until(lambda text: spinner_frame(text) is not None)
        warm_up = time.perf_counter() + 2.0
        while time.perf_counter() < warm_up:
            terminal.pump(0.01)
        # The bytes are read raw, when they arrive, and searched for the spinner's next frame afterwards.
        terminal.raw.clear()
        start = time.perf_counter()
        end = start + watch
        while time.perf_counter() < end:
            terminal.pump(0.005, emulate=False)
        changes = [start]
        last_frame = None
        for at, data in terminal.raw:
            text = data.decode(errors="replace")
            for frame in (char for char in text if char in SPINNER):
                if frame != last_frame:
                    changes.append(at)
                    last_frame = frame
        changes.append(end)
        figures["spinner_stall"] = max(later - earlier for earlier, later in itertools.pairwise(changes))
        for _, data in terminal.raw:
            terminal.stream.feed(data)
        opens, closes = [], []
        for _ in range(helps):
            terminal.press("?")
            opens.append(terminal.wait_until(lambda text: "How to play" in text))
            pause = time.perf_counter() + 0.3
            while time.perf_counter() < pause:
                terminal.pump(0.01)
            terminal.press("?")
            closes.append(terminal.wait_until(lambda text: "How to play" not in text))
            pause = time.perf_counter() + 0.3
            while time.perf_counter() < pause:
                terminal.pump(0.01)
        figures["help_open"] = max(opens, default=0.0)
        figures["help_close"] = max(closes, default=0.0)
        children = descendants(terminal.pid)
        figures["children"] = len(children)
        figures["quit"] = terminal.quit_time()
        time.sleep(0.2)
        figures["left_behind"] = sum(alive(pid) for pid in children)
    finally:
        terminal.kill()
    return figures


def process_time(argv: list[str], env: dict[str, str], runs: int) -> float:
    """Median seconds of the whole process, after one run that leaves its bytecode compiled."""
    times = []
    for run in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
        if run:
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def left_behind(figures: dict[str, float]) -> str:
    return f"{int(figures['left_behind'])} of {int(figures['children'])} child processes left"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each first-frame and process timing")
    parser.add_argument("--watch", type=float, default=8.0, help="seconds to watch the spinner under load")
    parser.add_argument("--helps", type=int, default=3, help="times to open and close the help under load")
    args = parser.parse_args()

    command = shutil.which("tictactoe-tui", path=str(Path(sys.executable).parent)) or "tictactoe-tui"
    game = [command]
    with tempfile.TemporaryDirectory() as home:
        minimal_script = Path(home) / "minimal_app.py"
        minimal_script.write_text(MINIMAL_APP)
        env = environment(home)
        minimal = [sys.executable, str(minimal_script)]
        game_first, minimal_first, first_ratio = first_frames(game, minimal, env, args.runs)
        load = under_load(game, env, "15x15k5", args.watch, args.helps)
        big = under_load(game, env, "19x19k5", 2.0, 0)
        solve_time = process_time([command, "solve", "3x3k3"], env, args.runs * 2)
        python_time = process_time([sys.executable, "-c", "pass"], env, args.runs * 2)

    rows = [
        ("first screen: tictactoe-tui / minimal Textual app",
         f"{game_first:.3f} s / {minimal_first:.3f} s", f"{first_ratio:.2f}x", "<= 1.3x"),
        ("longest spinner stall, 15x15 perfect v perfect", f"{load['spinner_stall']:.3f} s",
         f"{load['spinner_stall'] / 0.15:.1f} frames", "a frame is 0.15 s"),
        ("help opens (slowest of the tries)", f"{load['help_open']:.3f} s", "", "<= 0.25 s"),
        ("help closes (slowest of the tries)", f"{load['help_close']:.3f} s", "", "<= 0.25 s"),
        ("q quits, 15x15 mid-search", f"{load['quit']:.3f} s", left_behind(load), "<= 0.5 s, none left"),
        ("q quits, 19x19 mid-search", f"{big['quit']:.3f} s", left_behind(big), "<= 0.5 s, none left"),
        ("`solve 3x3k3` / `python -c pass`", f"{solve_time:.3f} s / {python_time:.3f} s",
         f"{solve_time / python_time:.2f}x", "<= 3x"),
    ]
    print(f"Pseudo-terminal {COLUMNS}x{ROWS}, {os.cpu_count()} cores, Python {sys.version.split()[0]}; "
          f"medians of {args.runs} first-frame runs (the ratio: median of each run's ratio) "
          f"and {args.runs * 2} process runs.")
    print()
    print("| measure | figure | ratio | target |")
    print("| --- | ---: | ---: | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
