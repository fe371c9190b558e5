"""Whether one of X's fours wins where the proof's searches found no win.

    .venv/bin/python bench/four_first.py [--ends 80] [--picked 80] [--seed 5] [--nodes 500000]
                                         [--processes 2] [POSITION ...]

A four after whose block a quiet move wins falls between the prover's searches
(``unit_search.fours_and_blocks`` says why). This draws a seeded
sample of the open ends of the proof's splits and of the positions split by a picked move (X to
move in both), or takes the positions given, and searches, after each of X's fours there and O's
one block, the position as the prover searches a reply, within ``--nodes``. It prints each position
a four proves, with the four and the nodes, then for each kind how many a four proved, the
searches made and the seconds they took.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from ply_limit import sample as open_end_sample  # noqa: E402
from prove_gomoku import read_progress  # noqa: E402

from tictactoe_tui.engine.errors import GameError  # noqa: E402
from tictactoe_tui.engine.proof.book import BOARD  # noqa: E402
from tictactoe_tui.engine.proof.campaign import moves_name, unit_moves  # noqa: E402
from tictactoe_tui.engine.proof.progress import PICKED  # noqa: E402
from tictactoe_tui.engine.proof.unit_search import PLIES, QUIET, fours_and_blocks, prove_unit  # noqa: E402
from tictactoe_tui.engine.rules.position import Position  # noqa: E402

LEAF_COST = 3_000
"""The weight of a leaf whose threat search gave up, as the prover's runs on the splits have it."""
Tried = tuple[tuple[int, ...], int | None, int, int, float]
"""A position's answer: its moves, the four that proved it (or None), the nodes the four's search
spent, the searches made and the seconds they took."""


def picked_positions(count: int, seed: int) -> list[tuple[int, ...]]:
    """A seeded sample of ``count`` of the positions split by a picked move (all if fewer)."""
    positions = sorted(unit_moves(name) for name in read_progress()[PICKED])
    return sorted(random.Random(seed).sample(positions, min(count, len(positions))))


def given_positions(parser: argparse.ArgumentParser, texts: list[str]) -> list[tuple[int, ...]]:
    """The positions given on the command line by their moves, each with X to move; the parser
    refuses a bad one with a message."""
    try:
        given = [tuple(Position.from_moves(BOARD, text).moves) for text in texts]
    except GameError as error:
        parser.error(str(error))
    if any(len(moves) % 2 for moves in given):
        parser.error("each position given must have X to move: an even number of moves")
    return given


def try_fours(moves: tuple[int, ...], nodes: int) -> Tried:
    """Worker: after each of X's fours and its block in turn, the position searched within ``nodes``,
    up to the first proven."""
    start = time.perf_counter()
    searches = 0
    for four, block in fours_and_blocks(moves):
        searches += 1
        _, tree, spent, _ = prove_unit((*moves, four, block), nodes, QUIET, PLIES, "pn", LEAF_COST)
        if tree is not None:
            return moves, four, spent, searches, time.perf_counter() - start
    return moves, None, 0, searches, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--ends", type=int, default=80, help="how many open ends")
    parser.add_argument("--picked", type=int, default=80, help="how many positions split by a picked move")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--nodes", type=int, default=500_000, help="the budget of each four's search")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("positions", nargs="*", help="positions with X to move, by their moves, instead")
    args = parser.parse_args(argv)
    if args.ends < 0 or args.picked < 0 or args.nodes < 1 or args.processes < 1:
        parser.error("--ends and --picked must not be negative, --nodes and --processes at least 1")
    given = given_positions(parser, args.positions)
    kinds = {"positions given": given} if given else {
        "open ends": open_end_sample(args.ends, args.seed) if args.ends else [],
        "positions split by a picked move": picked_positions(args.picked, args.seed) if args.picked else []}
    totals = []
    with ProcessPoolExecutor(args.processes) as pool:
        for kind, positions in kinds.items():
            tried: list[Tried] = list(pool.map(try_fours, positions, [args.nodes] * len(positions)))
            for moves, four, spent, _, _ in tried:
                if four is not None:
                    print(f"{moves_name(moves)}: proven by the four {BOARD.cell_name(four)} "
                          f"({spent:,} nodes)")
            proven = sum(one[1] is not None for one in tried)
            searches = sum(one[3] for one in tried)
            totals.append(f"{kind}: {proven} of {len(tried)} proven by a four, {searches} searches of "
                          f"{args.nodes:,} nodes, {sum(one[4] for one in tried):.0f} s")
    print("\n".join(totals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
