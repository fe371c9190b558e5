"""Help lists every key the game answers to; help and the command palette open from anywhere."""

from __future__ import annotations

from driving import game, quick_app, until
from textual.binding import Binding
from textual.command import CommandList
from textual.pilot import Pilot
from textual.widgets import Markdown

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.game import GameScreen
from tictactoe_tui.app.screens.help import GAME_KEYS, LEVELS, NEW_GAME_KEYS, HelpScreen, help_markdown
from tictactoe_tui.app.screens.new_game import NewGameScreen
from tictactoe_tui.app.widgets.board import Board
from tictactoe_tui.engine import PLAYER_NAMES
from tictactoe_tui.setup import GameSetup

SPOKEN = {"up": "↑", "down": "↓", "left": "←", "right": "→", "enter": "Enter", "space": "Space",
          "question_mark": "?", "f1": "F1", "escape": "Esc"}


async def run_command(pilot: Pilot[None], search: str) -> None:
    """Open the command palette, type ``search`` and run the best match once it is listed."""
    await pilot.press("ctrl+p", *search)

    def best_match_is(title: str) -> bool:
        results = pilot.app.screen.query(CommandList)
        if not results or results.first().highlighted is None:
            return False
        option = results.first().highlighted_option
        return option is not None and str(option.prompt).lower().startswith(title)

    await until(pilot, lambda: best_match_is(search))
    await pilot.press("enter")
    await pilot.pause()


def keys_of(*classes: type) -> set[str]:
    keys: set[str] = set()
    for cls in classes:
        for binding in cls.BINDINGS:
            assert isinstance(binding, Binding)
            keys.update(binding.key.split(","))
    return keys


def documented(table: tuple[tuple[str, str], ...]) -> set[str]:
    words = {word for name, _ in table for word in name.split()}
    for name, _ in table:  # "1 to 9" documents every digit in the range
        if " to " in name:
            low, high = name.split(" to ")
            words.update(str(digit) for digit in range(int(low), int(high) + 1))
    return words


def test_every_key_of_the_game_is_in_the_help() -> None:
    words = documented(GAME_KEYS)
    for key in keys_of(Board, GameScreen, TicTacToeApp):
        assert SPOKEN.get(key, key) in words, key


def test_every_key_of_the_new_game_screen_is_in_the_help() -> None:
    words = documented(NEW_GAME_KEYS) | documented(GAME_KEYS)
    for key in keys_of(NewGameScreen):
        assert SPOKEN.get(key, key) in words, key


def test_the_help_explains_the_rules_and_every_level() -> None:
    text = help_markdown()
    assert "k in a row" in text and "draw" in text and "a1" in text
    assert [name for name, _ in LEVELS] == list(PLAYER_NAMES)


async def test_question_mark_and_f1_open_and_close_help() -> None:
    async with quick_app(GameSetup()).run_test() as pilot:
        screen = game(pilot)
        for key in ("question_mark", "f1"):
            await pilot.press(key)
            assert isinstance(pilot.app.screen, HelpScreen)
            assert pilot.app.screen.query_one(Markdown)
            await pilot.press(key)
            assert pilot.app.screen is screen
        await pilot.press("f1", "escape")
        assert pilot.app.screen is screen


async def test_help_opens_from_the_new_game_screen() -> None:
    async with quick_app().run_test() as pilot:
        await pilot.press("question_mark")
        assert isinstance(pilot.app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, NewGameScreen)


async def test_the_command_palette_offers_the_game_commands() -> None:
    async with quick_app(GameSetup(GameSetup().spec, "human", "human")).run_test() as pilot:
        titles = [command.title for command in pilot.app.get_system_commands(pilot.app.screen)]
        assert {"New game", "Play again", "Help", "Theme", "Quit"} <= set(titles)
        await pilot.press("5")
        await run_command(pilot, "play again")
        assert game(pilot).position.moves == ()
        await run_command(pilot, "help")
        assert isinstance(pilot.app.screen, HelpScreen)


async def test_the_palette_on_the_new_game_screen_has_no_game_commands() -> None:
    async with quick_app().run_test() as pilot:
        titles = [command.title for command in pilot.app.get_system_commands(pilot.app.screen)]
        assert "Help" in titles and "New game" not in titles and "Play again" not in titles
