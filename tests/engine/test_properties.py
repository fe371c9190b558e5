"""Properties of random games on random boards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe_tui.engine import BoardSpec, Mark, Position, Status, parse_record, win_lines


@st.composite
def games(draw: st.DrawFn) -> Position:
    """A random board and a random legal game on it, possibly finished."""
    width = draw(st.integers(1, 8))
    height = draw(st.integers(1, 8))
    k = draw(st.integers(1, max(width, height)))
    position = Position.empty(BoardSpec(width, height, k))
    length = draw(st.integers(0, width * height))
    for _ in range(length):
        if position.is_over:
            break
        position = position.play(draw(st.sampled_from(position.legal_moves)))
    return position


@settings(max_examples=300, deadline=None)
@given(games())
def test_records_round_trip(position: Position) -> None:
    assert parse_record(position.record) == position
    assert parse_record(position.record).record == position.record


@settings(max_examples=300, deadline=None)
@given(games())
def test_outcome_agrees_with_the_win_lines(position: Position) -> None:
    lines = win_lines(position.spec).masks
    x_won = any(position.x & mask == mask for mask in lines)
    o_won = any(position.o & mask == mask for mask in lines)
    assert not (x_won and o_won)
    status = position.outcome.status
    assert (status is Status.X_WINS) == x_won
    assert (status is Status.O_WINS) == o_won
    full = position.occupied == position.spec.full_mask
    assert (status is Status.DRAW) == (full and not x_won and not o_won)
    if position.outcome.line:
        cells = position.outcome.line
        assert len(cells) == position.spec.k
        assert all(position[cell] is position.outcome.winner for cell in cells)


@settings(max_examples=300, deadline=None)
@given(games())
def test_legal_moves_are_empty_exactly_when_the_game_is_over(position: Position) -> None:
    assert (position.legal_moves == ()) == position.is_over
    empty = [cell for cell in range(position.spec.cells) if position[cell] is None]
    if not position.is_over:
        assert list(position.legal_moves) == empty


@settings(max_examples=200, deadline=None)
@given(games())
def test_marks_alternate_from_x(position: Position) -> None:
    x_count = position.x.bit_count()
    o_count = position.o.bit_count()
    assert x_count - o_count in (0, 1)
    assert position.to_move is (Mark.X if x_count == o_count else Mark.O)
    assert position.x & position.o == 0


@settings(max_examples=200, deadline=None)
@given(games())
def test_undo_then_replay_is_the_same_position(position: Position) -> None:
    if position.moves:
        assert position.undo().play(position.moves[-1]) == position
