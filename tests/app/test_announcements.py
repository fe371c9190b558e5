"""The words of the accessible mode: every change said in one line, threats as the engine finds them."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.app.announcements import (
    analysis_words,
    board_threat_words,
    cell_words,
    change_words,
    move_words,
    outcome_words,
    recent_words,
    threats,
    turn_words,
)
from tictactoe_tui.engine import Position
from tictactoe_tui.engine.rules.scans import immediate_wins, threats_against
from tictactoe_tui.session.setup import GameSetup


def play(position: Position, names: str) -> Position:
    for name in names.split():
        position = position.play(position.spec.parse_cell(name))
    return position


GOMOKU = Position.empty("15x15k5")


def test_a_quiet_move_is_just_the_move() -> None:
    assert move_words(GOMOKU, GOMOKU.spec.parse_cell("h8")) == "X plays h8"


def test_a_move_that_makes_an_open_four_names_both_winning_cells_and_their_lines() -> None:
    before = play(GOMOKU, "h8 a1 h9 a2 h10 a3")
    words = move_words(before, before.spec.parse_cell("h11"))
    assert words == "X plays h11 — X threatens to win at h7 (h7-h11), h12 (h8-h12)"


def test_a_blocked_four_names_the_one_cell_left() -> None:
    before = play(GOMOKU, "h8 h7 h9 a2 h10 a3")
    words = move_words(before, before.spec.parse_cell("h11"))
    assert words == "X plays h11 — X threatens to win at h12 (h8-h12)"


def test_the_winning_move_names_the_line() -> None:
    before = play(Position.empty("3x3"), "a1 b1 b2 c1")
    assert move_words(before, before.spec.parse_cell("c3")) == "X plays c3 — X wins with a1 to c3"


def test_a_draw_is_said() -> None:
    full = play(Position.empty("3x3"), "b2 a1 c3 c1 b1 b3 a2 c2 a3")
    assert full.is_over and full.outcome.winner is None
    assert outcome_words(full) == "Draw: the board is full"


def test_several_moves_at_once_are_said_in_order() -> None:
    before = play(Position.empty("3x3"), "b2")
    after = play(before, "a1 c3")
    assert change_words(before, after) == "O plays a1; X plays c3"


def test_undo_says_what_was_taken_back_latest_first() -> None:
    after = play(Position.empty("3x3"), "b2")
    before = play(after, "a1 c3")
    assert change_words(before, after) == "Taken back: X c3, O a1"


def test_another_board_is_a_new_game() -> None:
    words = change_words(play(Position.empty("3x3"), "b2"), Position.empty("7x6k4"))
    assert words == "New game: 7 by 6 board, 4 in a row wins"


def test_the_cell_and_its_neighbours() -> None:
    position = play(Position.empty("3x3"), "b2 a1 c3")
    assert cell_words(position, position.spec.parse_cell("b1")) == (
        "b1 empty; around it X at b2, O at a1; 3 empty around")
    corner = position.spec.parse_cell("a3")
    assert cell_words(position, corner) == "a3 empty; around it X at b2; 2 empty around"
    assert cell_words(Position.empty("3x3"), 0) == "a1 empty; all 3 around empty"
    assert cell_words(Position.empty("3x3"), 0, "hint") == "a1 empty, marked hint; all 3 around empty"


def test_the_last_moves_are_numbered_with_their_side() -> None:
    position = play(GOMOKU, "h8 h9 j9 g7 k10")
    assert recent_words(position) == "Last moves: 2 O h9, 3 X j9, 4 O g7, 5 X k10"
    assert recent_words(GOMOKU) == "No moves yet"


def test_the_threats_of_both_sides_and_the_forks_of_the_side_to_move() -> None:
    # X (a1, c3) to move; O (b2, b3) threatens b1, and X's c1 would threaten b1 and c2 at once.
    position = play(Position.empty("3x3"), "a1 b2 c3 b3")
    assert board_threat_words(position) == (
        "O threatens to win at b1 (b1-b3); X can make two threats at once at c1")
    assert board_threat_words(Position.empty("3x3")) == "No threats on the board"
    won = play(Position.empty("3x3"), "a1 b1 b2 c1 c3")
    assert board_threat_words(won) == "X wins with a1 to c3"


@pytest.mark.parametrize("seed", range(20))
def test_the_threats_said_are_the_engine_scans(seed: int) -> None:
    rng = random.Random(seed)
    position = Position.empty("9x9k4")
    while not position.is_over and len(position.moves) < 30:
        me, them = position.to_move, position.to_move.other
        assert threats(position, me) == immediate_wins(position)
        assert threats(position, them) == threats_against(position)
        position = position.play(rng.choice(position.legal_moves))


def test_whose_turn_depends_on_who_plays() -> None:
    position = Position.empty("3x3")
    assert turn_words(GameSetup(position.spec, "human", "medium"), position) == "your turn, X"
    assert turn_words(GameSetup(position.spec, "human", "human"), position) == "X to move"
    assert turn_words(GameSetup(position.spec, "medium", "human"), position) == "the computer plays X"


def test_the_analysis_names_the_best_moves_first() -> None:
    position = Position.empty("3x3")
    values = {0: "-2", 1: "=", 2: "+3", 3: "+1", 4: "~9", 5: "…"}
    assert analysis_words(position, values) == "Analysis, best first: a2 +1, c1 +3, b1 ="
    assert analysis_words(position, {0: "…"}) == "Analysis: working"
