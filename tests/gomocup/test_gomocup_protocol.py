"""The protocol's words, and its x,y (0-based, y from the top) against the engine's a1 at the bottom left."""

from __future__ import annotations

import subprocess
import sys

import pytest
from long_input import LONG, SHOWN, short_id

from tictactoe_tui.engine import BoardSpec, BoardSpecError, GameError
from tictactoe_tui.gomocup.protocol import (
    ProtocolError,
    about_name,
    format_cell,
    from_protocol,
    parse_board_line,
    parse_cell,
    parse_command,
    parse_size,
    parse_xy,
    to_protocol,
)


@pytest.mark.parametrize(
    ("board", "name", "xy"),
    [
        ("15x15k5", "h8", "7,7"),
        ("15x15k5", "a1", "0,14"),
        ("15x15k5", "a15", "0,0"),
        ("15x15k5", "o1", "14,14"),
        ("7x5k4", "a1", "0,4"),
        ("7x5k4", "g1", "6,4"),
        ("7x5k4", "a5", "0,0"),
        ("7x5k4", "g5", "6,0"),
        ("7x5k4", "c2", "2,3"),
        ("4x9k3", "d9", "3,0"),
        ("4x9k3", "b3", "1,6"),
    ],
)
def test_cell_names_map_to_protocol_coordinates(board: str, name: str, xy: str) -> None:
    spec = BoardSpec.parse(board)
    cell = spec.parse_cell(name)
    assert format_cell(spec, cell) == xy
    assert parse_cell(spec, xy) == cell


@pytest.mark.parametrize("board", ["7x5k4", "4x9k3", "1x6k1", "26x3k3"])
def test_every_cell_of_a_rectangle_goes_there_and_back(board: str) -> None:
    spec = BoardSpec.parse(board)
    seen = set()
    for cell in range(spec.cells):
        x, y = to_protocol(spec, cell)
        assert 0 <= x < spec.width and 0 <= y < spec.height
        col, row = spec.coordinates(cell)
        assert (x, y) == (col, spec.height - 1 - row)
        assert from_protocol(spec, x, y) == cell
        seen.add((x, y))
    assert len(seen) == spec.cells


@pytest.mark.parametrize("text", ["7,5", "-1,0", "0,-1", "7,0", "0,5", "100,100"])
def test_coordinates_off_a_7x5_board_are_refused(text: str) -> None:
    with pytest.raises(ProtocolError, match="off the 7x5 board"):
        parse_cell(BoardSpec(7, 5, 4), text)


@pytest.mark.parametrize("text", ["", "7", "7,", ",7", "a,b", "7;7", "7,7,7", "h8", "1.5,2"])
def test_malformed_coordinates_are_refused(text: str) -> None:
    with pytest.raises(ProtocolError, match="not a coordinate pair") as refused:
        parse_cell(BoardSpec(15, 15, 5), text)
    assert not isinstance(refused.value, GameError), "a program's malformed message, not the player's input"


def test_commands_are_case_blind_and_keep_their_argument() -> None:
    assert parse_command("turn 7, 8\r\n") == parse_command("TURN 7, 8")
    assert parse_command("TURN 7, 8").argument == "7, 8"
    assert parse_command("  ").word == ""


def test_sizes_boards_and_about_lines() -> None:
    assert parse_size("15") == (15, 15)
    assert parse_size("20,15") == (20, 15)
    with pytest.raises(ProtocolError):
        parse_size("big")
    assert parse_board_line("7,8,2") == (7, 8, 2)
    with pytest.raises(ProtocolError):
        parse_board_line("7,8")
    assert about_name('name="Rapfi", version="1.0", author="x"') == "Rapfi"
    assert about_name('version="1.0"') is None


@pytest.mark.parametrize(
    ("read", "text", "says"),
    [
        (parse_xy, f"{LONG},1", f"coordinate {SHOWN} is out of range"),
        (parse_xy, f"1,-{LONG}", f"coordinate -{'9' * 30}… is out of range"),
        (parse_board_line, f"{LONG},1,1", f"coordinate {SHOWN} is out of range"),
        (parse_board_line, f"1,1,{LONG}", f"field {SHOWN} is out of range"),
        (parse_xy, f"{LONG}", f"'{SHOWN}' is not a coordinate pair"),
        (parse_board_line, f"{LONG},1", f"'{SHOWN}' is not a board line"),
    ],
    ids=short_id,
)
def test_numbers_too_long_to_read_are_refused_in_a_short_message(read: object, text: str, says: str) -> None:
    assert callable(read)
    with pytest.raises(ProtocolError) as refused:
        read(text)
    assert str(refused.value).startswith(says)
    assert len(str(refused.value)) < 100


@pytest.mark.parametrize(("text", "field"),
                         [(LONG, "width"), (f"15,{LONG}", "height"), (f"{LONG},15", "width")], ids=short_id)
def test_a_size_too_long_to_read_is_out_of_range_like_any_other(text: str, field: str) -> None:
    with pytest.raises(BoardSpecError) as refused:
        parse_size(text)
    assert refused.value.field == field
    assert str(refused.value) == f"{field} {SHOWN} is out of range: it must be from 1 to 26"


def test_leading_zeros_are_not_digits_that_count() -> None:
    spec = BoardSpec(15, 15, 5)
    assert parse_cell(spec, f"{'0' * 5000}7,7") == parse_cell(spec, "7,7")
    assert parse_size(f"{'0' * 5000}15") == (15, 15)
    assert parse_board_line(f"7,7,{'0' * 5000}1") == (7, 7, 1)


def test_the_brain_and_the_client_import_no_user_interface() -> None:
    check = ("import sys, tictactoe_tui.gomocup.brain, tictactoe_tui.gomocup.client\n"
             "print(','.join(sorted(n for n in sys.modules if n.split('.')[0] in {'textual', 'rich'})))")
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
