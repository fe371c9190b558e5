"""How often a first player who plays well beats the medium level: the measure of its slips.

    .venv/bin/python bench/fallibility.py [--board 3x3k3] [--games 1000] [--seed S] [--slip P]

Two first players are measured against medium as O. The *best X* knows how medium plays,
chances included (``MediumPlayer.options``), and plays each move that gives it the greatest
chance of a win (then of a draw): the exact chance is found by searching every line, and then
``--games`` seeded games check it. The *perfect X* is the perfect level, which only knows that
every first move draws with best play and picks among the drawing moves at random, as a person
who knows the theory but sets no traps would. A medium player that never slipped would lose no
game to either.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from functools import cache

from tictactoe_tui.engine import Cell, Mark, Position, make_player
from tictactoe_tui.engine.levels import MEDIUM_SLIP
from tictactoe_tui.engine.players import MediumPlayer

Chances = tuple[float, float]
"""The chance of X's win and the chance of a draw, from a position, with X's best play."""


def best_x(board: str, slip: float) -> Callable[[Position], tuple[Cell, Chances]]:
    """X's move of the greatest chance against medium as O, and those chances, position by position."""
    medium = MediumPlayer(random.Random(0), slip=slip)

    @cache
    def chances(position: Position) -> Chances:
        outcome = position.outcome
        if position.is_over:
            return (1.0, 0.0) if outcome.winner is Mark.X else (0.0, 0.0 if outcome.winner else 1.0)
        if position.to_move is Mark.X:
            return max(chances(position.play(cell)) for cell in position.legal_moves)
        win = draw = 0.0
        for probability, cells in medium.options(position):
            for cell in cells:
                after = chances(position.play(cell))
                win += probability * after[0] / len(cells)
                draw += probability * after[1] / len(cells)
        return win, draw

    def choose(position: Position) -> tuple[Cell, Chances]:
        best = max(position.legal_moves, key=lambda cell: chances(position.play(cell)))
        return best, chances(position.play(best))

    chances(Position.empty(board))
    return choose


def play(board: str, x: Callable[[Position], Cell], seed: int, slip: float) -> Mark | None:
    """One game of ``x`` against a medium O seeded with ``seed``; the winner."""
    medium = MediumPlayer(random.Random(seed), slip=slip)
    position = Position.empty(board)
    while not position.is_over:
        position = position.play(x(position) if position.to_move is Mark.X else medium.choose(position))
    return position.outcome.winner


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", default="3x3k3")
    parser.add_argument("--games", type=int, default=1000, help="seeded games of each X (default 1000)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--slip", type=float, default=MEDIUM_SLIP,
                        help=f"how often medium overlooks a fork (default {MEDIUM_SLIP:g}, its own)")
    args = parser.parse_args(argv)
    board = str(Position.empty(args.board).spec)
    choose = best_x(board, args.slip)
    empty = Position.empty(board)
    first, (win, draw) = choose(empty)
    print(f"medium as O on {board}, overlooking a fork {args.slip:.0%} of the time")
    print(f"best X, exact:    wins {win:.1%}, draws {draw:.1%}, loses {1 - win - draw:.1%} "
          f"(opening {empty.cell_name(first)})")
    rng = random.Random(args.seed)
    seeds = [rng.getrandbits(64) for _ in range(args.games)]
    wins = sum(play(board, lambda position: choose(position)[0], seed, args.slip) is Mark.X for seed in seeds)
    print(f"best X, played:   wins {wins} of {args.games} games ({wins / args.games:.1%})")
    perfect_wins = 0
    for seed in seeds:
        perfect = make_player("perfect", seed=seed ^ 1)
        perfect_wins += play(board, perfect.choose, seed, args.slip) is Mark.X
    print(f"perfect X, played: wins {perfect_wins} of {args.games} games ({perfect_wins / args.games:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
