"""Help lists every key the game answers to; help and the command palette open from anywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from driving import confirm, game, quick_app, run_command, until
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.dom import DOMNode
from textual.widgets import OptionList, Static

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.game import GameScreen
from tictactoe_tui.app.screens.help import (
    ANALYSIS,
    GAME_KEYS,
    LEVELS,
    MOVE_LIST_KEYS,
    NEW_GAME_KEYS,
    ONLINE_KEYS,
    HelpScreen,
    help_content,
    help_markdown,
    markdown_table,
)
from tictactoe_tui.app.screens.new_game import NewGameScreen
from tictactoe_tui.app.screens.online import OnlineScreen
from tictactoe_tui.app.widgets.board import Board
from tictactoe_tui.app.widgets.move_list import MoveList
from tictactoe_tui.engine import PLAYER_NAMES, BoardSpec
from tictactoe_tui.engine.levels import TOURNAMENT, TOURNAMENT_BOARDS, TOURNAMENT_COMMAND, tournament_rows
from tictactoe_tui.session.setup import GameSetup

README = Path(__file__).resolve().parents[2] / "README.md"
NO_MATCHES = CommandPalette._NO_MATCHES
"""The id of the line the command palette lists when nothing matches what was typed."""

SPOKEN = {"up": "↑", "down": "↓", "left": "←", "right": "→", "enter": "Enter", "space": "Space",
          "question_mark": "?", "f1": "F1", "escape": "Esc", "ctrl+r": "Ctrl+R", "comma": ",",
          "full_stop": ".", "home": "Home", "end": "End", "pageup": "PgUp", "pagedown": "PgDn",
          "f2": "F2", "f3": "F3", "f4": "F4", "f5": "F5", "ctrl+s": "Ctrl+S", "ctrl+o": "Ctrl+O"}


def keys_of(*classes: type[DOMNode]) -> set[str]:
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


def test_every_key_of_the_move_list_is_in_the_help() -> None:
    words = documented(MOVE_LIST_KEYS)
    for key in keys_of(MoveList, OptionList):
        assert SPOKEN.get(key, key) in words, key


def test_the_help_explains_every_mark_of_the_analysis() -> None:
    symbols = {name for name, _ in ANALYSIS}
    assert {"+N", "=", "-N", "~S"} <= symbols
    assert all(f"**{symbol}**" in help_markdown() for symbol in symbols)


def test_every_key_of_the_new_game_screen_is_in_the_help() -> None:
    words = documented(NEW_GAME_KEYS) | documented(GAME_KEYS)
    for key in keys_of(NewGameScreen):
        assert SPOKEN.get(key, key) in words, key


def test_every_key_of_a_game_against_a_friend_online_is_in_the_help() -> None:
    words = documented(ONLINE_KEYS)
    for key in keys_of(OnlineScreen):
        assert SPOKEN.get(key, key) in words, key
    assert "## Against a friend on another computer" in help_markdown()


def test_the_help_explains_the_rules_and_every_level() -> None:
    text = help_markdown()
    assert "k in a row" in text and "draw" in text and "a1" in text
    assert [name for name, _ in LEVELS] == list(PLAYER_NAMES)


def test_the_readme_prints_the_table_of_levels_the_help_shows() -> None:
    section = README.read_text(encoding="utf-8").split("### The computer's levels\n", 1)[1].split("\n#", 1)[0]
    lines = section.splitlines()
    first = next(index for index, line in enumerate(lines) if line.startswith("|"))
    table = lines[first:next(index for index in range(first, len(lines)) if not lines[index].startswith("|"))]
    assert "\n".join(table) == markdown_table(tournament_rows())
    assert f"`{TOURNAMENT_COMMAND}`" in section, "the README says how the table was measured"
    assert markdown_table(tournament_rows()) in help_markdown()


def test_the_help_draws_the_table_of_levels_as_columns() -> None:
    lines = help_content().plain.splitlines()
    header = next(line for line in lines if line.startswith("pairing "))
    assert re.split(r"\s{2,}", header)[1:] == [name for _, name in TOURNAMENT_BOARDS]
    perfect = next(line for line in lines if line.startswith("perfect v medium "))
    (results,) = [pairing.results for pairing in TOURNAMENT if (pairing.level, pairing.opponent) == (
        "perfect", "medium")]
    assert perfect.split() == ["perfect", "v", "medium", *("-".join(map(str, result)) for result in results)]
    table = lines[lines.index(header):][:len(TOURNAMENT) + 1]
    starts = {line.rindex(re.split(r"\s{2,}", line)[-1]) for line in table}
    assert len(starts) == 1, "the last column lines up"


def test_the_tournament_has_a_result_for_every_board_and_pair_of_levels() -> None:
    rows = tournament_rows()
    assert all(len(row) == len(TOURNAMENT_BOARDS) + 1 for row in rows)
    pairs = {(pairing.opponent, pairing.level) for pairing in TOURNAMENT}
    assert pairs == {(weaker, stronger) for index, weaker in enumerate(PLAYER_NAMES)
                     for stronger in PLAYER_NAMES[index + 1:]}
    assert all(sum(result) == 100 for pairing in TOURNAMENT for result in pairing.results)


async def test_question_mark_and_f1_open_and_close_help() -> None:
    async with quick_app(GameSetup()).run_test() as pilot:
        screen = game(pilot)
        for key in ("question_mark", "f1"):
            await pilot.press(key)
            assert isinstance(pilot.app.screen, HelpScreen)
            assert pilot.app.screen.query_one("#help-text", Static)
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
        assert {"New game", "Play again", "Statistics", "Analysis", "Copy game record", "Help", "Theme",
                "Quit"} <= set(titles)
        assert any(title.startswith("Keypad: ") for title in titles)
        await pilot.press("5")
        await run_command(pilot, "play again")
        await confirm(pilot)
        assert game(pilot).position.moves == ()
        await run_command(pilot, "help")
        assert isinstance(pilot.app.screen, HelpScreen)


@pytest.mark.parametrize("board", ["3x4k3", "4x3k3", "15x15k5"])
async def test_the_palette_offers_the_keypad_on_3x3_only(board: str) -> None:
    async with quick_app(GameSetup(BoardSpec.parse(board), "human", "human")).run_test() as pilot:
        titles = [command.title for command in pilot.app.get_system_commands(pilot.app.screen)]
        assert "New game" in titles, "the game's commands are there"
        assert not any(title.startswith("Keypad") for title in titles), "the digits play on 3x3 only"
        await pilot.press("ctrl+p", *"keypad")

        def listed() -> list[str]:
            """What the palette lists: each command's title, or its word that nothing matches."""
            found = pilot.app.screen.query(CommandList)
            return [] if not found else [option.id if option.id == NO_MATCHES else str(option.prompt)
                                         for option in found.first().options]

        def keypad_listed() -> bool:
            return any(title.startswith("Keypad") for title in listed())

        await until(pilot, lambda: keypad_listed() or NO_MATCHES in listed())
        assert not keypad_listed()


async def test_the_palette_on_the_new_game_screen_has_no_game_commands() -> None:
    async with quick_app().run_test() as pilot:
        titles = [command.title for command in pilot.app.get_system_commands(pilot.app.screen)]
        assert "Help" in titles and "New game" not in titles and "Play again" not in titles
