"""Both ends of an online game over loopback: a whole game, the failures that stop a game from starting,
a dropped connection and joining again, a vanished host noticed by its silence, and quitting on either
side."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import pytest
from loopback import CODE, TIMING, TTT, until

from tictactoe_tui.engine import Mark
from tictactoe_tui.network.join import JoinError
from tictactoe_tui.network.link import Timing
from tictactoe_tui.network.protocol import Ping, Welcome, decode, encode
from tictactoe_tui.session.connection import Hosting, Joining, host_game, join_game
from tictactoe_tui.session.turns import Notice


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
async def hosting() -> AsyncIterator[Hosting]:
    hosted = await host_game(TTT, Mark.X, CODE, address="127.0.0.1", port=0, name="Ann",
                             timing=TIMING)
    yield hosted
    await hosted.close()


async def joined(hosting: Hosting, code: str = CODE) -> Joining:
    joining = await join_game("127.0.0.1", hosting.server.port, code, name="Bob", timing=TIMING)
    await until(lambda: hosting.online.connected)
    return joining


async def play(hosting: Hosting, joining: Joining, *names: str) -> None:
    """Each move by the end whose side is to move, seen on both ends before the next."""
    for name in names:
        host = hosting.online
        end = host if host.position.to_move is host.mine else joining.online
        ply = len(host.position.moves)
        assert end.play(end.spec.parse_cell(name)) is None
        await until(lambda: len(host.position.moves) > ply  # noqa: B023 - waited for here
                    and joining.online.position == host.position)  # noqa: B023


async def test_two_ends_play_a_whole_game_and_agree_on_it(hosting: Hosting) -> None:
    assert hosting.command == f"tictactoe-tui join 127.0.0.1:{hosting.server.port} --code {CODE}"
    joining = await joined(hosting)
    await play(hosting, joining, "b2", "a1", "a3", "c1", "b1", "b3", "c2", "a2", "c3")
    for end in (hosting.online, joining.online):
        assert end.position.record == "3x3k3: b2 a1 a3 c1 b1 b3 c2 a2 c3"
        assert end.position.outcome.status.value == "draw"
    await joining.close()


async def test_a_port_in_use_is_one_line_saying_so(hosting: Hosting) -> None:
    with pytest.raises(OSError) as refusal:
        await host_game(TTT, Mark.X, CODE, address="127.0.0.1", port=hosting.server.port)
    assert str(refusal.value) == f"cannot listen on 127.0.0.1:{hosting.server.port}: Address already in use"


async def test_an_address_nobody_answers_is_one_line_saying_so() -> None:
    port = free_port()
    with pytest.raises(JoinError) as refusal:
        await join_game("127.0.0.1", port, CODE, timing=TIMING)
    assert str(refusal.value) == f"cannot reach 127.0.0.1:{port}: Connection refused"


async def test_a_wrong_code_is_one_line_saying_so(hosting: Hosting) -> None:
    with pytest.raises(JoinError) as refusal:
        await join_game("127.0.0.1", hosting.server.port, "00000-00000", timing=TIMING)
    assert str(refusal.value) == (
        f"127.0.0.1:{hosting.server.port} refused to let us in: wrong join code")
    assert not hosting.online.connected


async def test_a_dropped_connection_keeps_the_game_and_joining_again_goes_on(hosting: Hosting) -> None:
    joining = await joined(hosting)
    heard: list[Notice] = []
    joining.online.watch(heard.extend)
    await play(hosting, joining, "b2", "a1", "c3")
    await joining.guest.close()  # The connection goes, the program stays.
    await until(lambda: not hosting.online.connected and not joining.online.connected)
    assert joining.online.play(0) == "Not connected to Ann: J joins again, and the game goes on where it was."
    assert hosting.online.position.record == joining.online.position.record == "3x3k3: b2 a1 c3"
    await joining.rejoin()
    await until(lambda: hosting.online.connected)
    assert heard[-1].text == "Back in Ann's game: it goes on."
    await play(hosting, joining, "c1", "b1", "a2", "b3")
    assert joining.online.position.outcome.winner is Mark.X
    await joining.close()


async def test_a_friend_in_a_new_program_joins_the_game_where_it_was(hosting: Hosting) -> None:
    first = await joined(hosting)
    await play(hosting, first, "b2", "a1")
    await first.guest.close()
    await until(lambda: not hosting.online.connected)
    second = await joined(hosting)
    assert second.online.position.record == "3x3k3: b2 a1" and second.online.mine is Mark.O
    await play(hosting, second, "c3")
    await second.close()


async def test_a_host_that_vanishes_is_noticed_by_its_silence_within_a_few_heartbeats() -> None:
    """A host that welcomes and then sends nothing, as a computer that lost its network."""
    pings = 0

    async def mute(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal pings
        await reader.readline()
        writer.write(encode(Welcome("Ann", "3x3k3: b2", Mark.O, 1)))
        while line := await reader.readline():
            pings += decode(line) == Ping()
        writer.close()

    timing = Timing(heartbeat=0.05, silence=0.5, handshake=2.0)
    server = await asyncio.start_server(mute, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    joining = await join_game("127.0.0.1", port, CODE, name="Bob", timing=timing)
    heard: list[Notice] = []
    joining.online.watch(heard.extend)
    await until(lambda: not joining.online.connected)
    assert heard[-1].text == "Ann is not connected: nothing came for 0.5 seconds. J joins again."
    assert joining.online.position.record == "3x3k3: b2"
    await until(lambda: pings > 0)
    assert pings <= timing.silence / timing.heartbeat + 1, "noticed within the pings of one silence"
    server.close()


async def test_the_friend_quitting_tells_the_host(hosting: Hosting) -> None:
    joining = await joined(hosting)
    heard: list[Notice] = []
    hosting.online.watch(heard.extend)
    await play(hosting, joining, "b2")
    await joining.close()
    await until(lambda: not hosting.online.connected)
    assert [notice.text for notice in heard] == ["Bob quits the game."]
    assert hosting.online.position.record == "3x3k3: b2"
    assert hosting.online.play(0) == "Bob has left the game: n starts a new game, q quits."


async def test_the_host_quitting_tells_the_friend(hosting: Hosting) -> None:
    joining = await joined(hosting)
    heard: list[Notice] = []
    joining.online.watch(heard.extend)
    await play(hosting, joining, "b2")
    await hosting.close()
    await until(lambda: not joining.online.connected)
    assert [notice.text for notice in heard] == ["Ann quits the game."]
    assert joining.online.position.record == "3x3k3: b2"
    with pytest.raises(JoinError, match="cannot reach"):
        await joining.rejoin()
