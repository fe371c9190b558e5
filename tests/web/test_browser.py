"""The served game in a real browser (Debian's chromium, driven by playwright), and a page of another
site in the same browser trying to reach it."""

from __future__ import annotations

import http.server
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocket, sync_playwright
from serving import TIMEOUT, serving, visible

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
"""Debian's chromium: installed by .ci/run (``apt-get install chromium``), never downloaded by a tool."""

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""Headless as root, and without the browser's own calls to the outside, which this machine refuses."""

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "these tests need Debian's chromium: apt-get install chromium"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


class Screen:
    """What the page's terminal has been sent so far, read from the websocket frames the page receives."""

    def __init__(self, page: Page) -> None:
        self.frames: list[bytes] = []
        page.on("websocket", self._watch)

    def _watch(self, websocket: WebSocket) -> None:
        websocket.on("framereceived",
                     lambda payload: self.frames.append(payload if isinstance(payload, bytes) else b""))

    def text(self) -> str:
        return visible(b"".join(self.frames))

    def wait_for(self, page: Page, words: str) -> None:
        """Until ``words`` (without spaces) have been drawn."""
        for _ in range(int(TIMEOUT * 10)):
            if words.replace(" ", "") in self.text():
                return
            page.wait_for_timeout(100)
        raise AssertionError(f"the page never showed {words!r}: {self.text()[-400:]!r}")


def test_the_games_own_page_plays_a_game(browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        screen = Screen(page)
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto(served.address)
        screen.wait_for(page, "New game")
        page.click("#terminal")
        page.keyboard.press("s")
        screen.wait_for(page, "Undo")
        page.keyboard.press("5")
        screen.wait_for(page, "1. X b2")
        screen.wait_for(page, "2. O")  # The computer's answer, from the game's engine process.
        assert "U Redo".replace(" ", "") in screen.text(), "redo is on a key the browser leaves alone"
        page.close()
        assert requested and all(url.startswith(served.origin + "/") for url in requested), requested


@contextmanager
def foreign_site(websocket_url: str) -> Iterator[str]:
    """Another site's page (on another port of this machine) whose script opens ``websocket_url`` and
    writes in its title what happened."""
    script = f"""<!DOCTYPE html><html><head><title>waiting</title></head><body><script>
      const socket = new WebSocket({websocket_url!r});
      socket.onopen = () => {{ document.title = "opened"; }};
      socket.onerror = () => {{ document.title = "refused"; }};
    </script></body></html>""".encode()

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(script)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_a_page_of_another_site_cannot_open_the_games_websocket(browser: Browser, tmp_path: Path) -> None:
    """Even knowing the token, which a real attacker would not."""
    with serving(tmp_path) as served:
        for address in (f"ws://127.0.0.1:{served.port}/ws/{served.token}",
                        f"ws://localhost:{served.port}/ws/{served.token}"):
            with foreign_site(address) as site:
                page = browser.new_page()
                page.goto(site)
                page.wait_for_function("document.title !== 'waiting'", timeout=TIMEOUT * 1000)
                assert page.title() == "refused"
                page.close()
            assert served.games() == set(), f"a game started for another site's page ({address})"
        log = served.errors()
    assert log.count("refused the game's websocket to a page of another site") == 2, log


def test_a_served_page_without_the_token_shows_why(browser: Browser, tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        page = browser.new_page()
        response = page.goto(f"{served.origin}/")
        assert response is not None and response.status == 403
        assert "Open the address that tictactoe-tui serve printed" in page.inner_text("body")
        page.close()
        assert served.games() == set()


