"""Cold solves of empty boards: value, nodes, time and peak memory per board.

    .venv/bin/python bench/solve_bench.py [--boards 3x3k3 4x4k4 ...] [--long] [--repeat N]

Each board is solved by a new ``Solver`` in a fresh Python process, so nothing is
warm (no table, no cached lines or symmetries) and the peak memory is that
board's alone. Seconds cover building the board's tables and the solve with
every best move, not the interpreter's start-up and imports. Memory is the
child process's peak resident set size (``ru_maxrss``), interpreter included
(about 20 MB of it before any solving). ``--long`` adds 5x5k4, 6x5k4, 6x6k4,
6x6k5 and 7x4k4, a few seconds at most each, and 7x7k5, about half a minute.
With ``--repeat``, the fastest of N runs is shown.

Timings taken while other work shares the processor run long, so use a quiet
machine for figures worth quoting.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from _cold import run_child
from atlas import literature_value

from tictactoe_tui.engine import BoardSpec

DEFAULT_BOARDS = ("3x3k3", "4x3k3", "4x4k3", "4x4k4", "5x4k4")
LONG_BOARDS = ("5x5k4", "6x5k4", "6x6k4", "6x6k5", "7x4k4", "7x7k5")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", nargs="+", metavar="SPEC", help=f"boards to solve (default: "
                        f"{' '.join(DEFAULT_BOARDS)})")
    parser.add_argument("--long", action="store_true", help=f"add {' '.join(LONG_BOARDS)}")
    parser.add_argument("--repeat", type=int, default=1, metavar="N", help="report the fastest of N runs")
    args = parser.parse_args(argv)

    boards = list(args.boards or DEFAULT_BOARDS) + (list(LONG_BOARDS) if args.long else [])
    header = f"{'board':<8} {'value':<6} {'plies':>5} {'best':>4} {'known':<6} {'nodes':>10} " \
             f"{'seconds':>9} {'peak MB':>8}"
    print(header)
    print("-" * len(header))
    wrong = 0
    for board in boards:
        row = min((run_child(board) for _ in range(max(1, args.repeat))), key=lambda run: run.seconds)
        known = literature_value(BoardSpec.parse(board)) or "?"
        mark = "" if known in ("?", row.value) else " WRONG"
        wrong += bool(mark)
        print(f"{board:<8} {row.value:<6} {row.plies!s:>5} {row.best:>4} {known:<6} {row.nodes:>10,} "
              f"{row.seconds:>9.3f} {row.peak_mb:>8.1f}{mark}", flush=True)
    print("\nvalue: for the first player (X) on the empty board; best: how many first moves keep it;\n"
          "peak MB: the solving process's peak resident set size, interpreter included.")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
