"""The look-up benchmark's lines: from a first reply, X's moves from the proof to a five, O's replies
near the marks; each of X's turns timed once."""

from __future__ import annotations

import random

from test_atlas import _bench_module

from tictactoe_tui.engine.rules.position import Position, Status

proof_lookup = _bench_module("proof_lookup")
BOARD = proof_lookup.BOARD


def test_a_line_follows_the_proof_to_xs_five_and_each_x_turn_is_timed() -> None:
    reply = BOARD.parse_cell("h1")  # a first reply whose units the proof holds whole
    moves = proof_lookup.line(reply, random.Random(1))
    end = Position.from_moves(BOARD, moves)
    assert moves[:2] == [BOARD.centre, reply]
    assert end.outcome.status is Status.X_WINS and len(moves) <= 35
    for ply in range(3, len(moves), 2):  # every reply of O after the first, near a mark
        before = Position.from_moves(BOARD, moves[:ply])
        assert moves[ply] in proof_lookup.near(before)
    turns = proof_lookup.timed_turns(moves)
    assert [ply for ply, _ in turns] == list(range(2, len(moves), 2)), "each of X's turns, in order"


def test_near_is_within_two_rows_and_columns_of_a_mark() -> None:
    position = Position.from_moves(BOARD, "h8")
    assert sorted(BOARD.cell_name(cell) for cell in proof_lookup.near(position)) == sorted(
        f"{col}{row}" for col in "fghij" for row in range(6, 11) if f"{col}{row}" != "h8")
