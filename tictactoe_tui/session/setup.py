"""What a game is set up with: the board and who controls each side, and that controller's name.

Plain data with no Textual import, so the command line can check a setup
before the app (and its start-up cost) is loaded. A controller is a small
type, a ``Person``, a ``Level`` or a ``Brain``, so that code asks what it is
rather than reading its text; the text is only how settings files, saved
games and the command line spell it, through ``parse_controller`` and ``str``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

from ..engine import PLAYER_NAMES, BoardSpec, GameError, Mark
from ..engine.rules.inputs import quote
from ..gomocup.controllers import BRAIN_PREFIX, parse_brain_controller

HUMAN_TEXT = "human"
"""How a person is spelled."""
_CHOICES = f"choose from {', '.join((HUMAN_TEXT, *PLAYER_NAMES))} or {BRAIN_PREFIX}PATH for a Gomocup brain"
"""What can play a side, said when text names none of it."""


@dataclass(frozen=True, slots=True)
class Person:
    """A person plays the side: at the keyboard, or in the browser of a served game."""

    @property
    def label(self) -> str:
        """The side's player as the app names it."""
        return "Human"

    def __str__(self) -> str:
        return HUMAN_TEXT


@dataclass(frozen=True, slots=True)
class Level:
    """One of the engine's computer players, by its level's name (``easy`` ... ``perfect``)."""

    name: str

    def __post_init__(self) -> None:
        if self.name not in PLAYER_NAMES:
            raise GameError(_CHOICES)

    @property
    def label(self) -> str:
        """The side's player as the app names it."""
        return f"Computer ({self.name})"

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Brain:
    """An external Gomocup brain (see ``gomocup.client``), by its command line as written after
    ``brain:``: kept as typed, quoting and all, so that it is spelled back the same."""

    command: str

    def __post_init__(self) -> None:
        parse_brain_controller(str(self))  # ``GameError`` when the command line cannot be read.

    @property
    def argv(self) -> list[str]:
        """The program and its arguments, split as a shell would (without running one)."""
        return parse_brain_controller(str(self))

    @property
    def label(self) -> str:
        """The side's player as the app names it: by its program's file name."""
        return f"Brain ({Path(self.argv[0]).name})"

    def __str__(self) -> str:
        return BRAIN_PREFIX + self.command


Controller: TypeAlias = Person | Level | Brain
"""Who controls a side: a person, a computer level, or an external brain. Each has one spelling as
text (``human``, the level's name, ``brain:PATH [ARGS...]``): ``str`` gives it, ``parse_controller``
reads it."""

HUMAN = Person()
CONTROLLERS: tuple[Person | Level, ...] = (HUMAN, *map(Level, PLAYER_NAMES))
"""Every controller but the brains: a person, then the computer's levels, weakest first."""


def parse_controller(text: str) -> Controller:
    """The controller ``text`` names; ``GameError`` saying what can play a side when it names none
    (a ``BrainCommandError`` when it starts ``brain:`` but its command line cannot be read)."""
    if text.startswith(BRAIN_PREFIX):
        return Brain(text.removeprefix(BRAIN_PREFIX))
    if text == HUMAN_TEXT:
        return HUMAN
    return Level(text)  # ``GameError`` saying what can play a side when it names no level.


@dataclass(frozen=True, slots=True)
class GameSetup:
    """One game's settings; the defaults, a newcomer's first game, are a person as X against the
    medium computer on 3x3: it can be beaten (it overlooks a fork one time in four), and ``hard`` and
    ``perfect`` are a choice away.

    Each side may be given as its text (``GameSetup(spec, "human", "medium")``), which is read with
    ``parse_controller``: ``x`` and ``o`` always hold a ``Controller``.
    """

    spec: BoardSpec = BoardSpec(3, 3, 3)
    x: Controller = HUMAN
    o: Controller = Level("medium")

    def __post_init__(self) -> None:
        for side in (Mark.X, Mark.O):
            given: object = self.controller(side)
            if isinstance(given, str):
                try:
                    parsed = parse_controller(given)
                except GameError as error:
                    raise GameError(f"{quote(given)} cannot play {side}: {error}") from None
                object.__setattr__(self, side.value.lower(), parsed)

    def controller(self, mark: Mark) -> Controller:
        """Who controls ``mark``."""
        return self.x if mark is Mark.X else self.o

    def is_human(self, mark: Mark) -> bool:
        """True when a person plays ``mark``."""
        return isinstance(self.controller(mark), Person)


def without_brains(setup: GameSetup) -> tuple[GameSetup, tuple[Mark, ...]]:
    """``setup`` with a person on each side an external brain would play, and those sides.

    A game served to a browser plays no brain: a brain is a program started on the serving
    computer, and a visitor must not be able to start one.
    """
    sides = tuple(mark for mark in (Mark.X, Mark.O) if isinstance(setup.controller(mark), Brain))
    if not sides:
        return setup, ()
    x, o = (HUMAN if mark in sides else setup.controller(mark) for mark in (Mark.X, Mark.O))
    return GameSetup(setup.spec, x, o), sides
