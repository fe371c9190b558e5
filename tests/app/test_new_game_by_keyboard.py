"""The new-game screen by keyboard, a brain as a player, a warning for a board too big for the terminal."""

from __future__ import annotations

import sys
from pathlib import Path

from driving import form, game, quick_app
from test_themes import contrast
from textual.widgets import Input, OptionList, Static

from tictactoe_tui.app.widgets.choice import Choice, ChoiceMenu
from tictactoe_tui.app.widgets.form_button import FormButton
from tictactoe_tui.app.widgets.preset_list import PresetList
from tictactoe_tui.profile.settings import load_settings
from tictactoe_tui.session.setup import CONTROLLERS, Level

OUR_BRAIN = str(Path(sys.executable).parent / "pbrain-tictactoe-tui")


async def test_tab_stops_only_on_fields_and_buttons() -> None:
    async with quick_app().run_test() as pilot:
        seen = []
        for _ in range(16):
            await pilot.press("tab")
            focused = form(pilot).focused
            assert isinstance(focused, (Choice, PresetList, FormButton)), f"Tab stopped on {focused!r}"
            seen.append(focused.id)
        assert {"width", "height", "k", "x", "o", "friend", "keypad", "presets", "start"} == set(seen)


async def test_up_and_down_move_between_fields_and_enter_opens_the_menu() -> None:
    async with quick_app().run_test() as pilot:
        screen = form(pilot)
        screen.query_one("#width", Choice).focus()
        await pilot.press("down")
        height = screen.query_one("#height", Choice)
        assert screen.focused is height and not isinstance(pilot.app.screen, ChoiceMenu)
        await pilot.press("up")
        assert screen.focused is screen.query_one("#width", Choice)
        await pilot.press("enter")
        assert isinstance(pilot.app.screen, ChoiceMenu)
        await pilot.press("down", "enter")
        assert pilot.app.screen is screen and screen.query_one("#width", Choice).value == 4
        await pilot.press(*["down"] * 5)
        assert screen.focused is screen.query_one("#friend", FormButton), "a friend online, after the players"
        await pilot.press(*["down"] * 2)  # 4x3: no keypad field, which is for 3x3 only
        assert screen.focused is screen.query_one("#start", FormButton), "on to the presets and Start"


async def test_the_focused_field_stands_out_and_an_open_menu_hides_what_is_under_it() -> None:
    async with quick_app().run_test() as pilot:
        screen = form(pilot)
        width, height = screen.query_one("#width", Choice), screen.query_one("#height", Choice)
        width.focus()
        # The ANSI themes leave the colours to the terminal, so there is nothing to measure in them.
        for theme in sorted(name for name in pilot.app.available_themes if not name.startswith("ansi")):
            pilot.app.theme = theme
            await pilot.pause()
            focused = width.get_visual_style("choice--value").background
            resting = height.get_visual_style("choice--value").background
            assert focused is not None and resting is not None
            assert contrast(focused, resting) >= 2.0, f"the focused field must be plain to see in {theme}"
        await pilot.press("enter")
        menu = pilot.app.screen.query_one(OptionList)
        assert menu.styles.background.a == 1.0, "an open menu is opaque"


async def test_a_board_too_big_for_the_terminal_is_announced_before_start() -> None:
    async with quick_app().run_test(size=(80, 24)) as pilot:
        screen = form(pilot)
        assert not screen.query("#fit"), "no warning while the board fits"
        screen.query_one("#width", Choice).value = 26
        screen.query_one("#height", Choice).value = 26
        await pilot.pause()
        warning = screen.query_one("#fit", Static)
        assert "Terminal too small for 26x26" in str(warning.render())
        assert str(warning.render()).endswith("Enlarge it to play."), "no game to go on with yet"
        assert not screen.query_one("#start", FormButton).disabled, "it can still start: the game waits"
        screen.query_one("#height", Choice).value = 25
        await pilot.pause()
        assert "Terminal too small for 26x25" in str(screen.query_one("#fit", Static).render())
        await pilot.press("1")
        await pilot.pause()
        assert not screen.query("#fit"), "the warning goes when the board fits again"


async def test_a_brain_is_chosen_by_its_command_and_remembered() -> None:
    async with quick_app().run_test(size=(100, 36)) as pilot:
        screen = form(pilot)
        screen.query_one("#o", Choice).value = "brain:"
        await pilot.pause()
        command = screen.query_one("#o-command", Input)
        assert screen.query_one("#start", FormButton).disabled
        command.value = "/nowhere/pbrain-nothing"
        await pilot.pause()
        assert "is not found" in screen.query_one("#o", Choice).note
        command.value = OUR_BRAIN
        await pilot.pause()
        assert not screen.query_one("#start", FormButton).disabled
        await pilot.press("s")
        assert str(game(pilot).setup.o) == f"brain:{OUR_BRAIN}"
    settings, problem = load_settings()
    assert problem is None and str(settings.setup.o) == f"brain:{OUR_BRAIN}", "remembered for the next game"


