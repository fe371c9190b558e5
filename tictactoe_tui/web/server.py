"""The web server: textual-serve's, with its doors guarded and its visits bounded.

textual-serve's ``Server`` serves a page and, for each websocket, runs the
app. It takes a websocket from any page of any site, never limits how many
apps run, waits as long as an app takes to stop, and logs every failure with
a full traceback (headers included). This subclass keeps its page, static
files and app protocol, and changes what is needed around them:

- a middleware refuses (403) any request whose ``Origin`` is not the page's
  own, every websocket without an ``Origin``, and the page and the websocket
  without the run's token;
- at most ``max_sessions`` games run at once, each ended after
  ``idle_seconds`` without a message from its page;
- a visitor's messages are read by ``guard.read_message`` and anything else is
  dropped;
- stopping the server stops every visit within a second or two.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.server import Server

from .guard import (
    is_loopback,
    new_token,
    read_message,
    same_origin,
    terminal_side,
    token_matches,
)
from .limits import DEFAULT_IDLE_MINUTES, DEFAULT_MAX_SESSIONS, DEFAULT_TERMINAL, MAX_MESSAGE_BYTES
from .visit import Visit

log = logging.getLogger("tictactoe_tui.web")

TEMPLATES = Path(__file__).parent / "templates"
"""The page: textual-serve's, with its font served from here instead of a public font service."""

SERVED_FLAG = "--served"
"""Tells the app it is served: it then offers nothing that starts a program."""

