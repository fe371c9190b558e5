"""The host's server: one seat for the friend, held by whoever says hello with the join code.

The game it serves (a ``Table``: ``session.online.OnlineGame`` on the host) is
the authority; the server only decides who may talk to it. A connection must
say ``hello`` within ``Timing.handshake`` seconds, in this protocol's version,
with the join code (checked through one ``CodeGate``, which slows wrong codes
down), while the seat is free; anything else is answered ``refused`` with the
reason, and closed. At most ``MAX_HANDSHAKES`` connections may be saying hello
at once; more are refused at once. Once seated, the friend's messages go to
the game until the connection ends, which the game hears with the reason; the
seat is then free for the friend to join again with the same code.
"""

from __future__ import annotations

import asyncio

from .code import CodeGate
from .link import CLOSE_TIME, TIMING, Link, LinkClosed, Table, Timing
from .protocol import MAX_LINE, Hello, MessageError, Refused

MAX_HANDSHAKES = 4
"""Connections that may be saying hello at once: a friend needs one, a crowd gets turned away."""


class HostServer:
    """Listens for the friend, seats them, and hands their messages to ``table``."""

    def __init__(self, table: Table, code: str, *, timing: Timing = TIMING,
                 gate: CodeGate | None = None) -> None:
        self._table = table
        self.code = code
        """The join code, as it is shown."""
        self._gate = gate or CodeGate(code)
        self._timing = timing
        self._server: asyncio.Server | None = None
        self._seat: Link | None = None
        self._links: set[Link] = set()
        self._tasks: set[asyncio.Task[object]] = set()
        """The tasks serving each connection, awaited when the server closes."""
        self._handshakes = 0
        self.refusals = 0
        """Connections refused so far."""

    async def start(self, address: str | None, port: int) -> None:
        """Listen on ``address`` (None: every address of this computer) and ``port`` (0: any free one);
        an ``OSError`` saying why when it cannot."""
        self._server = await asyncio.start_server(self._connected, address, port, limit=MAX_LINE)

    @property
    def port(self) -> int:
        """The port it listens on."""
        assert self._server is not None and self._server.sockets, "the server has not started"
        return int(self._server.sockets[0].getsockname()[1])

    @property
    def addresses(self) -> tuple[str, ...]:
        """The addresses it listens on."""
        assert self._server is not None, "the server has not started"
        return tuple(str(sock.getsockname()[0]) for sock in self._server.sockets)

    @property
    def seated(self) -> bool:
        """True while the friend holds the seat."""
        return self._seat is not None

    async def close(self) -> None:
        """Stop listening and end every connection, the friend's too, once what was sent has left."""
        if self._server is not None:
            self._server.close()
        for link in list(self._links):
            await link.close()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=CLOSE_TIME)

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = Link(reader, writer, self._timing)
        self._links.add(link)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        try:
            hello = await self._hello(link)
            if hello is not None:
                await self._seated(link, hello)
        finally:
            self._links.discard(link)
            await link.close()

    async def _hello(self, link: Link) -> Hello | None:
        """The connection's hello once it is let in; None once it is refused."""
        if self._handshakes >= MAX_HANDSHAKES:
            return self._refuse(link, "too many connections at once: try again in a moment")
        self._handshakes += 1
        try:
            why = await self._refusal(link)
        finally:
            self._handshakes -= 1
        if isinstance(why, str):
            return self._refuse(link, why)
        if self._seat is not None:
            return self._refuse(link, "the seat is taken: a friend is playing already")
        return why

    async def _refusal(self, link: Link) -> Hello | str:
        """The connection's hello with the right code, or why it is refused."""
        try:
            message = await link.receive(self._timing.handshake)
        except LinkClosed as closed:
            return f"no hello: {closed}"
        except MessageError as error:
            return str(error)
        if not isinstance(message, Hello):
            return f"a {message.TYPE} message before hello"
        if not await self._gate.admits(message.code):
            return "wrong join code"
        return message

    def _refuse(self, link: Link, why: str) -> Hello | None:
        """Refuse the connection, saying ``why``; None, for the hello it gave no place to."""
        self.refusals += 1
        link.send(Refused(why))
        return None

    async def _seated(self, link: Link, hello: Hello) -> None:
        self._seat = link
        table = self._table
        try:
            table.joined(hello.name, link.send)
            why = await link.run(table.received, table.refused)
        finally:
            self._seat = None
        table.disconnected(why)
