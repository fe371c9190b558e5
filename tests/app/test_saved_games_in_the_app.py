"""Saving a game with Ctrl+S and opening it again with Ctrl+O, from the game and the new-game screen."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from driving import confirm, form, game, notifications, quick_app, run_command, until
from textual.pilot import Pilot
from textual.widgets import Input, Label, OptionList

from tictactoe_tui.app.screens.confirm import ConfirmScreen
from tictactoe_tui.app.screens.game import GameScreen
from tictactoe_tui.app.screens.open_game import OpenGameScreen
from tictactoe_tui.app.screens.save_game import SaveGameScreen
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.profile.saved_games import games_dir, save_game
from tictactoe_tui.session.setup import HUMAN, GameSetup, Level

PEOPLE = GameSetup(BoardSpec(3, 3, 3), HUMAN, HUMAN)
T = TypeVar("T")


async def dialog(pilot: Pilot[None], kind: type[T]) -> T:
    await until(pilot, lambda: isinstance(pilot.app.screen, kind))
    screen = pilot.app.screen
    assert isinstance(screen, kind)
    return screen


async def test_a_game_saved_opens_again_as_it_was(private_home: Path) -> None:
    async with quick_app(PEOPLE).run_test(size=(100, 40)) as pilot:
        await pilot.press("5", "1", "9")
        played = game(pilot).position
        await pilot.press("ctrl+s")
        saving = await dialog(pilot, SaveGameScreen)
        path = Path(saving.query_one(Input).value)
        assert path.parent == games_dir() and private_home in path.parents
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(pilot.app.screen, SaveGameScreen))
        assert f"Saved to {path}" in notifications(pilot)
        assert path.read_text().splitlines()[-1] == "3x3k3: b2 a1 c3"

        await pilot.press("3")
        assert game(pilot).position != played
        await pilot.press("ctrl+o")
        opening = await dialog(pilot, OpenGameScreen)
        listed = opening.query_one(OptionList)
        assert listed.option_count == 1
        assert str(listed.get_option_at_index(0).prompt) == f"{path.name}  3x3k3: b2 a1 c3"
        await pilot.press("enter")
        await confirm(pilot)  # The game in progress is given up only once the player agrees.
        assert game(pilot).position == played
        assert game(pilot).setup == PEOPLE


async def test_a_game_saved_elsewhere_opens_by_its_path(tmp_path: Path) -> None:
    position = Position.from_moves("4x4k3", "b2 a1")
    path = tmp_path / "elsewhere.txt"
    assert save_game(path, GameSetup(position.spec, HUMAN, Level("easy")), position) is None
    async with quick_app(PEOPLE).run_test(size=(100, 40)) as pilot:
        await pilot.press("ctrl+o")
        opening = await dialog(pilot, OpenGameScreen)
        opening.query_one(Input).focus()
        await pilot.press(*str(path), "enter")
        await until(pilot, lambda: not isinstance(pilot.app.screen, OpenGameScreen))
        assert game(pilot).position == position
        assert game(pilot).setup == GameSetup(position.spec, HUMAN, Level("easy"))


async def test_a_file_that_holds_no_game_says_why_and_keeps_the_game() -> None:
    folder = games_dir()
    folder.mkdir(parents=True)
    (folder / "corrupt.txt").write_text("# A game of tictactoe-tui\n3x3: b2 b2\n")
    async with quick_app(PEOPLE).run_test(size=(100, 40)) as pilot:
        await pilot.press("5")
        before = game(pilot).position
        await pilot.press("ctrl+o")
        opening = await dialog(pilot, OpenGameScreen)
        assert "not a saved game" in str(opening.query_one(OptionList).get_option_at_index(0).prompt)
        await pilot.press("enter")
        error = opening.query_one("#open-game-error", Label)
        assert error.has_class("-shown")
        assert "corrupt.txt is not a saved game" in str(error.content)
        assert "b2 is already taken" in str(error.content)
        assert pilot.app.screen is opening, "the dialog stays open for another choice"
        await pilot.press("escape")
        assert game(pilot).position == before


async def test_a_save_the_disk_refuses_says_why_and_loses_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    async with quick_app(PEOPLE).run_test(size=(100, 40)) as pilot:
        await pilot.press("5", "1")
        await pilot.press("ctrl+s")
        saving = await dialog(pilot, SaveGameScreen)
        field = saving.query_one(Input)
        field.value = str(blocker / "game.txt")
        await pilot.press("enter")
        error = saving.query_one("#save-game-error", Label)
        assert error.has_class("-shown") and "Could not save the game" in str(error.content)
        assert field.value == str(blocker / "game.txt")
        await pilot.press("escape")
        assert game(pilot).position == Position.from_moves("3x3", "b2 a1")


async def test_a_save_to_a_folder_is_refused_at_once_without_asking_to_replace_it(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    async with quick_app(PEOPLE).run_test(size=(100, 40)) as pilot:
        await pilot.press("5")
        await pilot.press("ctrl+s")
        saving = await dialog(pilot, SaveGameScreen)
        saving.query_one(Input).value = str(folder)
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is saving, "no question: a folder is not a file to replace"
        error = saving.query_one("#save-game-error", Label)
        assert error.has_class("-shown") and f"{folder} is a folder" in str(error.content)
        assert folder.is_dir() and list(folder.iterdir()) == []


async def test_the_new_game_screen_opens_a_saved_game() -> None:
    position = Position.from_moves("3x3", "b2 a1")
    assert save_game(games_dir() / "saved.txt", PEOPLE, position) is None
    async with quick_app().run_test(size=(100, 40)) as pilot:
        form(pilot)
        await pilot.press("ctrl+o")
        await dialog(pilot, OpenGameScreen)
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(pilot.app.screen, OpenGameScreen))
        await until(pilot, lambda: game(pilot).position == position)


async def test_the_palette_saves_the_game() -> None:
    async with quick_app(PEOPLE).run_test(size=(100, 40)) as pilot:
        await run_command(pilot, "save game")
        await dialog(pilot, SaveGameScreen)


async def test_a_served_game_neither_saves_nor_opens(private_home: Path) -> None:
    async with quick_app(served=True).run_test(size=(100, 40)) as pilot:
        assert form(pilot).check_action("open_game", ()) is False
        await pilot.press("ctrl+o")
        form(pilot)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        screen = game(pilot)
        assert screen.check_action("save_game", ()) is False
        assert screen.check_action("open_game", ()) is False
        await pilot.press("ctrl+s", "ctrl+o")
        assert game(pilot) is screen, "no dialog opened"
        titles = [command.title for command in pilot.app.get_system_commands(screen)]
        assert "Save game" not in titles and "Open game" not in titles
    assert not games_dir().exists()


async def test_saving_over_a_file_asks_first_and_keeps_it_unless_told(tmp_path: Path) -> None:
    existing = tmp_path / "notes [draft].txt"
    existing.write_text("a file of the player's own")
    async with quick_app(PEOPLE).run_test(size=(100, 40)) as pilot:
        await pilot.press("5")
        for answer, kept in (("n", True), ("y", False)):
            await pilot.press("ctrl+s")
            saving = await dialog(pilot, SaveGameScreen)
            saving.query_one(Input).value = str(existing)
            await pilot.press("enter")
            question = await dialog(pilot, ConfirmScreen)
            assert f"{existing} already exists." in [str(label.content) for label in question.query(Label)]
            await pilot.press(answer)
            if kept:
                await dialog(pilot, SaveGameScreen)
                assert existing.read_text() == "a file of the player's own"
                await pilot.press("escape")
            else:
                await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
                assert existing.read_text().splitlines()[-1] == "3x3k3: b2"
