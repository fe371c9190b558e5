"""``tictactoe-tui serve`` as strangers meet it: its own page plays, and nothing else gets in.

Every test runs the real server in its own process and counts the processes
it starts by their ids (``/proc``), so "refused" means no app ever started.
"""

from __future__ import annotations

import asyncio
import re
import signal
import socket
from pathlib import Path

import aiohttp
import pytest
from serving import (
    CTRL_Q,
    TIMEOUT,
    Served,
    alive,
    fetch,
    first_screen,
    handshake_status,
    serving,
    until_closed,
    visible,
    wait_until,
)


def test_the_page_is_served_only_at_the_printed_address(tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        assert served.address == f"http://127.0.0.1:{served.port}/?token={served.token}"
        assert len(served.token) >= 22, "at least 128 bits"
        status, html, headers = fetch(served.address)
        assert status == 200
        assert f'data-session-websocket-url="ws://127.0.0.1:{served.port}/ws/{served.token}"' in html
        assert "https://" not in html and "googleapis" not in html, "nothing loads from outside"
        assert "/static/fonts/RobotoMono-VariableFont_wght.ttf" in html
        assert headers["X-Frame-Options"] == "DENY" and headers["Referrer-Policy"] == "no-referrer"
        font, _, _ = fetch(f"{served.origin}/static/fonts/RobotoMono-VariableFont_wght.ttf")
        assert font == 200
        for token in ("", "=", f"={served.token}x", f"={served.token[:-1]}"):
            url = f"{served.origin}/?token{token}"
            status, text, _ = fetch(url)
            assert status == 403 and "token" in text and served.token not in text, url
        status, _, _ = fetch(served.address, origin="http://evil.example")
        assert status == 403
        assert served.games() == set()


def test_a_websocket_from_another_site_or_without_the_token_starts_nothing(tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        refused = [
            (served.websocket_url(), "http://evil.example"),
            (served.websocket_url(), f"http://127.0.0.1:{served.port + 1}"),
            (served.websocket_url(), f"http://localhost:{served.port}"),
            (served.websocket_url(), None),
            (served.websocket_url(token=""), served.origin),
            (served.websocket_url(token="wrong"), served.origin),
            (served.websocket_url(token=served.token + "x"), served.origin),
        ]
        for url, origin in refused:
            assert asyncio.run(handshake_status(url, origin)) == 403, (url, origin)
            assert served.games() == set(), f"a game started for {url} from {origin}"
        log = served.errors()
    assert "Traceback" not in log
    assert log.count("refused") == len(refused)


def test_a_plain_request_for_the_websocket_is_one_line_of_log(tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        assert fetch(f"{served.origin}/ws")[0] == 403, "no token"
        assert fetch(f"{served.origin}/ws/{served.token}")[0] == 403, "no origin: not the page"
        status, text, _ = fetch(f"{served.origin}/ws/{served.token}", origin=served.origin)
        assert status == 400 and "page" in text
        assert served.games() == set()
        log = served.errors().splitlines()
    assert "Traceback" not in "\n".join(log)
    assert log[1:] == ["refused '/ws' without the token",
                       "refused the game's websocket to a page of another site (origin None)",
                       "refused a plain request for the game's websocket (not a websocket upgrade)"]


async def play_and_quit(served: Served) -> tuple[bytes, set[int], bytes]:
    """Connect as the page's script does, wait for the first screen, note the game's processes, quit."""
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(served.websocket_url(), headers={"Origin": served.origin}) as websocket,
    ):
        output = await first_screen(websocket)
        games = served.games()
        await websocket.send_json(["stdin", CTRL_Q])
        return output, games, await until_closed(websocket)


def test_the_game_runs_behind_the_page_and_ends_with_it(tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        output, games, _ = asyncio.run(play_and_quit(served))
        assert b"\x1b[?1049h" in output, "the game switched to its full screen"
        assert "Newgame" in visible(output)
        assert games, "a game runs"
        wait_until(lambda: not alive(games), "the game's processes end when it quits")
    assert "Traceback" not in served.errors()
    assert served.process.returncode == 0, served.errors()


async def open_game(served: Served, session: aiohttp.ClientSession,
                    start: bool = False) -> aiohttp.ClientWebSocketResponse:
    """A page's connection with its game's first screen drawn; with ``start``, a move made against the
    computer, so that the game's engine process runs too."""
    websocket = await session.ws_connect(served.websocket_url(), headers={"Origin": served.origin})
    await first_screen(websocket)
    if start:
        await websocket.send_json(["stdin", "s"])
        output = b""
        while "Undo" not in visible(output):  # The game's footer: the board takes keys now.
            message = await websocket.receive(timeout=TIMEOUT)
            assert message.type is aiohttp.WSMsgType.BINARY, f"closed before the game: {message}"
            output += message.data
        await websocket.send_json(["stdin", "5"])
    return websocket


def test_games_are_bounded_and_a_closed_page_ends_its_game(tmp_path: Path) -> None:
    async def scenario(served: Served) -> None:
        async with aiohttp.ClientSession() as session:
            first = await open_game(served, session)
            first_games = served.games()
            second = await open_game(served, session)
            both = served.games()
            assert len(both) > len(first_games) > 0
            assert await handshake_status(served.websocket_url(), served.origin) == 503
            status, text, _ = fetch(served.address)
            assert status == 503 and "All 2 games" in text and "Try again" in text
            assert served.games() == both, "the refused page started nothing"
            await first.close()
            await asyncio.to_thread(wait_until, lambda: not alive(first_games), "the closed page's game ends")
            await asyncio.to_thread(wait_until, lambda: fetch(served.address)[0] == 200, "its place is free")
            third = await open_game(served, session)
            assert alive(both - first_games), "the other game goes on"
            await second.close()
            await third.close()

    with serving(tmp_path, "--max-sessions", "2") as served:
        asyncio.run(scenario(served))
        wait_until(lambda: not served.games(), "every game ends once its page closes")
    assert "Traceback" not in served.errors()


def test_an_idle_game_is_ended(tmp_path: Path) -> None:
    async def scenario(served: Served) -> set[int]:
        async with aiohttp.ClientSession() as session:
            websocket = await open_game(served, session)
            games = served.games()
            await until_closed(websocket)  # Nothing sent: the server ends the game by itself.
            return games

    with serving(tmp_path, "--idle-minutes", "0.03") as served:
        games = asyncio.run(scenario(served))
        assert games
        wait_until(lambda: not alive(games), "the idle game's processes end")
        assert "idle" in served.errors()


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_stopping_the_server_ends_every_game_and_its_engine(tmp_path: Path, signum: int) -> None:
    async def scenario(served: Served) -> set[int]:
        async with aiohttp.ClientSession() as session:
            pages = [await open_game(served, session, start=True) for _ in range(2)]
            await asyncio.to_thread(wait_until, lambda: len(served.games()) >= 4, "games with engines")
            games = served.games()
            served.process.send_signal(signum)
            for page in pages:
                await until_closed(page)
            return games

    with serving(tmp_path) as served:
        games = asyncio.run(scenario(served))
        assert served.process.wait(timeout=TIMEOUT) == 0
        wait_until(lambda: not alive(games), "every game and engine ends with the server")
    assert "Traceback" not in served.errors()


@pytest.mark.slow
def test_the_games_end_when_the_server_is_killed(tmp_path: Path) -> None:
    async def scenario(served: Served) -> set[int]:
        async with aiohttp.ClientSession() as session:
            pages = [await open_game(served, session, start=True) for _ in range(2)]
            await asyncio.to_thread(wait_until, lambda: len(served.games()) >= 4, "games with engines")
            games = served.games()
            served.process.kill()
            for page in pages:
                await until_closed(page)
            return games

    with serving(tmp_path) as served:
        games = asyncio.run(scenario(served))
        wait_until(lambda: not alive(games), "the games notice their server is gone and end")


def resident_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))  # type: ignore[union-attr]


def test_refused_connections_leave_the_servers_memory_bounded(tmp_path: Path) -> None:
    async def attempts(served: Served, count: int) -> None:
        kinds = [(served.websocket_url(), "http://evil.example"), (served.websocket_url("no"), served.origin),
                 (served.websocket_url(), None)]
        for attempt in range(count):
            url, origin = kinds[attempt % len(kinds)]
            assert await handshake_status(url, origin) == 403

    with serving(tmp_path) as served:
        asyncio.run(attempts(served, 10))  # Whatever the first requests load, loaded.
        before = resident_kib(served.process.pid)
        asyncio.run(attempts(served, 50))
        grown = resident_kib(served.process.pid) - before
        assert grown < 8 * 1024, f"the server grew by {grown} KiB over 50 refused connections"
        assert served.games() == set()


def test_what_a_page_sends_is_checked_and_the_game_goes_on(tmp_path: Path) -> None:
    async def scenario(served: Served) -> list[object]:
        async with aiohttp.ClientSession() as session:
            websocket = await open_game(served, session)
            for junk in ("not json", "[]", '["resize", {"width": 100000000, "height": 5}]',
                         '["open_url", "x"]', '{"stdin": "q"}', '["stdin", 7]'):
                await websocket.send_str(junk)
            await websocket.send_bytes(b"\x00" * 1000)
            await websocket.send_json(["ping", "after"])
            while True:
                message = await websocket.receive(timeout=TIMEOUT)
                if message.type is aiohttp.WSMsgType.TEXT:
                    answer: list[object] = message.json()
                    break
                assert message.type is aiohttp.WSMsgType.BINARY, f"the game ended: {message}"
            await websocket.send_json(["stdin", CTRL_Q])
            await until_closed(websocket)
            return answer

    with serving(tmp_path) as served:
        assert asyncio.run(scenario(served)) == ["pong", "after"]
    assert "Traceback" not in served.errors()


def test_a_network_address_is_served_with_a_warning(tmp_path: Path) -> None:
    with serving(tmp_path, "--host", "0.0.0.0") as served:
        assert served.address == f"http://{socket.gethostname()}:{served.port}/?token={served.token}"
        assert fetch(f"{served.origin}/?token={served.token}")[0] == 200
        log = served.errors()
    assert "Warning: listening on 0.0.0.0, so anyone on your network" in log
