"""Textual's faults do not reach the player: every paging key in the open palette, at every terminal size."""

from __future__ import annotations

import pytest
from driving import form, game, quick_app, until
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import OptionList

from tictactoe_tui.app.widgets.choice import Choice, ChoiceMenu
from tictactoe_tui.engine import Position
from tictactoe_tui.session.setup import HUMAN, GameSetup

SIZES = [(5, 3), (10, 5), (80, 24)]
"""Too small for the palette's list (where Textual 8.2.8 raised KeyError), small, and the usual size."""

KEYS = ["pageup", "pagedown", "home", "end", "down", "pagedown", "pagedown", "end", "pageup", "home"]


async def _palette_open(pilot: Pilot[None]) -> CommandList:
    await pilot.press("ctrl+p")
    await until(pilot, lambda: isinstance(pilot.app.screen, CommandPalette))
    return pilot.app.screen.query_one(CommandList)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_paging_keys_in_the_open_palette_keep_the_game(size: tuple[int, int]) -> None:
    start = Position.from_moves("3x3", "b2 a1")
    app = quick_app(GameSetup(start.spec, HUMAN, HUMAN), start)
    async with app.run_test(size=size) as pilot:
        await _palette_open(pilot)
        for key in KEYS:
            await pilot.press(key)
            await pilot.pause()
            assert pilot.app.is_running, f"{key} at {size}"
            assert isinstance(pilot.app.screen, CommandPalette), f"{key} at {size}"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(pilot.app.screen, CommandPalette))
        assert game(pilot).position.record == "3x3k3: b2 a1", "the game in progress is kept"
    assert app.return_code in (None, 0)


async def test_paging_keys_still_page_where_the_palette_has_room() -> None:
    """The guard leaves Textual's paging alone wherever the list has its lines."""
    async with quick_app(GameSetup()).run_test(size=(80, 24)) as pilot:
        commands = await _palette_open(pilot)
        await until(pilot, lambda: commands.option_count > 3 and commands.highlighted == 0)
        await pilot.press("pagedown")
        assert commands.highlighted is not None and commands.highlighted > 1
        await pilot.press(*["pagedown"] * commands.option_count)
        assert commands.highlighted == commands.option_count - 1
        await pilot.press("pageup")
        assert commands.highlighted is not None and 0 < commands.highlighted < commands.option_count - 2
        await pilot.press(*["pageup"] * commands.option_count)
        assert commands.highlighted == 0


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_paging_keys_in_a_field_menu_of_the_new_game_screen(size: tuple[int, int]) -> None:
    app = quick_app()
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: pilot.app.screen.is_mounted and bool(pilot.app.screen.query(Choice)))
        form(pilot).query_one("#width", Choice).focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceMenu))
        menu = pilot.app.screen.query_one(OptionList)
        for key in KEYS:
            await pilot.press(key)
            await pilot.pause()
            assert pilot.app.is_running, f"{key} at {size}"
            assert isinstance(pilot.app.screen, ChoiceMenu), f"{key} at {size}"
        assert menu.highlighted is not None
        await pilot.press("escape")
        assert form(pilot).query_one("#width", Choice).value == 3, "the field is as it was"
    assert app.return_code in (None, 0)
