"""The served game in a real browser (Debian's chromium, driven by playwright): a whole game played with
the mouse and the keys, whose processes end with its page; and a page of another site in the same browser
trying to reach it."""

from __future__ import annotations

import http.server
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from string import ascii_lowercase
from urllib.parse import parse_qs, urlsplit

import pyte
import pytest
from board_on_screen import drawn_at
from playwright.sync_api import Browser, Page, WebSocket, sync_playwright
from serving import TIMEOUT, Served, alive, serving, wait_until

from tictactoe_tui.web.guard import read_message
from tictactoe_tui.web.limits import DEFAULT_TERMINAL

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
"""Debian's chromium: installed by .ci/run (``apt-get install chromium``), never downloaded by a tool."""

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""Headless as root, and without the browser's own calls to the outside, which this machine refuses."""

POLLS = int(TIMEOUT * 10)
"""Looks at the page before giving up on what it should show (a failing test, not a hang), 0.1 s apart."""

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "these tests need Debian's chromium: apt-get install chromium"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


class Screen:
    """What the page's terminal shows now: the bytes its websocket receives, played into a terminal
    emulator of the size the page asked for. The page's xterm.js draws on a canvas, so the page itself
    holds no text to read."""

    def __init__(self, page: Page) -> None:
        self.terminal = pyte.Screen(*DEFAULT_TERMINAL)
        self._stream = pyte.ByteStream(self.terminal)
        page.on("websocket", self._watch)

    def _watch(self, websocket: WebSocket) -> None:
        asked = parse_qs(urlsplit(websocket.url).query)
        self.terminal.resize(lines=int(asked["height"][0]), columns=int(asked["width"][0]))
        websocket.on("framereceived", self._received)
        websocket.on("framesent", self._sent)

    def _received(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            self._stream.feed(payload)

    def _sent(self, payload: str | bytes) -> None:
        """A new size the page gives its terminal (the server reads the page's messages the same way)."""
        match read_message(payload) if isinstance(payload, str) else None:
            case ("resize", (int() as columns, int() as lines)):
                self.terminal.resize(lines=lines, columns=columns)

    def lines(self) -> list[str]:
        return list(self.terminal.display)

    def text(self) -> str:
        """Everything shown, without blank space."""
        return "".join("".join(self.lines()).split())

    def wait_until(self, page: Page, condition: Callable[[], object], what: str) -> None:
        for _ in range(POLLS):
            if condition():
                return
            page.wait_for_timeout(100)
        raise AssertionError(f"the page never showed {what}:\n" + "\n".join(self.lines()))

    def wait_for(self, page: Page, words: str) -> None:
        """Until ``words`` are shown (spaced in any way)."""
        self.wait_until(page, lambda: words.replace(" ", "") in self.text(), repr(words))


SIDE = 3
"""Tic-Tac-Toe's board, 3x3."""
CELLS = [f"{column}{row}" for row in range(1, SIDE + 1) for column in ascii_lowercase[:SIDE]]
"""Bottom row first, from the left: a1 b1 c1 a2 ... c3."""
KEYPAD = {cell: str(digit) for digit, cell in enumerate(CELLS, start=1)}
"""The digit that plays each cell on 3x3, laid out as on a numeric keypad (7 8 9 on top, 1 2 3 below)."""
LINES = [*(CELLS[row * SIDE:(row + 1) * SIDE] for row in range(SIDE)),
         *(CELLS[column::SIDE] for column in range(SIDE)),
         CELLS[::SIDE + 1], CELLS[SIDE - 1:-1:SIDE - 1]]
"""The eight lines of three (rows, columns, the two diagonals), each from one end to the other."""
PREFERENCES = ("b2", "a1", "c3", "a3", "c1", "b1", "a2", "c2", "b3")
"""Where X plays when it neither wins nor has to block: the first empty cell in this order."""
MOVE = re.compile(r"\d+\. ([XO]) ([a-c][1-3])\b")
"""A move in the move list: ``3. X a1``."""
RESULT = re.compile(r"\b(X wins|O wins|Draw)!  r: play again")
"""The status line at the end of a game."""


def record(screen: Screen) -> list[tuple[str, str]]:
    """The moves the page's move list shows, in order: who played, and where."""
    return [(player, cell) for player, cell in MOVE.findall("\n".join(screen.lines()))]


def result(screen: Screen) -> str | None:
    """The end of the game, as the page's status line says it: ``X wins``, ``O wins`` or ``Draw``."""
    shown = RESULT.search("\n".join(screen.lines()))
    return shown.group(1) if shown else None


def winner(moves: list[tuple[str, str]]) -> str | None:
    for player in "XO":
        cells = {cell for who, cell in moves if who == player}
        if any(set(line) <= cells for line in LINES):
            return player
    return None


def finished(moves: list[tuple[str, str]]) -> bool:
    return winner(moves) is not None or len(moves) == len(CELLS)


def choose(moves: list[tuple[str, str]]) -> str:
    """X's next move, whatever the computer answered: a cell that wins, else one that blocks O's line,
    else the first empty one of ``PREFERENCES``."""
    taken = {cell for _, cell in moves}
    empty = [cell for cell in PREFERENCES if cell not in taken]
    for player in "XO":
        for cell in empty:
            if winner([*moves, (player, cell)]) == player:
                return cell
    return empty[0]


def click_cell(page: Page, screen: Screen, name: str) -> None:
    """Click the middle of cell ``name`` where the page draws it: its place in the terminal's grid of
    characters, times the size of one character on the page."""
    column, row = drawn_at(screen.lines(), name, SIDE)
    box = page.locator("#terminal .xterm-screen").bounding_box()
    assert box is not None, "the page shows its terminal"
    width, height = box["width"] / screen.terminal.columns, box["height"] / screen.terminal.lines
    page.mouse.click(box["x"] + (column + 0.5) * width, box["y"] + (row + 0.5) * height)


def played(screen: Screen, before: int, cell: str) -> Callable[[], bool]:
    """True once the record shows X's ``cell`` after ``before`` moves, and the computer's answer unless
    that move ended the game."""
    def done() -> bool:
        moves = record(screen)
        return moves[before:before + 1] == [("X", cell)] and (len(moves) == before + 2 or finished(moves))
    return done


def play_to_the_end(page: Page, screen: Screen, served: Served) -> tuple[int, int]:
    """X's moves, by a click on the cell and by its key in turn, until the game ends; the game's app and
    engine processes, found once the computer has answered X's first move."""
    processes = None
    while not finished(moves := record(screen)):
        cell = choose(moves)
        if len(moves) % 4 == 0:
            click_cell(page, screen, cell)
        else:
            page.keyboard.press(KEYPAD[cell])
        screen.wait_until(page, played(screen, len(moves), cell), f"X's {cell} and the answer")
        if processes is None:
            wait_until(lambda: served.game() is not None, "the game's app and its engine run")
            processes = served.game()
        assert served.game() == processes, "one app and one engine play the whole game"
    assert processes is not None
    return processes.app, processes.engine


def test_the_games_own_page_plays_a_whole_game_and_ends_it_when_closed(browser: Browser,
                                                                       tmp_path: Path) -> None:
    with serving(tmp_path) as served:
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        screen = Screen(page)
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto(served.address)
        screen.wait_for(page, "New game")
        page.locator("#terminal .xterm-helper-textarea").focus()  # Where the terminal takes keys.
        # From Start up past the presets and the keypad to O's field, then its last choice.
        for key in ("ArrowUp", "ArrowUp", "ArrowUp", "End"):
            page.keyboard.press(key)
        screen.wait_for(page, "O ‹ Computer (perfect)")
        page.keyboard.press("s")
        screen.wait_for(page, "X: Human · O: Computer (perfect)")
        app, engine = play_to_the_end(page, screen, served)
        screen.wait_until(page, lambda: result(screen) is not None, "the result")
        moves, shown = record(screen), result(screen)
        assert shown is not None
        check_the_result(moves, shown)
        assert "U Redo".replace(" ", "") in screen.text(), "redo is on a key the browser leaves alone"
        assert alive({app, engine}) == {app, engine}, "the game's app and engine run while its page is open"
        page.close()
        wait_until(lambda: not alive({app, engine}), "the game's app and engine end with its page")
        wait_until(lambda: not served.games(), "nothing of the game is left")
        assert served.process.poll() is None, "the server goes on"
        assert requested and all(url.startswith(served.origin + "/") for url in requested), requested


def check_the_result(moves: list[tuple[str, str]], shown: str) -> None:
    """The result the page shows is the one the moves it shows make, and the perfect computer's: a draw
    or O's win."""
    cells = [cell for _, cell in moves]
    assert [player for player, _ in moves] == ["XO"[index % 2] for index in range(len(moves))], moves
    assert len(set(cells)) == len(cells), f"no cell played twice: {moves}"
    assert finished(moves) and not finished(moves[:-1]), f"it ended at its first line or full board: {moves}"
    won = winner(moves)
    assert shown == ("Draw" if won is None else f"{won} wins"), (shown, moves)
    assert won != "X", f"the perfect computer never loses on 3x3: {moves}"


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


