"""An online game and its connection, put together: the host's (``Hosting``) or the friend's (``Joining``).

``host_game`` starts listening and ``join_game`` reaches the host and is let
in, both before any game is shown, so that a port in use, an address nobody
answers or a wrong code is an ``OSError`` with the reason in one line (the
command line prints it; the form that asked shows it). The screen then gets
one of the two: the game to draw and act on, and the connection to close,
or, for the friend, to join again over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from ..engine import BoardSpec, Mark
from ..network.address import dialled, join_command
from ..network.host import HostServer
from ..network.join import Guest, JoinError
from ..network.link import TIMING, Timing, system_reason
from ..network.protocol import PeerError
from .online import OnlineGame


@dataclass(frozen=True, slots=True)
class Hosting:
    """The host's end: the game, the server the friend joins, and what to tell the friend."""

    online: OnlineGame
    server: HostServer
    command: str
    """The one command the friend types to join."""
    listening: str
    """Where the server listens, as the host is told: ``0.0.0.0:7777``."""

    async def close(self) -> None:
        """Tell the friend this end quits, and stop listening."""
        self.online.quit()
        await self.server.close()


@dataclass(frozen=True, slots=True)
class Joining:
    """The friend's end: the game, and the connection to the host, which can be made again."""

    online: OnlineGame
    guest: Guest

    async def rejoin(self) -> None:
        """Join the host again, with the same code, and go on with the game as the host has it; a
        ``JoinError`` saying why when the host cannot be joined."""
        welcome = await self.guest.join()
        try:
            self.online.rejoined(welcome)
        except PeerError as error:
            await self.guest.close()
            raise JoinError(f"{self.guest.where} sent a game that does not go on from this one: {error}"
                            ) from None
        self.guest.play(self.online, welcome)

    async def close(self) -> None:
        """Tell the host this end quits, and close the connection."""
        self.online.quit()
        await self.guest.close()


Sitting: TypeAlias = Hosting | Joining
"""Either end of an online game."""


async def host_game(spec: BoardSpec, mine: Mark, code: str, *, address: str, port: int, name: str = "",
                    timing: Timing = TIMING) -> Hosting:
    """Host a game on ``spec``, played here as ``mine``, listening on ``address`` and ``port`` for the
    friend with ``code``; an ``OSError`` saying why when it cannot listen there."""
    online = OnlineGame(spec, mine, hosting=True, name=name)
    server = HostServer(online, code, timing=timing)
    try:
        await server.start(address, port)
    except OSError as error:
        raise OSError(f"cannot listen on {address}:{port}: {system_reason(error)}") from None
    return Hosting(online, server, join_command(dialled(address), server.port, code),
                   f"{address}:{server.port}")


async def join_game(host: str, port: int, code: str, *, name: str = "", timing: Timing = TIMING) -> Joining:
    """Join the game hosted at ``host`` and ``port`` with ``code``; a ``JoinError`` saying why when it
    cannot."""
    guest = Guest(host, port, code, name, timing=timing)
    welcome = await guest.join()
    try:
        online = OnlineGame.joining(welcome, name)
    except PeerError as error:
        await guest.close()
        raise JoinError(f"{guest.where} sent a game that cannot be played: {error}") from None
    guest.play(online, welcome)
    return Joining(online, guest)
