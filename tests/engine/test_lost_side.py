"""A side that cannot win still resists: it blocks the four in front of it and loses as late as it can.

On a big board the perfect player often cannot prove anything in its time, and when it can, it may
prove that every move loses; either way a person would block, and so must it.
"""

from __future__ import annotations

import pytest

from tictactoe_tui.engine import Position, Value, make_player, solve

GUARD = 60.0
"""Seconds after which a runaway proof gives up: a guard against hanging, never reached."""


def _alternate(x: str, o: str) -> Position:
    """The Gomoku position after X's and O's moves taken in turn, X first."""
    xs, os_ = x.split(), o.split()
    moves = [cell for pair in zip(xs, os_, strict=False) for cell in pair]
    return Position.from_moves("15x15k5", " ".join(moves + xs[len(os_):]))


@pytest.mark.parametrize(
    ("x", "o", "block"),
    [
        ("e8 f8 g8 h8", "d8 a1 a3", "i8"),  # a four closed at d8: only i8 saves O
        ("e8 f8 h8 i8", "d8 a1 a3", "g8"),  # a broken four: the gap is the block
    ],
    ids=["simple four", "broken four"],
)
def test_the_perfect_player_blocks_a_four(x: str, o: str, block: str) -> None:
    position = _alternate(x, o)
    for seed in (1, 2):
        player = make_player("perfect", seed=seed, time_limit=0.5)
        assert position.cell_name(player.choose(position)) == block


def test_a_lost_side_blocks_the_four_and_loses_as_late_as_it_can() -> None:
    # X's four e8-h8 (closed at d8) and open three k3-k5: O is lost, in 2 plies if it lets the four
    # stand and in 4 if it blocks at i8 and X opens the three into an open four.
    position = _alternate("e8 f8 g8 h8 k3 k4 k5", "d8 a1 a3 a5 a7 a9")
    result = solve(position, time_limit=GUARD)
    assert (result.value, result.plies) == (Value.LOSS, 4)
    assert [position.cell_name(cell) for cell in result.best_moves] == ["i8"], "only the block loses slowest"
    assert position.cell_name(make_player("perfect", seed=1, time_limit=0.5).choose(position)) == "i8"


def test_a_lost_side_blocks_an_open_four_beside_other_threats() -> None:
    # X's open four e8-h8 and open three k3-k5: every O move loses at X's next move, blocking or not,
    # so the proof alone would pick any cell; a person blocks an end of the four.
    position = _alternate("e8 f8 g8 h8 k3 k4 k5", "a1 a3 a5 a7 a9 a11")
    assert solve(position, time_limit=GUARD).value is Value.LOSS
    for seed in (1, 2, 3):
        player = make_player("perfect", seed=seed, time_limit=0.5)
        assert position.cell_name(player.choose(position)) in {"d8", "i8"}
