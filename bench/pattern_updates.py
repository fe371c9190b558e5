"""The boards' cost per move: microseconds a ``play`` and an ``undo`` on 15x15 Gomoku, for the
``PatternBoard`` of the tree search and the ``ThreatBoard`` of threat searches and the proof.

    .venv/bin/python bench/pattern_updates.py [--games 20] [--moves 60] [--repeat 5] [--seed 0]

The games are drawn once from the seed, with the rules alone (each move a random empty cell within
two steps of a mark, as the search's candidates are; a game stops short of a win), so every
build of each board is timed on the same moves. Each game is played out on the board
and taken back to the empty board, and the plays and the undos are timed apart; with
``--repeat``, the fastest pass over the games counts, the one least disturbed by other work.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from tictactoe_tui.engine import Position
from tictactoe_tui.engine.bigboard.lineboard import LineBoard
from tictactoe_tui.engine.bigboard.patternboard import PatternBoard
from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.rules.spec import Cell

BOARD = "15x15k5"


def near_marks(position: Position) -> list[Cell]:
    """The empty cells within two steps (in any direction) of a mark; the centre on an empty board."""
    spec = position.spec
    if not position.moves:
        return [spec.centre]
    taken = set(position.moves)
    found = set()
    for cell in taken:
        col, row = spec.coordinates(cell)
        for near_col in range(max(0, col - 2), min(spec.width, col + 3)):
            for near_row in range(max(0, row - 2), min(spec.height, row + 3)):
                found.add(spec.cell_at(near_col, near_row))
    return sorted(found - taken)


def draw_games(games: int, moves: int, seed: int) -> list[list[Cell]]:
    """``games`` random games of at most ``moves`` moves, none of them won."""
    rng = random.Random(seed)
    drawn = []
    for _ in range(games):
        position = Position.empty(BOARD)
        while len(position.moves) < moves:
            after = position.play(rng.choice(near_marks(position)))
            if after.is_over:
                break
            position = after
        drawn.append(list(position.moves))
    return drawn


def one_pass(games: list[list[Cell]], kind: type[LineBoard]) -> tuple[float, float]:
    """Seconds spent in plays and in undos, playing every game out and back once."""
    playing = undoing = 0.0
    clock = time.perf_counter
    for game in games:
        board = kind(Position.empty(BOARD))
        play, undo = board.play, board.undo
        start = clock()
        for cell in game:
            play(cell)
        middle = clock()
        for _ in game:
            undo()
        playing += middle - start
        undoing += clock() - middle
    return playing, undoing


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games drawn (default 20)")
    parser.add_argument("--moves", type=int, default=60, help="most moves a game (default 60)")
    parser.add_argument("--repeat", type=int, default=5, metavar="N", help="keep the fastest of N passes")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games (default 0)")
    args = parser.parse_args(argv)

    games = draw_games(args.games, args.moves, args.seed)
    count = sum(len(game) for game in games)
    print(f"{len(games)} games, {count:,} moves on {BOARD}")
    for kind in (PatternBoard, ThreatBoard):
        one_pass(games, kind)  # fills the tables of lines met, so no timed pass pays for that
        playing, undoing = min((one_pass(games, kind) for _ in range(max(1, args.repeat))), key=sum)
        print(f"{kind.__name__:>12}  play: {playing / count * 1e6:6.2f} us   "
              f"undo: {undoing / count * 1e6:6.2f} us   pair: {(playing + undoing) / count * 1e6:6.2f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