SHUTDOWN_GRACE = 1.0
"""Seconds the server waits for open connections once every visit has been stopped."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

_CLOSED = (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR)


class GameServer(Server):
    """Serves the game to browsers that were given the address with its token."""

    def __init__(self, host: str, port: int, *, max_sessions: int = DEFAULT_MAX_SESSIONS,
                 idle_seconds: float = DEFAULT_IDLE_MINUTES * 60) -> None:
        self.argv = (sys.executable, "-m", "tictactoe_tui", SERVED_FLAG)
        super().__init__(" ".join(self.argv), host=host, port=port, title="tictactoe-tui",
                         templates_path=TEMPLATES)
        self.token = new_token()
        """This run's secret: the page and its websocket are served only to requests that carry it."""
        self.max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self.visits: dict[Visit, web.WebSocketResponse] = {}
        """The games running now, with the websocket of the page each plays on."""
        self._reserved = 0
        """Places taken by websockets whose games are starting."""

    @property
    def address(self) -> str:
        """The address to open, with the token: the only one that reaches the game."""
        host = self.host
        if host in ("0.0.0.0", "::", ""):
            host = socket.gethostname()
        elif ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}/?token={self.token}"

    # Start and stop

    def initialize_logging(self) -> None:
        """One plain line a message on stderr: no tracebacks, and never a request's headers."""
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        handler.addFilter(_one_line)
        logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
        logging.getLogger("aiohttp").setLevel(logging.WARNING)

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM, then stop every visit."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C ends the server there anyway.
                loop.add_signal_handler(signum, self.request_exit)
        # aiohttp calls ``print`` once it listens: the address is shown only when it can be opened.
        web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False, loop=loop,
                    print=self._announce, shutdown_timeout=SHUTDOWN_GRACE, access_log=None)

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True)
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws/{token}", self.handle_websocket, name="websocket"),
            web.static("/static", self.statics_path, name="static"),
        ])
        app.on_shutdown.append(self.on_shutdown)
        return app

    def _announce(self, *_: object) -> None:
        """Say where to open the game (in place of aiohttp's own line)."""
        print(f"Serving the game at {self.address} (Ctrl+C stops)", file=sys.stderr, flush=True)
        if not is_loopback(self.host):
            print(f"Warning: listening on {self.host}, so anyone on your network who has this address "
                  "can play here; it travels unencrypted, token and all.", file=sys.stderr, flush=True)

    async def on_shutdown(self, app: web.Application) -> None:
        """Stop every visit, each within ``visit.QUIT_GRACE`` seconds, and close its page."""
        running = list(self.visits.items())
        await asyncio.gather(*(visit.stop() for visit, _ in running))
        await asyncio.gather(*(websocket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")
                               for _, websocket in running))

    # Requests

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse foreign pages and requests without the token before any handler runs."""
        origin = request.headers.get("Origin")
        websocket = request.path.startswith("/ws/")
        what = "the game's websocket" if websocket else f"{request.path[:40]!r}"
        if (origin is not None or websocket) and not same_origin(origin, request.scheme, request.host):
            log.warning("refused %s to a page of another site (origin %.60r)", what, origin)
            raise web.HTTPForbidden(text="This game takes connections from its own page only.\n")
        if not request.path.startswith("/static/"):
            given = request.match_info.get("token") if websocket else request.query.get("token")
            if not token_matches(given, self.token):
                log.warning("refused %s without the token", what)
                raise web.HTTPForbidden(text="Open the address that tictactoe-tui serve printed, "
                                        "with its token.\n")
        response = await handler(request)
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response

    def _full(self) -> bool:
        return len(self.visits) + self._reserved >= self.max_sessions

    def _full_text(self) -> str:
        return (f"All {self.max_sessions} games this server runs at once are being played. "
                "Try again when one ends.\n")

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, whose script opens the websocket with the token (the address of its own server)."""
        if self._full():
            raise web.HTTPServiceUnavailable(text=self._full_text())
        scheme = "wss" if request.scheme == "https" else "ws"
        context: dict[str, Any] = {
            "font_size": terminal_side(request.query.get("fontsize"), 16),
            "app_websocket_url": f"{scheme}://{request.host}/ws/{self.token}",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Run one game for the page at the other end, while there is room and while it is used."""
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES)
        if not websocket.can_prepare(request).ok:
            log.warning("refused a plain request for the game's websocket (not a websocket upgrade)")
            raise web.HTTPBadRequest(text="This address is for the game's page to connect to.\n")
        if self._full():
            log.warning("refused a game: %d running, the most at once", self.max_sessions)
            raise web.HTTPServiceUnavailable(text=self._full_text())
        width = terminal_side(request.query.get("width"), DEFAULT_TERMINAL[0])
        height = terminal_side(request.query.get("height"), DEFAULT_TERMINAL[1])
        self._reserved += 1
        try:
            await websocket.prepare(request)
            visit = Visit(self.argv, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                              close=websocket.close)
            self.visits[visit] = websocket
        finally:
            self._reserved -= 1
        log.info("a game started (%d running)", len(self.visits))
        try:
            await visit.start(width, height)
            await self._relay(websocket, visit)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            await visit.stop()
            del self.visits[visit]
            await websocket.close()
            log.info("a game ended (%d running)", len(self.visits))
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, visit: Visit) -> None:
        """Pass the page's messages on to the app until the page goes, the app ends or the page idles."""
        while True:
            try:
                message = await websocket.receive(timeout=self.idle_seconds)
            except TimeoutError:
                log.info("a game ended after %.0f idle minutes", self.idle_seconds / 60)
                return
            if message.type in _CLOSED:
                return
            if message.type is not WSMsgType.TEXT:
                continue
            match read_message(message.data):
                case ("stdin", str() as keys):
                    await visit.send_bytes(keys.encode("utf-8"))
                case ("resize", (int() as width, int() as height)):
                    await visit.set_terminal_size(width, height)
                case ("ping", str() as stamp):
                    await websocket.send_json(["pong", stamp])
                case ("focus", _):
                    await visit.focus()
                case ("blur", _):
                    await visit.blur()


def _one_line(record: logging.LogRecord) -> bool:
    """Keep a failure's log entry to its one line: the exception's type and message, no traceback."""
    if record.exc_info and record.exc_info[1] is not None:
        error = record.exc_info[1]
        record.msg = f"{record.getMessage()} ({type(error).__name__}: {str(error)[:200]})"
        record.args = None
        record.exc_info = None
        record.exc_text = None
    return True

