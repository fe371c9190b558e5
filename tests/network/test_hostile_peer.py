"""A hostile peer: whatever reaches the host (garbage, huge lines, old versions, wrong codes, moves that
do not fit, floods, silence, connections cut short), the host's game is unchanged, and it still answers
its player: a friend then joins and a move crosses both ways."""

from __future__ import annotations

import asyncio
import json

import pytest
from loopback import CODE, TIMING, Host, Raw, start_host, until

from tictactoe_tui.engine import Mark
from tictactoe_tui.network.host import MAX_HANDSHAKES
from tictactoe_tui.network.link import MAX_REFUSED, Timing
from tictactoe_tui.network.protocol import (
    Again,
    Hello,
    Message,
    Move,
    Ping,
    Sync,
    UndoAsk,
    UndoReply,
    Welcome,
    encode,
)
from tictactoe_tui.session.connection import join_game

MEGABYTE = b"x" * 2 ** 20
FLOOD = 10_000


def raw_line(**document: object) -> bytes:
    return json.dumps(document).encode() + b"\n"


def lines(*messages: Message) -> bytes:
    return b"".join(map(encode, messages))


async def answers_its_player(host: Host, before: str) -> None:
    """The host's game is ``before``, and a friend who joins now plays it with the host's player."""
    online = host.online
    assert online.position.record == before
    await until(lambda: not online.connected)
    joining = await join_game("127.0.0.1", host.port, CODE, name="Bob", timing=TIMING)
    try:
        await until(lambda: online.connected)
        for _ in range(2):
            mover = online if online.position.to_move is online.mine else joining.online
            ply = len(online.position.moves)
            assert mover.play(mover.position.legal_moves[0]) is None
            await until(lambda: len(online.position.moves) > ply  # noqa: B023 - waited for here
                        and joining.online.position == online.position)
    finally:
        await joining.close()
        await host.server.close()


BEFORE_HELLO: list[tuple[str, bytes, str]] = [
    ("garbage", b"hello there\n", "not JSON"),
    ("binary", b"\x00\xff\xfe\x81\n", "not UTF-8"),
    ("an empty line", b"\n", "not JSON"),
    ("a megabyte without a line feed", MEGABYTE, "more than 4096 bytes"),
    ("a megabyte line", MEGABYTE + b"\n", "more than 4096 bytes"),
    ("a JSON array", b"[1, 2, 3]\n", "not an object"),
    ("a JSON string", b'"hello"\n', "not an object"),
    ("a JSON number", b"7\n", "not an object"),
    ("deep nesting", b"[" * 2000 + b"]" * 2000 + b"\n", "not JSON"),
    ("NaN", b'{"v": 1, "type": "hello", "code": NaN, "name": "Eve"}\n', "not JSON"),
    ("a name given twice", b'{"v": 1, "type": "ping", "type": "hello"}\n', "not JSON"),
    ("protocol version 2", raw_line(v=2, type="hello", code=CODE, name="Eve"), "protocol version 2"),
    ("protocol version 0", raw_line(v=0, type="hello", code=CODE, name="Eve"), "protocol version 0"),
    ("the version as text", raw_line(v="1", type="hello", code=CODE, name="Eve"), "protocol version '1'"),
    ("no version", raw_line(type="hello", code=CODE, name="Eve"), "no protocol version"),
    ("an unknown type", raw_line(v=1, type="admin", code=CODE), "unknown type of message"),
    ("a hello without a name", raw_line(v=1, type="hello", code=CODE), "wrong fields"),
    ("a hello with more fields", raw_line(v=1, type="hello", code=CODE, name="Eve", x=1), "wrong fields"),
    ("a code that is a number", raw_line(v=1, type="hello", code=12345, name="Eve"), "is not text"),
    ("a name too long", raw_line(v=1, type="hello", code=CODE, name="E" * 100), "over the 64 allowed"),
    ("a wrong code", lines(Hello("K7QM4-XD2PB", "Eve")), "wrong join code"),
    ("an empty code", lines(Hello("", "Eve")), "wrong join code"),
    ("a move before hello", lines(Move(0, "b2")), "a move message before hello"),
    ("a welcome before hello", lines(Welcome("Eve", "3x3k3:", Mark.X, 1)), "a welcome message before hello"),
    ("a ping before hello", lines(Ping()), "a ping message before hello"),
    ("a flood before hello", lines(Move(0, "b2")) * FLOOD, "a move message before hello"),
]


