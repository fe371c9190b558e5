"""How often O wins by threats after the moves the proof's splits picked, and what looking costs.

    .venv/bin/python bench/counter_threats.py [--nodes 50000,200000,1000000] [--sample N] [--seed 1]
                                              [--processes 2] [POSITION ...]

A probe refutes X's move when O wins by threats after it (``unit_search.counter_threat``, within
``COUNTER_NODES``) before it searches the move's replies, and a run refutes a move picked before
once it finds that. This looks again after every move the progress file keeps as picked (or a
seeded sample of them, or the positions given, O to move), within each budget given. It prints
each move after which a look found O's win, with the smallest budget that found it, then for each
budget how many it found and the mean and slowest seconds a look took. A move found within a
bigger budget than ``COUNTER_NODES`` alone is a lost move the probes would still split by.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from prove_gomoku import read_progress  # noqa: E402

from tictactoe_tui.engine.errors import GameError  # noqa: E402
from tictactoe_tui.engine.proof.book import BOARD  # noqa: E402
from tictactoe_tui.engine.proof.campaign import moves_name, unit_moves  # noqa: E402
from tictactoe_tui.engine.proof.progress import PICKED  # noqa: E402
from tictactoe_tui.engine.proof.unit_search import COUNTER_NODES, counter_threat  # noqa: E402
from tictactoe_tui.engine.rules.position import Position  # noqa: E402

Look = tuple[tuple[int, ...], int, int | None, float]
"""A look's answer: the moves, the budget, O's first move of the win found (or None), the seconds."""


def picked_moves(count: int | None, seed: int) -> list[tuple[int, ...]]:
    """The positions after each picked move of the progress file, O to move: all of them, or a
    seeded sample of ``count``."""
    picked = sorted((*unit_moves(name), BOARD.parse_cell(move))
                    for name, move in read_progress()[PICKED].items())
    if count is None or count >= len(picked):
        return picked
    return sorted(random.Random(seed).sample(picked, count))


def look(moves: tuple[int, ...], nodes: int) -> Look:
    """Worker: ``counter_threat`` after ``moves`` within ``nodes``, timed."""
    start = time.perf_counter()
    found = counter_threat(moves, nodes)
    return moves, nodes, found, time.perf_counter() - start


def report(looks: list[Look], budgets: list[int]) -> list[str]:
    """The moves found lost, each with the smallest budget that found it, then each budget's totals."""
    lines = []
    first_found: dict[tuple[int, ...], tuple[int, int]] = {}
    for moves, nodes, found, _ in sorted(looks, key=lambda one: one[1]):
        if found is not None and moves not in first_found:
            first_found[moves] = nodes, found
    for moves, (nodes, found) in sorted(first_found.items()):
        lines.append(f"{moves_name(moves)}: O wins by threats from {BOARD.cell_name(found)}, "
                     f"found within {nodes:,} nodes")
    for budget in budgets:
        these = [one for one in looks if one[1] == budget]
        seconds = [one[3] for one in these]
        lost = sum(one[2] is not None for one in these)
        lines.append(f"within {budget:,} nodes: O's win found after {lost:,} of {len(these):,} moves; "
                     f"a look took {statistics.fmean(seconds):.3f} s on average, "
                     f"{max(seconds):.3f} s at most")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", default=f"50000,{COUNTER_NODES},1000000",
                        help=f"the budgets of a look, each in turn (default 50000,{COUNTER_NODES},1000000)")
    parser.add_argument("--sample", type=int, default=None, help="how many picked moves (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("positions", nargs="*", help="positions with O to move, by their moves, instead")
    args = parser.parse_args(argv)
    try:
        budgets = sorted({int(nodes) for nodes in args.nodes.split(",")})
    except ValueError:
        parser.error(f"--nodes takes budgets such as 50000,200000, not {args.nodes!r}")
    if min(budgets) < 1 or args.processes < 1 or (args.sample is not None and args.sample < 1):
        parser.error("--nodes, --sample and --processes must be at least 1")
    try:
        positions = [tuple(Position.from_moves(BOARD, text).moves) for text in args.positions]
    except GameError as error:
        parser.error(str(error))
    if any(len(moves) % 2 == 0 for moves in positions):
        parser.error("each position given must have O to move: an odd number of moves")
    positions = positions or picked_moves(args.sample, args.seed)
    what = "position" if args.positions else "picked move"
    print(f"{len(positions):,} {what}{'s' * (len(positions) != 1)}, within "
          f"{', '.join(f'{nodes:,}' for nodes in budgets)} nodes", flush=True)
    with ProcessPoolExecutor(args.processes) as pool:
        looks = list(pool.map(look, [moves for _ in budgets for moves in positions],
                              [nodes for nodes in budgets for _ in positions], chunksize=8))
    print("\n".join(report(looks, budgets)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
