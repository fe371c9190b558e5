"""The big-board search's speed: positions a second and the depth it completes, on fixed Gomoku positions.

    .venv/bin/python bench/bigboard_speed.py [--seconds 1.0 | --nodes 30000] [--repeat 3]

Each position is a 15x15 game with five in a row, 7 or 12 moves in, quiet
(no forced win or reply), searched for the side to move through the engine's own
``bigboard.strategy.search`` with a deadline of ``--seconds``: the search the
perfect player hands its time to once no proof is found. The table gives, per
position, the positions visited, positions a second, and the deepest
iteration completed; with ``--repeat``, the run with the most positions a
second is shown. The positions are fixed here so that an engine's figures
can be set beside an earlier engine's, position by position.

Timings taken while other work shares the processor run low, so use a quiet
machine for figures worth quoting. With ``--nodes``, each search stops after that
many positions instead, and is timed by the process's own processor time: two
builds then do the same work (when their searches visit the same positions),
and a busy or shared machine disturbs the comparison far less.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from tictactoe_tui.engine import Position, parse_record

try:
    from tictactoe_tui.engine.bigboard.strategy import StrategyResult, search
except ImportError:  # a build from before the engine was split into packages, to compare with
    from tictactoe_tui.engine.strategy import StrategyResult, search  # type: ignore[no-redef]

POSITIONS = (
    "15x15k5: h8 h9 f6 i8 g7 i9 g9",
    "15x15k5: h8 h9 f6 i8 g7 i9 g9 i7 i10 g10 f11 j9",
    "15x15k5: h8 h9 g6 i8 g7 i9 j8",
    "15x15k5: h8 h9 h6 i8 i7 j7 k6",
    "15x15k5: h8 h9 h6 i8 i7 j7 k6 j6 j8 g5 i9 k9",
    "15x15k5: h8 h9 f7 g9 e8 i8 g10",
    "15x15k5: h8 h9 f7 i8 f8 g10 j7 f9 e9 f11 e12 i10",
    "15x15k5: h8 h9 g7 i8 g10 g9 i9",
)
"""Games from the ladder's three-stone openings, 4 or 9 moves on (by the hard level, seeded; the
seventh by the big-board engine itself, in place of one that proved lost for the side to move),
where no side has a forced win or a forced reply: the search has to weigh quiet moves."""


UNBOUNDED = 3600.0
"""The deadline, in seconds, of a search bounded by its positions instead."""

TICK = 1e-6
"""The least time a search is taken to have lasted, in seconds."""


def timed(position: Position, seconds: float, nodes: int | None) -> tuple[StrategyResult, float]:
    """The search's result and its time: wall-clock time to a deadline of ``seconds``, or, given
    ``nodes``, the processor time this process spent on that many positions."""
    if nodes is None:
        start = time.perf_counter()
        result = search(position, deadline=start + seconds)
        return result, time.perf_counter() - start
    start = time.process_time()
    result = search(position, deadline=time.perf_counter() + UNBOUNDED, max_nodes=nodes)
    return result, time.process_time() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per search (default 1.0)")
    parser.add_argument("--nodes", type=int, metavar="N",
                        help="stop each search after N positions and time it by processor time")
    parser.add_argument("--repeat", type=int, default=1, metavar="N", help="report the fastest of N runs")
    args = parser.parse_args(argv)
    if args.nodes is not None and args.nodes < 1:
        parser.error("--nodes must be at least 1")

    header = (f"{'plies':>5} {'to move':<7} {'nodes':>9} {'nodes/s':>9} {'depth':>5} {'best':<5} "
              f"{'seconds':>7}")
    print(header)
    print("-" * len(header))
    rates, depths, nodes, seconds = [], [], [], []
    for record in POSITIONS:
        position = parse_record(record)
        assert not position.is_over, record
        runs = [timed(position, args.seconds, args.nodes) for _ in range(max(1, args.repeat))]
        # A clock coarser than a short search reads 0 s: count it as its smallest tick.
        result, elapsed = max(runs, key=lambda run: run[0].nodes / max(run[1], TICK))
        rate = result.nodes / max(elapsed, TICK)
        rates.append(rate)
        depths.append(result.depth)
        nodes.append(result.nodes)
        seconds.append(elapsed)
        best = position.cell_name(result.ranked[0][0])
        print(f"{len(position.moves):>5} {position.to_move.value:<7} {result.nodes:>9,} {rate:>9,.0f} "
              f"{result.depth:>5} {best:<5} {elapsed:>7.3f}", flush=True)
    print(f"\nmedian: {statistics.median(rates):,.0f} positions a second, "
          f"depth {statistics.median(depths):g}")
    if args.nodes is not None:
        print(f"all {len(POSITIONS)} searches: {sum(nodes):,} positions "
              f"in {sum(seconds):.2f} s of processor time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