async def test_a_brain_command_that_cannot_run_is_refused_with_its_reason(tmp_path: Path) -> None:
    text = tmp_path / "hostname"
    text.write_text("a-host-name\n")
    text.chmod(0o755)
    plain = tmp_path / "pbrain-plain"
    plain.write_text("#!/bin/sh\n")
    plain.chmod(0o644)
    async with quick_app().run_test(size=(100, 36)) as pilot:
        screen = form(pilot)
        screen.query_one("#x", Choice).value = "brain:"
        await pilot.pause()
        command = screen.query_one("#x-command", Input)
        for path, says in ((tmp_path, "is a directory, not a program"), (plain, "is not executable"),
                           (text, "is not a program")):
            command.value = str(path)
            await pilot.pause()
            assert says in screen.query_one("#x", Choice).note, path
            assert screen.query_one("#start", FormButton).disabled, path
            await pilot.press("s")
            assert pilot.app.screen is screen, f"no game starts with {path}"
        command.value = OUR_BRAIN
        await pilot.pause()
        assert screen.query_one("#x", Choice).note == ""
        assert not screen.query_one("#start", FormButton).disabled


async def test_a_remembered_brain_fills_in_the_form() -> None:
    async with quick_app().run_test(size=(100, 36)) as pilot:
        form(pilot).query_one("#o", Choice).value = "brain:"
        await pilot.pause()
        form(pilot).query_one("#o-command", Input).value = OUR_BRAIN
        await pilot.press("s")
        await pilot.press("n")
        screen = form(pilot)
        assert screen.query_one("#o", Choice).value == "brain:"
        assert screen.query_one("#o-command", Input).value == OUR_BRAIN


async def test_the_brain_command_field_comes_and_goes_with_the_brain_and_keeps_what_was_typed() -> None:
    async with quick_app().run_test(size=(100, 36)) as pilot:
        screen = form(pilot)
        assert not screen.query(Input), "no command field while no brain plays"
        screen.query_one("#x", Choice).focus()
        await pilot.press("left")  # From Human, the first, round to nothing: the end of the list.
        await pilot.press(*["right"] * len(CONTROLLERS))  # past every level
        assert screen.query_one("#x", Choice).shown == "Gomocup brain…"
        await pilot.pause()
        await pilot.press("down")
        assert screen.focused is screen.query_one("#x-command", Input), "the field comes right under X"
        await pilot.press(*"pbrain-x")
        await pilot.press("up", "left")
        await pilot.pause()
        assert not screen.query(Input) and screen.query_one("#x", Choice).value == Level("perfect")
        assert not screen.query_one("#start", FormButton).disabled
        await pilot.press("right")
        await pilot.pause()
        assert screen.query_one("#x-command", Input).value == "pbrain-x"
        assert "pbrain-x" in screen.query_one("#x", Choice).note, "the typed brain is checked again"
        assert screen.query_one("#start", FormButton).disabled


async def test_the_form_scrolls_to_the_focused_field_on_a_short_terminal() -> None:
    async with quick_app().run_test(size=(80, 16)) as pilot:
        screen = form(pilot)
        start = screen.query_one("#start", FormButton)
        await pilot.pause()
        assert screen.focused is start and start.region.bottom <= 15, "Start, focused first, is in view"
        await pilot.press("down", "down")  # round to the board's fields, at the top
        height = screen.query_one("#height", Choice)
        assert screen.focused is height
        await pilot.pause()
        assert height.region.y >= 1 and start.region.y >= 15, "scrolled up to the field, Start out of view"


async def test_the_keypad_field_is_there_for_3x3_only() -> None:
    async with quick_app().run_test(size=(80, 40)) as pilot:
        screen = form(pilot)
        keypad = screen.query_one("#keypad", Choice)
        assert keypad.display, "the first game is on 3x3"
        await pilot.press("6")  # Gomoku 15x15
        assert not keypad.display
        seen = set()
        for _ in range(16):
            await pilot.press("tab")
            seen.add(getattr(screen.focused, "id", None))
        assert "keypad" not in seen and "start" in seen, "Tab passes over it"
        await pilot.press("1")  # Tic-Tac-Toe
        assert keypad.display


async def test_home_and_end_go_to_the_least_and_greatest_values_that_make_a_board() -> None:
    async with quick_app().run_test(size=(100, 36)) as pilot:
        screen = form(pilot)
        width, height, k = (screen.query_one(f"#{field}", Choice) for field in ("width", "height", "k"))
        assert (width.value, height.value, k.value) == (3, 3, 3), "the first game is Tic-Tac-Toe"
        steps = [
            (width, "right", (4, 3, 3)),
            (k, "end", (4, 3, 4)),  # the longest line on 4x3, not 26
            (width, "end", (26, 3, 4)),
            (width, "home", (4, 3, 4)),  # the narrowest board three high with four in a row
            (height, "home", (4, 1, 4)),
            (height, "end", (4, 26, 4)),
            (k, "end", (4, 26, 26)),
            (k, "home", (4, 26, 1)),
        ]
        for field, key, sizes in steps:
            field.focus()
            await pilot.press(key)
            assert (width.value, height.value, k.value) == sizes, f"{key} on {field.id}"
            assert screen.chosen() is not None and not any(choice.note for choice in (width, height, k))
