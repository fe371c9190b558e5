"""Matches between two Gomocup brains on 15x15 freestyle, through the protocol, from balanced openings.

    .venv/bin/python bench/ladder.py A_COMMAND B_COMMAND [--turn-ms 1000] [--turn-ms-b MS]
                                     [--openings 26] [--games-file FILE]

Each brain is any command that speaks the Gomocup brain protocol: ours
(``pbrain-tictactoe-tui``), another build of ours installed in its own
environment (the baseline a change is measured against), or any external
brain. Both are driven by ``BrainPlayer``, the client the app uses, so a
brain that answers late, illegally or not at all loses that game. Ours
chooses among equally good moves at random unless its command gives it a
seed; with a node budget as well (``pbrain-tictactoe-tui --seed 1 --nodes
10000``) that it reaches within the time a move, its moves no longer depend
on the clock and a match replays.

The openings are the 26 canonical three-stone openings of Renju (13 direct,
13 indirect: the first stone in the centre, the second beside it or on its
diagonal, the third in the central 5x5), each played twice with the colours
exchanged, so that whatever an opening gives one side cancels out. The
script prints each game as it ends, then the score of A, the Elo difference
with its 95% margin, and the games' lengths. With ``--games-file`` every
finished game is appended to that file (one JSON object a line) and a run
with the same file skips the games it already holds, so a long match can be
stopped and resumed.

Example, ours against the engine as it was at a commit (installed apart):

    git worktree add /tmp/baseline COMMIT && python3 -m venv /tmp/baseline-env \\
        && /tmp/baseline-env/bin/pip install -q /tmp/baseline
    .venv/bin/python bench/ladder.py .venv/bin/pbrain-tictactoe-tui /tmp/baseline-env/bin/pbrain-tictactoe-tui
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import statistics
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from tictactoe_tui.engine import BoardSpec, Mark, Position
from tictactoe_tui.gomocup.client import BrainFailure, BrainPlayer

SPEC = BoardSpec(15, 15, 5)
CENTRE = (7, 7)


@dataclass(frozen=True)
class Game:
    """One finished game: the opening, who played X, the result for A (1, 0.5, 0) and the record."""

    opening: int
    a_plays: str
    score_a: float
    plies: int
    record: str
    ended: str


def openings() -> list[tuple[tuple[int, int], ...]]:
    """The 26 canonical openings: three stones (X, O, X) as (column, row) cells of the 15x15 board.

    For each second stone (beside the first, or on its diagonal), the third goes on every empty cell
    of the central 5x5, one of each pair that the one mirror keeping the first two stones in place
    makes alike.
    """
    found: list[tuple[tuple[int, int], ...]] = []
    for second, mirror in (((0, 1), lambda dx, dy: (-dx, dy)), ((1, 1), lambda dx, dy: (dy, dx))):
        seen: set[tuple[int, int]] = set()
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                if (dx, dy) in ((0, 0), second) or mirror(dx, dy) in seen:
                    continue
                seen.add((dx, dy))
                found.append(tuple((CENTRE[0] + x, CENTRE[1] + y) for x, y in ((0, 0), second, (dx, dy))))
    return found


def opening_position(stones: tuple[tuple[int, int], ...]) -> Position:
    position = Position.empty(SPEC)
    for column, row in stones:
        position = position.play(SPEC.cell_at(column, row))
    return position


def play(opening: int, a_plays: Mark, a: BrainPlayer, b: BrainPlayer) -> Game:
    """One game from ``opening`` with A on ``a_plays``; a brain that fails loses it."""
    return play_from(opening_position(openings()[opening]), opening, a_plays, a, b)


def play_from(position: Position, number: int, a_plays: Mark, a: BrainPlayer, b: BrainPlayer) -> Game:
    """Game ``number``, from ``position``, with A on ``a_plays``; a brain that fails loses it."""
    players = {a_plays: a, a_plays.other: b}
    ended = "five"
    while not position.is_over:
        mover = position.to_move
        try:
            position = position.play(players[mover].choose(position))
        except BrainFailure as error:
            ended = f"{mover} failed: {error}"
            winner: Mark | None = mover.other
            break
    else:
        winner = position.outcome.winner
        ended = "five" if winner is not None else "board full"
    score_a = 0.5 if winner is None else float(winner is a_plays)
    return Game(number, str(a_plays), score_a, len(position.moves), position.record, ended)


def elo(score: float) -> float:
    """The Elo difference that expects ``score`` (a share of the points, strictly between 0 and 1)."""
    return -400 * math.log10(1 / score - 1)


def summary(games: list[Game]) -> list[str]:
    """The score of A, the Elo difference with its 95% margin, and the games' lengths.

    A clean sweep has no finite Elo: the estimate then takes half a game's points from the winner
    (the usual correction), and the margin the variance of that score, so it says "at least" honestly.
    """
    scores = [game.score_a for game in games]
    count = len(scores)
    wins, draws = scores.count(1.0), scores.count(0.5)
    points = sum(scores)
    mean = points / count
    swept = mean in (0.0, 1.0)
    centre = (points + 0.5) / (count + 1) if swept else mean
    variance = centre * (1 - centre) if swept else statistics.pvariance(scores)
    spread = 1.96 * math.sqrt(variance / count)
    low, high = (min(max(centre + sign * spread, 0.001), 0.999) for sign in (-1, 1))
    lengths = [game.plies for game in games]
    failures = [game for game in games if "failed" in game.ended]
    return [
        f"games: {count}  A: +{wins} ={draws} -{count - wins - draws}  score {100 * mean:.1f}%",
        f"Elo of A over B: {elo(centre) + 0.0:+.0f} (95%: {elo(low):+.0f} to {elo(high):+.0f})"
        + ("  (a clean sweep: the true difference may be larger)" if swept else ""),
        f"plies: mean {statistics.mean(lengths):.1f}, min {min(lengths)}, max {max(lengths)}",
        f"games lost by a failing brain: {len(failures)}",
    ]


def schedule(count: int) -> Iterator[tuple[int, Mark]]:
    for opening in range(count):
        yield opening, Mark.X
        yield opening, Mark.O


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="brain A's command line, e.g. '.venv/bin/pbrain-tictactoe-tui'")
    parser.add_argument("b", help="brain B's command line")
    parser.add_argument("--turn-ms", type=int, default=1000, help="time per move for A (and B), in ms")
    parser.add_argument("--turn-ms-b", type=int, default=None, help="B's time per move, for time odds")
    parser.add_argument("--openings", type=int, default=26, choices=range(1, 27), metavar="N",
                        help="play the first N of the 26 openings, each with both colours (default 26)")
    parser.add_argument("--games-file", type=Path, default=None,
                        help="append each game to this JSON-lines file, and skip the games it holds")
    args = parser.parse_args()
    done: dict[tuple[int, str], Game] = {}
    if args.games_file is not None and args.games_file.exists():
        for line in args.games_file.read_text().splitlines():
            game = Game(**json.loads(line))
            done[(game.opening, game.a_plays)] = game
    turn_b = args.turn_ms if args.turn_ms_b is None else args.turn_ms_b
    print(f"A: {args.a} at {args.turn_ms} ms a move\nB: {args.b} at {turn_b} ms a move", flush=True)
    games: list[Game] = []
    with (BrainPlayer(shlex.split(args.a), time_limit=args.turn_ms / 1000) as a,
          BrainPlayer(shlex.split(args.b), time_limit=turn_b / 1000) as b):
        for opening, a_plays in schedule(args.openings):
            game = done.get((opening, str(a_plays)))
            if game is None:
                game = play(opening, a_plays, a, b)
                if args.games_file is not None:
                    with args.games_file.open("a") as file:
                        file.write(json.dumps(asdict(game)) + "\n")
            games.append(game)
            result = {1.0: "A wins", 0.5: "draw", 0.0: "B wins"}[game.score_a]
            print(f"opening {opening + 1:2} A as {game.a_plays}: {result} in {game.plies} plies "
                  f"({game.ended})  {game.record}", flush=True)
    print("\n".join(summary(games)))


if __name__ == "__main__":
    sys.exit(main())
