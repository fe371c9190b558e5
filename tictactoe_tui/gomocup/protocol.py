"""The words of the Gomocup (Piskvork) brain protocol, read and written in one place.

The protocol names a cell ``x,y``: 0-based, x the column from the left, y the
row from the top. The engine numbers rows from the bottom (``a1`` is the
bottom-left cell), so on a board ``height`` rows tall

    x = column index,  y = height - 1 - row index

and on 15x15 the centre ``h8`` is ``7,7``, ``a1`` is ``0,14`` and ``a15`` is
``0,0``. Every conversion between the two goes through ``to_protocol`` and
``from_protocol``.

Text from the other side that is no message of the protocol (a malformed
``x,y``, size or board line, coordinates off the board the game was started
on) raises ``ProtocolError``. Each side decides what that means: the brain
answers ``ERROR`` to its manager, the client counts a brain that answers so as
a failed brain.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine import BoardSpec, Cell
from ..engine.errors import NotationError, NumberTooLongError
from ..engine.rules.inputs import parse_int, quote, shorten
from ..engine.rules.spec import side_out_of_range

K_KEY = "k"
"""The ``INFO`` key of this project's extension: ``INFO k 4`` plays four in a row instead of five.

Brains that do not know the key ignore it, as the protocol asks of unknown ``INFO`` keys."""

DEFAULT_K = 5
"""Five in a row: the protocol's game, played whenever a manager does not send ``INFO k``."""


class ProtocolError(ValueError):
    """A line of the Gomocup protocol that is malformed, or names a cell off the board it is about.

    Not a ``GameError``: the text comes from a program, not from the player, and breaks the
    protocol rather than the rules of the game. Nor an ``EngineFailure``: whether the other side
    failed is for the reader to say (the client counts a brain's malformed answer as a failed
    brain). A ``ValueError``, as any refusal of a malformed value is.
    """


_COORDINATES = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")
_NAME_FIELD = re.compile(r'\bname\s*=\s*"([^"]*)"', re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Command:
    """One line from a manager: the command word in capitals and the rest of the line."""

    word: str
    argument: str


def parse_command(line: str) -> Command:
    """Split a line into its command word (case-blind, as managers differ) and its argument."""
    word, _, argument = line.strip().partition(" ")
    return Command(word.upper(), argument.strip())


def parse_xy(text: str) -> tuple[int, int]:
    """The two integers of ``x,y``; not checked against any board. ``ProtocolError`` for anything else."""
    match = _COORDINATES.match(text)
    if match is None:
        raise ProtocolError(f"{quote(text.strip())} is not a coordinate pair x,y such as 7,7")
    return _number("coordinate", match[1]), _number("coordinate", match[2])


def from_protocol(spec: BoardSpec, x: int, y: int) -> Cell:
    """The engine's cell at protocol coordinates ``x,y`` (y counted from the top)."""
    if not (0 <= x < spec.width and 0 <= y < spec.height):
        raise ProtocolError(
            f"{x},{y} is off the {spec.width}x{spec.height} board "
            f"(x from 0 to {spec.width - 1}, y from 0 to {spec.height - 1})"
        )
    return spec.cell_at(x, spec.height - 1 - y)


def to_protocol(spec: BoardSpec, cell: Cell) -> tuple[int, int]:
    """Protocol coordinates ``(x, y)`` of an engine cell."""
    col, row = spec.coordinates(cell)
    return col, spec.height - 1 - row


def parse_cell(spec: BoardSpec, text: str) -> Cell:
    """The cell that ``x,y`` names on ``spec``'s board."""
    return from_protocol(spec, *parse_xy(text))


def format_cell(spec: BoardSpec, cell: Cell) -> str:
    """``x,y`` for an engine cell, the form a brain answers with."""
    x, y = to_protocol(spec, cell)
    return f"{x},{y}"


def parse_size(text: str) -> tuple[int, int]:
    """``(width, height)`` from ``START``'s ``size`` or ``RECTSTART``'s ``w,h``."""
    if text.strip().isdigit():
        return _side("width", text), _side("height", text)
    match = _COORDINATES.match(text)
    if match is None:
        raise ProtocolError(f"{quote(text.strip())} is not a board size (START 15, RECTSTART 20,15)")
    return _side("width", match[1]), _side("height", match[2])


def parse_board_line(text: str) -> tuple[int, int, int]:
    """``(x, y, field)`` of a line between ``BOARD`` and ``DONE``."""
    parts = text.split(",")
    if len(parts) != 3 or not all(part.strip().lstrip("-").isdigit() for part in parts):
        raise ProtocolError(f"{quote(text.strip())} is not a board line x,y,field such as 7,7,1")
    return _number("coordinate", parts[0]), _number("coordinate", parts[1]), _number("field", parts[2])


def _number(what: str, digits: str) -> int:
    """A number of the protocol; one too long to convert is refused as out of range, naming ``what`` it is."""
    try:
        return parse_int(digits)
    except NumberTooLongError:
        raise ProtocolError(f"{what} {shorten(digits.strip())} is out of range") from None
    except NotationError as error:  # Digits ``isdigit`` takes but no decimal reads, such as ².
        raise ProtocolError(str(error)) from None


def _side(label: str, digits: str) -> int:
    """A side of a board from START or RECTSTART; one too long to convert is out of range as any other."""
    try:
        return parse_int(digits)
    except NumberTooLongError:
        raise side_out_of_range(label, shorten(digits.strip())) from None
    except NotationError as error:  # Digits ``isdigit`` takes but no decimal reads, such as ².
        raise ProtocolError(str(error)) from None


def about_name(line: str) -> str | None:
    """The ``name="..."`` field of an ``ABOUT`` answer, when it has one."""
    match = _NAME_FIELD.search(line)
    return match[1].strip() or None if match else None
