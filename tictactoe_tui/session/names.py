"""The names players go by in a game online: their own, and their friend's as it is shown.

A name comes from the other end of a connection, so it is shown as plain text
(``printable``: no control character, no markup read, a bounded length) and
never empty.
"""

from __future__ import annotations

import getpass

from ..engine.rules.inputs import printable

NAME_CHARS = 20
"""The most characters of a player's name shown: it stands beside the board in the side panel."""
FRIEND = "Your friend"
"""What a friend is called until their name is known, or when it has nothing printable in it."""


def login_name() -> str:
    """The name a player goes by unless they give one: their login name, or none when there is none."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # No such user in the password file, nor in the environment.
        return ""


def shown_name(name: str) -> str:
    """A name someone chose, as it is shown here: plain printable text, short, never empty."""
    return printable(name, NAME_CHARS) or FRIEND
