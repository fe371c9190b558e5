"""Game records: ``4x4k3: b2 a1 c3`` (the board, a colon, then the moves in order)."""

from __future__ import annotations

from ..errors import IllegalMoveError, NotationError
from .inputs import quote, shorten
from .position import Position
from .spec import BoardSpec


def parse_record(text: str) -> Position:
    """The position a record reaches; errors name the bad token.

    >>> parse_record("3x3k3: b2 a1").record
    '3x3k3: b2 a1'
    """
    spec_text, colon, moves_text = text.partition(":")
    first, _, rest = text.strip().partition(" ")
    if not colon and rest.strip() and _is_spec(first):
        example = f"{shorten(first)}: {shorten(rest.strip())}"
        raise NotationError(f"record {quote(text)} needs a colon after the board, e.g. {example}")
    if not spec_text.strip():
        raise NotationError(f"record {quote(text)} has no board: write it as WxHkK: moves, e.g. 4x4k3: b2 a1")
    try:
        spec = BoardSpec.parse(spec_text)
    except NotationError:
        raise NotationError(
            f"record {quote(text)} does not start with a board such as 4x4k3 followed by a colon"
        ) from None
    try:
        return Position.from_moves(spec, moves_text)
    except (NotationError, IllegalMoveError) as error:
        raise type(error)(f"in record {quote(text.strip())}: {error}") from None


def _is_spec(text: str) -> bool:
    try:
        BoardSpec.parse(text)
    except (NotationError, ValueError):
        return False
    return True


def format_record(position: Position) -> str:
    """The record of ``position``; ``parse_record`` reads it back to an equal position."""
    return position.record
