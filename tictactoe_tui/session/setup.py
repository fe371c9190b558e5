"""What a game is set up with: the board and who controls each side, and that controller's name.

Plain data with no Textual import, so the command line can check a setup
before the app (and its start-up cost) is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NewType

from ..engine import PLAYER_NAMES, BoardSpec, GameError, Mark
from ..engine.rules.inputs import quote
from ..gomocup.controllers import BRAIN_PREFIX, is_brain_controller, parse_brain_controller

Controller = NewType("Controller", str)
"""Who controls a side: ``human``, a computer level by its engine name, or ``brain:PATH [ARGS...]`` for an
external Gomocup brain (see ``gomocup.client``). Text that names one becomes a ``Controller`` only through
``check_controller``; settings files and the command line spell it as this same text."""

HUMAN = Controller("human")
CONTROLLERS: tuple[Controller, ...] = (HUMAN, *map(Controller, PLAYER_NAMES))
"""Every controller but the brains: a person, then the computer's levels, weakest first."""


def check_controller(text: str) -> Controller:
    """The controller ``text`` names; ``GameError`` saying what can play a side when it names none."""
    if is_brain_controller(text):
        parse_brain_controller(text)  # ``GameError`` when the command line cannot be read.
    elif text not in CONTROLLERS:
        raise GameError(f"choose from {', '.join(CONTROLLERS)} or {BRAIN_PREFIX}PATH for a Gomocup brain")
    return Controller(text)


def controller_label(controller: Controller) -> str:
    """``Human``, ``Computer (level)`` for one of the engine's players, ``Brain (program)`` for another's."""
    if controller == HUMAN:
        return "Human"
    if is_brain_controller(controller):
        return f"Brain ({Path(parse_brain_controller(controller)[0]).name})"
    return f"Computer ({controller})"


@dataclass(frozen=True, slots=True)
class GameSetup:
    """One game's settings; the defaults, a newcomer's first game, are a person as X against the
    medium computer on 3x3: it can be beaten (it overlooks a fork one time in four), and ``hard`` and
    ``perfect`` are a choice away."""

    spec: BoardSpec = BoardSpec(3, 3, 3)
    x: Controller = HUMAN
    o: Controller = check_controller("medium")

    def __post_init__(self) -> None:
        for side, controller in ((Mark.X, self.x), (Mark.O, self.o)):
            try:
                check_controller(controller)
            except GameError as error:
                raise GameError(f"{quote(controller)} cannot play {side}: {error}") from None

    def controller(self, mark: Mark) -> Controller:
        """Who controls ``mark``."""
        return self.x if mark is Mark.X else self.o

    def is_human(self, mark: Mark) -> bool:
        """True when a person plays ``mark``."""
        return self.controller(mark) == HUMAN


def without_brains(setup: GameSetup) -> tuple[GameSetup, tuple[Mark, ...]]:
    """``setup`` with a person on each side an external brain would play, and those sides.

    A game served to a browser plays no brain: a brain is a program started on the serving
    computer, and a visitor must not be able to start one.
    """
    sides = tuple(mark for mark in (Mark.X, Mark.O) if is_brain_controller(setup.controller(mark)))
    if not sides:
        return setup, ()
    x, o = (HUMAN if mark in sides else setup.controller(mark) for mark in (Mark.X, Mark.O))
    return GameSetup(setup.spec, x, o), sides
