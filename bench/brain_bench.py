"""pbrain-tictactoe-tui against itself: each answer's time against timeout_turn, the match clock, memory.

    .venv/bin/python bench/brain_bench.py [--turn-ms 1000] [--boards 15x15k5 20x20k5 12x8k5]
                                          [--max-memory-mb 70] [--match-ms 20000] [--max-moves 80]

Two brain processes play each board through ``BrainPlayer``, the client the app uses, so a move is
timed as a manager sees it: from writing ``TURN`` (or ``BEGIN``) to reading the answer, pipes and
all. The table gives the median, 99th percentile and longest answer per board as a share of
``timeout_turn`` (the brain keeps a margin, so the longest should stay below 1.0), and the brain
processes' peak resident memory against ``--max-memory-mb``. A last game on 15x15 is played on a
match clock (``timeout_match``, with ``time_left`` before every move) and reports the time used.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from tictactoe_tui.engine import Mark, Position
from tictactoe_tui.gomocup.client import BrainPlayer
from tictactoe_tui.gomocup.protocol import format_cell, parse_cell

DEFAULT_BOARDS = ("15x15k5", "20x20k5", "12x8k5")


def brain_command() -> list[str]:
    script = Path(sys.executable).parent / "pbrain-tictactoe-tui"
    return [str(script)] if script.exists() else [sys.executable, "-m", "tictactoe_tui.gomocup"]


def peak_mb(pid: int) -> float:
    """The process's peak resident set (VmHWM), in MB; 0 where /proc is not there."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    line = next((line for line in status.splitlines() if line.startswith("VmHWM:")), "")
    return int(line.split()[1]) / 1024 if line else 0.0


class MemoryCapped(BrainPlayer):
    """A BrainPlayer that also sends INFO max_memory, as a tournament manager does."""

    def __init__(self, argv: Sequence[str], *, time_limit: float, max_memory_mb: int) -> None:
        super().__init__(argv, time_limit=time_limit)
        self.max_memory_mb = max_memory_mb

    def _write(self, line: str) -> None:
        super()._write(line)
        if line.startswith("INFO timeout_turn") and self.max_memory_mb:
            super()._write(f"INFO max_memory {self.max_memory_mb * 2**20}")


def self_play(board: str, turn: float, max_memory_mb: int, max_moves: int) -> tuple[list[float], float, str]:
    """Answer times of one game between two brains, their peak memory, and how it ended."""
    sides = {mark: MemoryCapped(brain_command(), time_limit=turn, max_memory_mb=max_memory_mb)
             for mark in Mark}
    position, times, peak = Position.empty(board), [], 0.0
    try:
        while not position.is_over and len(position.moves) < max_moves:
            player = sides[position.to_move]
            start = time.perf_counter()
            cell = player.choose(position)
            times.append(time.perf_counter() - start)
            position = position.play(cell)
        for player in sides.values():
            if player._process is not None:
                peak = max(peak, peak_mb(player._process.pid))
    finally:
        for player in sides.values():
            player.close()
    ended = position.outcome.status.value if position.is_over else f"stopped after {max_moves} moves"
    return times, peak, f"{ended}, {len(position.moves)} moves"


def match_clock(board: str, match_ms: int, max_moves: int) -> tuple[float, int, int]:
    """One brain on a match clock against a quick opponent brain: seconds it used, moves, answers late."""
    spec = Position.empty(board).spec
    brain = subprocess.Popen(brain_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    opponent = BrainPlayer(brain_command(), time_limit=0.05)
    assert brain.stdin is not None and brain.stdout is not None

    def ask(*lines: str) -> str:
        assert brain.stdin is not None and brain.stdout is not None
        brain.stdin.write("".join(line + "\n" for line in lines))
        brain.stdin.flush()
        while (answer := brain.stdout.readline().strip()).startswith("MESSAGE"):
            pass
        return answer

    left = match_ms / 1000
    position = Position.empty(board)
    late = 0
    try:
        ask(f"START {spec.width}")
        brain.stdin.write(f"INFO timeout_turn {match_ms}\nINFO timeout_match {match_ms}\n")
        while not position.is_over and len(position.moves) < max_moves:
            if position.to_move is Mark.X:
                command = f"TURN {format_cell(spec, position.moves[-1])}" if position.moves else "BEGIN"
                start = time.perf_counter()
                answer = ask(f"INFO time_left {int(left * 1000)}", command)
                used = time.perf_counter() - start
                late += used > left
                left -= used
                position = position.play(parse_cell(spec, answer))
            else:
                position = position.play(opponent.choose(position))
        ask("ABOUT")
    finally:
        brain.stdin.write("END\n")
        brain.stdin.close()
        brain.wait(10)
        opponent.close()
    return match_ms / 1000 - left, len(position.moves), late


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turn-ms", type=int, default=1000, help="timeout_turn (default 1000)")
    parser.add_argument("--boards", nargs="+", default=list(DEFAULT_BOARDS))
    parser.add_argument("--max-memory-mb", type=int, default=70, help="max_memory sent (0: none; default 70)")
    parser.add_argument("--match-ms", type=int, default=20000, help="timeout_match of the clock game")
    parser.add_argument("--max-moves", type=int, default=80, help="moves per game at most (default 80)")
    args = parser.parse_args(argv)
    turn = args.turn_ms / 1000

    start = time.perf_counter()
    subprocess.run(brain_command(), input="END\n", text=True, check=True)
    print(f"start-up and END: {time.perf_counter() - start:.3f} s")
    print(f"timeout_turn {args.turn_ms} ms, max_memory {args.max_memory_mb} MB")
    print(f"{'board':<9} {'answers':>7} {'median':>7} {'p99':>7} {'longest':>8} {'longest/limit':>13} "
          f"{'peak MB':>8}  game")
    for board in args.boards:
        times, peak, ended = self_play(board, turn, args.max_memory_mb, args.max_moves)
        ordered = sorted(times)
        p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
        print(f"{board:<9} {len(times):>7} {statistics.median(times):>6.3f}s {p99:>6.3f}s "
              f"{ordered[-1]:>7.3f}s {ordered[-1] / turn:>13.2f} {peak:>8.1f}  {ended}")
    used, moves, late = match_clock("15x15k5", args.match_ms, args.max_moves)
    print(f"match clock on 15x15k5: {used:.2f} s used of {args.match_ms / 1000:g} s over {moves} moves "
          f"({(moves + 1) // 2} by the clocked brain), {late} answers after the clock ran out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
