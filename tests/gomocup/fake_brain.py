"""A Gomocup brain that misbehaves in one chosen way, for testing the clients that run brains.

Usage: python fake_brain.py MODE, where MODE is one of
  occupied  answers every move with the first stone it was told about (or 0,0 twice)
  sleep     never answers a move (sleeps for a minute)
  exit      exits with status 3 when asked for a move
  garbage   answers a move with a line that is not a move
  huge      answers a move with a coordinate of 5,000 digits
  refuse    answers START with ERROR
  chatty    prints MESSAGE and DEBUG lines, then plays the first empty cell from the top-left
  lateabout answers ABOUT only just before its first move, then plays like chatty
  settling  plays like chatty, but drops every command that comes within 20 ms of its move, as
            Rapfi does while its search winds down
  judging   plays like chatty, but its MESSAGE gives an evaluation in Rapfi's form that follows
            from the stones on the board, n of them: Eval +Mn when n is a multiple of 3, -Mn one
            more, and the score -10n one less
It answers START/RECTSTART with OK and ABOUT with its name in every mode but refuse.
"""

from __future__ import annotations

import sys
import time


def main(mode: str) -> int:
    width = height = 0
    taken: list[tuple[int, int]] = []
    board = False
    for raw in sys.stdin:
        line = raw.strip()
        word, _, argument = line.partition(" ")
        word = word.upper()
        if mode == "settling" and time.monotonic() < settled_at and word not in {"END", "STOP"}:
            if not board and "," in line:
                say(f"ERROR Unknown command: {line}")  # what Rapfi answers to a stray line of a BOARD
            continue
        if board:
            if word == "DONE":
                board = False
                answer(mode, taken, width, height)
            else:
                x, y, _field = line.split(",")
                taken.append((int(x), int(y)))
            continue
        if word in {"START", "RECTSTART"}:
            if mode == "refuse":
                say("ERROR this board is too small for my liking")
                continue
            size = argument.split(",")
            width, height = int(size[0]), int(size[-1])
            say("OK")
        elif word == "ABOUT" and mode != "lateabout":
            say(f'name="fake {mode}", version="1"')
        elif word == "END":
            return 0
        elif word == "BEGIN":
            answer(mode, taken, width, height)
        elif word == "TURN":
            x, y = argument.split(",")
            taken.append((int(x), int(y)))
            answer(mode, taken, width, height)
        elif word == "BOARD":
            taken, board = [], True
    return 0


settled_at = 0.0
"""In mode settling: the brain drops commands until this ``time.monotonic``."""


def answer(mode: str, taken: list[tuple[int, int]], width: int, height: int) -> None:
    global settled_at
    settled_at = time.monotonic() + 0.02
    if mode == "occupied":
        x, y = taken[0] if taken else (0, 0)
        taken.append((x, y))
        say(f"{x},{y}")
    elif mode == "sleep":
        time.sleep(60)
    elif mode == "exit":
        print("giving up", file=sys.stderr, flush=True)
        sys.exit(3)
    elif mode == "garbage":
        say("I resign, probably")
    elif mode == "huge":
        say(f"{'9' * 5000},1")
    else:
        if mode == "lateabout" and len(taken) <= 1:
            say(f'name="fake {mode}", version="1"')
        if mode == "judging":
            say(f"MESSAGE Depth 3 | Eval {evaluation(len(taken))} | Node 1K")
        else:
            say("MESSAGE thinking hard")
        say("DEBUG nothing to see")
        free = next((x, y) for y in range(height) for x in range(width) if (x, y) not in taken)
        taken.append(free)
        say(f"{free[0]},{free[1]}")


def evaluation(stones: int) -> str:
    return [f"+M{stones}", f"-M{stones}", str(-10 * stones)][stones % 3]


def say(line: str) -> None:
    print(line, flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
