"""Running ``tictactoe-tui serve`` for a test, and watching what it starts."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import aiohttp

from tictactoe_tui.directories import HOME_ENV

TIMEOUT = 60.0
"""Seconds a busy machine may take to start the server or a game: a bound on waiting, not a measurement."""

POLL = 0.05
"""Seconds between two looks at something a test waits for."""

ATTEMPTS = 3
"""A free port can be taken by someone else between choosing it and binding it; then try another."""

CTRL_Q = "\x11"
"""Textual's own quit key, which every Textual app answers."""

_CLOSED = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.CLOSED)
_ESCAPES = re.compile(rb"\x1b\[[0-9;?$]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")
_BANNER = re.compile(r"Serving the game at (http://\S+/\?token=(\S+))")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _children_by_parent() -> dict[int, list[int]]:
    """Every live process's children, read from /proc (zombies, ended but not yet reaped, left out)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] != "Z":
                parents.setdefault(int(fields[1]), []).append(int(entry))
    return parents


def children(pid: int) -> set[int]:
    """The live processes ``pid`` started itself."""
    return set(_children_by_parent().get(pid, []))


def descendants(pid: int) -> set[int]:
    """Every live process under ``pid``: the games a server started, and their engines."""
    parents = _children_by_parent()
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def command_line(pid: int) -> str:
    """The arguments ``pid`` runs with, one space between each; empty once it has ended."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (not yet reaped zombies count as ended)."""
    running = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            running.add(pid)
    return running


def wait_until(condition: Callable[[], object], what: str) -> None:
    """Check ``condition`` until it holds, a bounded number of times (``TIMEOUT`` seconds of pauses in all):
    what never happens fails the test instead of hanging it."""
    checks = int(TIMEOUT / POLL)
    for _ in range(checks):
        if condition():
            return
        time.sleep(POLL)
    raise AssertionError(f"{what}: not after {checks} checks {POLL} s apart")


@dataclass(frozen=True)
class GameProcesses:
    """One served game's processes: the app the server started for a page, and the engine the app started
    for its searches."""

    app: int
    engine: int


@dataclass
class Served:
    """A running ``tictactoe-tui serve``: where it listens, its token, its process and its log."""

    port: int
    token: str
    address: str
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def websocket_url(self, token: str | None = None) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{self.token if token is None else token}?width=80&height=24"

    def errors(self) -> str:
        return self.log.read_text(errors="replace")

    def games(self) -> set[int]:
        return descendants(self.process.pid)

    def game(self) -> GameProcesses | None:
        """The one game running, once its engine has started (with the game's first search), else None.

        The app is the server's child; the engine is the app's child that ``multiprocessing`` started with
        ``spawn`` (its other child, multiprocessing's resource tracker, runs no search).
        """
        apps = children(self.process.pid)
        if len(apps) != 1:
            return None
        app = apps.pop()
        engines = [child for child in children(app) if "multiprocessing.spawn" in command_line(child)]
        return GameProcesses(app, engines[0]) if len(engines) == 1 else None


def _banner(process: subprocess.Popen[bytes], log: Path) -> re.Match[str] | None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        found = _BANNER.search(log.read_text(errors="replace"))
        if found:
            return found
        if process.poll() is not None:
            return None
        time.sleep(0.05)
    raise AssertionError(f"the server printed no address within {TIMEOUT:.0f} s:\n{log.read_text()}")


@contextmanager
def serving(tmp_path: Path, *options: str) -> Iterator[Served]:
    """Start the server on a free loopback port; stop it with SIGTERM (as a service manager would) if the
    test has not, and check that it left no game behind."""
    environment = {**os.environ, HOME_ENV: str(tmp_path / "home")}
    log = tmp_path / "stderr.txt"
    for _ in range(ATTEMPTS):
        port = _free_port()
        with log.open("wb") as stderr:
            process = subprocess.Popen(
                [sys.executable, "-m", "tictactoe_tui", "serve", "--port", str(port), *options],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr, env=environment,
            )
        banner = _banner(process, log)
        if banner is None:
            continue
        served = Served(port, banner.group(2), banner.group(1), process, log)
        left: set[int] = set()
        try:
            yield served
        finally:
            if process.poll() is None:
                left = served.games()
                process.terminate()
            process.wait(timeout=TIMEOUT)
        break
    else:
        raise AssertionError(f"the server exited before serving:\n{log.read_text(errors='replace')}")
    wait_until(lambda: not alive(left), "the games end with the server")


def fetch(url: str, origin: str | None = None) -> tuple[int, str, dict[str, str]]:
    request = urllib.request.Request(url, headers={"Origin": origin} if origin else {})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, response.read().decode(errors="replace"), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace"), dict(error.headers)


def visible(output: bytes) -> str:
    """What a terminal would show of ``output``, without escape sequences or blank space."""
    return "".join(_ESCAPES.sub(b"", output).decode("utf-8", errors="replace").split())


async def first_screen(websocket: aiohttp.ClientWebSocketResponse) -> bytes:
    """The game's output until its first screen is drawn."""
    output = b""
    while len(visible(output)) < 200:
        message = await websocket.receive(timeout=TIMEOUT)
        assert message.type is aiohttp.WSMsgType.BINARY, f"closed before a screen: {message}"
        output += message.data
    return output


async def until_closed(websocket: aiohttp.ClientWebSocketResponse) -> bytes:
    """The rest of the game's output, until the server closes the connection."""
    output = b""
    while True:
        message = await websocket.receive(timeout=TIMEOUT)
        if message.type in _CLOSED:
            return output
        if message.type is aiohttp.WSMsgType.BINARY:
            output += message.data


async def handshake_status(url: str, origin: str | None) -> int:
    """The HTTP status a websocket handshake gets (101 when it is accepted, then closed at once)."""
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(url, headers={"Origin": origin} if origin else {}):
                return 101
        except aiohttp.WSServerHandshakeError as error:
            return error.status
