"""The computer's turn as a blocking call, for the game screen to run in a worker thread.

Keeping it free of Textual makes the two promises the game relies on easy to
check: a move never appears sooner than ``pause`` after the turn began (so a
person can follow a game between two computers), and once ``stop`` is set no
move appears at all, however far the search had got.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ..engine import Cell, Player, Position, make_player

PlayerFactory = Callable[[str], Player]
"""Makes the computer player for a level name (``random``, ``easy``, ``medium``, ``perfect``)."""

COMPUTER_PAUSE = 0.5
"""Seconds a computer move takes at least, so that it can be seen coming."""


def default_players(name: str) -> Player:
    """The engine's player of that level, with fresh randomness."""
    return make_player(name)


def computer_move(player: Player, position: Position, stop: threading.Event, pause: float) -> Cell | None:
    """The player's move in ``position``, at least ``pause`` seconds after the call; None once stopped."""
    started = time.monotonic()
    cell = player.choose(position, stop)
    if stop.wait(max(0.0, pause - (time.monotonic() - started))):
        return None
    return cell
