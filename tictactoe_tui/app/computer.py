"""The computer's turn as a blocking call, for the game screen to run in a worker thread.

Keeping it free of Textual makes the promises the game relies on easy to
check: a move never appears sooner than ``pause`` after the turn began (so a
person can follow a game between two computers), unless the player asked for
it at once; and once the turn is cancelled no move appears at all, however
far the search had got.

"Move now" and "cancel" both tell the engine to stop, through the one event
the ``Player`` protocol knows; they differ only in what happens to its answer,
which is why a turn carries a second event saying the answer is unwanted.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import Cell, Player, Position, make_player

PlayerFactory = Callable[[str], Player]
"""Makes the computer player for a level name (``random``, ``easy``, ``medium``, ``perfect``)."""

COMPUTER_PAUSE = 0.5
"""Seconds a computer move takes at least, so that it can be seen coming."""


def default_players(name: str) -> Player:
    """The engine's player of that level, with fresh randomness."""
    return make_player(name)


@dataclass(frozen=True, slots=True)
class Turn:
    """The controls of one computer turn, shared between the app and the worker thinking it."""

    hurry: threading.Event = field(default_factory=threading.Event)
    """Set to have the engine answer with the best move found so far; the engine's ``stop`` event."""
    cancelled: threading.Event = field(default_factory=threading.Event)
    """Set when the answer is no longer wanted (new game, undo, quit)."""

    def move_now(self) -> None:
        """Play the best move found so far, without waiting out the pause."""
        self.hurry.set()

    def cancel(self) -> None:
        """Stop thinking and play nothing."""
        self.cancelled.set()
        self.hurry.set()


def computer_move(player: Player, position: Position, turn: Turn, pause: float) -> Cell | None:
    """The player's move in ``position``, at least ``pause`` seconds after the call unless hurried.

    None once the turn is cancelled, whenever that happens.
    """
    started = time.monotonic()
    cell = player.choose(position, turn.hurry)
    turn.hurry.wait(max(0.0, pause - (time.monotonic() - started)))
    return None if turn.cancelled.is_set() else cell
