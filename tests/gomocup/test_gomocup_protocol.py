"""The protocol's words, and its x,y (0-based, y from the top) against the engine's a1 at the bottom left."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tictactoe_tui.engine import BoardSpec, NotationError
from tictactoe_tui.gomocup.protocol import (
    about_name,
    format_cell,
    from_protocol,
    parse_board_line,
    parse_cell,
    parse_command,
    parse_size,
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
    with pytest.raises(NotationError, match="off the 7x5 board"):
        parse_cell(BoardSpec(7, 5, 4), text)


@pytest.mark.parametrize("text", ["", "7", "7,", ",7", "a,b", "7;7", "7,7,7", "h8", "1.5,2"])
def test_malformed_coordinates_are_refused(text: str) -> None:
    with pytest.raises(NotationError, match="not a coordinate pair"):
        parse_cell(BoardSpec(15, 15, 5), text)


def test_commands_are_case_blind_and_keep_their_argument() -> None:
    assert parse_command("turn 7, 8\r\n") == parse_command("TURN 7, 8")
    assert parse_command("TURN 7, 8").argument == "7, 8"
    assert parse_command("  ").word == ""


def test_sizes_boards_and_about_lines() -> None:
    assert parse_size("15") == (15, 15)
    assert parse_size("20,15") == (20, 15)
    with pytest.raises(NotationError):
        parse_size("big")
    assert parse_board_line("7,8,2") == (7, 8, 2)
    with pytest.raises(NotationError):
        parse_board_line("7,8")
    assert about_name('name="Rapfi", version="1.0", author="x"') == "Rapfi"
    assert about_name('version="1.0"') is None


def test_the_brain_and_the_client_import_no_user_interface() -> None:
    check = ("import sys, tictactoe_tui.gomocup.brain, tictactoe_tui.gomocup.client\n"
             "print(','.join(sorted(n for n in sys.modules if n.split('.')[0] in {'textual', 'rich'})))")
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
