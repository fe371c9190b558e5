"""Regenerate the SVG screenshots in ``screenshots/`` by playing scripted games in the real app.

    python scripts/screenshots.py [OUTPUT_DIR]

Every picture is the app drawing itself (``App.export_screenshot``), so they
change only when the game does. The computer players are seeded and the
spinner is still, so running the script twice writes the same files. The
games run with a fresh, temporary settings and statistics folder, so the
pictures neither depend on nor change the settings of whoever runs it.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from textual.pilot import Pilot

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.game import GameScreen
from tictactoe_tui.directories import HOME_ENV
from tictactoe_tui.engine import BoardSpec, Position, make_player
from tictactoe_tui.session.setup import GameSetup

OUTPUT = Path(__file__).resolve().parent.parent / "screenshots"
SEED = 2
SIZE = (80, 24)


@dataclass(frozen=True)
class Shot:
    """One screenshot: how the app starts, and what is done before the picture is taken."""

    name: str
    setup: GameSetup | None = None
    start: Position | None = None
    keys: tuple[str, ...] = ()
    size: tuple[int, int] = SIZE


async def _settle(pilot: Pilot[None]) -> None:
    """Wait until no engine job is under way (the computer, the analysis, a hint), or another screen is up."""
    for _ in range(3000):
        await pilot.pause(0.01)
        screen = pilot.app.screen
        if not isinstance(screen, GameScreen) or not screen.busy:
            return
    raise RuntimeError("the computer never finished its move")


SHOTS: tuple[Shot, ...] = (
    Shot("new-game"),
    Shot("tic-tac-toe-won", GameSetup(BoardSpec(3, 3, 3), "human", "human"),
         keys=("5", "2", "1", "9", "7", "4", "3")),
    Shot("4x4-against-the-computer", GameSetup(BoardSpec(4, 4, 3), "human", "perfect"),
         keys=("enter", "up", "right", "enter")),
    Shot("7x6-computer-against-computer", GameSetup(BoardSpec(7, 6, 4), "medium", "easy")),
    Shot("gomoku", GameSetup(BoardSpec(15, 15, 5), "human", "medium"),
         keys=("enter", "up", "right", "enter", "down", "down", "left", "left", "enter",
               "up", "left", "enter", "down", "down", "right", "right", "right", "right", "enter")),
    Shot("help", GameSetup(), keys=("question_mark",)),
    Shot("analysis", GameSetup(BoardSpec(4, 4, 3), "human", "human"),
         Position.from_moves("4x4k3", "a2 c2 d3"), keys=("a",)),
)


PLAYERS = functools.partial(make_player, seed=SEED)
"""The engine's players with fixed randomness (a partial of a module's function crosses into the engine's
process, where a function of this script could not be found)."""


async def take(shot: Shot, output: Path) -> Path:
    """Play ``shot``'s script and save its picture as ``<name>.svg`` in ``output``."""
    app = TicTacToeApp(shot.setup, shot.start, players=PLAYERS, pause=0.0)
    app.animation_level = "none"
    async with app.run_test(size=shot.size) as pilot:
        await pilot.pause()
        await _settle(pilot)
        for key in shot.keys:
            await pilot.press(key)
            await _settle(pilot)
        path = output / f"{shot.name}.svg"
        path.write_text(await _still_picture(app, pilot), encoding="utf-8")
    return path


async def _still_picture(app: TicTacToeApp, pilot: Pilot[None]) -> str:
    """The screen once it has stopped changing: the last move's consequences come in more than one
    refresh (the result makes the panel above the move list grow, and the list then scrolls to its
    last line), and a picture taken in between differs from one run to the next."""
    picture = app.export_screenshot(title="tictactoe-tui")
    for _ in range(200):
        await pilot.pause(0.05)
        again = app.export_screenshot(title="tictactoe-tui")
        if again == picture:
            return picture
        picture = again
    raise RuntimeError("the screen never stopped changing")


async def take_all(output: Path = OUTPUT) -> list[Path]:
    """Every screenshot, written to ``output``, each taken with no saved settings or statistics."""
    output.mkdir(parents=True, exist_ok=True)
    saved_home = os.environ.get(HOME_ENV)
    paths = []
    try:
        for shot in SHOTS:
            with tempfile.TemporaryDirectory(prefix="tictactoe-tui-screenshots-") as home:
                os.environ[HOME_ENV] = home
                paths.append(await take(shot, output))
    finally:
        if saved_home is None:
            os.environ.pop(HOME_ENV, None)
        else:
            os.environ[HOME_ENV] = saved_home
    return paths


def main(argv: list[str]) -> int:
    output = Path(argv[0]) if argv else OUTPUT
    for path in asyncio.run(take_all(output)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
