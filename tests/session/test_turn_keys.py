"""Which keys of the game apply now: shown, dimmed in place, or left out for the whole game."""

from __future__ import annotations

from engine_standin import SPEC, StandInEngine, cell

from tictactoe_tui.engine import Mark
from tictactoe_tui.session.game import Game
from tictactoe_tui.session.setup import GameSetup
from tictactoe_tui.session.turns import DYNAMIC_ACTIONS, Turns

AGAINST_MEDIUM = GameSetup(SPEC, "human", "medium")
COMPUTERS = GameSetup(SPEC, "easy", "perfect")
PEOPLE = GameSetup(SPEC, "human", "human")


def turns_of(setup: GameSetup, *moves: str) -> Turns:
    turns = Turns(Game(setup), StandInEngine())
    for name in moves:
        turns.game.play(cell(name))
    return turns


def keys(turns: Turns, *, board_focused: bool = True) -> dict[str, bool | None]:
    return {action: turns.key_state(action, board_focused=board_focused) for action in DYNAMIC_ACTIONS}


def test_a_persons_turn_against_the_computer() -> None:
    turns = turns_of(AGAINST_MEDIUM)
    assert keys(turns) == {"play_cursor": True, "undo": None, "redo": None, "hint": True, "analysis": True,
                           "move_now": None, "pause": False}
    assert turns.key_state("play_cursor", board_focused=False) is None, "dimmed off the board, in place"


def test_while_the_computer_thinks() -> None:
    turns = turns_of(AGAINST_MEDIUM, "b2")
    turns.next_turn()
    assert keys(turns) == {"play_cursor": True, "undo": True, "redo": None, "hint": None, "analysis": True,
                           "move_now": True, "pause": False}


def test_between_computers_the_pause_shows_and_play_is_left_out() -> None:
    turns = turns_of(COMPUTERS)
    turns.next_turn()
    assert keys(turns) == {"play_cursor": False, "undo": None, "redo": None, "hint": None, "analysis": None,
                           "move_now": True, "pause": True}
    turns.pause(True)
    assert keys(turns)["analysis"] is True and keys(turns)["move_now"] is None


def test_between_people_move_now_and_pause_are_left_out() -> None:
    turns = turns_of(PEOPLE, "b2")
    assert keys(turns) == {"play_cursor": True, "undo": True, "redo": None, "hint": True, "analysis": True,
                           "move_now": False, "pause": False}
    turns.game.undo()
    assert keys(turns)["redo"] is True


def test_a_finished_game_dims_what_no_longer_applies() -> None:
    turns = turns_of(COMPUTERS, "a1", "b1", "a2", "b2", "a3")
    assert keys(turns)["pause"] is None and keys(turns)["hint"] is None and keys(turns)["analysis"] is None
    turns.analyse(True)
    assert keys(turns)["analysis"] is True, "the analysis can still be switched off"
    turns.game.show(2)
    assert keys(turns)["hint"] is True, "a position of the replay"


def test_the_keys_stay_those_of_the_players_the_game_began_with() -> None:
    turns = turns_of(COMPUTERS)
    turns.game.hand_to_person(Mark.X)
    assert keys(turns)["play_cursor"] is False, "still left out"
    assert keys(turns)["pause"] is None, "dimmed: a person plays now, but the key keeps its place"


def test_any_other_key_applies() -> None:
    assert turns_of(PEOPLE).key_state("quit", board_focused=False) is True
