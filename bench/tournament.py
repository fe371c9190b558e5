"""Round robin of the computer players: every pair of levels, both colours, on several boards.

    .venv/bin/python bench/tournament.py [--games N] [--boards 3x3k3 7x7k4 ...] [--time-limit S]
                                         [--levels random easy ...] [--pairings medium-easy ...]
                                         [--jobs 2] [--seed S]

Each pairing plays ``--games`` games per board, half with each level as X. Every game has its own
seed, derived from the run's seed, the board, the pairing and the game's number, so any game can
be replayed alone and the table does not depend on how the games were spread over processes.
The perfect player thinks for ``--time-limit`` seconds a move wherever it cannot solve the board.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tictactoe_tui.engine import PLAYER_NAMES, BoardSpec, Mark, Position, make_player

DEFAULT_BOARDS = ("3x3k3", "4x4k4", "7x7k4", "15x15k5")


@dataclass(frozen=True, slots=True)
class Game:
    """One game to play: who is X, who is O, where, and the seed of both players' chance."""

    board: str
    x: str
    o: str
    seed: str
    time_limit: float


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the winning level's name (None for a draw), its length, and its record."""

    game: Game
    winner: str | None
    plies: int
    record: str
    think: tuple[float, ...]
    """The perfect player's thinking time for each of its moves (none when it did not play)."""


def play(game: Game) -> Result:
    """Play ``game`` to the end."""
    rng = random.Random(game.seed)
    names = {Mark.X: game.x, Mark.O: game.o}
    players = {mark: make_player(name, rng=random.Random(rng.getrandbits(64)), time_limit=game.time_limit)
               for mark, name in names.items()}
    think: list[float] = []
    position = Position.empty(game.board)
    while not position.is_over:
        mover = position.to_move
        start = time.perf_counter()
        cell = players[mover].choose(position)
        if names[mover] == "perfect":
            think.append(time.perf_counter() - start)
        position = position.play(cell)
    winner = position.outcome.winner
    return Result(game, None if winner is None else names[winner], len(position.moves), position.record,
                  tuple(think))


def schedule(boards: Sequence[str], levels: Sequence[str], games: int, seed: int,
             time_limit: float, pairings: Iterable[frozenset[str]] | None = None) -> list[Game]:
    """Every game of the round robin (or of ``pairings`` only), each level of a pairing taking X in half
    of them. A game's seed does not depend on which other pairings are played, so a pairing played
    again alone replays its games."""
    planned = []
    wanted = None if pairings is None else set(pairings)
    for board in boards:
        for first, second in itertools.combinations(levels, 2):
            if wanted is not None and frozenset((first, second)) not in wanted:
                continue
            for number in range(games):
                x, o = (first, second) if number % 2 == 0 else (second, first)
                planned.append(Game(board, x, o, f"{seed}/{board}/{first}-{second}/{number}", time_limit))
    return planned


def tabulate(results: Iterable[Result], boards: Sequence[str], levels: Sequence[str]) -> str:
    """The table: per board and pairing of levels A v B (weaker first), A's wins, draws, B's wins."""
    tally: Counter[tuple[str, str, str, str | None]] = Counter()
    plies: Counter[tuple[str, str, str]] = Counter()
    for result in results:
        game = result.game
        first, second = sorted((game.x, game.o), key=levels.index)
        tally[game.board, first, second, result.winner] += 1
        plies[game.board, first, second] += result.plies
    rows = [f"{'board':<8} {'A v B':<20} {'A wins':>6} {'draws':>5} {'B wins':>6} {'plies/game':>10}"]
    for board in boards:
        for first, second in itertools.combinations(levels, 2):
            wins, draws, losses = (tally[board, first, second, who] for who in (first, None, second))
            total = wins + draws + losses
            if total:
                pairing = f"{first} v {second}"
                rows.append(f"{board:<8} {pairing:<20} {wins:>6} {draws:>5} {losses:>6} "
                            f"{plies[board, first, second] / total:>10.1f}")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing and board (default 100)")
    parser.add_argument("--boards", nargs="+", default=list(DEFAULT_BOARDS), metavar="SPEC")
    parser.add_argument("--levels", nargs="+", default=list(PLAYER_NAMES), choices=PLAYER_NAMES)
    parser.add_argument("--time-limit", type=float, default=0.5,
                        help="seconds a move for the perfect player where it cannot solve (default 0.5)")
    parser.add_argument("--pairings", nargs="+", metavar="A-B",
                        help="play only these pairings of --levels, such as hard-perfect (default all)")
    parser.add_argument("--jobs", type=int, default=2, help="processes to play in (default 2)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    boards = [str(BoardSpec.parse(board)) for board in args.boards]
    levels = sorted(dict.fromkeys(args.levels), key=PLAYER_NAMES.index)
    pairings = None
    if args.pairings is not None:
        pairings = [frozenset(pairing.split("-")) for pairing in args.pairings]
        unknown = [pairing for pairing in pairings if len(pairing) != 2 or not pairing <= set(levels)]
        if unknown:
            parser.error(f"a pairing is two of the levels {', '.join(levels)}, joined by '-'")
    games = schedule(boards, levels, args.games, args.seed, args.time_limit, pairings)
    print(f"{len(games)} games, perfect thinking up to {args.time_limit:g} s a move, "
          f"{args.jobs} process(es)", file=sys.stderr)
    start = time.perf_counter()
    results = []
    with multiprocessing.Pool(args.jobs) as pool:
        for done, result in enumerate(pool.imap_unordered(play, games, chunksize=1), start=1):
            results.append(result)
            if done % max(1, len(games) // 10) == 0 or done == len(games):
                print(f"  {done}/{len(games)} games, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    print(tabulate(results, boards, levels))
    think = [seconds for result in results for seconds in result.think]
    if think:
        print(f"perfect: {len(think)} moves, mean {statistics.mean(think):.3f} s, "
              f"longest {max(think):.3f} s (limit {args.time_limit:g} s)")
    losses = [result for result in results
              if "perfect" in (result.game.x, result.game.o) and result.winner not in (None, "perfect")]
    for result in losses:
        print(f"perfect lost: {result.game.x} (X) v {result.game.o} (O), seed {result.game.seed!r}: "
              f"{result.record}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
