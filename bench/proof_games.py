"""Our brain as X on 15x15 freestyle against another Gomocup brain as O: the proof, played.

    .venv/bin/python bench/proof_games.py O_COMMAND [--turn-ms 1000] [--x COMMAND] [--games-file FILE]

Game 0 starts from the empty board, and O answers the centre as it likes; games 1 to 35 start
after the centre and one of O's 35 first replies up to symmetry (``proof.campaign.first_replies``),
so that every branch of the proof meets the other brain's defence at least once. Our brain plays
X, O plays at ``--turn-ms`` a move. Both are driven by ``BrainPlayer``, the client the app uses, so
a brain that answers late or illegally loses. The script prints each game as it ends, with its
plies against the proof's bound of 35, then how many X won and the longest game. With
``--games-file`` every finished game is appended to that file and a run with the same file skips
the games it holds, so matches at several times a move can be kept apart and resumed.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from dataclasses import asdict
from pathlib import Path

from ladder import SPEC, Game, play_from

from tictactoe_tui.engine import Mark, Position
from tictactoe_tui.engine.proof.campaign import CENTRE, first_replies
from tictactoe_tui.gomocup.client import BrainPlayer

PLIES = 35
"""The proof's bound from the empty board."""


def starts() -> list[tuple[int, ...]]:
    """The moves each game starts from: none, then the centre and each first reply of O."""
    return [(), *((CENTRE, reply) for reply in first_replies())]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("o", help="O's command line, e.g. '/path/to/pbrain-rapfi'")
    parser.add_argument("--x", default=str(Path(sys.executable).with_name("pbrain-tictactoe-tui")),
                        help="our brain's command line (default: the one beside this Python)")
    parser.add_argument("--turn-ms", type=int, default=1000, help="O's time a move, in ms")
    parser.add_argument("--games-file", type=Path, default=None,
                        help="append each game to this JSON-lines file, and skip the games it holds")
    args = parser.parse_args()
    done: dict[int, Game] = {}
    if args.games_file is not None and args.games_file.exists():
        for line in args.games_file.read_text().splitlines():
            game = Game(**json.loads(line))
            done[game.opening] = game
    print(f"X: {args.x}\nO: {args.o} at {args.turn_ms} ms a move", flush=True)
    games: list[Game] = []
    with (BrainPlayer(shlex.split(args.x), time_limit=1.0) as x,
          BrainPlayer(shlex.split(args.o), time_limit=args.turn_ms / 1000) as o):
        for number in range(len(starts())):
            game = done.get(number)
            if game is None:
                game = play_from(Position.from_moves(SPEC, list(starts()[number])), number, Mark.X, x, o)
                if args.games_file is not None:
                    with args.games_file.open("a") as file:
                        file.write(json.dumps(asdict(game)) + "\n")
            games.append(game)
            result = {1.0: "X wins", 0.5: "draw", 0.0: "O wins"}[game.score_a]
            within = "within" if game.plies <= PLIES else "beyond"
            print(f"game {number:2}: {result} in {game.plies} plies, {within} the bound ({game.ended})  "
                  f"{game.record}", flush=True)
    won = sum(game.score_a == 1.0 for game in games)
    print(f"X won {won} of {len(games)}; the longest game {max(game.plies for game in games)} plies, "
          f"{sum(game.plies <= PLIES for game in games)} within {PLIES}")
    return 0 if won == len(games) else 1


if __name__ == "__main__":
    sys.exit(main())
