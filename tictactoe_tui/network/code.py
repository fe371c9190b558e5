"""The join code: the secret a host reads to the friend it invites, checked in constant time, and
wrong guesses slowed down.

A code is ten symbols of Crockford's base 32 (digits and letters without I, L,
O and U), 50 random bits from ``secrets``, shown in two groups of five such as
``K7QM4-XD2PA``: easy to read aloud and to type. Typing is forgiving: case,
blanks and dashes do not matter, and I and L read as 1, O as 0.

The code keeps strangers out of the game, nothing more: the moves themselves
travel unencrypted (see the README).
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from collections.abc import Awaitable, Callable

from ..engine.rules.inputs import quote

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: 5 bits a symbol, with no two symbols that look or sound alike."""
SYMBOLS = 10
"""Symbols in a new code: 50 bits."""
MIN_SYMBOLS = 8
"""The fewest symbols a code chosen with ``--code`` may have: 40 bits' worth."""
MAX_SYMBOLS = 20
"""The most symbols a code may have."""
GROUP = 5
"""Symbols between two dashes, as a code is shown."""
_READ_AS = str.maketrans({"I": "1", "L": "1", "O": "0", "-": None, " ": None})

FREE_TRIES = 3
"""Wrong codes answered at once; after them, each check waits longer than the last."""
FIRST_DELAY = 0.5
"""Seconds the first slowed check waits; each wrong code after it doubles the wait."""
MAX_DELAY = 4.0
"""The longest wait before a check: well within the ten seconds a handshake may take."""


class CodeError(ValueError):
    """Text that cannot be a join code."""


def new_code() -> str:
    """A fresh random code, as it is shown."""
    return shown("".join(secrets.choice(ALPHABET) for _ in range(SYMBOLS)))


def normal(text: str) -> str:
    """``text`` as a code is compared: upper case, without blanks or dashes, I and L as 1, O as 0."""
    return text.upper().translate(_READ_AS)


def parse_code(text: str) -> str:
    """The code ``text`` writes, as it is shown; a ``CodeError`` saying what a code is otherwise.

    >>> parse_code("k7qm4 xd2pa")
    'K7QM4-XD2PA'
    """
    symbols = normal(text)
    if not (MIN_SYMBOLS <= len(symbols) <= MAX_SYMBOLS and all(symbol in ALPHABET for symbol in symbols)):
        raise CodeError(f"{quote(text)} is not a join code: {MIN_SYMBOLS} to {MAX_SYMBOLS} letters and "
                        "digits (no U), such as K7QM4-XD2PA")
    return shown(symbols)


def shown(symbols: str) -> str:
    """A code's symbols in groups of ``GROUP``, joined by dashes."""
    return "-".join(symbols[start:start + GROUP] for start in range(0, len(symbols), GROUP))


def code_matches(given: str, code: str) -> bool:
    """True when ``given`` is ``code`` as typed; it takes as long whatever the first wrong symbol."""
    return hmac.compare_digest(normal(given).encode("utf-8", "replace"), normal(code).encode("utf-8"))


class CodeGate:
    """Checks the codes of every connection, one at a time: after ``FREE_TRIES`` wrong ones, each
    check waits first, twice as long as the one before it (up to ``MAX_DELAY``).

    One gate for all connections, so opening many at once guesses no faster: at most one guess in
    ``MAX_DELAY`` seconds, against 2^50 codes. ``sleep`` is how it waits (the tests count the waits).
    """

    def __init__(self, code: str, *, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self._code = code
        self._sleep = sleep
        self._lock = asyncio.Lock()
        self.wrong = 0
        """Wrong codes given so far."""

    def delay(self) -> float:
        """How long the next check waits: nothing until ``FREE_TRIES`` wrong codes have been given."""
        slowed = self.wrong - FREE_TRIES
        return 0.0 if slowed < 0 else min(FIRST_DELAY * 2 ** min(slowed, 16), MAX_DELAY)

    async def admits(self, given: str) -> bool:
        """True when ``given`` is the code; checked after the wait that the wrong codes so far call for."""
        async with self._lock:
            delay = self.delay()
            if delay:
                await self._sleep(delay)
            if code_matches(given, self._code):
                return True
            self.wrong += 1
            return False
