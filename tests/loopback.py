"""Online games on loopback for the tests: a host whose game the tests watch, a peer that writes raw
bytes to it as a hostile program would and reads what the host answers, and waiting for a state."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tictactoe_tui.engine import BoardSpec, Mark
from tictactoe_tui.network.code import CodeGate
from tictactoe_tui.network.host import HostServer
from tictactoe_tui.network.link import Timing
from tictactoe_tui.network.protocol import Hello, Message, encode
from tictactoe_tui.session.online import OnlineGame
from tictactoe_tui.session.turns import Notice

CODE = "K7QM4-XD2PA"
TIMING = Timing(heartbeat=0.1, silence=2.0, handshake=1.0)
"""Short enough that a silent connection is dropped soon, long enough for a busy machine's honest peer."""
POLLS = 3000
"""Looks at a condition before giving up (a failing test, not a hang); each after 10 ms."""


async def until(condition: Callable[[], object], polls: int = POLLS) -> None:
    """Let the loop run until ``condition`` holds."""
    for _ in range(polls):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the expected state never came")


async def no_wait(seconds: float) -> None:
    """A code gate's wait that only lets the loop run: the tests count waits, not seconds."""
    await asyncio.sleep(0)


@dataclass
class Host:
    """A host on a free loopback port, its game, and what its player was told."""

    online: OnlineGame
    server: HostServer
    gate: CodeGate
    told: list[Notice] = field(default_factory=list)

    @property
    def port(self) -> int:
        return self.server.port


TTT = BoardSpec(3, 3, 3)


async def start_host(spec: BoardSpec = TTT, mine: Mark = Mark.X, *, timing: Timing = TIMING) -> Host:
    online = OnlineGame(spec, mine, hosting=True, name="Ann")
    gate = CodeGate(CODE, sleep=no_wait)
    server = HostServer(online, CODE, timing=timing, gate=gate)
    await server.start("127.0.0.1", 0)
    host = Host(online, server, gate)
    online.watch(host.told.extend)
    return host


class Raw:
    """A connection to the host that sends whatever it is given."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def connect(cls, port: int) -> Raw:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=2 ** 20)
        return cls(reader, writer)

    async def write(self, data: bytes) -> None:
        self.writer.write(data)
        with contextlib.suppress(ConnectionError):
            await self.writer.drain()

    async def send(self, *messages: Message) -> None:
        await self.write(b"".join(map(encode, messages)))

    async def send_json(self, **document: Any) -> None:
        await self.write(json.dumps(document).encode() + b"\n")

    async def seated(self, name: str = "Eve") -> dict[str, Any]:
        """Say hello with the right code; the host's welcome."""
        await self.send(Hello(CODE, name))
        welcome = await self.next()
        assert welcome is not None and welcome["type"] == "welcome", welcome
        return welcome

    async def next(self) -> dict[str, Any] | None:
        """The host's next message, pings skipped; None once the host closed the connection."""
        while True:
            try:
                line = await self.reader.readline()
            except ConnectionError:
                return None
            if not line:
                return None
            message: dict[str, Any] = json.loads(line)
            if message["type"] != "ping":
                return message

    async def until_refused(self) -> str:
        """The reason of the host's next refusal (the test fails if the connection closes first)."""
        while True:
            message = await self.next()
            assert message is not None, "the host closed the connection without a reason"
            if message["type"] == "refused":
                return str(message["reason"])

    async def until_closed(self) -> list[dict[str, Any]]:
        """Every message until the host closes the connection."""
        messages = []
        while (message := await self.next()) is not None:
            messages.append(message)
        return messages

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError):
            await self.writer.wait_closed()
