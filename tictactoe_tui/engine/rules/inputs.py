"""Numbers and values that come from outside: read within bounds, quoted in a few dozen characters.

Python refuses to convert a decimal of more than 4,300 digits, with a ``ValueError`` that names no
input and no reason a player could act on; and a message that repeats a bad value whole can fill a
screen. So every number the program reads (board sizes, cell names, records, ``--moves``, the
Gomocup protocol, settings and statistics files) is converted by ``parse_int``, which looks at its
length first, and every bad value a message quotes goes through ``shorten`` or ``quote``. Words
someone else chose (a friend's name over the network) are shown through ``printable``.
"""

from __future__ import annotations

import re
import unicodedata

from ..errors import NotationError, NumberTooLongError

MAX_DIGITS = 18
"""The most significant digits a number from outside may have: 64 bits hold any such number, and no
board side, coordinate, clock in milliseconds, memory size in bytes or count this program reads
comes near it. A longer number is out of range whatever the range."""

SHOWN_CHARS = 32
"""The most characters of a value that a message quotes, the ellipsis included."""

_INTEGER = re.compile(r"\s*([+-]?)(\d+)\s*")


def parse_int(text: str) -> int:
    """The whole number ``text`` writes in decimal, with an optional sign and blanks around it.

    Leading zeros do not count towards ``MAX_DIGITS``; more significant digits than that raise
    ``NumberTooLongError``, before any conversion, and text that is no whole number raises
    ``NotationError``. Both are ``ValueError``s, as ``int``'s own refusals are.

    >>> parse_int(" -007 ")
    -7
    """
    match = _INTEGER.fullmatch(text)
    if match is None:
        raise NotationError(f"{quote(text.strip())} is not a whole number")
    digits = match[2].lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise NumberTooLongError(f"{shorten(text.strip())} is out of range (more than {MAX_DIGITS} digits)")
    return int(match[1] + digits)


def shorten(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text``, or its first characters and an ellipsis when it is longer than ``limit``.

    >>> shorten("9" * 40, 8)
    '9999999…'
    """
    return text if len(text) <= limit else text[:max(limit - 1, 0)] + "…"


def quote(value: object, limit: int = SHOWN_CHARS) -> str:
    """``value`` as ``repr`` writes it, kept short: how a message shows a bad value.

    Text is shortened to ``limit`` characters inside its quotes; anything else (a number, a list
    from a JSON file) to ``limit`` characters in all.

    >>> quote("a1"), quote([1, 2, 3], 6)
    ("'a1'", '[1, 2…')
    """
    return repr(shorten(value, limit)) if isinstance(value, str) else shorten(repr(value), limit)


def printable(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text`` written by someone else, fit to be shown as it is: every control and format character
    taken out (a terminal's escape sequence loses its escape, a right-to-left override is dropped),
    each run of blanks and line breaks made one space, and at most ``limit`` characters.

    Markup is none of its business: the caller shows the result as plain text.

    >>> printable("Ann\\x1b[2J\\u202e [b]x[/b]\\n\\n!")
    'Ann[2J [b]x[/b] !'
    """
    kept = "".join(char for char in text if char.isspace() or unicodedata.category(char)[0] != "C")
    return shorten(" ".join(kept.split()), limit)
