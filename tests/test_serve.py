"""``tictactoe-tui serve`` serves the game to a browser: the page, the game behind it, a clean stop."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp

from tictactoe_tui.storage import HOME_ENV

TIMEOUT = 60.0
"""Seconds a busy machine may take to start the server or the game: a bound on waiting, not a measurement."""

ATTEMPTS = 3
"""A free port can be taken by someone else between choosing it and binding it; then try another."""

CTRL_Q = "\x11"
"""Textual's own quit key, which every Textual app answers."""

_CLOSED = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.CLOSED)
_ESCAPES = re.compile(rb"\x1b\[[0-9;?$]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _fetch_page(url: str, server: subprocess.Popen[bytes]) -> tuple[int, str] | None:
    """The status and HTML of ``url`` once the server answers, or None if the server exits first."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            return None
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.status, response.read().decode("utf-8")
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    raise AssertionError(f"the server did not answer at {url} within {TIMEOUT:.0f} seconds")


class Served:
    """A running ``tictactoe-tui serve``: its port, its first page, and how it exited once stopped."""

    def __init__(self, port: int, page: tuple[int, str], errors: Path) -> None:
        self.port = port
        self.status, self.html = page
        self.errors = errors
        self.returncode: int | None = None


@contextmanager
def _serving(tmp_path: Path) -> Iterator[Served]:
    """Start the server on a free loopback port and stop it (SIGTERM, as a service manager would)."""
    environment = {**os.environ, HOME_ENV: str(tmp_path / "home")}
    errors = tmp_path / "stderr.txt"
    for _ in range(ATTEMPTS):
        port = _free_port()
        with errors.open("wb") as stderr:
            server = subprocess.Popen(
                [sys.executable, "-m", "tictactoe_tui", "serve", "--host", "127.0.0.1", "--port", str(port)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr, env=environment,
            )
            try:
                page = _fetch_page(f"http://127.0.0.1:{port}/", server)
                if page is not None:
                    served = Served(port, page, errors)
                    yield served
            finally:
                server.terminate()
                returncode = server.wait(timeout=TIMEOUT)
        if page is not None:
            served.returncode = returncode
            return
    raise AssertionError(f"the server exited before serving:\n{errors.read_text(errors='replace')}")


def test_serve_answers_with_the_game_page_and_stops_on_terminate(tmp_path: Path) -> None:
    with _serving(tmp_path) as served:
        assert served.status == 200
        assert "tictactoe-tui" in served.html
        assert "textual-terminal" in served.html
        assert f"ws://127.0.0.1:{served.port}/ws" in served.html
    log = served.errors.read_text(errors="replace")
    assert served.returncode == 0, log
    assert f"http://127.0.0.1:{served.port}" in log


def _visible(output: bytes) -> str:
    """What a terminal would show of ``output``, without escape sequences or blank space."""
    return "".join(_ESCAPES.sub(b"", output).decode("utf-8", errors="replace").split())


async def _play_in_browser(port: int) -> tuple[bytes, bool]:
    """Connect as the page's script does, wait for the game's first screen, quit; the output and a flag
    for whether the connection closed after quitting (rather than before)."""
    output = b""
    quit_sent = False
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=80&height=24") as websocket,
    ):
        while True:
            message = await websocket.receive(timeout=TIMEOUT)
            if message.type is aiohttp.WSMsgType.BINARY:
                output += message.data
            elif message.type in _CLOSED:
                return output, quit_sent
            if not quit_sent and len(_visible(output)) >= 200:
                await websocket.send_json(["stdin", CTRL_Q])
                quit_sent = True


def test_the_game_runs_behind_the_page_and_quits_on_request(tmp_path: Path) -> None:
    with _serving(tmp_path) as served:
        output, quit_sent = asyncio.run(_play_in_browser(served.port))
    visible = _visible(output)
    assert b"\x1b[?1049h" in output, "the game never switched to its full screen"
    assert quit_sent, f"the game closed before drawing a screen: {visible[:500]!r}"
    assert "Traceback" not in visible
    assert served.returncode == 0, served.errors.read_text(errors="replace")
