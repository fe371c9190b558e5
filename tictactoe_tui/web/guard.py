"""What a visitor's request and messages must be before the server acts on them.

Plain functions with no server in them, so each rule can be tested alone. A
browser sends an ``Origin`` header with every websocket it opens, naming the
page that opened it; a page of another site cannot forge it, but it can open
the socket, so the origin is checked. A program other than a browser can send
any origin it likes, so a secret token in the address is checked too: only
someone who was shown the address can play.
"""

from __future__ import annotations

import ipaddress
import json
import secrets
from typing import Literal

from .limits import MAX_MESSAGE_BYTES, MAX_TERMINAL_SIDE

TOKEN_BYTES = 16
"""128 random bits: the token cannot be guessed in any number of tries a server would answer."""

Message = (
    tuple[Literal["stdin"], str]
    | tuple[Literal["resize"], tuple[int, int]]
    | tuple[Literal["ping"], str]
    | tuple[Literal["focus", "blur"], None]
)
"""A page's message once read: keys typed, a new terminal size, a ping to answer, focus gained or lost."""


def new_token() -> str:
    """A fresh secret for one run of the server, safe to put in an address."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_matches(given: str | None, token: str) -> bool:
    """True when ``given`` is the token; the comparison takes as long whatever the first wrong character."""
    if given is None:
        return False
    return secrets.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8"))


def same_origin(origin: str | None, scheme: str, host: str) -> bool:
    """True when ``origin`` (a request's ``Origin`` header) is the server's own page at ``host``
    (the request's ``Host``, with its port): a browser names the page that opened a connection there."""
    if origin is None:
        return False
    return origin.strip().lower() == f"{scheme}://{host}".lower()


def is_loopback(host: str) -> bool:
    """True when ``host`` is reachable from this computer only (``localhost``, 127.0.0.0/8, ``::1``)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def terminal_side(text: str | None, default: int) -> int:
    """A terminal's width or height from an address's query, within 1 and ``MAX_TERMINAL_SIDE``."""
    if text is None or not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_TERMINAL_SIDE)):
        return default
    return min(max(int(text), 1), MAX_TERMINAL_SIDE)


def read_message(text: str) -> Message | None:
    """The page's message in ``text``, or None for anything the page's script never sends."""
    if len(text) > MAX_MESSAGE_BYTES:
        return None
    try:
        envelope = json.loads(text)
    except ValueError:
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and isinstance(data, str):
        return "stdin", data
    if kind == "ping" and isinstance(data, str):
        return "ping", data[:32]  # Echoed back: a page has no reason to send more than a time.
    if kind == "resize" and isinstance(data, dict):
        width, height = data.get("width"), data.get("height")
        if isinstance(width, int) and isinstance(height, int) and _side(width) and _side(height):
            return "resize", (width, height)
    if kind == "focus":
        return "focus", None
    if kind == "blur":
        return "blur", None
    return None


def _side(value: int) -> bool:
    return not isinstance(value, bool) and 1 <= value <= MAX_TERMINAL_SIDE
