"""How many of O's replies the best of a probe's candidates leaves open, by the rule that draws them.

    .venv/bin/python bench/probe_candidates.py [--picked 20] [--seed 3] [--nodes 500000]
                                               [--processes 2] [POSITION ...]

A probe (``prove_gomoku.py --probe``) picks, among a few of X's moves, the one whose replies
searches of 500,000 nodes leave the fewest open. This draws a seeded sample of the positions split
by a picked move (X to move), or takes the positions given, and weighs there the candidates of
three rules, X's moves refuted or abandoned there left out as the probe leaves them:

- first moves: the first three of X's moves as the proof-number search orders them, those that
  threaten nothing dropped (the probe's rule before ``candidate_moves``);
- first threats: the first three that threaten something (``--probe 3``);
- and narrowest: those, and the three of the first twelve threats that leave O the fewest replies
  that need a proof (``--probe 3 --narrowest 3``).

A candidate after which O wins by threats (``counter_threat``), or one of whose replies' searches
ends without a proof, is lost, as in a probe. Each other's replies are searched within ``--nodes``,
the narrowest move first, and a move's searches stop once it cannot do better than the moves
weighed before it in each rule that holds it; no reply counts as proven before, so the counts are
the ones a position probed afresh would get. It prints each position's fewest open by rule, then
for each rule the sum of those and how many positions each of the newer rules does better and
worse in than the first.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from four_first import LEAF_COST, given_positions, picked_positions  # noqa: E402
from prove_gomoku import candidate_moves, live_moves, read_progress  # noqa: E402

from tictactoe_tui.engine.proof.book import BOARD  # noqa: E402
from tictactoe_tui.engine.proof.campaign import moves_name  # noqa: E402
from tictactoe_tui.engine.proof.progress import ABANDONED, REFUTED  # noqa: E402
from tictactoe_tui.engine.proof.prover import Defence  # noqa: E402
from tictactoe_tui.engine.proof.unit_search import (  # noqa: E402
    PLIES,
    QUIET,
    counter_threat,
    first_defence,
    prove_unit,
)

RULES = ("first moves", "first threats", "and narrowest")
CANDIDATES = 3
"""The moves each rule draws (``--probe 3``, and ``--narrowest 3`` for the last)."""
Weighed = tuple[tuple[int, ...], dict[str, int | None], int, float]
"""A position's answer: its moves, the fewest replies open by rule (None: every candidate lost, or
none), the searches made and the seconds they took."""


def open_replies(moves: tuple[int, ...], defence: Defence, nodes: int, limit: int) -> tuple[int | None, int]:
    """The replies to X's move that ends ``moves`` left open by searches of ``nodes`` each, counted
    up to ``limit`` (no more needed), or None when the move is lost; with the searches made."""
    if counter_threat(moves) is not None:
        return None, 0
    left = searches = 0
    for reply in defence.needed:
        if left >= limit:
            break
        searches += 1
        _, tree, spent, _ = prove_unit((*moves, reply), nodes, QUIET, PLIES, "pn", LEAF_COST)
        if tree is None:
            if spent < nodes:  # the search ended without a proof: the move is refuted
                return None, searches
            left += 1
    return left, searches


def weigh(position: tuple[int, ...], dead: dict[str, Any], nodes: int) -> Weighed:
    """Worker: the fewest replies the candidates of each rule leave open in ``position``, X's moves
    in ``dead`` (the progress file's refuted and abandoned ones there) left out."""
    start = time.perf_counter()
    looked: dict[tuple[int, ...], Defence | None] = {}

    def defence_of(first: tuple[int, ...]) -> Defence | None:
        if first not in looked:
            looked[first] = first_defence(first[:-1], first[-1], PLIES, True)
        return looked[first]

    rules = {
        RULES[0]: [move for move in live_moves(dead, position, CANDIDATES)
                   if defence_of((*position, move)) is not None],
        RULES[1]: candidate_moves(dead, position, defence_of, CANDIDATES, 0),
        RULES[2]: candidate_moves(dead, position, defence_of, CANDIDATES, CANDIDATES),
    }
    defences = {move: defence for moves in rules.values() for move in moves
                if (defence := defence_of((*position, move))) is not None}
    fewest: dict[str, int | None] = dict.fromkeys(rules)
    searches = 0
    for move in sorted(defences, key=lambda move: len(defences[move].needed)):
        holders = [rule for rule, moves in rules.items() if move in moves]
        limit = max(BOARD.cells if (best := fewest[rule]) is None else best for rule in holders)
        left, made = open_replies((*position, move), defences[move], nodes, limit)
        searches += made
        for rule in holders:
            best = fewest[rule]
            if left is not None and (best is None or left < best):
                fewest[rule] = left
    return position, fewest, searches, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--picked", type=int, default=20, help="how many positions split by a picked move")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=500_000, help="the budget of each reply's search")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("positions", nargs="*", help="positions with X to move, by their moves, instead")
    args = parser.parse_args(argv)
    if args.picked < 1 or args.nodes < 1 or args.processes < 1:
        parser.error("--picked, --nodes and --processes must be at least 1")
    given = given_positions(parser, args.positions)
    positions = given or picked_positions(args.picked, args.seed)
    progress = read_progress()
    dead = [{table: {name: progress[table][name]} if name in progress[table] else {}
             for table in (REFUTED, ABANDONED)}
            for name in map(moves_name, positions)]
    with ProcessPoolExecutor(args.processes) as pool:
        results: list[Weighed] = list(pool.map(weigh, positions, dead, [args.nodes] * len(positions)))
    for moves, fewest, searches, seconds in results:
        shown = ", ".join(f"{rule}: {'lost' if left is None else left}" for rule, left in fewest.items())
        print(f"{moves_name(moves)}: {shown} ({searches} searches, {seconds:.0f} s)")
    print(f"{len(results)} positions, {sum(one[2] for one in results):,} searches of {args.nodes:,} nodes, "
          f"{sum(one[3] for one in results):.0f} s")
    for rule in RULES:
        counts = [one[1][rule] for one in results]
        line = (f"{rule}: {sum(count for count in counts if count is not None):,} replies open at the "
                f"fewest, {counts.count(None)} positions with every candidate lost")
        if rule != RULES[0]:
            pairs = [(one[1][RULES[0]], one[1][rule]) for one in results]
            better = sum(new is not None and (old is None or new < old) for old, new in pairs)
            worse = sum(old is not None and (new is None or new > old) for old, new in pairs)
            line += f"; fewer than the first moves' in {better}, more in {worse}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
