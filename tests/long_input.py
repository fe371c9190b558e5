"""Values too long for Python to convert or for a message to repeat, shared by the tests of bad input."""

from __future__ import annotations

LONG = "9" * 5000
"""More digits than Python converts (4,300): each number must be refused by its length, not by ``int``."""

SHOWN = "9" * 31 + "…"
"""``LONG`` as a message quotes it."""


def short_id(value: object) -> str | None:
    """A test id for a parameter: long text cut to its start, anything else as pytest names it."""
    if isinstance(value, str) and len(value) > 24:
        return f"{value[:12]}...({len(value)} chars)"
    return None