@pytest.mark.parametrize(("data", "why"), [case[1:] for case in BEFORE_HELLO],
                         ids=[case[0] for case in BEFORE_HELLO])
async def test_a_connection_without_a_good_hello_is_refused_with_the_reason(data: bytes, why: str) -> None:
    host = await start_host()
    raw = await Raw.connect(host.port)
    await raw.write(data)
    answers = await raw.until_closed()
    assert [answer["type"] for answer in answers] == ["refused"]
    assert why in answers[0]["reason"]
    assert host.server.refusals == 1 and not host.online.connected
    await answers_its_player(host, "3x3k3:")


async def test_wrong_codes_one_after_another_are_each_refused_and_slowed() -> None:
    host = await start_host()
    for attempt in range(1, 6):
        raw = await Raw.connect(host.port)
        await raw.send(Hello(f"WRONG-CODE{attempt}", "Eve"))
        assert await raw.until_refused() == "wrong join code"
        assert await raw.until_closed() == []
    assert host.gate.wrong == 5 and host.gate.delay() > 0
    await answers_its_player(host, "3x3k3:")


@pytest.mark.parametrize("data", [b"", b'{"v": 1, "type": "hel'], ids=["nothing", "half a message"])
async def test_a_connection_that_closes_before_its_hello_is_forgotten(data: bytes) -> None:
    host = await start_host()
    raw = await Raw.connect(host.port)
    await raw.write(data)
    await raw.close()
    await until(lambda: host.server.refusals == 1)
    await answers_its_player(host, "3x3k3:")


async def test_a_connection_that_sends_nothing_is_dropped_once_its_handshake_time_is_up() -> None:
    host = await start_host(timing=Timing(heartbeat=0.1, silence=2.0, handshake=0.2))
    raw = await Raw.connect(host.port)
    assert await raw.until_refused() == "no hello: nothing came for 0.2 seconds"
    assert await raw.until_closed() == []
    await answers_its_player(host, "3x3k3:")


async def test_more_connections_saying_nothing_than_the_host_lets_wait_are_refused_at_once() -> None:
    host = await start_host()
    waiting = [await Raw.connect(host.port) for _ in range(MAX_HANDSHAKES)]
    await until(lambda: host.server._handshakes == MAX_HANDSHAKES)
    crowd = await Raw.connect(host.port)
    assert await crowd.until_refused() == "too many connections at once: try again in a moment"
    for raw in waiting:
        await raw.close()
    await until(lambda: host.server._handshakes == 0)
    await answers_its_player(host, "3x3k3:")


async def test_a_second_connection_while_the_seat_is_taken_is_refused_and_the_game_goes_on() -> None:
    host = await start_host()
    joining = await join_game("127.0.0.1", host.port, CODE, name="Bob", timing=TIMING)
    await until(lambda: host.online.connected)
    host.online.play(4)
    second = await Raw.connect(host.port)
    await second.send(Hello(CODE, "Eve"))
    assert await second.until_refused() == "the seat is taken: a friend is playing already"
    assert host.online.friend == "Bob" and host.online.position.record == "3x3k3: b2"
    assert joining.online.play(0) is None
    await until(lambda: host.online.position.record == "3x3k3: b2 a1")
    await joining.close()
    await answers_its_player(host, "3x3k3: b2 a1")


