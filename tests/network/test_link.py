"""One connection's limits: an end that reads nothing of what it is sent is let go, and the reason is
what the connection ends with."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest

from tictactoe_tui.network.link import MAX_BUFFERED, Link, LinkClosed, Timing, system_reason
from tictactoe_tui.network.protocol import Move, Ping


class Unread:
    """A writer whose other end has read nothing of ``waiting`` bytes sent to it."""

    def __init__(self, waiting: int) -> None:
        self.waiting = waiting
        self.written: list[bytes] = []
        self.transport = self

    def get_write_buffer_size(self) -> int:
        return self.waiting

    def is_closing(self) -> bool:
        return False

    def write(self, data: bytes) -> None:
        self.written.append(data)
        self.waiting += len(data)


def link_to(writer: Unread) -> Link:
    return Link(asyncio.StreamReader(), cast(Any, writer), Timing())


async def test_messages_go_out_while_the_other_end_reads_them() -> None:
    writer = Unread(0)
    link = link_to(writer)
    link.send(Move(0, "b2"))
    link.send(Ping())
    assert writer.written == [b'{"v":1,"type":"move","ply":0,"cell":"b2"}\n', b'{"v":1,"type":"ping"}\n']
    assert link.sent == 2 and not link.closed


async def test_an_end_that_reads_nothing_is_let_go_once_too_much_waits_for_it() -> None:
    writer = Unread(MAX_BUFFERED - 30)
    link = link_to(writer)
    link.send(Ping())
    assert len(writer.written) == 1
    link.send(Move(0, "b2"))
    assert len(writer.written) == 1 and link.closed
    with pytest.raises(LinkClosed, match="it read nothing of the last 256 KiB sent to it"):
        await link.receive(60.0)


def test_the_systems_reasons_are_its_own_words() -> None:
    assert system_reason(ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 9)")) == (
        "Connection refused")
    assert system_reason(OSError("Multiple exceptions: [...]")) == "Multiple exceptions: [...]"
