"""What the game remembers between runs: the last setup, the theme and the keypad layout.

The file is ``settings.json`` in the user's configuration directory::

    {"version": 1, "setup": {"board": "3x3k3", "x": "human", "o": "perfect"},
     "theme": "textual-dark", "keypad": "calculator", "accessible": false}

Each field is read on its own: a field that is invalid (a board that does
not parse, an unknown player or keypad, a theme that is not text) falls back
to its default while the others are kept, and the player is told once (see
``storage.load``). Unknown keys are ignored, so a file written by a later
release with extra fields still loads. Theme names are not checked here,
because only the running app knows which themes exist; the app falls back to
its default theme when the saved one is not registered.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..directories import config_dir
from ..engine import BoardSpec, GameError
from ..engine.rules.inputs import quote
from ..session.setup import Controller, GameSetup, parse_controller
from . import storage

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1
DEFAULT_THEME = "textual-dark"


class KeypadLayout(enum.Enum):
    """Which way up the digits 1-9 map onto a 3x3 board.

    A numeric keypad has 7 8 9 on its top row, which matches the board's
    bottom-left ``a1``; a phone has 1 2 3 on top, which matches reading order.
    Players hold strong habits from one or the other, so it is a setting.
    """

    CALCULATOR = "calculator"
    """7 8 9 on the top row, as on a numeric keypad (the default)."""
    PHONE = "phone"
    """1 2 3 on the top row, as on a phone."""

    def coordinates(self, digit: int) -> tuple[int, int]:
        """``(col, row)`` in a 3x3 block, row 0 at the bottom, of the key ``digit`` (1-9)."""
        if not 1 <= digit <= 9:
            raise ValueError(f"keypad digit {digit} is not from 1 to 9")
        col, row = (digit - 1) % 3, (digit - 1) // 3
        return (col, row) if self is KeypadLayout.CALCULATOR else (col, 2 - row)

    def digit(self, col: int, row: int) -> int:
        """The key for ``(col, row)`` in a 3x3 block, row 0 at the bottom; the inverse of ``coordinates``."""
        if not (0 <= col < 3 and 0 <= row < 3):
            raise ValueError(f"column {col}, row {row} is outside the 3x3 keypad")
        return 1 + col + 3 * (row if self is KeypadLayout.CALCULATOR else 2 - row)


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything that persists between runs apart from statistics."""

    setup: GameSetup = field(default_factory=GameSetup)
    theme: str = DEFAULT_THEME
    keypad: KeypadLayout = KeypadLayout.CALCULATOR
    accessible: bool = False
    """Play for a screen reader or braille display: see ``TicTacToeApp``'s accessible mode."""


def settings_path() -> Path:
    """The settings file in the configuration directory (see ``directories.HOME_ENV``)."""
    return config_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (defaults on the first run) and a message for the player if the file was bad."""
    return storage.load(path or settings_path(), SETTINGS_FORMAT)


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Save atomically; return a message for the player if it could not be written."""
    return storage.save(path or settings_path(), SETTINGS_FORMAT, settings)


def encode_settings(settings: Settings) -> dict[str, Any]:
    """The JSON object for ``settings`` (without the version, which ``storage`` adds)."""
    setup = settings.setup
    return {
        "setup": {"board": str(setup.spec), "x": str(setup.x), "o": str(setup.o)},
        "theme": settings.theme,
        "keypad": settings.keypad.value,
        "accessible": settings.accessible,
    }


def decode_settings(document: Mapping[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a JSON object, each invalid field replaced by its default and noted."""
    defaults = Settings()
    problems: list[str] = []
    setup = _decode_setup(storage.expect(document, "setup", dict, problems, {}), defaults.setup, problems)
    theme = storage.expect(document, "theme", str, problems, defaults.theme)
    if not theme.strip():
        problems.append("theme is empty")
        theme = defaults.theme
    keypad_name = storage.expect(document, "keypad", str, problems, defaults.keypad.value)
    try:
        keypad = KeypadLayout(keypad_name)
    except ValueError:
        layouts = ", ".join(k.value for k in KeypadLayout)
        problems.append(f"keypad {quote(keypad_name)} is not one of {layouts}")
        keypad = defaults.keypad
    accessible = storage.expect(document, "accessible", bool, problems, defaults.accessible)
    return Settings(setup, theme, keypad, accessible), problems


def _decode_setup(document: Mapping[str, Any], default: GameSetup, problems: list[str]) -> GameSetup:
    board = storage.expect(document, "board", str, problems, str(default.spec))
    try:
        spec = BoardSpec.parse(board)
    except GameError as error:
        problems.append(f"board {quote(board)} is not a board ({error})")
        spec = default.spec
    x = _controller(document, "x", default.x, problems)
    o = _controller(document, "o", default.o, problems)
    return GameSetup(spec, x, o)


def _controller(document: Mapping[str, Any], key: str, default: Controller,
                problems: list[str]) -> Controller:
    controller = storage.expect(document, key, str, problems, str(default))
    try:
        return parse_controller(controller)
    except GameError as error:
        problems.append(f"{key} {quote(controller)} cannot play: {error}")
        return default


SETTINGS_FORMAT: storage.FileFormat[Settings] = storage.FileFormat(
    kind="settings",
    version=SETTINGS_VERSION,
    default=Settings,
    encode=encode_settings,
    decode=decode_settings,
)
