"""One connection between the two ends of a game: messages a line each, checked, and heartbeats.

Both ends use a ``Link`` alike. Reading is bounded everywhere: a line is at
most ``MAX_LINE`` bytes (the stream itself refuses to hold more), each wait
for a line has its limit, and a message that is no message, or one that does
not fit the game, is answered with ``refused`` and counted: past
``MAX_REFUSED`` of them the connection ends. Writing is bounded too: an end
that does not read what it is sent is let go once ``MAX_BUFFERED`` bytes wait
for it. Each end sends ``ping`` every ``Timing.heartbeat`` seconds, and takes
an end silent for ``Timing.silence`` seconds to be gone: a friend whose
computer vanished is noticed within that time, not when TCP gives up.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .protocol import MAX_LINE, Message, MessageError, Ping, Refused, decode, encode

MAX_BUFFERED = 256 * 1024
"""Bytes that may wait to be sent to an end that does not read them before the connection ends."""
MAX_REFUSED = 20
"""Messages refused on one connection before it ends: an honest end has one refused now and then
(its message crossed one of ours), never a stream of them."""
CLOSE_TIME = 1.0
"""Seconds given to the last messages (a ``bye``, a ``refused``) to leave before a connection is
closed anyway."""
MAX_UNREAD = 2 ** 20
"""Bytes read and dropped while a connection closes: closing with anything unread would reset it,
and the other end would lose the last messages sent to it, the reason it was let go among them."""


@dataclass(frozen=True, slots=True)
class Timing:
    """How long each wait may last, in seconds; the tests make them short."""

    heartbeat: float = 2.0
    """Between two pings: an end sends one whenever this long has passed."""
    silence: float = 6.0
    """An end that sent nothing, not even a ping, for this long is gone (well within ten seconds)."""
    handshake: float = 10.0
    """A connection must say hello (and a host answer it) within this long, or it is dropped."""


TIMING = Timing()
"""The times a game is played with."""


def system_reason(error: OSError) -> str:
    """Why the system refused, in its own words: asyncio words some refusals its own way, with the
    addresses it tried."""
    if isinstance(error, socket.gaierror) or not error.errno or error.errno < 0:
        return error.strerror or str(error)
    return os.strerror(error.errno)


class Table(Protocol):
    """What a connection needs of the game it carries: ``session.online.OnlineGame`` at either end."""

    def joined(self, name: str, send: Callable[[Message], None]) -> None:
        """The other end, called ``name``, is connected; ``send`` reaches it."""

    def received(self, message: Message) -> None:
        """A message from the other end; a ``MessageError`` when it does not fit the game."""

    def refused(self, why: str) -> None:
        """A message from the other end was refused, for the reason ``why``."""

    def disconnected(self, why: str) -> None:
        """The connection ended, for the reason ``why``."""


class LinkClosed(Exception):
    """The connection ended; the text says why, as the end of a sentence (``it closed the connection``)."""


class Link:
    """A connection to the other end: ``send`` a message, ``receive`` one, or ``run`` until it ends."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, timing: Timing) -> None:
        self._reader = reader
        self._writer = writer
        self.timing = timing
        self._why: str | None = None
        """Why this end closed the connection, once it has."""
        self._reading = False
        """True while ``run`` reads the messages."""
        self.sent = 0
        """Messages sent so far."""

    @property
    def closed(self) -> bool:
        return self._why is not None or self._writer.is_closing()

    def send(self, message: Message) -> None:
        """Send ``message`` now; an end that lets too much wait unread is let go instead."""
        if self.closed:
            return
        line = encode(message)
        if self._writer.transport.get_write_buffer_size() + len(line) > MAX_BUFFERED:
            self.drop(f"it read nothing of the last {MAX_BUFFERED // 1024} KiB sent to it")
            return
        self._writer.write(line)
        self.sent += 1

    def drop(self, why: str) -> None:
        """Take nothing more from the other end, for the reason ``why`` (what ``run`` returns); the
        owner of the link then closes it."""
        if self._why is None:
            self._why = why

    async def close(self) -> None:
        """End the connection once what was sent has left, or after ``CLOSE_TIME`` anyway.

        Unless ``run`` is still reading, what the other end sends meanwhile is read and dropped
        (up to ``MAX_UNREAD`` bytes), so that its last messages reach it before the connection ends.
        """
        self.drop("this end closed the connection")
        writer = self._writer
        with contextlib.suppress(OSError, TimeoutError, RuntimeError):
            async with asyncio.timeout(CLOSE_TIME):
                if not self._reading and writer.can_write_eof() and not writer.is_closing():
                    writer.write_eof()
                    unread = 0
                    while unread < MAX_UNREAD and (chunk := await self._reader.read(65536)):
                        unread += len(chunk)
                writer.close()
                await writer.wait_closed()
        writer.close()

    async def receive(self, within: float) -> Message:
        """The next message, within ``within`` seconds; a ``MessageError`` for a line that is none, and
        ``LinkClosed`` when the connection ends (a line too long ends it too)."""
        if self._why is not None:
            raise LinkClosed(self._why)
        try:
            async with asyncio.timeout(within):
                line = await self._reader.readuntil(b"\n")
        except TimeoutError:
            raise LinkClosed(self._why or f"nothing came for {within:g} seconds") from None
        except asyncio.IncompleteReadError as error:
            words = "it closed the connection in the middle of a message" if error.partial else (
                "it closed the connection")
            raise LinkClosed(self._why or words) from None
        except asyncio.LimitOverrunError:
            self.send(Refused(f"a line of more than {MAX_LINE} bytes"))
            self.drop(f"it sent a line of more than {MAX_LINE} bytes")
            raise LinkClosed(self._why) from None
        except OSError as error:
            raise LinkClosed(self._why or f"the connection broke ({system_reason(error)})") from None
        return decode(line)

    async def run(self, handle: Callable[[Message], None], refused: Callable[[str], None]) -> str:
        """Hand every message but pings to ``handle`` until the connection ends, and say why it ended.

        A message that is none, or that ``handle`` refuses with a ``MessageError``, is answered with
        ``refused`` and told to ``refused``; the ``MAX_REFUSED``-th such message ends the connection.
        Pings go out every ``heartbeat`` seconds meanwhile.
        """
        beating = asyncio.create_task(self._heartbeat())
        refusals = 0
        self._reading = True
        try:
            while self._why is None:
                try:
                    message = await self.receive(self.timing.silence)
                    if not isinstance(message, Ping):
                        handle(message)
                    continue
                except LinkClosed as closed:
                    return str(closed)
                except MessageError as error:
                    why = str(error)
                refusals += 1
                self.send(Refused(why))
                refused(why)
                if refusals >= MAX_REFUSED:
                    self.drop(f"it sent {refusals} messages that were refused")
            return self._why
        finally:
            self._reading = False
            beating.cancel()

    async def _heartbeat(self) -> None:
        while not self.closed:
            await asyncio.sleep(self.timing.heartbeat)
            self.send(Ping())
