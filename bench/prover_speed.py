"""The prover's speed with its threat searches in Python and compiled, on units of the proof.

    .venv/bin/python bench/prover_speed.py [--nodes 1500000] [--search depth|pn] [UNIT ...]

Each unit (a position after four moves, such as "h8 a1 i9 f6") is proven twice, one way after the
other in this one process: with the Python threat searches and with the compiled ones
(``engine.proof.compiled``), on the same budget of nodes. The two must make the same tree with the
same nodes, or the script says so and fails; it prints each unit's processor time both ways, the
nodes a second, and the ratio. The units by default are three the proof holds, one far from the
centre and two beside it, each searched as the prover searches it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from tictactoe_tui.engine.proof.book import BOARD
from tictactoe_tui.engine.proof.campaign import unit_moves
from tictactoe_tui.engine.proof.compiled import compiled_searches
from tictactoe_tui.engine.proof.unit_search import prove_unit

UNITS = ("h8 a1 i9 f6", "h8 h7 i7 h9", "h8 g4 i9 d7")


def timed(moves: tuple[int, ...], nodes: int, search: str, compiled: bool) -> tuple[str, int, float]:
    """The unit's proof as JSON (null when none was found), its nodes and its processor time."""
    start = time.process_time()
    _, tree, spent, _ = prove_unit(moves, nodes, 2, 35, search, compiled=compiled)
    return json.dumps(tree), spent, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("units", nargs="*", default=list(UNITS), help="units by their moves")
    parser.add_argument("--nodes", type=int, default=1_500_000, help="the budget of each proof")
    parser.add_argument("--search", choices=("depth", "pn"), default="depth")
    args = parser.parse_args(argv)
    if compiled_searches(BOARD) is None:
        print("no C compiler: the compiled searches cannot be built here", file=sys.stderr)
        return 1
    rows: list[dict[str, Any]] = []
    for name in args.units:
        moves = unit_moves(name)
        python = timed(moves, args.nodes, args.search, compiled=False)
        compiled = timed(moves, args.nodes, args.search, compiled=True)
        if python[:2] != compiled[:2]:
            print(f"{name}: the two searches disagree ({python[1]} nodes against {compiled[1]})")
            return 1
        rows.append({"unit": name, "proven": python[0] != "null", "nodes": python[1],
                     "python": python[2], "compiled": compiled[2]})
        verdict = "proven" if python[0] != "null" else "not proven"
        print(f"{name}: {verdict} in {python[1]:,} nodes; Python {python[2]:.2f} s "
              f"({python[1] / python[2]:,.0f} nodes/s), compiled {compiled[2]:.2f} s "
              f"({compiled[1] / compiled[2]:,.0f} nodes/s): {python[2] / compiled[2]:.1f} times as fast",
              flush=True)
    ratios = [row["python"] / row["compiled"] for row in rows]
    print(f"the same trees and nodes both ways; median {statistics.median(ratios):.1f} times as fast")
    return 0


if __name__ == "__main__":
    sys.exit(main())