async def seated(host: Host, *, host_first: bool) -> Raw:
    """A hostile peer seated with the right code, the host's b2 played first when ``host_first``."""
    raw = await Raw.connect(host.port)
    await raw.seated()
    if host_first:
        assert host.online.play(4) is None
        moved = await raw.next()
        assert moved == {"v": 1, "type": "move", "ply": 0, "cell": "b2"}
    return raw


SEATED: list[tuple[str, bool, bytes, str]] = [
    ("a move out of turn", False, lines(Move(0, "a1")), "a move out of turn: it is X's turn"),
    ("a move on a taken cell", True, lines(Move(1, "b2")), "b2 is taken"),
    ("a move off the board", True, lines(Move(1, "d4")), "off the 3x3 board"),
    ("a move on row 0", True, lines(Move(1, "a0")), "off the 3x3 board"),
    ("a move that is no cell", True, lines(Move(1, "zz")), "not a cell name"),
    ("a move to no cell", True, lines(Move(1, "")), "not a cell name"),
    ("a stale move", True, lines(Move(0, "a1")), "a move for move 1, while the game is at move 2"),
    ("a move from the future", True, lines(Move(5, "a1")), "a move for move 6"),
    ("a negative ply", True, raw_line(v=1, type="move", ply=-1, cell="a1"), "not a number from 0 to 676"),
    ("a ply as text", True, raw_line(v=1, type="move", ply="1", cell="a1"), "not a number"),
    ("a ply that is true", True, raw_line(v=1, type="move", ply=True, cell="a1"), "not a number"),
    ("a cell as a number", True, raw_line(v=1, type="move", ply=1, cell=0), "is not text"),
    ("a move with more fields", True, raw_line(v=1, type="move", ply=1, cell="a1", x=1), "wrong fields"),
    ("an undo with nothing to undo", True, lines(UndoAsk(1)), "no move to take back"),
    ("an answer nobody asked for", True, lines(UndoReply(1, True)), "nobody made"),
    ("the next game too soon", True, lines(Again(1)), "before this one is over"),
    ("a sync from the friend", True, lines(Sync("3x3k3: a1", Mark.X, 9)), "type sync"),
    ("a welcome from the friend", True, lines(Welcome("Eve", "3x3k3:", Mark.X, 1)), "type welcome"),
    ("a second hello", True, lines(Hello(CODE, "Mallory")), "type hello"),
    ("garbage", True, b"DROP TABLE games;\n", "not JSON"),
    ("binary", True, b"\x00\xff\xfe\n", "not UTF-8"),
    ("an empty line", True, b"\n", "not JSON"),
    ("protocol version 2", True, raw_line(v=2, type="move", ply=1, cell="a1"), "protocol version 2"),
    ("an unknown type", True, raw_line(v=1, type="resign"), "unknown type of message"),
    ("deep nesting", True, b"[" * 2040 + b"]" * 2040 + b"\n", "not JSON"),
    ("NaN", True, b'{"v": 1, "type": "move", "ply": NaN, "cell": "a1"}\n', "not JSON"),
]


@pytest.mark.parametrize(("host_first", "data", "why"), [case[1:] for case in SEATED],
                         ids=[case[0] for case in SEATED])
async def test_a_seated_peers_message_that_does_not_fit_is_refused_and_changes_nothing(
        host_first: bool, data: bytes, why: str) -> None:
    host = await start_host()
    raw = await seated(host, host_first=host_first)
    before = host.online.position.record
    await raw.write(data)
    assert why in await raw.until_refused()
    assert host.online.position.record == before and host.online.connected
    assert any(why in notice.text for notice in host.told), "the host's player hears of it too"
    await raw.close()
    await answers_its_player(host, before)


@pytest.mark.parametrize("data", [MEGABYTE, MEGABYTE + b"\n"], ids=["no line feed", "line feed"])
async def test_a_seated_peer_sending_a_megabyte_line_is_let_go(data: bytes) -> None:
    host = await start_host()
    raw = await seated(host, host_first=True)
    await raw.write(data)
    answers = await raw.until_closed()
    assert answers == [{"v": 1, "type": "refused", "reason": "a line of more than 4096 bytes"}]
    assert host.told[-1].text == "Eve is not connected: it sent a line of more than 4096 bytes. " \
                                 "The game waits for them to join again."
    await answers_its_player(host, "3x3k3: b2")


