"""What a brain says of a position besides its move: the evaluation in its MESSAGE lines.

The protocol carries only moves, but strong brains report their search as they go, Rapfi in this
form: ``Eval +M21``, the side to move wins within 21 plies; ``Eval -M14``, it loses within 14;
``Eval -136``, a score. Reading it lets another engine judge the proof's positions
(``bench/judge_positions.py``) or suggest X's moves to the prover (``prove_gomoku.py --advisor``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from ..engine import Cell, Mark, Position
from .client import BrainPlayer

EVAL = re.compile(r"\bEval ([+-]M)?(-?\d+)\b")


class Evaluation(NamedTuple):
    """Whose win a brain found and within how many plies, or its score for the side to move; all
    None when it said nothing of the kind."""

    winner: Mark | None
    plies: int | None
    score: int | None


def evaluation(messages: Iterable[str], to_move: Mark) -> Evaluation:
    """The evaluation in the last of ``messages`` that gives one, ``to_move`` being the side to move."""
    found = [match for message in messages if (match := EVAL.search(message))]
    if not found:
        return Evaluation(None, None, None)
    mate, number = found[-1].group(1), int(found[-1].group(2))
    if mate is None:
        return Evaluation(None, None, number)
    return Evaluation(to_move if mate == "+M" else to_move.other, number, None)


def evaluated_move(brain: BrainPlayer, position: Position) -> tuple[Cell, Evaluation]:
    """The brain's move in ``position`` and what it said of the position while it searched; a
    ``BrainFailure`` when it fails. Messages left over from an earlier move are dropped first."""
    brain.messages()
    move = brain.choose(position)
    return move, evaluation(brain.messages(), position.to_move)
