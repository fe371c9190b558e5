"""The game screen (``screen``) and the helpers it owns, one job each: awaiting the engine's answers
(``computer``), leaving a game (``leaving``), keeping score (``scorekeeping``), the replay (``replay``),
the keys that come and go (``keys``), short messages to the player (``notices``) and speech in the
accessible mode (``speech``); what the screen needs of the app is a ``GameHost`` (``host``). The turns
themselves are decided beneath the screens, in ``session.turns``."""

from .computer import COMPUTER_PAUSE
from .screen import GameScreen

__all__ = ["COMPUTER_PAUSE", "GameScreen"]
