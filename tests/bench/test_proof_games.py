"""The proof played through the Gomocup protocol: our brain as X, from the shipped proof, against a
brain as O, after each first reply the proof holds whole."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_atlas import _bench_module

from tictactoe_tui.engine import Mark, Position
from tictactoe_tui.engine.proof.book import BOARD, shipped_win
from tictactoe_tui.engine.proof.campaign import CENTRE, first_replies

proof_games = _bench_module("proof_games")
BRAIN = [str(Path(sys.executable).parent / "pbrain-tictactoe-tui")]


def test_the_games_start_from_the_empty_board_then_after_each_first_reply() -> None:
    starts = proof_games.starts()
    assert starts[0] == () and len(starts) == 1 + 35
    assert starts[1:] == [(CENTRE, reply) for reply in first_replies()]


@pytest.mark.slow
def test_our_brain_as_x_wins_within_the_bound_where_the_proof_is_whole() -> None:
    # Game 1 (O's corner reply, the first the proof held whole) against our own brain as O, which
    # defends as well as it can at 0.1 s a move: every X move comes from the proof.
    number = 1
    moves = list(proof_games.starts()[number])
    assert shipped_win(Position.from_moves(BOARD, moves)) is not None
    with (proof_games.BrainPlayer(BRAIN, time_limit=1.0) as x,
          proof_games.BrainPlayer(BRAIN, time_limit=0.1) as o):
        game = proof_games.play_from(Position.from_moves(BOARD, moves), number, Mark.X, x, o)
    assert game.score_a == 1.0 and game.ended == "five", game
    assert game.plies <= proof_games.PLIES
