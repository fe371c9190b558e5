"""The tactics suite as a benchmark: how many of its positions an engine solves within a node budget.

    .venv/bin/python bench/tactics.py [--nodes 20000] [--file tests/engine/bigboard/tactics.txt]

Every position of the suite (must-block, wins by fours, four-threes, double threes, the one
defence that holds; see the file's header) is searched by the installed engine's
``bigboard.strategy.search`` with the same node budget, and the table gives, per category, the
positions whose first move is among the known answers, with the nodes and seconds taken. The
script uses nothing but that function and the position API, so another build of the engine (the
baseline, installed in its own environment) runs it too:

    /tmp/baseline-env/bin/python bench/tactics.py
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from tictactoe_tui.engine import Position

try:
    from tictactoe_tui.engine.bigboard.strategy import search
except ImportError:  # a build from before the engine was split into packages, to compare with
    from tictactoe_tui.engine.strategy import search  # type: ignore[no-redef]

SUITE = Path(__file__).resolve().parent.parent / "tests" / "engine" / "bigboard" / "tactics.txt"


def read_suite(path: Path) -> list[tuple[str, Position, set[str]]]:
    """(category, position, answers) for every position line of the suite."""
    suite = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        category, board, moves, answers, *_ = (field.strip() for field in line.split("|"))
        suite.append((category, Position.from_moves(board, moves), set(answers.split())))
    return suite


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=20_000, help="node budget a position (default 20000)")
    parser.add_argument("--file", type=Path, default=SUITE, help="the suite (default: the tests' own)")
    args = parser.parse_args(argv)

    solved: dict[str, list[bool]] = defaultdict(list)
    nodes: dict[str, int] = defaultdict(int)
    seconds: dict[str, float] = defaultdict(float)
    for category, position, answers in read_suite(args.file):
        start = time.perf_counter()
        result = search(position, deadline=time.perf_counter() + 3600, max_nodes=args.nodes)
        seconds[category] += time.perf_counter() - start
        nodes[category] += result.nodes
        solved[category].append(position.cell_name(result.ranked[0][0]) in answers)

    header = f"{'category':<13} {'solved':>9} {'nodes':>11} {'seconds':>8}"
    print(header)
    print("-" * len(header))
    for category, found in solved.items():
        print(f"{category:<13} {sum(found):>4} / {len(found):<2} {nodes[category]:>11,} "
              f"{seconds[category]:>8.1f}")
    total = [hit for found in solved.values() for hit in found]
    print(f"\n{sum(total)} of {len(total)} solved within {args.nodes:,} nodes each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
