"""The game screen (``screen``) and the helpers it owns, one job each: its searches (``searching``),
leaving a game (``leaving``), keeping score (``scores``), the replay (``replay``), the keys that come
and go (``keys``) and short messages to the player (``notices``)."""

from .screen import GameScreen
from .searching import COMPUTER_PAUSE

__all__ = ["COMPUTER_PAUSE", "GameScreen"]
