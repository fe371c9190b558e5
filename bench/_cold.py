"""One cold solve of an empty board, in a fresh Python process, with its nodes, time and peak memory.

Shared by ``solve_bench.py`` and ``atlas.py``. Each board is solved by a new ``Solver`` in a process
of its own, so nothing is warm (no table, no cached lines or symmetries) and the peak memory is that
board's alone. Seconds cover building the board's tables and the solve with every best move, not the
interpreter's start-up and imports. Memory is the child process's peak resident set size
(``ru_maxrss``), interpreter included.

With ``processes`` above 1 the solver shares long proofs among that many worker processes, and the
peak memory counts them too: this process's peak plus that many times the largest worker's (an upper
bound on what they held at once).

Run directly, it is that child: ``python bench/_cold.py SPEC [SECONDS [PROCESSES]]`` prints one JSON
measurement.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

STARTUP_ALLOWANCE = 30.0
"""Seconds a child may run past its time limit (start-up, imports, the answer) before it is killed."""
OVERRUN_SHARE = 0.5
"""The further part of the time limit a child may overrun by before it is killed."""


@dataclass(frozen=True, slots=True)
class Measurement:
    """One cold solve of an empty board."""

    board: str
    value: str
    """For the first player, who is to move on the empty board: win, draw, loss or unknown."""
    plies: int | None
    """Moves to the end with best play, when the value is known."""
    best: int
    """How many first moves keep the value."""
    nodes: int
    seconds: float
    peak_mb: float | None
    """None when the child had to be killed and could not report it."""


def measure(board: str, time_limit: float | None = None, processes: int = 1) -> Measurement:
    """Solve ``board`` from the empty position in this process, through the engine's public API."""
    from tictactoe_tui.engine import Position, Solver

    position = Position.empty(board)
    start = time.perf_counter()
    solver = Solver(processes=processes)
    try:
        result = solver.prove(position, time_limit=time_limit)  # the whole limit goes to the proof
    finally:
        solver.close()
    seconds = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    if processes > 1:
        peak_kib += processes * resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return Measurement(str(position.spec), result.value.value, result.plies, len(result.best_moves),
                       result.nodes, seconds, peak_kib / 1024)


def run_child(board: str, time_limit: float | None = None, processes: int = 1) -> Measurement:
    """``measure`` in a fresh interpreter.

    With a time limit, a child that has not answered well after it (the solver overran) is killed and
    reported as unknown, with the seconds it was given and no memory figure.
    """
    command = [sys.executable, str(Path(__file__).resolve()), board]
    if processes > 1 and time_limit is None:
        raise ValueError("worker processes are measured with a time limit")
    if time_limit is None:
        completed = subprocess.run(command, check=True, capture_output=True, text=True)
    else:
        timeout = time_limit * (1 + OVERRUN_SHARE) + STARTUP_ALLOWANCE
        command += [repr(time_limit), str(processes)]
        start = time.perf_counter()
        try:
            completed = subprocess.run(command, check=True, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return Measurement(board, "unknown", None, 0, 0, time.perf_counter() - start, None)
    return Measurement(**json.loads(completed.stdout))


def main(argv: Sequence[str]) -> int:
    board, *rest = argv
    limit = float(rest[0]) if rest else None
    print(json.dumps(asdict(measure(board, limit, int(rest[1]) if len(rest) > 1 else 1))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
