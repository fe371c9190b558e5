"""What another Gomoku engine makes of the proof's open ends and of the moves its splits picked.

    .venv/bin/python bench/judge_positions.py BRAIN_COMMAND [--ends 40] [--picked 40] [--seed 1]
                                              [--turn-ms 2000]

The proof's searches say only "proven" or "not proven"; a strong engine says which side it thinks
wins. This draws a seeded sample of the open ends of the splits (``prove_gomoku.py --open``; X to
move) and of the positions after the moves the probes picked (O to move), asks the brain for a move
in each through the Gomocup protocol (``BrainPlayer``, the client the app uses) and reads its
evaluation from its ``MESSAGE`` lines in Rapfi's form: ``Eval +M21``, a win for the side to move
within 21 plies; ``Eval -M14``, a loss within 14; ``Eval -136``, a score. It prints a line for each
position, then for each kind the positions whose win it found for X (and how many of those end
within the proof's 35 plies), for O, and neither, with the range of those scores.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from dataclasses import dataclass

from counter_threats import picked_moves
from ply_limit import sample as open_end_sample

from tictactoe_tui.engine import Mark, Position
from tictactoe_tui.engine.errors import GameError
from tictactoe_tui.engine.proof.book import BOARD
from tictactoe_tui.engine.proof.campaign import moves_name
from tictactoe_tui.engine.proof.unit_search import PLIES
from tictactoe_tui.gomocup.client import BrainFailure, BrainPlayer
from tictactoe_tui.gomocup.evaluation import evaluated_move, evaluation


@dataclass(frozen=True)
class Judgement:
    """The brain's word on one position: whose win it found (and in how many plies), or its score."""

    moves: tuple[int, ...]
    move: int | None
    winner: Mark | None
    plies: int | None
    """The plies to the win the brain found, from this position."""
    score: int | None
    """The brain's score for the side to move, when it found no win either way."""

    @property
    def within_bound(self) -> bool:
        return self.plies is not None and len(self.moves) + self.plies <= PLIES

    def text(self) -> str:
        move = "no move" if self.move is None else BOARD.cell_name(self.move)
        if self.winner is not None and self.plies is not None:
            total = len(self.moves) + self.plies
            verdict = f"{self.winner} wins within {self.plies} plies ({total} from the empty board)"
        else:
            verdict = "no evaluation" if self.score is None else f"score {self.score:+d} for the side to move"
        return f"{moves_name(self.moves)}: {move}, {verdict}"


def judge(brain: BrainPlayer, moves: tuple[int, ...]) -> Judgement:
    """The brain's move and word on the position after ``moves``: none from a brain that fails there
    (the next position starts it again)."""
    position = Position.from_moves(BOARD, list(moves))
    try:
        move, said = evaluated_move(brain, position)
    except BrainFailure as error:
        print(f"{moves_name(moves)}: the brain failed ({error})", file=sys.stderr, flush=True)
        return Judgement(moves, None, *evaluation(brain.messages(), position.to_move))
    return Judgement(moves, move, *said)


def totals(kind: str, judged: list[Judgement]) -> str:
    x_wins = [one for one in judged if one.winner is Mark.X]
    o_wins = [one for one in judged if one.winner is Mark.O]
    scores = [one.score for one in judged if one.winner is None and one.score is not None]
    unsettled = len(judged) - len(x_wins) - len(o_wins)
    spread = f" (scores {min(scores):+d} to {max(scores):+d})" if scores else ""
    within = sum(one.within_bound for one in x_wins)
    return (f"{kind}: {len(judged)}; X's win found in {len(x_wins)} ({within} within {PLIES} plies), "
            f"O's in {len(o_wins)}, neither in {unsettled}{spread}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("brain", help="the brain's command line, e.g. '/path/to/pbrain-rapfi'")
    parser.add_argument("--ends", type=int, default=40, help="how many open ends (default 40)")
    parser.add_argument("--picked", type=int, default=40, help="how many picked moves (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turn-ms", type=int, default=2000, help="the brain's time a position, in ms")
    args = parser.parse_args(argv)
    if args.ends < 0 or args.picked < 0 or args.turn_ms < 1:
        parser.error("--ends and --picked must not be negative, and --turn-ms must be at least 1")
    kinds = {"open ends, X to move": open_end_sample(args.ends, args.seed) if args.ends else [],
             "after picked moves, O to move": picked_moves(args.picked, args.seed) if args.picked else []}
    try:
        player = BrainPlayer(shlex.split(args.brain), time_limit=args.turn_ms / 1000)
    except (GameError, ValueError) as error:  # no program, or quotes left open
        parser.error(f"no brain to run in {args.brain!r}: {error}")
    lines = []
    with player as brain:
        for kind, positions in kinds.items():
            judged = []
            for moves in positions:
                judged.append(judge(brain, moves))
                print(judged[-1].text(), flush=True)
            if positions:
                lines.append(totals(kind, judged))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
