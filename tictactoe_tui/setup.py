"""What a game is set up with: the board and who controls each side.

Plain data with no Textual import, so the command line can check a setup
before the app (and its start-up cost) is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import PLAYER_NAMES, BoardSpec, Mark

HUMAN = "human"
CONTROLLERS: tuple[str, ...] = (HUMAN, *PLAYER_NAMES)
"""Who can control a side: a person, or a computer player by its engine name."""


@dataclass(frozen=True, slots=True)
class GameSetup:
    """One game's settings; the defaults are a person as X against the perfect computer on 3x3."""

    spec: BoardSpec = BoardSpec(3, 3, 3)
    x: str = HUMAN
    o: str = "perfect"

    def __post_init__(self) -> None:
        for side, controller in ((Mark.X, self.x), (Mark.O, self.o)):
            if controller not in CONTROLLERS:
                raise ValueError(
                    f"{controller!r} cannot play {side}: choose one of {', '.join(CONTROLLERS)}"
                )

    def controller(self, mark: Mark) -> str:
        """Who controls ``mark``."""
        return self.x if mark is Mark.X else self.o

    def is_human(self, mark: Mark) -> bool:
        """True when a person plays ``mark``."""
        return self.controller(mark) == HUMAN
