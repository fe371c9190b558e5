"""Board specs and cell names."""

from __future__ import annotations

import pytest
from long_input import LONG, SHOWN, short_id

from tictactoe_tui.engine import BoardSpec, BoardSpecError, GameError, NotationError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3x3k3", BoardSpec(3, 3, 3)),
        ("4x4k3", BoardSpec(4, 4, 3)),
        ("15x15k5", BoardSpec(15, 15, 5)),
        ("3x3", BoardSpec(3, 3, 3)),
        ("15x15", BoardSpec(15, 15, 5)),
        ("7x6", BoardSpec(7, 6, 5)),
        ("4X2", BoardSpec(4, 2, 2)),
        ("1x1", BoardSpec(1, 1, 1)),
        (" 26 x 26 k 26 ", BoardSpec(26, 26, 26)),
        ("10x1k4", BoardSpec(10, 1, 4)),
    ],
)
def test_parse_reads_sizes_and_defaults_k(text: str, expected: BoardSpec) -> None:
    """Without k the spec takes min(width, height, 5)."""
    assert BoardSpec.parse(text) == expected


@pytest.mark.parametrize("spec", [BoardSpec(3, 3, 3), BoardSpec(26, 1, 7), BoardSpec(7, 6, 4)])
def test_text_round_trips(spec: BoardSpec) -> None:
    assert BoardSpec.parse(str(spec)) == spec


@pytest.mark.parametrize(
    ("width", "height", "k", "field", "says"),
    [
        (0, 3, 1, "width", "width 0 is out of range: it must be from 1 to 26"),
        (3, 27, 3, "height", "height 27 is out of range: it must be from 1 to 26"),
        (27, 27, 3, "width", "width 27 is out of range"),
        (3, 3, 4, "k", "k must be from 1 to 3"),
        (5, 2, 6, "k", "k must be from 1 to 5"),
        (3, 3, 0, "k", "k must be from 1 to 3"),
    ],
)
def test_impossible_boards_say_what_is_allowed_and_name_the_field(
        width: int, height: int, k: int, field: str, says: str) -> None:
    with pytest.raises(BoardSpecError, match=says) as raised:
        BoardSpec(width, height, k)
    assert raised.value.field == field


@pytest.mark.parametrize(("spec", "centre"), [("3x3", "b2"), ("15x15", "h8"), ("4x4", "b2"), ("7x6", "d3"),
                                               ("1x1", "a1"), ("26x1", "m1"), ("2x5", "a3")])
def test_the_centre_is_the_middle_cell_lower_left_of_the_middle_on_even_sides(spec: str, centre: str) -> None:
    board = BoardSpec.parse(spec)
    assert board.cell_name(board.centre) == centre


def test_k_may_exceed_the_short_side() -> None:
    """A 5x2 board with k=4 is a real game: only rows can win."""
    assert BoardSpec(5, 2, 4).k == 4


@pytest.mark.parametrize("text", ["", "3", "3x", "x3", "3x3k", "3*3", "axb", "3x3k3x"])
def test_malformed_specs_raise_notation_errors(text: str) -> None:
    with pytest.raises(NotationError, match="WxH"):
        BoardSpec.parse(text)


def test_errors_are_value_errors() -> None:
    """Callers that only want to reject bad input can catch ValueError."""
    assert issubclass(GameError, ValueError)
    with pytest.raises(ValueError):
        BoardSpec.parse("99x99")


def test_a1_is_the_bottom_left_cell() -> None:
    spec = BoardSpec(4, 3, 3)
    assert spec.parse_cell("a1") == 0
    assert spec.parse_cell("d1") == 3
    assert spec.parse_cell("a2") == 4
    assert spec.parse_cell("D3") == 11
    assert spec.coordinates(11) == (3, 2)
    assert spec.cell_at(3, 2) == 11


def test_every_cell_name_round_trips_on_the_largest_board() -> None:
    spec = BoardSpec(26, 26, 5)
    names = [spec.cell_name(cell) for cell in range(spec.cells)]
    assert names[0] == "a1" and names[-1] == "z26"
    assert len(set(names)) == spec.cells
    assert [spec.parse_cell(name) for name in names] == list(range(spec.cells))


@pytest.mark.parametrize(("name", "says"), [("d1", "off the 3x3 board"), ("a4", "a1 to c3"),
                                            ("a0", "off"), ("1a", "not a cell name"), ("", "not a cell")])
def test_bad_cell_names_are_named_in_the_error(name: str, says: str) -> None:
    with pytest.raises(NotationError, match=says):
        BoardSpec(3, 3, 3).parse_cell(name)


def test_cells_further_from_the_middle_are_further_off_centre() -> None:
    board = BoardSpec.parse("9x4k4")
    names = sorted((board.cell_name(cell) for cell in range(board.cells)), key=lambda name: (
        board.off_centre(board.parse_cell(name)), name))
    assert names[:6] == ["e2", "e3", "d2", "d3", "f2", "f3"]
    assert set(names[-4:]) == {"a1", "a4", "i1", "i4"}, "the corners"



@pytest.mark.parametrize(
    ("text", "field", "says"),
    [
        (f"{LONG}x3", "width", f"width {SHOWN} is out of range: it must be from 1 to 26"),
        (f"3x{LONG}", "height", f"height {SHOWN} is out of range"),
        (f"3x3k{LONG}", "k", f"k={SHOWN} cannot be played on a 3x3 board"),
        (f"30x3k{LONG}", "width", "width 30 is out of range"),
        (f"{LONG}x{LONG}k{LONG}", "width", f"width {SHOWN} is out of range"),
        ("3x3k0000", "k", "k=0 cannot be played"),
    ],
    ids=short_id,
)
def test_numbers_too_long_to_convert_are_out_of_range_like_any_other(text: str, field: str,
                                                                     says: str) -> None:
    with pytest.raises(BoardSpecError) as refused:
        BoardSpec.parse(text)
    assert refused.value.field == field
    assert str(refused.value).startswith(says)
    assert len(str(refused.value)) < 120


def test_leading_zeros_do_not_make_a_number_long() -> None:
    assert BoardSpec.parse(f"{'0' * 5000}4x04k{'0' * 5000}3") == BoardSpec(4, 4, 3)
    assert BoardSpec(3, 3, 3).parse_cell(f"b{'0' * 5000}2") == BoardSpec(3, 3, 3).parse_cell("b2")


@pytest.mark.parametrize("name", [f"a{LONG}", f"a1{'0' * 30}"], ids=short_id)
def test_a_row_number_of_any_length_is_off_the_board(name: str) -> None:
    with pytest.raises(NotationError) as refused:
        BoardSpec(3, 3, 3).parse_cell(name)
    message = str(refused.value)
    assert message.endswith("is off the 3x3 board (a1 to c3)")
    assert len(message) < 100


@pytest.mark.parametrize("text", [f"board {LONG}", "x" * 10_000, f"{LONG}"], ids=short_id)
def test_a_long_malformed_spec_is_quoted_short(text: str) -> None:
    with pytest.raises(NotationError) as refused:
        BoardSpec.parse(text)
    assert "is not of the form WxH" in str(refused.value)
    assert len(str(refused.value)) < 120
