"""Another engine's evaluation of a position, read from its MESSAGE lines in Rapfi's form, and its
move with it from a real brain process."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tictactoe_tui.engine import BoardSpec, Mark, Position
from tictactoe_tui.gomocup.client import BrainPlayer
from tictactoe_tui.gomocup.evaluation import evaluated_move, evaluation

FAKE_BRAIN = Path(__file__).resolve().parent / "fake_brain.py"


@pytest.mark.parametrize(("message", "to_move", "expected"), [
    ("Speed 647K | Depth 23-47 | Eval -136 | Node 3217K | Time 4970ms", Mark.X, (None, None, -136)),
    ("Speed 526K | Depth 22-21 | Eval +M25 | Node 205K | Time 391ms", Mark.X, (Mark.X, 25, None)),
    ("Depth 20-17 | Eval +M21 | Node 80K", Mark.O, (Mark.O, 21, None)),
    ("Depth 3 | Eval -M14 | Node 1K", Mark.O, (Mark.X, 14, None)),
    ("thinking hard", Mark.X, (None, None, None)),
])
def test_an_evaluation_is_read_in_rapfis_form(message: str, to_move: Mark,
                                              expected: tuple[Mark | None, int | None, int | None]) -> None:
    assert evaluation(["Bestline H8 G7", message], to_move) == expected


def test_the_last_evaluation_of_a_move_is_the_one_taken() -> None:
    messages = ["Depth 1 | Eval 12", "Depth 2 | Eval +M9"]
    assert evaluation(messages, Mark.X) == (Mark.X, 9, None)


def test_a_move_comes_with_what_the_brain_said_of_its_own_position_not_of_an_earlier_one() -> None:
    # The judging fake brain evaluates a position of n stones as +Mn, -Mn or -10n by n modulo 3.
    spec = BoardSpec(15, 15, 5)
    with BrainPlayer([sys.executable, str(FAKE_BRAIN), "judging"], time_limit=5.0) as brain:
        move, said = evaluated_move(brain, Position.from_moves(spec, [112, 96, 98]))
        assert said == (Mark.O, 3, None), "+M3: the side to move, O, wins"
        assert move not in (112, 96, 98)
        brain.choose(Position.from_moves(spec, [112, 96, 98, 97]))  # -M4 said, and left unread
        _, said = evaluated_move(brain, Position.from_moves(spec, [112, 96, 98, 97, 99]))
        assert said == (None, None, -50), "the score of five stones, not the -M4 of four"
