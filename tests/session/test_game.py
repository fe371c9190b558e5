"""A game's flow without a screen: refusals, undo and redo, counting once, handing a side over."""

from __future__ import annotations

import pytest

from tictactoe_tui.engine import BoardSpec, Mark, Position, Status
from tictactoe_tui.session.game import Game
from tictactoe_tui.session.setup import GameSetup

AGAINST_PERFECT = GameSetup(BoardSpec(3, 3, 3), "human", "perfect")
PEOPLE = GameSetup(BoardSpec(3, 3, 3), "human", "human")


def cell(name: str) -> int:
    return BoardSpec(3, 3, 3).parse_cell(name)


def test_a_person_is_told_why_a_move_is_refused() -> None:
    game = Game(AGAINST_PERFECT)
    assert game.refusal(cell("b2")) is None and not game.computer_to_move
    game.play(cell("b2"))
    assert game.computer_to_move
    assert game.refusal(cell("a1")) == "Please wait: it is the computer's turn (O)."
    game.play(cell("a1"))
    assert game.refusal(cell("a1")) == "a1 is taken by O."


def test_a_finished_game_refuses_moves_and_is_counted_once() -> None:
    game = Game(PEOPLE)
    for name in ["a1", "b1", "a2", "b2"]:
        game.play(cell(name))
    assert game.newly_over() is None
    game.play(cell("a3"))
    outcome = game.newly_over()
    assert outcome is not None and outcome.status is Status.X_WINS
    assert game.newly_over() is None, "counted once"
    assert "The game is over (X wins)" in str(game.refusal(cell("c3")))
    assert game.undo() and game.refusal(cell("c3")) is None
    game.play(cell("a3"))
    assert game.newly_over() is None, "ending again after an undo is not a second game"


def test_against_the_computer_undo_and_redo_go_back_to_the_persons_turn() -> None:
    game = Game(AGAINST_PERFECT)
    assert not game.can_undo() and not game.undo()
    game.play(cell("b2"))
    game.play(cell("a1"))
    assert game.undo() and game.position.moves == ()
    assert game.redo() and game.position == Position.from_moves("3x3", "b2 a1")
    assert not game.redo()


def test_a_game_is_given_up_only_after_the_persons_own_first_move() -> None:
    game = Game(GameSetup(BoardSpec(3, 3, 3), "perfect", "human"))
    game.play(cell("b2"))  # the computer opens
    assert not game.in_progress and game.abandon() is None, "nothing the person did is lost"
    game.play(cell("a1"))
    assert game.in_progress
    game.undo()
    assert game.position.moves == (cell("b2"),) and game.in_progress, "a move taken back was made"
    outcome = game.abandon()
    assert outcome is not None and outcome.winner is Mark.X, "a loss against the computer"


def test_moves_a_game_was_opened_with_are_not_the_persons() -> None:
    game = Game(AGAINST_PERFECT, Position.from_moves("3x3", "b2 a1"))
    assert not game.in_progress
    game.play(cell("c3"))
    assert game.in_progress


def test_only_a_game_begun_on_the_empty_board_counts_in_the_statistics() -> None:
    assert Game(AGAINST_PERFECT).in_statistics
    assert Game(AGAINST_PERFECT, Position.empty("3x3")).in_statistics
    opened = Game(AGAINST_PERFECT, Position.from_moves("3x3", "b2 a1"))
    assert not opened.in_statistics and opened.left_out_of_statistics
    between_people = Game(PEOPLE, Position.from_moves("3x3", "b2 a1"))
    assert not between_people.left_out_of_statistics, "nothing to say: such games never count"


def test_a_game_opened_at_its_end_counts_as_seen() -> None:
    finished = Position.from_moves("3x3", "a1 b1 a2 b2 a3")
    assert Game(PEOPLE, finished).newly_over() is None


def test_a_game_and_its_start_must_share_a_board() -> None:
    with pytest.raises(ValueError, match="not the position's board"):
        Game(PEOPLE, Position.empty("4x4"))


def test_a_side_whose_computer_failed_goes_to_a_person() -> None:
    game = Game(AGAINST_PERFECT)
    game.play(cell("b2"))
    game.hand_to_person(Mark.O)
    assert game.setup == PEOPLE and not game.computer_to_move and game.position.moves == (cell("b2"),)


def test_a_replay_shows_earlier_positions_within_the_moves_played() -> None:
    game = Game(PEOPLE)
    for name in ["b2", "a1", "c3"]:
        game.play(cell(name))
    game.step(-1)
    assert game.shown_ply == 2 and game.shown_position == game.history.at(2)
    game.step(-5)
    assert game.shown_ply == 0 and not game.shown_position.moves, "no further back than the empty board"
    game.show(3)
    assert game.shown_ply is None and game.shown_position == game.position, "the live ply ends the replay"
    game.step(1)
    assert game.shown_ply is None, "nothing after the live position"


def test_a_replay_of_moves_a_new_move_replaces_ends() -> None:
    game = Game(PEOPLE)
    for name in ["b2", "a1", "c3"]:
        game.play(cell(name))
    assert game.undo() and game.undo()
    game.show(3)
    assert game.shown_ply == 3, "the moves taken back can be replayed"
    game.show(0)
    game.play(cell("c1"))
    assert game.shown_ply == 0, "a replay of moves still played goes on"
    assert game.undo()
    game.show(2)
    assert game.shown_ply == 2, "c1, taken back, is replayed"
    game.play(cell("a3"))
    assert game.shown_ply is None, "the replayed move was replaced"
    game.show(1)
    game.show_live()
    assert game.shown_position == game.position


def test_what_a_game_given_up_costs_is_known_before_it_is_given_up() -> None:
    fresh = Game(AGAINST_PERFECT)
    fresh.play(cell("b2"))
    assert fresh.lost_if_left and fresh.lost_in_statistics_if_left

    reopened = Game(AGAINST_PERFECT)
    for name in ["a1", "b2", "a2", "a3", "c1", "b1", "b3", "c2", "c3"]:
        reopened.play(cell(name))
    assert reopened.newly_over() is not None
    assert reopened.undo() and reopened.in_progress
    assert not reopened.lost_if_left and reopened.abandon() is None, "counted once, when it ended"

    from_a_record = Game(AGAINST_PERFECT, Position.from_moves("3x3", "b2 a1"))
    from_a_record.play(cell("c3"))
    assert from_a_record.lost_if_left and not from_a_record.lost_in_statistics_if_left, "the session's only"

    against_a_brain = Game(GameSetup(BoardSpec(3, 3, 3), "human", "brain:pbrain-any"))
    against_a_brain.play(cell("b2"))
    assert against_a_brain.lost_if_left and not against_a_brain.lost_in_statistics_if_left
