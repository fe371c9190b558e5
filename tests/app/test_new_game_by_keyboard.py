"""The new-game screen by keyboard, a brain as a player, a warning for a board too big for the terminal."""

from __future__ import annotations

import sys
from pathlib import Path

from driving import form, game, quick_app
from test_themes import contrast
from textual.widgets import Button, Input, Select, Static
from textual.widgets._select import SelectCurrent, SelectOverlay

from tictactoe_tui.settings import load_settings

OUR_BRAIN = str(Path(sys.executable).parent / "pbrain-tictactoe-tui")


async def test_tab_stops_only_on_fields_and_buttons() -> None:
    async with quick_app().run_test() as pilot:
        seen = []
        for _ in range(16):
            await pilot.press("tab")
            focused = form(pilot).focused
            assert isinstance(focused, (Select, Button, Input)), f"Tab stopped on {focused!r}"
            seen.append(focused.id)
        assert {"width", "height", "k", "x", "o", "keypad", "start"} <= set(seen)


async def test_up_and_down_move_between_fields_and_enter_opens_the_menu() -> None:
    async with quick_app().run_test() as pilot:
        screen = form(pilot)
        screen.query_one("#width", Select).focus()
        await pilot.press("down")
        height = screen.query_one("#height", Select)
        assert screen.focused is height and not height.expanded
        await pilot.press("up")
        assert screen.focused is screen.query_one("#width", Select)
        await pilot.press("enter")
        assert screen.query_one("#width", Select).expanded


async def test_the_focused_field_stands_out_and_an_open_menu_hides_what_is_under_it() -> None:
    async with quick_app().run_test() as pilot:
        screen = form(pilot)
        width, height = screen.query_one("#width", Select), screen.query_one("#height", Select)
        width.focus()
        await pilot.pause()
        focused = width.query_one(SelectCurrent).styles.background
        resting = height.query_one(SelectCurrent).styles.background
        assert contrast(focused, resting) >= 2.0, "the focused field must be plain to see, in any colours"
        await pilot.press("enter")
        assert width.query_one(SelectOverlay).styles.background.a == 1.0, "an open menu is opaque"


async def test_a_board_too_big_for_the_terminal_is_announced_before_start() -> None:
    async with quick_app().run_test(size=(80, 24)) as pilot:
        screen = form(pilot)
        warning = screen.query_one("#fit", Static)
        assert not warning.display
        screen.query_one("#width", Select).value = 26
        screen.query_one("#height", Select).value = 26
        await pilot.pause()
        assert warning.display and "Terminal too small for 26x26" in str(warning.render())
        assert not screen.query_one("#start", Button).disabled, "it can still start: the game waits"


async def test_a_brain_is_chosen_by_its_command_and_remembered() -> None:
    async with quick_app().run_test(size=(100, 36)) as pilot:
        screen = form(pilot)
        screen.query_one("#o", Select).value = "brain:"
        await pilot.pause()
        command = screen.query_one("#o-command", Input)
        assert command.display and screen.query_one("#start", Button).disabled
        command.value = "/nowhere/pbrain-nothing"
        await pilot.pause()
        assert "is not found" in str(screen.query_one("#o-error", Static).render())
        command.value = OUR_BRAIN
        await pilot.pause()
        assert not screen.query_one("#start", Button).disabled
        await pilot.press("s")
        assert game(pilot).setup.o == f"brain:{OUR_BRAIN}"
    settings, problem = load_settings()
    assert problem is None and settings.setup.o == f"brain:{OUR_BRAIN}", "remembered for the next game"


async def test_a_remembered_brain_fills_in_the_form() -> None:
    async with quick_app().run_test(size=(100, 36)) as pilot:
        form(pilot).query_one("#o", Select).value = "brain:"
        form(pilot).query_one("#o-command", Input).value = OUR_BRAIN
        await pilot.press("s")
        await pilot.press("n")
        screen = form(pilot)
        assert screen.query_one("#o", Select).value == "brain:"
        assert screen.query_one("#o-command", Input).value == OUR_BRAIN
