"""What a game is set up with: the board and who controls each side.

Plain data with no Textual import, so the command line can check a setup
before the app (and its start-up cost) is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import PLAYER_NAMES, BoardSpec, GameError, Mark
from .gomocup.controllers import BRAIN_PREFIX, is_brain_controller, parse_brain_controller

HUMAN = "human"
CONTROLLERS: tuple[str, ...] = (HUMAN, *PLAYER_NAMES)
"""Who can control a side: a person, or a computer player by its engine name.

Besides these, ``brain:PATH [ARGS...]`` names an external Gomocup brain (see ``gomocup.client``)."""


def check_controller(controller: str) -> str:
    """``controller`` itself when it can play a side; otherwise ``ValueError`` saying what can."""
    if controller in CONTROLLERS:
        return controller
    if is_brain_controller(controller):
        try:
            parse_brain_controller(controller)
        except GameError as error:
            raise ValueError(str(error)) from None
        return controller
    raise ValueError(f"choose from {', '.join(CONTROLLERS)} or {BRAIN_PREFIX}PATH for a Gomocup brain")


@dataclass(frozen=True, slots=True)
class GameSetup:
    """One game's settings; the defaults, a newcomer's first game, are a person as X against the
    medium computer on 3x3: it can be beaten, and ``perfect`` is one choice away."""

    spec: BoardSpec = BoardSpec(3, 3, 3)
    x: str = HUMAN
    o: str = "medium"

    def __post_init__(self) -> None:
        for side, controller in ((Mark.X, self.x), (Mark.O, self.o)):
            try:
                check_controller(controller)
            except ValueError as error:
                raise ValueError(f"{controller!r} cannot play {side}: {error}") from None

    def controller(self, mark: Mark) -> str:
        """Who controls ``mark``."""
        return self.x if mark is Mark.X else self.o

    def is_human(self, mark: Mark) -> bool:
        """True when a person plays ``mark``."""
        return self.controller(mark) == HUMAN
