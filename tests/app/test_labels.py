"""The words of the status line and the side panel, and the preset boards."""

from __future__ import annotations

from tictactoe_tui.app.geometry import SIDE_PANEL_WIDTH
from tictactoe_tui.app.labels import (
    KEYPAD_LABELS,
    hint_search_text,
    players_label,
    replay_refusal,
    replay_text,
    result_label,
    status_text,
)
from tictactoe_tui.app.presets import PRESETS, board_name, board_rules
from tictactoe_tui.app.widgets.scoreboard import score_lines
from tictactoe_tui.engine import BoardSpec, Mark, Position
from tictactoe_tui.profile.settings import KeypadLayout
from tictactoe_tui.profile.statistics import SessionScore
from tictactoe_tui.session.setup import GameSetup, parse_controller

SETUP = GameSetup(BoardSpec(3, 3, 3), "human", "perfect")


def test_controllers_are_named_for_people() -> None:
    assert parse_controller("human").label == "Human"
    assert parse_controller("medium").label == "Computer (medium)"
    assert parse_controller("brain:'/opt/my brains/pbrain-x' -v").label == "Brain (pbrain-x)"
    assert players_label(SETUP) == "X: Human · O: Computer (perfect)"


def test_status_says_whose_turn_and_who_controls_each_side() -> None:
    position = Position.empty("3x3")
    assert status_text(SETUP, position, thinking=False) == "X to move — X: Human · O: Computer (perfect)"
    after = position.play("b2")
    assert status_text(SETUP, after, thinking=True).startswith("O is thinking — X: Human")
    assert status_text(SETUP, after, thinking=False).startswith("O waits to move")


def test_status_announces_the_result_and_what_next() -> None:
    won = Position.from_moves("3x3", "a1 b1 b2 c1 c3")
    drawn = Position.from_moves("3x3", "b2 a1 a2 c2 b1 b3 c1 a3 c3")
    assert result_label(won.outcome) == "X wins"
    assert result_label(Position.from_moves("3x3", "a1 b1 c3 b2 a3 b3").outcome) == "O wins"
    assert result_label(drawn.outcome) == "Draw"
    assert status_text(SETUP, won, thinking=False).startswith("X wins!")
    assert status_text(SETUP, drawn, thinking=False) == \
        "Draw!  r: play again · n: new game · v: review · q: quit"
    assert status_text(SETUP, drawn, thinking=False, reviewed=True) == \
        "Draw!  r: play again · n: new game · q: quit"


def test_presets_are_the_common_boards_on_keys_one_to_six() -> None:
    assert [preset.key for preset in PRESETS] == list("123456")
    assert [str(preset.spec) for preset in PRESETS] == \
        ["3x3k3", "4x4k3", "4x4k4", "5x5k4", "7x6k4", "15x15k5"]


def test_boards_are_named() -> None:
    assert board_name(BoardSpec(3, 3, 3)) == "Tic-Tac-Toe"
    assert board_name(BoardSpec(15, 15, 5)) == "Gomoku"
    assert board_name(BoardSpec(4, 4, 3)) == "m,n,k game"
    assert board_rules(BoardSpec(7, 6, 4)) == "7x6, 4 in a row wins"


def test_a_replay_says_where_it_is_and_how_to_leave() -> None:
    assert replay_text(3, 9) == "Replay: move 3 of 9 — Esc returns to the game"
    assert replay_text(0, 9) == "Replay: the empty board (9 moves) — Esc returns to the game"
    assert replay_text(0, 1) == "Replay: the empty board (1 move) — Esc returns to the game"


def test_a_move_tried_in_a_replay_is_refused_with_the_way_back() -> None:
    assert replay_refusal(3, 9) == (
        "You are replaying move 3 of 9: Esc returns to the game, where moves are played.")
    assert replay_refusal(0, 9) == (
        "You are replaying the empty board (9 moves): Esc returns to the game, where moves are played.")


def test_the_status_says_a_hint_is_on_its_way() -> None:
    assert hint_search_text(SETUP, Position.empty("3x3")) == "X to move — looking for the best move…"


def test_every_keypad_layout_is_named_by_its_top_row() -> None:
    assert set(KEYPAD_LABELS) == set(KeypadLayout)
    assert KEYPAD_LABELS[KeypadLayout.CALCULATOR].startswith("7 8 9 on top")
    assert KEYPAD_LABELS[KeypadLayout.PHONE].startswith("1 2 3 on top")


def test_the_scoreboard_fits_the_side_panel() -> None:
    names = ("You", "Computer")
    assert score_lines(SessionScore(), names) == "You 0\nComputer 0\n0 draws"
    busy = SessionScore({"Player 1": 12, "Player 2": 30, "You": 3}, draws=1)
    assert score_lines(busy, ("Player 1", "Player 2")) == "Player 1 12\nPlayer 2 30\n1 draw"
    won = Position.from_moves("3x3", "a1 b1 b2 c1 c3").outcome
    assert score_lines(SessionScore().add(won, {Mark.X: "Computer", Mark.O: "You"}), names) == (
        "You 0\nComputer 1\n0 draws")
    widest = SIDE_PANEL_WIDTH - 2
    assert all(len(line) <= widest for line in score_lines(busy, ("easy as X", "easy as O")).splitlines())
