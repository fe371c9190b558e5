"""The joining side: reach the host, say hello with the join code, and carry the game it welcomes us to.

``Guest.join`` opens the connection and waits for the host's answer, so that
an address nobody answers, a wrong code or a taken seat is a ``JoinError``
with the reason in one line, before any game is shown. ``Guest.play`` then
hands the host's messages to the game (``session.online.OnlineGame``, which
checks each against the game) until the connection ends. Joining again after
a drop is ``join`` and ``play`` once more, with the same code: the host
welcomes the friend back to the game as it stands.
"""

from __future__ import annotations

import asyncio

from ..engine.rules.inputs import printable
from .link import CLOSE_TIME, TIMING, Link, LinkClosed, Table, Timing, system_reason
from .protocol import MAX_LINE, Hello, MessageError, Refused, Welcome


class JoinError(ConnectionError):
    """The host could not be joined: unreachable, gone, refusing, or not speaking this game."""


class Guest:
    """The friend's connection to the host at ``host``:``port``."""

    def __init__(self, host: str, port: int, code: str, name: str = "", *, timing: Timing = TIMING) -> None:
        self.host = host
        self.port = port
        self.code = code
        self.name = name
        self._timing = timing
        self._link: Link | None = None
        self._playing: asyncio.Task[None] | None = None

    @property
    def where(self) -> str:
        """The host's address as typed: ``HOST:PORT``."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    @property
    def connected(self) -> bool:
        """True while the connection to the host is open."""
        return self._link is not None and not self._link.closed

    async def join(self) -> Welcome:
        """Connect and say hello; the host's welcome, or a ``JoinError`` saying why there is none."""
        await self.close()
        timing = self._timing
        try:
            async with asyncio.timeout(timing.handshake):
                reader, writer = await asyncio.open_connection(self.host, self.port, limit=MAX_LINE)
        except TimeoutError:
            raise JoinError(f"cannot reach {self.where}: no answer within {timing.handshake:g} seconds"
                            ) from None
        except OSError as error:
            raise JoinError(f"cannot reach {self.where}: {system_reason(error)}") from None
        link = self._link = Link(reader, writer, timing)
        link.send(Hello(self.code, self.name))
        try:
            answer = await link.receive(timing.handshake)
        except LinkClosed as closed:
            await self.close()
            raise JoinError(f"{self.where} did not welcome us: {closed}") from None
        except MessageError as error:
            await self.close()
            raise JoinError(f"{self.where} does not answer as this game does: {error}") from None
        if isinstance(answer, Refused):
            await self.close()
            raise JoinError(f"{self.where} refused to let us in: {printable(answer.reason, 120)}")
        if not isinstance(answer, Welcome):
            await self.close()
            raise JoinError(f"{self.where} answered hello with a {answer.TYPE} message")
        return answer

    def play(self, table: Table, welcome: Welcome) -> None:
        """Carry the game ``welcome`` began, at ``table``, until the connection ends (which it hears)."""
        link = self._link
        assert link is not None, "join first"
        table.joined(welcome.name, link.send)
        self._playing = asyncio.create_task(self._carry(link, table))

    async def _carry(self, link: Link, table: Table) -> None:
        why = await link.run(table.received, table.refused)
        table.disconnected(why)

    async def close(self) -> None:
        """End the connection, once what was sent (a ``bye``) has left, and the game has heard it end."""
        link, self._link = self._link, None
        if link is not None:
            await link.close()
        playing, self._playing = self._playing, None
        if playing is not None:
            await asyncio.wait([playing], timeout=CLOSE_TIME)
