"""The app as ``serve`` runs it for a browser's page: nothing a visitor does can start a program."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from driving import form, game, notifications, quick_app, run_command, until
from textual.pilot import Pilot

from tictactoe_tui.app.screens.new_game import BRAIN
from tictactoe_tui.app.widgets.choice import Choice
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.profile.settings import Settings, save_settings
from tictactoe_tui.session.engine_process import EngineProcess, Request, SearchFailed
from tictactoe_tui.session.setup import HUMAN, Brain, GameSetup, Level


def writing_brain(target: Path) -> Brain:
    """A "brain" that, if it were ever started, would leave ``target`` behind."""
    return Brain(shlex.join(["sh", "-c", f"echo started > {shlex.quote(str(target))}"]))


def player_values(pilot: Pilot[None], side: str) -> list[object]:
    return [value for _, value in form(pilot).query_one(f"#{side}", Choice).options]


@pytest.mark.parametrize("served", [False, True])
async def test_the_new_game_screen_offers_brains_only_when_not_served(served: bool) -> None:
    async with quick_app(served=served).run_test(size=(100, 40)) as pilot:
        for side in ("x", "o"):
            assert (BRAIN in player_values(pilot, side)) is not served
            assert Level("perfect") in player_values(pilot, side)


async def test_a_served_app_reads_and_writes_no_settings_file(private_home: Path, tmp_path: Path) -> None:
    """A saved setup naming a brain (as the computer's own player may leave) is not even read."""
    target = tmp_path / "started"
    save_settings(Settings(setup=GameSetup(BoardSpec(4, 4, 3), HUMAN, writing_brain(target))))
    before = files_in(private_home)
    assert before, "the player's settings are on disk"
    async with quick_app(served=True).run_test(size=(100, 40)) as pilot:
        assert form(pilot).chosen() == GameSetup(), "the defaults, not the file's setup"
        await pilot.press("s")
        await until(pilot, lambda: game(pilot).setup == GameSetup())
        pilot.app.theme = "textual-light"  # Remembered for the page, not written down.
        await pilot.pause()
        assert pilot.app.profile.settings.theme == "textual-light"
    assert files_in(private_home) == before
    assert not target.exists()


def files_in(folder: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}


@pytest.mark.parametrize("sides", [("x",), ("o",), ("x", "o")])
async def test_a_setup_with_a_brain_plays_a_person_there_and_says_so(sides: tuple[str, ...],
                                                                      tmp_path: Path) -> None:
    target = tmp_path / "started"
    brain = writing_brain(target)
    setup = GameSetup(BoardSpec(3, 3, 3), brain if "x" in sides else HUMAN, brain if "o" in sides else HUMAN)
    async with quick_app(setup, served=True).run_test(size=(100, 40)) as pilot:
        await until(pilot, lambda: bool(notifications(pilot)))
        assert game(pilot).setup == GameSetup(setup.spec, HUMAN, HUMAN)
        names = " and ".join(side.upper() for side in sides)
        assert f"plays no Gomocup brain: a person plays {names}." in notifications(pilot)[0]
        await pilot.press("enter")
        await until(pilot, lambda: len(game(pilot).position.moves) == 1)
        await run_command(pilot, "new game")
        for side in ("x", "o"):
            assert BRAIN not in player_values(pilot, side), "the new-game screen offers none either"
    assert not target.exists()


async def test_the_palette_offers_no_brain_in_a_served_app() -> None:
    async with quick_app(GameSetup(), served=True).run_test(size=(100, 40)) as pilot:
        offered = [f"{command.title}: {command.help}".lower()
                   for command in pilot.app.get_system_commands(pilot.app.screen)]
        assert "new game: choose the board and the players for a new game (n)" in offered
        assert not any("brain" in command for command in offered)


@pytest.mark.parametrize("brains", [True, False])
def test_an_engine_that_plays_no_brains_starts_none(brains: bool, tmp_path: Path) -> None:
    """The last guard: whatever the interface asks, a served app's engine starts no program."""
    target = tmp_path / "started"
    engine = EngineProcess(brains=brains)
    try:
        job = engine.submit(Request("move", "game", Position.empty(BoardSpec(3, 3, 3)),
                                    controller=writing_brain(target)))
        error = job.answer.exception(timeout=60)
    finally:
        engine.close()
    if brains:
        assert target.exists(), "the same request starts the program where brains may play"
    else:
        assert isinstance(error, SearchFailed) and "starts no brain" in str(error)
        assert not target.exists()


async def test_redo_moves_off_the_key_a_browser_takes() -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), HUMAN, HUMAN)
    async with quick_app(setup, served=True).run_test(size=(100, 40)) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: len(game(pilot).position.moves) == 1)
        await pilot.press("u")
        await until(pilot, lambda: len(game(pilot).position.moves) == 0)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert len(game(pilot).position.moves) == 0, "Ctrl+R reloads the page in a browser: not ours"
        await pilot.press("U")
        await until(pilot, lambda: len(game(pilot).position.moves) == 1)
        footer = {binding.action: pilot.app.get_key_display(binding)
                  for _, binding, enabled, _ in pilot.app.screen.active_bindings.values() if binding.show}
        assert footer["redo"] == "U"


async def test_a_served_app_keeps_its_statistics_in_memory(private_home: Path) -> None:
    setup = GameSetup(BoardSpec(1, 1, 1), HUMAN, Level("easy"))
    async with quick_app(setup, served=True).run_test(size=(100, 40)) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: game(pilot).position.is_over)
        assert pilot.app.profile.statistics.get(setup.spec, "easy").wins == 1
    assert files_in(private_home) == {}


