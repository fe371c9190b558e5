"""Where a game is hosted: the address and port a friend types, and the one command they run.

A host listens on every address of its computer by default, so that a friend
on the same network can reach it; the address to give them is the one this
computer uses on that network, found by asking the system which address it
would send from (no packet leaves: a UDP socket only picks a route).
"""

from __future__ import annotations

import ipaddress
import re
import socket

from ..engine.rules.inputs import parse_int, quote

DEFAULT_PORT = 7777
"""The port a game is hosted on unless another is named."""
EVERY_ADDRESS = "0.0.0.0"
"""Listen on every IPv4 address of this computer: its network's, and loopback."""
PROG = "tictactoe-tui"
_PROBE = ("192.0.2.1", 9)
"""An address reserved for documentation (TEST-NET-1): the route to it is the route out of this network."""
_LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
"""One dot-separated part of a host name, as the resolver takes it: 1 to 63 letters, digits and inner
hyphens. An empty or longer part is refused here, for the resolver would fail on it with an encoding
error rather than a lookup error."""


class AddressError(ValueError):
    """Text that names no host and port."""


def parse_port(text: str) -> int:
    """A port number from 1 to 65535, or an ``AddressError`` saying so."""
    port = parse_int(text) if text.isascii() and text.isdecimal() and len(text) <= 18 else 0
    if not 1 <= port <= 65535:
        raise AddressError(f"{quote(text)} is not a port number from 1 to 65535")
    return port


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``HOST[:PORT]`` read as a host and a port: ``192.168.1.20``, ``box.local:7000``, ``[::1]:7000``.

    >>> parse_address("192.168.1.20"), parse_address("[::1]:7000")
    (('192.168.1.20', 7777), ('::1', 7000))
    """
    text = text.strip()
    port_text: str | None = None
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise AddressError(f"{quote(text)} is not an address: write [IPv6]:PORT, such as [::1]:7777")
        port_text = rest[1:] if rest else None
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host = text
    if not _is_host(host):
        raise AddressError(f"{quote(text)} is not an address: write HOST or HOST:PORT, "
                           "such as 192.168.1.20:7777")
    return host, default_port if port_text is None else parse_port(port_text)


def parse_host(text: str) -> str:
    """A host alone, with no port: an address to listen on, such as ``0.0.0.0`` or ``192.168.1.20``."""
    host = text.strip()
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not _is_host(host):
        raise AddressError(f"{quote(text)} is not an address of this computer, "
                           "such as 0.0.0.0 or 192.168.1.20")
    return host


def _is_host(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        labels = text.removesuffix(".").split(".")
        return len(text) <= 253 and all(_LABEL.fullmatch(label) for label in labels)
    return True


def network_address() -> str:
    """This computer's address on its network, as a friend there dials it; loopback when it has none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def dialled(listening: str) -> str:
    """The address a friend dials to reach a host listening on ``listening``."""
    try:
        unspecified = ipaddress.ip_address(listening).is_unspecified
    except ValueError:
        return listening
    return network_address() if unspecified else listening


def join_command(host: str, port: int, code: str) -> str:
    """The one command the friend types to join."""
    where = f"[{host}]" if ":" in host else host
    return f"{PROG} join {where}:{port} --code {code}"
