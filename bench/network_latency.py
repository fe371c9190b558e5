"""How fast a move crosses to the friend's computer, and what the host's server costs, over loopback.

The host runs in a process of its own (its server and its online game, as
``tictactoe-tui host`` has them, without a screen) and the friend's end in
this one; each plays its next move the moment it is its turn. A move's time
is from the moment its end plays it to the moment the other end's game holds
it: the host's moves as the friend's end receives them, the friend's as the
host receives them (before it sends them back). Both processes read the same
monotonic clock. The game is on 26x26 with k=26, played cell by cell from a1
along each row, so that hundreds of moves are played without a winner.

Then the host's resident memory: at start, with the one game under way, and
after as many connections as it refuses (garbage, another protocol version,
a hello while the seat is taken, a hello cut short), each opened after the
one before was closed.

    python bench/network_latency.py [--moves 200] [--refused 200]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from _process import resident_mib

from tictactoe_tui.engine import BoardSpec, Mark
from tictactoe_tui.network.host import HostServer
from tictactoe_tui.network.protocol import Hello, encode
from tictactoe_tui.session.connection import join_game
from tictactoe_tui.session.online import OnlineGame
from tictactoe_tui.session.turns import Notice

SPEC = BoardSpec(26, 26, 26)
"""A board where nobody wins for hundreds of moves played along the rows."""
CODE = "K7QM4-XD2PA"
TARGET_P99_MS = 50.0
REFUSED_LINES = (
    b"garbage\n",
    b'{"v": 2, "type": "hello", "code": "K7QM4-XD2PA", "name": "x"}\n',
    encode(Hello(CODE, "second")),
    b'{"v": 1, "type": "hel',
)
"""What each refused connection sends, in turn."""


class Mover:
    """One end of the game, playing the cells in order on its turn, and noting when each move of either
    end was played here and when one of the other end arrived."""

    def __init__(self, online: OnlineGame, moves: int) -> None:
        self.online = online
        self.moves = moves
        self.played: dict[int, int] = {}
        self.arrived: dict[int, int] = {}
        online.watch(self.heard)

    def heard(self, notices: tuple[Notice, ...] = ()) -> None:
        now = time.monotonic_ns()
        online = self.online
        position = online.position
        for ply in range(len(position.moves)):
            if Mark.at_ply(ply) is not online.mine and ply not in self.arrived:
                self.arrived[ply] = now
        ply = len(position.moves)
        if (online.connected and ply < self.moves and position.to_move is online.mine
                and ply not in self.played):
            self.played[ply] = time.monotonic_ns()
            online.play(ply)  # Cell number ``ply``: along the rows, from a1.

    @property
    def done(self) -> bool:
        return len(self.online.position.moves) >= self.moves


def host(ports: Any, results: Any, stop: Any, moves: int) -> None:
    """The host's process: serve one game, report its port, then its times once told to stop."""
    asyncio.run(_host(ports, results, stop, moves))


async def _host(ports: Any, results: Any, stop: Any, moves: int) -> None:
    online = OnlineGame(SPEC, Mark.X, hosting=True, name="host")
    server = HostServer(online, CODE)
    mover = Mover(online, moves)
    await server.start("127.0.0.1", 0)
    ports.put(server.port)
    while not stop.is_set():
        await asyncio.sleep(0.05)
    results.put((mover.played, mover.arrived, server.refusals))
    await server.close()


async def refuse(port: int, data: bytes) -> None:
    """Open a connection, send ``data`` and wait until the host has closed it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    if not data.endswith(b"\n"):
        writer.close()  # Cut short: the host must notice by itself.
        return
    while await reader.read(4096):
        pass
    writer.close()


@dataclass(frozen=True)
class Figures:
    latencies_ms: list[float]
    host_moves_ms: list[float]
    friend_moves_ms: list[float]
    start_mib: float
    game_mib: float
    refused_mib: float
    refusals: int


async def _measure(moves: int, refused: int, pid: int, port: int, stop: Any, results: Any,
                   start_mib: float) -> Figures:
    joining = await join_game("127.0.0.1", port, CODE, name="friend")
    friend = Mover(joining.online, moves)
    friend.heard()
    while not friend.done:
        await asyncio.sleep(0.01)
    game_mib = resident_mib(pid)
    for number in range(refused):
        await refuse(port, REFUSED_LINES[number % len(REFUSED_LINES)])
    await asyncio.sleep(0.2)  # The last hello cut short is noticed.
    refused_mib = resident_mib(pid)
    stop.set()
    played, arrived, refusals = results.get(timeout=60)
    await joining.close()
    host_ms = [(friend.arrived[ply] - played[ply]) / 1e6 for ply in played]
    friend_ms = [(arrived[ply] - friend.played[ply]) / 1e6 for ply in friend.played]
    return Figures(host_ms + friend_ms, host_ms, friend_ms, start_mib, game_mib, refused_mib, refusals)


def measure(moves: int, refused: int) -> Figures:
    """Play ``moves`` moves with a host in a process of its own, then open ``refused`` connections it
    refuses; the figures."""
    context = multiprocessing.get_context("spawn")
    ports, results, stop = context.Queue(), context.Queue(), context.Event()
    process = context.Process(target=host, args=(ports, results, stop, moves), daemon=True)
    process.start()
    try:
        port = ports.get(timeout=60)
        assert process.pid is not None
        return asyncio.run(_measure(moves, refused, process.pid, port, stop, results,
                                    resident_mib(process.pid)))
    finally:
        stop.set()
        process.join(60)
        if process.is_alive():
            process.kill()


def percentile(values: list[float], percent: int) -> float:
    """The value ``percent`` % of ``values`` lie at or below (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-percent * len(ordered) // 100) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="moves to time (default 200, at most 600)")
    parser.add_argument("--refused", type=int, default=200, help="connections refused (default 200)")
    args = parser.parse_args(argv)
    if not 2 <= args.moves <= 600 or args.refused < 0:
        parser.error("--moves must be from 2 to 600, --refused at least 0")
    figures = measure(args.moves, args.refused)
    latencies = figures.latencies_ms
    p99 = percentile(latencies, 99)
    print(f"a move to the other end over loopback, {len(latencies)} moves: "
          f"p50 {statistics.median(latencies):.2f} ms, p99 {p99:.2f} ms "
          f"(target p99 within {TARGET_P99_MS:g} ms: {'met' if p99 <= TARGET_P99_MS else 'NOT met'})")
    print(f"  the host's moves to the friend: p50 {statistics.median(figures.host_moves_ms):.2f} ms; "
          f"the friend's to the host: p50 {statistics.median(figures.friend_moves_ms):.2f} ms")
    print(f"host memory: {figures.start_mib:.1f} MiB at start, {figures.game_mib:.1f} MiB with one game, "
          f"{figures.refused_mib:.1f} MiB after {figures.refusals} refused connections")
    return 0


if __name__ == "__main__":
    sys.exit(main())
