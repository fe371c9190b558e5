"""What a served game costs and how quickly it ends: the real ``tictactoe-tui serve``, real websockets.

For each round a fresh server is started on a free loopback port, and its
games are counted by process id, as the tests count them:

- first screen: from opening the websocket to the game's first screen;
- quit: from Ctrl+Q to the end of every process of that game;
- SIGTERM: with two games under way (each with its engine process), from the
  signal to the server's exit, and to the end of the last game's process;
- SIGKILL: the same after the server is killed outright (the games notice);
- memory: the server's resident memory before and after 50 refused
  connections, and after 20 games opened and closed.

Needs the ``test`` extra (aiohttp comes with textual-serve):  python bench/serve_bench.py
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
from _process import resident_mib

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))

from serving import (  # noqa: E402 - the tests' own server harness
    CTRL_Q,
    Served,
    alive,
    first_screen,
    handshake_status,
    serving,
    until_closed,
)


async def until(condition: Callable[[], object]) -> float:
    """Seconds until ``condition`` holds, polled every 10 ms."""
    start = time.perf_counter()
    while not condition():
        await asyncio.sleep(0.01)
    return time.perf_counter() - start


async def connect(served: Served, session: aiohttp.ClientSession) -> aiohttp.ClientWebSocketResponse:
    return await session.ws_connect(served.websocket_url(), headers={"Origin": served.origin})


async def open_and_quit(served: Served) -> tuple[float, float]:
    async with aiohttp.ClientSession() as session:
        start = time.perf_counter()
        websocket = await connect(served, session)
        await first_screen(websocket)
        shown = time.perf_counter() - start
        games = served.games()
        start = time.perf_counter()
        await websocket.send_json(["stdin", CTRL_Q])
        await until_closed(websocket)
        await until(lambda: not alive(games))
        return shown, time.perf_counter() - start


async def two_games_then(served: Served, signum: int) -> tuple[float, float]:
    """Seconds from the signal to the server's exit, and to the end of every game's process."""
    async with aiohttp.ClientSession() as session:
        pages = [await connect(served, session) for _ in range(2)]
        for page in pages:
            await first_screen(page)
            await page.send_json(["stdin", "s"])
        await asyncio.sleep(1.0)
        for page in pages:
            await page.send_json(["stdin", "5"])
        await until(lambda: len(served.games()) >= 4)
        games = served.games()
        start = time.perf_counter()
        served.process.send_signal(signum)
        exited = await until(lambda: served.process.poll() is not None)
        await until(lambda: not alive(games))
        return exited, time.perf_counter() - start


async def memory(served: Served) -> tuple[float, float, float]:
    pid = served.process.pid
    before = resident_mib(pid)
    for attempt in range(50):
        origin = "http://evil.example" if attempt % 2 else None
        await handshake_status(served.websocket_url(), origin)
    refused = resident_mib(pid)
    async with aiohttp.ClientSession() as session:
        for _ in range(20):
            websocket = await connect(served, session)
            await first_screen(websocket)
            await websocket.close()
    await until(lambda: not served.games())
    return before, refused, resident_mib(pid)


def run(round_: Callable[[Served], Awaitable[tuple[float, ...]]], *options: str) -> tuple[float, ...]:
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder), *options) as served:
        return asyncio.run(round_(served))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each measure (default 5)")
    rounds = parser.parse_args().rounds
    shown, quit_ = zip(*(run(open_and_quit) for _ in range(rounds)), strict=True)
    print(f"first screen after connecting: median {statistics.median(shown):.2f} s, max {max(shown):.2f} s")
    print(f"Ctrl+Q to every process ended: median {statistics.median(quit_):.2f} s, max {max(quit_):.2f} s")
    for name, signum in (("SIGTERM", signal.SIGTERM), ("SIGINT", signal.SIGINT), ("SIGKILL", signal.SIGKILL)):
        exited, ended = zip(*(run(functools.partial(two_games_then, signum=signum)) for _ in range(rounds)),
                            strict=True)
        print(f"{name} with two games: server gone in max {max(exited):.2f} s, every game and engine "
              f"ended in median {statistics.median(ended):.2f} s, max {max(ended):.2f} s")
    before, refused, cycled = run(memory, "--max-sessions", "4")
    print(f"server memory: {before:.1f} MiB at start, {refused:.1f} MiB after 50 refused connections, "
          f"{cycled:.1f} MiB after 20 games opened and closed")


if __name__ == "__main__":
    main()
