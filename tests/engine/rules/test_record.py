"""Game records such as ``4x4k3: b2 a1 c3``."""

from __future__ import annotations

import pytest
from long_input import LONG, SHOWN, short_id

from tictactoe_tui.engine import (
    BoardSpec,
    BoardSpecError,
    IllegalMoveError,
    NotationError,
    Position,
    Status,
    format_record,
    parse_record,
)


def test_a_record_reaches_its_position() -> None:
    position = parse_record("4x4k3: b2 a1 c3")
    assert position.spec == BoardSpec(4, 4, 3)
    assert [position.cell_name(cell) for cell in position.moves] == ["b2", "a1", "c3"]
    assert format_record(position) == "4x4k3: b2 a1 c3"


@pytest.mark.parametrize(
    ("text", "record"),
    [
        ("3x3:", "3x3k3:"),
        ("3x3", "3x3k3:"),
        ("  15x15 :  h8   H9,i9 ", "15x15k5: h8 h9 i9"),
        ("3x3k3: a1 a2 b1 b2 c1", "3x3k3: a1 a2 b1 b2 c1"),
    ],
)
def test_records_are_read_leniently_and_written_canonically(text: str, record: str) -> None:
    assert parse_record(text).record == record


def test_a_finished_game_round_trips() -> None:
    position = parse_record("3x3k3: a1 a2 b1 b2 c1")
    assert position.outcome.status is Status.X_WINS
    assert parse_record(position.record) == position


@pytest.mark.parametrize(
    ("text", "error", "token"),
    [
        ("", NotationError, "no board"),
        (": a1", NotationError, "no board"),
        ("3y3: a1", NotationError, "does not start with a board"),
        ("3x3 a1", NotationError, "needs a colon"),
        ("3x3: a1 zz", NotationError, r"move 2 \(zz\)"),
        ("3x3: a1 d1", NotationError, r"move 2 \(d1\)"),
        ("3x3: b2 b2", IllegalMoveError, r"move 2 \(b2\): b2 is already taken"),
        ("3x3: a1 a2 b1 b2 c1 c2", IllegalMoveError, r"move 6 \(c2\): c2 comes after the game ended"),
        ("3x3k9: a1", BoardSpecError, "k must be from 1 to 3"),
    ],
)
def test_bad_records_name_the_bad_token(text: str, error: type[Exception], token: str) -> None:
    with pytest.raises(error, match=token):
        parse_record(text)


def test_empty_record_is_the_empty_board() -> None:
    assert parse_record("5x5k4:") == Position.empty("5x5k4")



@pytest.mark.parametrize(
    ("text", "error", "says"),
    [
        (f"3x3: a{LONG}", NotationError, "is off the 3x3 board (a1 to c3)"),
        (f"3x3: b2 a{LONG} c3", NotationError, "move 2 (a999"),
        (f"{LONG}x3: a1", BoardSpecError, f"width {SHOWN} is out of range"),
        (f"3x3k{LONG}: a1", BoardSpecError, "k must be from 1 to 3"),
        (f"3x3: {'b2 ' * 5000}", IllegalMoveError, "b2 is already taken"),
        (f"{LONG} a1", NotationError, "does not start with a board"),
        (f"3x3 a1 {LONG}", NotationError, "needs a colon"),
    ],
    ids=short_id,
)
def test_long_numbers_and_long_records_give_a_short_message(text: str, error: type[Exception],
                                                            says: str) -> None:
    with pytest.raises(error) as refused:
        parse_record(text)
    message = str(refused.value)
    assert says in message
    assert len(message) < 240
