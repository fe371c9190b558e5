"""Which keys of the game apply now: shown, dimmed in place, or left out for the whole game."""

from __future__ import annotations

from engine_standin import SPEC, StandInEngine, cell

from tictactoe_tui.engine import Mark
from tictactoe_tui.session.game import Game
from tictactoe_tui.session.setup import GameSetup
from tictactoe_tui.session.turns import DYNAMIC_ACTIONS, EXPLAINED_ACTIONS, Turns

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


def test_the_keys_stay_those_of_the_players_the_game_began_with_but_the_board_s_enter() -> None:
    turns = turns_of(COMPUTERS)
    assert keys(turns)["play_cursor"] is False, "left out between computers"
    turns.game.hand_to_person(Mark.X)
    assert keys(turns)["play_cursor"] is True, "the person who took over plays with it"
    assert keys(turns)["pause"] is None, "dimmed: a person plays now, but the key keeps its place"
    assert keys(turns)["move_now"] is None, "dimmed, in its place"


def test_any_other_key_applies() -> None:
    assert turns_of(PEOPLE).key_state("quit", board_focused=False) is True


def reasons(turns: Turns) -> dict[str, str | None]:
    """What each explained key says when pressed now: None where it works."""
    notices = {action: turns.why_not(action) for action in EXPLAINED_ACTIONS}
    return {action: None if notice is None else notice.text for action, notice in notices.items()}


def test_a_key_that_does_nothing_now_says_why_and_a_key_that_works_says_nothing() -> None:
    thinking = turns_of(AGAINST_MEDIUM, "b2")
    thinking.next_turn()
    paused = turns_of(COMPUTERS)
    paused.pause(True)
    won = ("a1", "b1", "a2", "b2", "a3")
    for turns in [turns_of(AGAINST_MEDIUM), thinking, turns_of(COMPUTERS), paused, turns_of(PEOPLE, "b2"),
                  turns_of(COMPUTERS, *won), turns_of(PEOPLE, *won)]:
        for action, reason in reasons(turns).items():
            works = turns.key_state(action, board_focused=True)
            assert (reason is None) == bool(works), (action, works, reason)


def test_the_reasons_fit_the_state_of_play() -> None:
    assert reasons(turns_of(PEOPLE)) == {
        "undo": "No move to take back.",
        "play_cursor": None,
        "redo": "No move taken back to play again.",
        "hint": None, "analysis": None,
        "move_now": "No computer plays in this game.",
        "pause": "p pauses a game between two computers.",
        "review": "The review comes once the game is over.",
    }
    computer_first = turns_of(GameSetup(SPEC, "medium", "human"), "b2")
    assert reasons(computer_first)["undo"] == "No move of yours to take back yet."
    assert reasons(computer_first)["move_now"] == (
        "m hurries the computer while it thinks; it is not thinking now.")
    thinking = turns_of(AGAINST_MEDIUM, "b2")
    thinking.next_turn()
    assert reasons(thinking)["hint"] == "No hint while the computer thinks."
    between = turns_of(COMPUTERS)
    between.next_turn()
    assert reasons(between)["analysis"] == "The analysis waits while the computers play: p pauses them."
    assert reasons(between)["play_cursor"] == (
        "The computers play both sides: p pauses them, . then plays one move.")
    between.pause(True)
    assert reasons(between)["hint"] == "A hint is for a person's turn, or for a position of the replay."
    assert reasons(between)["play_cursor"] == (
        "The computers play both sides, paused: . plays one move, p lets them go on.")
    over = turns_of(COMPUTERS, "a1", "b1", "a2", "b2", "a3")
    assert reasons(over) | {"undo": None, "redo": None} == {
        "play_cursor": "The game is over: r plays again, n starts a new game.",
        "undo": None, "redo": None,
        "hint": "The game is over: there is no move to suggest.",
        "analysis": "The game is over: there is nothing to analyse.",
        "move_now": "The game is over: no computer is thinking.",
        "pause": "The game is over: there is nothing to pause.",
        "review": None,
    }
