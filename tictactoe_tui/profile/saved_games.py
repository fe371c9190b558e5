"""Games saved to a file and opened again: the record, and who played each side.

A game file is text a person can read, mail and edit by hand::

    # A game of tictactoe-tui
    X: human
    O: medium
    4x4k3: b2 a1 c3

The last line is the game's record, in the notation that ``--record`` and the
clipboard use; the lines before it say who controls each side (a person where
a side is left out). A file names no program to run: a side an external brain
played is saved as a person's, so that opening a game received from someone
else can never start a program on this computer.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..directories import data_dir
from ..engine import GameError, Mark, Position, parse_record
from ..engine.rules.inputs import quote, shorten
from ..session.setup import CONTROLLERS, HUMAN, Controller, GameSetup, without_brains
from . import storage

GAME_SUFFIX = ".txt"
"""Plain text, so that any editor or mail program opens a saved game."""
MAX_GAME_BYTES = 64 * 1024
"""Far above the record of a full 26x26 board (about 3 KiB); anything larger is not a game file."""
MOST_LISTED = 200
"""How many saved games the open dialog lists, newest first."""
HEADER = "# A game of tictactoe-tui"


@dataclass(frozen=True, slots=True)
class SavedGame:
    """What a game file holds: who plays each side, and the position its record reaches."""

    setup: GameSetup
    position: Position


def games_dir() -> Path:
    """Where games are saved unless the player names another place: beside the statistics."""
    return data_dir() / "games"


def new_game_path(spec_text: str, now: datetime | None = None) -> Path:
    """A fresh file name for a game on ``spec_text``, by its board and the time it is saved."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    return games_dir() / f"{spec_text}-{stamp}{GAME_SUFFIX}"


def game_text(setup: GameSetup, position: Position) -> str:
    """The file's text for ``position`` played under ``setup``."""
    saved, _ = without_brains(setup)
    sides = [f"{mark}: {saved.controller(mark)}" for mark in (Mark.X, Mark.O)]
    return "\n".join([HEADER, *sides, position.record]) + "\n"


def parse_game(text: str) -> SavedGame:
    """The game ``text`` holds; ``GameError`` naming the line at fault when it holds none."""
    controllers: dict[Mark, Controller] = {}
    record: Position | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if record is not None:
            raise GameError(f"line {number}: nothing may follow the record, found {quote(shorten(line))}")
        name, colon, rest = line.partition(":")
        side = _side(name.strip())
        if colon and side is not None:
            if side in controllers:
                raise GameError(f"line {number}: {side} is named twice")
            controllers[side] = _controller(rest.strip(), side, number)
        else:
            record = parse_record(line)
    if record is None:
        raise GameError("it holds no game record, such as 3x3k3: b2 a1")
    setup = GameSetup(record.spec, controllers.get(Mark.X, HUMAN), controllers.get(Mark.O, HUMAN))
    return SavedGame(setup, record)


def _side(name: str) -> Mark | None:
    return next((mark for mark in Mark if name.upper() == mark.value), None)


def _controller(text: str, side: Mark, number: int) -> Controller:
    named: dict[str, Controller] = {str(controller): controller for controller in CONTROLLERS}
    if text not in named:
        raise GameError(f"line {number}: {side} is played by one of {', '.join(named)}, "
                        f"not {quote(shorten(text))}")
    return named[text]


def save_game(path: Path, setup: GameSetup, position: Position) -> str | None:
    """Write the game to ``path`` (replacing it whole); the message for the player if the disk refused."""
    try:
        storage.write_text(path, game_text(setup, position))
    except OSError as error:
        return f"Could not save the game to {path}: {storage.reason(error)}."
    return None


def open_game(path: Path) -> SavedGame:
    """The game saved in ``path``; ``GameError`` saying why when there is none to open."""
    try:
        raw = storage.read_regular(path, MAX_GAME_BYTES)
    except FileNotFoundError:
        raise GameError(f"there is no file {path}") from None
    except OSError as error:
        raise GameError(f"could not read {path}: {storage.reason(error)}") from None
    except storage.FormatError as error:
        raise GameError(f"{path} is not a saved game: {error}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise GameError(f"{path} is not a saved game: it is not text") from None
    try:
        return parse_game(text)
    except GameError as error:
        raise GameError(f"{path} is not a saved game: {error}") from None


def saved_games(directory: Path | None = None) -> list[Path]:
    """The games saved in ``directory`` (the games folder by default), newest first."""
    folder = directory if directory is not None else games_dir()
    try:
        files = [(entry.stat().st_mtime, entry) for entry in folder.iterdir()
                 if entry.suffix == GAME_SUFFIX and entry.is_file()]
    except OSError:
        return []
    return [path for _, path in sorted(files, key=lambda pair: (-pair[0], pair[1].name))[:MOST_LISTED]]
