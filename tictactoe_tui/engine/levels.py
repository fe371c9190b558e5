"""The names of the computer's levels, weakest first.

A module of its own so that what only needs the names (checking a game's
setup, the command line's help) does not load the players and their search.
"""

from __future__ import annotations

PLAYER_NAMES: tuple[str, ...] = ("random", "easy", "medium", "perfect")
"""Every computer player by name, weakest first (``players.PLAYERS`` makes each one)."""
