"""The words the game uses for its players and for the state of play.

Kept apart from the widgets so that the status line, the side panel, the
notifications and the tests all say the same thing in the same words. The
name of who controls a side, a controller's ``label``, comes with the setup
(``session.setup``), since the game's flow names a computer that fails too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Outcome, Position, Status
from ..profile.settings import KeypadLayout
from ..session.game import Game
from ..session.setup import GameSetup

if TYPE_CHECKING:
    from ..session.online import OnlineGame

RESULTS: dict[Status, str] = {
    Status.X_WINS: "X wins",
    Status.O_WINS: "O wins",
    Status.DRAW: "Draw",
}


def players_label(setup: GameSetup) -> str:
    """Who controls each side, in one line."""
    return f"X: {setup.x.label} · O: {setup.o.label}"


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


def status_text(setup: GameSetup, position: Position, *, thinking: bool, assisted: bool = False,
                uncounted: bool = False, reviewed: bool = False) -> str:
    """The status line: the turn (or the result) and who controls each side; at the end, whether the
    engine's help made the result an assisted one, or the statistics leave it out (``uncounted``),
    and the keys for what may come next, the review among them until the game is ``reviewed``."""
    if position.is_over:
        helped = " With hints or the analysis: counted as assisted." if assisted else ""
        if uncounted:
            helped = " Begun from a record: not counted in the statistics."
        review = "" if reviewed else " · v: review"
        return f"{result_label(position.outcome)}!{helped}  r: play again · n: new game{review} · q: quit"
    return f"{turn_label(setup, position, thinking=thinking)} — {players_label(setup)}"


def _replayed(ply: int, moves: int) -> str:
    """Where a replay is, as a phrase that reads alone: ``move 3 of 9``, ``the empty board (9 moves)``."""
    if ply == 0:
        return f"the empty board ({moves} move{'' if moves == 1 else 's'})"
    return f"move {ply} of {moves}"


def game_status_text(game: Game, *, paused: bool, hinting: bool, thinking: bool,
                     reviewing: bool = False, reviewed: bool = False) -> str:
    """What the status line says of ``game`` when no notice takes it: the move a replay shows, the
    pause, the search for a hint, the review of the finished game (under way, or ``reviewed``), or
    the turn and the players."""
    position, setup = game.position, game.setup
    if game.shown_ply is not None:
        return replay_text(game.shown_ply, len(game.history.line))
    if paused and not position.is_over:
        return paused_text(setup, position)
    if hinting:
        return hint_search_text(setup, position)
    if reviewing:
        return REVIEWING_TEXT
    return status_text(setup, position, thinking=thinking, assisted=game.assisted_result,
                       uncounted=game.left_out_of_statistics, reviewed=reviewed)


REVIEWING_TEXT = "Reviewing the game: each move is searched for a result it gave away…"
"""The status line while the finished game is reviewed (half a second a move at most)."""


def replay_text(ply: int, moves: int) -> str:
    """The status line while the board shows the position after ``ply`` of the game's ``moves``."""
    return f"Replay: {_replayed(ply, moves)} — Esc returns to the game"


def replay_refusal(ply: int, moves: int) -> str:
    """Why a move tried during a replay is not played, and where it can be."""
    return f"You are replaying {_replayed(ply, moves)}: Esc returns to the game, where moves are played."


def replay_end_text(delta: int, game: Game) -> str:
    """Why stepping ``delta`` moves through ``game`` shows nothing new: the replay is at that end."""
    if not game.history.line:
        return "No move has been played yet: there is nothing to replay."
    if delta < 0:
        return "This is the empty board, where the game began: . steps forward."
    if game.shown_ply is None:
        return "This is the game as it stands: , steps back through its moves."
    return "This is the last move taken back: , steps back, Esc returns to the game."


def paused_text(setup: GameSetup, position: Position) -> str:
    """The status line while a game between computers is paused."""
    return f"Paused, {position.to_move} to move — p resumes, . plays one move — {players_label(setup)}"


def hint_search_text(setup: GameSetup, position: Position) -> str:
    """The status line while the hint is being worked out."""
    return f"{turn_label(setup, position, thinking=False)} — looking for the best move…"


KEYPAD_LABELS: dict[KeypadLayout, str] = {
    KeypadLayout.CALCULATOR: "7 8 9 on top (numeric keypad)",
    KeypadLayout.PHONE: "1 2 3 on top (phone)",
}
"""How each keypad layout is named in the new-game screen and the command palette."""



def online_result(online: OnlineGame) -> str:
    """How a game against a friend online ended, for the player here: ``You win``, ``Ann wins``, ``Draw``."""
    winner = online.position.outcome.winner
    if winner is None:
        return "Draw"
    return "You win" if winner is online.mine else f"{online.friend} wins"


def online_status_text(online: OnlineGame, command: str, listening: str = "") -> str:
    """The status line of a game against a friend online: the move a replay shows, the friend awaited
    (where the host is ``listening``, and the ``command`` they type to join), the result, what holds
    the game up, or whose turn."""
    game, position = online.game, online.position
    if game.shown_ply is not None:
        return replay_text(game.shown_ply, len(game.history.line))
    if online.hosting and not online.met:
        return f"Waiting for your friend on {listening}. They type: {command}"
    if position.is_over:
        return f"{online_result(online)}!  r: next game, sides swapped · n: new game · q: quit"
    waiting = online.waiting()
    if waiting is not None:
        return waiting
    mark = position.to_move
    if mark is online.mine:
        return f"Your turn ({mark}) — {online.friend} plays {mark.other}"
    return f"{online.friend}'s turn ({mark}) — you play {online.mine}"


def connection_text(online: OnlineGame, code: str) -> str:
    """The side panel's word on the friend: awaited (with the join ``code``), here, away or gone."""
    if online.hosting and not online.met:
        return f"Waiting for your friend\nJoin code {code}"
    state = "connected" if online.connected else "has left" if online.gone else "not connected"
    return f"{online.friend}: {state}\nGame {online.number}"