@pytest.mark.parametrize("data", [lines(Move(0, "a1")) * FLOOD, b"garbage\n" * FLOOD,
                                  lines(UndoAsk(1)) * FLOOD],
                         ids=["moves out of turn", "garbage", "undo requests"])
async def test_ten_thousand_bad_messages_at_once_end_the_connection_after_a_few(data: bytes) -> None:
    host = await start_host()
    raw = await seated(host, host_first=True)
    await raw.write(data)
    answers = await raw.until_closed()
    assert [answer["type"] for answer in answers] == ["refused"] * MAX_REFUSED
    assert host.online.position.record == "3x3k3: b2"
    assert "messages that were refused" in host.told[-1].text
    await answers_its_player(host, "3x3k3: b2")


async def test_ten_thousand_pings_at_once_change_nothing_and_the_game_goes_on() -> None:
    host = await start_host()
    raw = await seated(host, host_first=True)
    await raw.send(*[Ping()] * FLOOD, Move(1, "a1"))
    assert await raw.next() == {"v": 1, "type": "move", "ply": 1, "cell": "a1"}
    assert host.online.position.record == "3x3k3: b2 a1" and host.online.connected
    assert host.online.play(8) is None
    assert await raw.next() == {"v": 1, "type": "move", "ply": 2, "cell": "c3"}
    await raw.close()
    await answers_its_player(host, "3x3k3: b2 a1 c3")


async def test_a_seated_peer_that_goes_silent_is_let_go_and_the_game_waits() -> None:
    host = await start_host(timing=Timing(heartbeat=0.05, silence=0.5, handshake=1.0))
    raw = await seated(host, host_first=True)
    await until(lambda: not host.online.connected)
    assert host.told[-1].text.startswith("Eve is not connected: nothing came for 0.5 seconds.")
    await raw.close()
    assert host.online.position.record == "3x3k3: b2"
    await answers_its_player(host, "3x3k3: b2")


async def test_a_seated_peer_that_closes_mid_message_leaves_the_game_waiting() -> None:
    host = await start_host()
    raw = await seated(host, host_first=True)
    await raw.write(b'{"v": 1, "type": "move", "ply": 1, "ce')
    await raw.close()
    await until(lambda: not host.online.connected)
    assert "in the middle of a message" in host.told[-1].text
    await answers_its_player(host, "3x3k3: b2")


@pytest.mark.parametrize(("name", "shown"), [
    ("[bold red]Mallory[/bold red]", "[bold red]Mallory[/…"),
    ("Eve\x1b[2J\x1b[H\x07", "Eve[2J[H"),
    ("\x1b\x1b\x1b", "Your friend"),
])
async def test_markup_and_control_characters_in_a_name_are_shown_as_plain_text(name: str, shown: str) -> None:
    host = await start_host()
    raw = await Raw.connect(host.port)
    await raw.seated(name)
    assert host.online.friend == shown
    assert all(notice.text.isprintable() for notice in host.told)
    await raw.write(raw_line(v=1, type="refused", reason="[link=http://evil]click[/link]\x1b[31m"))
    await until(lambda: "click" in host.told[-1].text)
    assert host.told[-1].text == f"{shown} refused a message: [link=http://evil]click[/link][31m"
    await raw.close()
    await answers_its_player(host, "3x3k3:")


async def test_the_host_answers_its_player_while_a_peer_floods_it() -> None:
    host = await start_host()
    raw = await seated(host, host_first=False)
    flood = asyncio.create_task(raw.send(*[Ping()] * FLOOD))
    assert host.online.play(4) is None, "the host's move is played at once, flood or not"
    await flood
    assert (await raw.next() or {}).get("cell") == "b2"
    await raw.close()
    await answers_its_player(host, "3x3k3: b2")
