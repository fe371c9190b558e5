"""How often O wins by threats after the moves the proof's splits picked, and what looking costs.

    .venv/bin/python bench/counter_threats.py [--nodes 50000,200000,1000000] [--threats 7,10,12]
                                              [--sample N] [--seed 1] [--processes 2] [POSITION ...]

A probe refutes X's move when O wins by threats after it (``unit_search.counter_threat``, within
``COUNTER_NODES`` and ``COUNTER_THREATS``) before it searches the move's replies, and a run refutes
a move picked before once it finds that. This looks again after every move the progress file keeps
as picked (or a seeded sample of them, or the positions given, O to move), within each budget of
nodes and each most of threats given. It prints each move after which a look found O's win, with
the least nodes and threats that found it, then for each pair how many it found, after how many it
ran out of nodes, and the mean and slowest seconds a look took. A move found only within more than
the probes look within is a lost move they would still split by.
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

from tictactoe_tui.engine.budget import OutOfBudget  # noqa: E402
from tictactoe_tui.engine.errors import GameError  # noqa: E402
from tictactoe_tui.engine.proof.book import BOARD  # noqa: E402
from tictactoe_tui.engine.proof.campaign import moves_name, unit_moves  # noqa: E402
from tictactoe_tui.engine.proof.progress import PICKED  # noqa: E402
from tictactoe_tui.engine.proof.unit_search import COUNTER_NODES, COUNTER_THREATS, counter_win  # noqa: E402
from tictactoe_tui.engine.rules.position import Position  # noqa: E402

OUT_OF_NODES = -1
"""What a look answers when its budget ran out before it could say."""
Look = tuple[tuple[int, ...], int, int, int | None, float]
"""A look's answer: the moves, its nodes and threats, O's first move of the win found (None when it
found none, ``OUT_OF_NODES`` when it ran out first), the seconds."""


def picked_moves(count: int | None, seed: int) -> list[tuple[int, ...]]:
    """The positions after each picked move of the progress file, O to move: all of them, or a
    seeded sample of ``count``."""
    picked = sorted((*unit_moves(name), BOARD.parse_cell(move))
                    for name, move in read_progress()[PICKED].items())
    if count is None or count >= len(picked):
        return picked
    return sorted(random.Random(seed).sample(picked, count))


def look(moves: tuple[int, ...], nodes: int, threats: int) -> Look:
    """Worker: O's win by threats after ``moves`` (``unit_search.counter_win``) within ``nodes`` and
    ``threats``, timed; running out of nodes is told apart from finding none."""
    start = time.perf_counter()
    try:
        reply = counter_win(moves, nodes, threats)
    except OutOfBudget:
        reply = OUT_OF_NODES
    return moves, nodes, threats, reply, time.perf_counter() - start


def report(looks: list[Look], budgets: list[tuple[int, int]]) -> list[str]:
    """The moves found lost, each with the least budget that found it, then each budget's totals."""
    lines = []
    first_found: dict[tuple[int, ...], tuple[int, int, int]] = {}
    for moves, nodes, threats, reply, _ in sorted(looks, key=lambda one: (one[1], one[2])):
        if reply not in (None, OUT_OF_NODES) and moves not in first_found:
            first_found[moves] = nodes, threats, reply
    for moves, (nodes, threats, reply) in sorted(first_found.items()):
        lines.append(f"{moves_name(moves)}: O wins by threats from {BOARD.cell_name(reply)}, "
                     f"found within {nodes:,} nodes and {threats} threats")
    for nodes, threats in budgets:
        these = [one for one in looks if one[1:3] == (nodes, threats)]
        seconds = [one[4] for one in these]
        lost = sum(one[3] not in (None, OUT_OF_NODES) for one in these)
        out = sum(one[3] == OUT_OF_NODES for one in these)
        lines.append(f"within {nodes:,} nodes and {threats} threats: O's win found after {lost:,} of "
                     f"{len(these):,} moves, out of nodes after {out:,}; a look took "
                     f"{statistics.fmean(seconds):.3f} s on average, {max(seconds):.3f} s at most")
    return lines


def numbers(text: str, flag: str, parser: argparse.ArgumentParser) -> list[int]:
    try:
        values = sorted({int(value) for value in text.split(",")})
    except ValueError:
        parser.error(f"{flag} takes whole numbers separated by commas, not {text!r}")
    if min(values) < 1:
        parser.error(f"{flag} must be at least 1")
    return values


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--nodes", default=f"50000,{COUNTER_NODES},1000000",
                        help="the nodes a look may spend, each in turn")
    parser.add_argument("--threats", default=str(COUNTER_THREATS),
                        help="the most threats a look plays, each in turn")
    parser.add_argument("--sample", type=int, default=None, help="how many picked moves (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("positions", nargs="*", help="positions with O to move, by their moves, instead")
    args = parser.parse_args(argv)
    budgets = [(nodes, threats) for nodes in numbers(args.nodes, "--nodes", parser)
               for threats in numbers(args.threats, "--threats", parser)]
    if args.processes < 1 or (args.sample is not None and args.sample < 1):
        parser.error("--sample and --processes must be at least 1")
    try:
        positions = [tuple(Position.from_moves(BOARD, text).moves) for text in args.positions]
    except GameError as error:
        parser.error(str(error))
    if any(len(moves) % 2 == 0 for moves in positions):
        parser.error("each position given must have O to move: an odd number of moves")
    positions = positions or picked_moves(args.sample, args.seed)
    what = "position" if args.positions else "picked move"
    print(f"{len(positions):,} {what}{'s' * (len(positions) != 1)}, within "
          f"{', '.join(f'{nodes:,} nodes and {threats} threats' for nodes, threats in budgets)}", flush=True)
    with ProcessPoolExecutor(args.processes) as pool:
        looks = list(pool.map(look, *zip(*[(moves, nodes, threats) for nodes, threats in budgets
                                           for moves in positions], strict=True), chunksize=8))
    print("\n".join(report(looks, budgets)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
