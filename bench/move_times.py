"""How long the perfect player takes per move on boards it cannot solve, against its time budget.

    .venv/bin/python bench/move_times.py [--budget 1.0] [--games 2] [--boards 7x7k4 9x9k5 ...]
                                         [--opponent perfect] [--jobs 1] [--seed S]

Every move of the perfect player is timed from the call to its answer, on games against
``--opponent`` (by default itself, which gives the longest and most tangled games). The table shows
the median, 99th percentile and longest move per board and the 99th percentile over the budget,
which should stay at most 1.1. Timings taken while other work shares the processor run long, so
use one job (the default) on a quiet machine for figures worth quoting.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tictactoe_tui.engine import BoardSpec, Position, make_player

DEFAULT_BOARDS = ("7x7k4", "9x9k5", "15x15k5", "19x19k5")
REQUIRED_RATIO = 1.1


@dataclass(frozen=True, slots=True)
class Game:
    board: str
    opponent: str
    perfect_is_x: bool
    budget: float
    seed: int


def timed_game(game: Game) -> tuple[str, list[float]]:
    """Play one game; the board and the perfect player's thinking time for each of its moves."""
    rng = random.Random(game.seed)
    perfect = make_player("perfect", rng=random.Random(rng.getrandbits(64)), time_limit=game.budget)
    other = make_player(game.opponent, rng=random.Random(rng.getrandbits(64)), time_limit=game.budget)
    timed_parity = 0 if game.perfect_is_x else 1
    position = Position.empty(game.board)
    seconds: list[float] = []
    while not position.is_over:
        mine = len(position.moves) % 2 == timed_parity
        player = perfect if mine else other
        start = time.perf_counter()
        cell = player.choose(position)
        elapsed = time.perf_counter() - start
        if mine or game.opponent == "perfect":
            seconds.append(elapsed)
        position = position.play(cell)
    return game.board, seconds


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile by the nearest-rank method (a value that actually occurred)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per move (default 1.0)")
    parser.add_argument("--games", type=int, default=2, help="games per board (default 2)")
    parser.add_argument("--boards", nargs="+", default=list(DEFAULT_BOARDS), metavar="SPEC")
    parser.add_argument("--opponent", default="perfect", choices=("random", "easy", "medium", "perfect"))
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1: timings stay honest)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    boards = [str(BoardSpec.parse(board)) for board in args.boards]
    games = [Game(board, args.opponent, number % 2 == 0, args.budget, args.seed * 1000 + number)
             for board in boards for number in range(args.games)]
    print(f"{len(games)} games, perfect v {args.opponent}, {args.budget:g} s a move", file=sys.stderr)
    times: dict[str, list[float]] = {board: [] for board in boards}
    with multiprocessing.Pool(args.jobs) as pool:
        for board, seconds in pool.imap_unordered(timed_game, games):
            times[board].extend(seconds)
            print(f"  {board}: a game of {len(seconds)} timed moves done", file=sys.stderr)
    print(f"{'board':<9} {'moves':>5} {'median':>8} {'p99':>8} {'max':>8} {'p99/budget':>10}")
    worst = 0.0
    for board in boards:
        seconds = times[board]
        p99 = percentile(seconds, 0.99)
        worst = max(worst, p99 / args.budget)
        print(f"{board:<9} {len(seconds):>5} {statistics.median(seconds):>8.3f} {p99:>8.3f} "
              f"{max(seconds):>8.3f} {p99 / args.budget:>10.2f}")
    verdict = "within" if worst <= REQUIRED_RATIO else "OVER"
    print(f"worst p99/budget {worst:.2f}: {verdict} the {REQUIRED_RATIO} allowed")
    return 0 if worst <= REQUIRED_RATIO else 1


if __name__ == "__main__":
    raise SystemExit(main())
