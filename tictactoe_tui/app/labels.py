"""The words the game uses for its players and for the state of play.

Kept apart from the widgets so that the status line, the side panel, the
notifications and the tests all say the same thing in the same words.
"""

from __future__ import annotations

from ..engine import Mark, Outcome, Position, Status
from ..setup import HUMAN, GameSetup

RESULTS: dict[Status, str] = {
    Status.X_WINS: "X wins",
    Status.O_WINS: "O wins",
    Status.DRAW: "Draw",
}


def controller_label(controller: str) -> str:
    """``Human``, or ``Computer (level)`` for a computer player."""
    return "Human" if controller == HUMAN else f"Computer ({controller})"


def players_label(setup: GameSetup) -> str:
    """Who controls each side, in one line."""
    return f"X: {controller_label(setup.x)} · O: {controller_label(setup.o)}"


def result_label(outcome: Outcome) -> str:
    """The announcement of a finished game: ``X wins``, ``O wins`` or ``Draw``."""
    return RESULTS[outcome.status]


def turn_label(setup: GameSetup, position: Position, *, thinking: bool) -> str:
    """Whose turn it is, and whether the computer is working on it."""
    mark = position.to_move
    if thinking:
        return f"{mark} is thinking"
    if setup.is_human(mark):
        return f"{mark} to move"
    return f"{mark} waits to move"


def status_text(setup: GameSetup, position: Position, *, thinking: bool) -> str:
    """The status line: the turn (or the result) and who controls each side."""
    if position.is_over:
        return f"{result_label(position.outcome)}!  r: play again · n: new game · q: quit"
    return f"{turn_label(setup, position, thinking=thinking)} — {players_label(setup)}"


def mark_controller(setup: GameSetup, mark: Mark) -> str:
    """``X  Human`` style text for one side."""
    return f"{mark}  {controller_label(setup.controller(mark))}"
