"""What the proof's limit on the length of its lines costs the open ends of its splits.

    .venv/bin/python bench/ply_limit.py [--sample 12] [--seed 1] [--nodes 3000000] [--limits 35,45]
                                        [--processes 2] [POSITION ...]

No line of the proof may take more than 35 plies from the empty board (Allis's bound), and the open
ends of the splits (``scripts/prove_gomoku.py --open``) lie 10 to 12 plies deep, so their proofs
must end within the 23 to 25 plies left. This draws a seeded sample of those ends and searches each
by proof numbers, as the prover does, on the same budget of nodes within each of the limits given.
It prints a line for each end and limit: proven or not, the nodes, and the bound of the proof found
(plies from the empty board, as the checker works it out from the rules); or "ended" when the
search ended without a proof before its budget did, which within the prover's own limit refutes X's
move above the end. Then the totals for each limit: proven, ended, and the median nodes of those
proven. Positions given by their moves ("h8 h7 g8 h9", say: a unit still open) are searched instead
of the sample.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from prove_gomoku import read_progress  # noqa: E402

from tictactoe_tui.engine.errors import GameError  # noqa: E402
from tictactoe_tui.engine.proof import store  # noqa: E402
from tictactoe_tui.engine.proof.book import BOARD  # noqa: E402
from tictactoe_tui.engine.proof.campaign import moves_name  # noqa: E402
from tictactoe_tui.engine.proof.checker import check_branch  # noqa: E402
from tictactoe_tui.engine.proof.progress import open_ends  # noqa: E402
from tictactoe_tui.engine.proof.unit_search import QUIET, prove_unit  # noqa: E402
from tictactoe_tui.engine.rules.position import Position  # noqa: E402

LEAF_COST = 3_000
"""The weight of a leaf whose threat search gave up, as the prover's runs on the splits have it."""


def sample(count: int, seed: int) -> list[tuple[int, ...]]:
    """A seeded sample of ``count`` open ends of the shipped proof's splits (all of them if fewer)."""
    ends = sorted(moves for found in open_ends(store.branches(store.outline()), read_progress()).values()
                  for moves in found)
    return sorted(random.Random(seed).sample(ends, min(count, len(ends))))


def search(moves: tuple[int, ...], nodes: int, limit: int) -> dict[str, Any]:
    """Worker: the end after ``moves`` searched within ``limit`` plies of the empty board."""
    _, tree, spent, _ = prove_unit(moves, nodes, QUIET, limit, "pn", LEAF_COST)
    bound = None if tree is None else len(moves) + check_branch(BOARD, list(moves), tree)[1]
    return {"moves": moves, "limit": limit, "nodes": spent, "bound": bound,
            "ended": tree is None and spent < nodes}


def verdict(result: dict[str, Any]) -> str:
    if result["bound"] is not None:
        return f"proven within {result['bound']} plies"
    return "ended without a proof" if result["ended"] else "not proven"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=12, help="how many open ends (default 12)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=3_000_000, help="the budget of each search")
    parser.add_argument("--limits", default="35,45", help="the most plies from the empty board, each in turn")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("positions", nargs="*",
                        help="positions with X to move, by their moves, instead of the sample")
    args = parser.parse_args(argv)
    try:
        limits = [int(limit) for limit in args.limits.split(",")]
    except ValueError:
        parser.error(f"--limits takes numbers of plies such as 35,45, not {args.limits!r}")
    if args.sample < 1 or args.nodes < 1 or args.processes < 1 or min(limits) < 1:
        parser.error("--sample, --nodes, --processes and every limit must be at least 1")
    try:  # the rules' own messages: a cell off the board, a cell taken, a move after the end
        given = [Position.from_moves(BOARD, position.split()).moves for position in args.positions]
    except GameError as error:
        parser.error(f"a position is its moves, such as 'h8 h7 g8 h9': {error}")
    if any(len(moves) % 2 for moves in given):
        parser.error("each position must have X to move: an even number of moves")
    ends = given or sample(args.sample, args.seed)
    if not ends:
        print("the proof has no open ends to measure")
        return 0
    what = f"{len(ends)} {'position' if given else 'open end'}{'' if len(ends) == 1 else 's'}"
    print(f"{what}, {args.nodes:,} nodes each, within {', '.join(map(str, limits))} plies", flush=True)
    with ProcessPoolExecutor(args.processes) as pool:
        futures = [pool.submit(search, moves, args.nodes, limit) for moves in ends for limit in limits]
        results = [future.result() for future in futures]
    for result in results:
        print(f"{moves_name(result['moves'])} within {result['limit']}: {verdict(result)}, "
              f"{result['nodes']:,} nodes")
    for limit in limits:
        found = [result for result in results if result["limit"] == limit]
        proven = [result["nodes"] for result in found if result["bound"] is not None]
        ended = sum(result["ended"] for result in found)
        median = f", median {statistics.median(proven):,.0f} nodes" if proven else ""
        print(f"within {limit} plies: {len(proven)} of {len(found)} proven{median}; "
              f"{ended} ended without a proof")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
