"""How long X's move from the shipped Gomoku proof takes to find, move by move, in a fresh process.

    .venv/bin/python bench/proof_lookup.py [--seed 1]

One line a first reply of O (the 35 up to symmetry): the centre, that reply, then X's moves from the
proof against O's replies near the marks after which the proof promises the longest win (the replies
that keep a game deepest in the biggest trees; chosen here, in this process). Each line is then replayed in a
process of its own, as a Gomocup brain meets it: nothing read yet, and each of X's turns one
``shipped_win`` of the position, timed. The table gives each line's slowest turn; the summary the
median and the slowest turn over all lines, and how many took more than a second, the time a
Gomocup manager commonly gives a move. Timings taken while other work shares the processor run
long: run it on a quiet machine for figures worth quoting.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time

from second_move import within

from tictactoe_tui.engine.proof.book import BOARD, shipped_book, shipped_win
from tictactoe_tui.engine.proof.campaign import CENTRE, first_replies
from tictactoe_tui.engine.rules.position import Position

SLOW = 1.0
"""Seconds a turn should stay within: a Gomocup manager's usual time a move."""


def line(reply: int, rng: random.Random) -> list[int]:
    """The centre, ``reply``, then the proof's X moves against O's longest-promising replies, until
    the game ends or leaves the proof."""
    book = shipped_book()
    assert book is not None, "the package has no proof"
    position = Position.from_moves(BOARD, [CENTRE, reply])
    while not position.is_over:
        if position.to_move.index == 0:
            found = book.lookup(position)
            if found is None or found.move is None:
                break
            position = position.play(found.move)
            continue
        longest: dict[int, list[int]] = {}
        for cell in near(position):
            after = book.lookup(position.play(cell))
            if after is not None:
                longest.setdefault(after.plies, []).append(cell)
        if not longest:
            break
        position = position.play(rng.choice(longest[max(longest)]))
    return list(position.moves)


def near(position: Position) -> list[int]:
    """The empty cells within two rows and columns of a mark: where a defence is played (far from
    every mark, a reply of O is answered by a threat tree at once, and leads nowhere deep)."""
    return [cell for cell in position.legal_moves if within(cell, position.moves, 2)]


def timed_turns(moves: list[int]) -> list[tuple[int, float]]:
    """Child: each of X's turns along ``moves`` with the seconds its look-up took, in order."""
    turns = []
    for ply in range(2, len(moves) + 1, 2):
        position = Position.from_moves(BOARD, moves[:ply])
        if position.is_over:
            break
        start = time.perf_counter()
        found = shipped_win(position)
        turns.append((ply, time.perf_counter() - start))
        if found is None:
            break
    return turns


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(timed_turns(json.loads(args.child))))
        return 0
    rng = random.Random(args.seed)
    every: list[float] = []
    print(f"{'first reply':>11}  {'plies':>5}  {'turns':>5}  {'slowest':>8}  at ply")
    for reply in first_replies():
        moves = line(reply, rng)
        done = subprocess.run([sys.executable, __file__, "--child", json.dumps(moves)],
                              capture_output=True, text=True, check=True)
        turns = [(ply, seconds) for ply, seconds in json.loads(done.stdout)]
        every.extend(seconds for _, seconds in turns)
        ply, slowest = max(turns, key=lambda turn: turn[1])
        print(f"{BOARD.cell_name(reply):>11}  {len(moves):>5}  {len(turns):>5}  {slowest:>7.3f}s  {ply}")
    over = sum(seconds > SLOW for seconds in every)
    print(f"{len(every)} turns: median {statistics.median(every) * 1000:.1f} ms, slowest {max(every):.3f} s, "
          f"{over} over {SLOW:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
