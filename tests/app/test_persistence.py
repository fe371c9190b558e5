"""The last setup, the theme and the keypad survive a restart; a bad file is set aside, with a word."""

from __future__ import annotations

import os

import pytest
from driving import board, form, game, notifications, quick_app, run_command, until

from tictactoe_tui.app.widgets.choice import Choice
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.profile.settings import DEFAULT_THEME, KeypadLayout, Settings, load_settings, settings_path
from tictactoe_tui.profile.statistics import statistics_path
from tictactoe_tui.session.setup import GameSetup, Level


async def test_setup_theme_and_keypad_carry_over_to_the_next_run() -> None:
    async with quick_app().run_test() as pilot:
        form(pilot).query_one("#o", Choice).value = Level("medium")
        form(pilot).query_one("#keypad", Choice).value = KeypadLayout.PHONE
        await pilot.press("2", "s")
        assert game(pilot).setup == GameSetup(BoardSpec(4, 4, 3), "human", "medium")
        pilot.app.theme = "high-contrast"
        await pilot.pause()
    assert load_settings() == (Settings(GameSetup(BoardSpec(4, 4, 3), "human", "medium"), "high-contrast",
                                        KeypadLayout.PHONE), None)

    async with quick_app().run_test() as pilot:
        assert pilot.app.theme == "high-contrast"
        assert form(pilot).chosen() == GameSetup(BoardSpec(4, 4, 3), "human", "medium")
        assert form(pilot).keypad() is KeypadLayout.PHONE
        await pilot.press("1", "s")
        assert board(pilot).keypad is KeypadLayout.PHONE
        await pilot.press("1")  # 1 2 3 on top: 1 is the top-left cell
        assert game(pilot).position.record.startswith("3x3k3: a3")


@pytest.mark.slow
async def test_the_keypad_switches_from_the_palette_and_stays_switched() -> None:
    async with quick_app(GameSetup(BoardSpec(3, 3, 3), "human", "human")).run_test() as pilot:
        assert board(pilot).keypad is KeypadLayout.CALCULATOR
        await run_command(pilot, "keypad: 1 2 3")
        assert board(pilot).keypad is KeypadLayout.PHONE
        await pilot.press("3")
        assert game(pilot).position.record == "3x3k3: c3"
        await run_command(pilot, "keypad: 7 8 9")
        assert board(pilot).keypad is KeypadLayout.CALCULATOR
        await run_command(pilot, "keypad: 1 2 3")
    assert load_settings()[0].keypad is KeypadLayout.PHONE
    async with quick_app(GameSetup(BoardSpec(3, 3, 3), "human", "human")).run_test() as pilot:
        assert board(pilot).keypad is KeypadLayout.PHONE


async def test_a_game_from_a_record_leaves_the_last_setup_alone() -> None:
    async with quick_app(GameSetup(BoardSpec(5, 5, 4), "easy", "human")).run_test():
        pass
    async with quick_app(start=Position.from_moves("4x4k3", "a1")).run_test():
        pass
    assert load_settings()[0].setup == GameSetup(BoardSpec(5, 5, 4), "easy", "human")


async def test_a_corrupt_settings_file_is_set_aside_and_the_game_goes_on() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 1, "setup": {"board": "3x3k3"', encoding="utf-8")
    async with quick_app().run_test() as pilot:
        (message,) = [note for note in notifications(pilot) if "settings file" in note]
        assert "it is not valid JSON" in message and "Defaults are used" in message
        aside = [file for file in path.parent.iterdir() if file.name.startswith("settings.json.corrupt-")]
        assert len(aside) == 1 and aside[0].name in message
        assert aside[0].read_text(encoding="utf-8") == '{"version": 1, "setup": {"board": "3x3k3"'
        assert form(pilot).chosen() == GameSetup() and pilot.app.theme == DEFAULT_THEME
        await pilot.press("s", "5")
        await until(pilot, lambda: len(game(pilot).position.moves) == 2)
        assert game(pilot).position.record.startswith("3x3k3: b2 "), "the computer answered"
    assert load_settings() == (Settings(), None), "the bad file is out of the way and the defaults stand"


async def test_a_bad_theme_name_falls_back_and_a_bad_field_costs_only_itself() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 1, "setup": {"board": "4x4k3", "x": "nobody", "o": "easy"},'
                    ' "theme": "no-such-theme", "keypad": "phone"}', encoding="utf-8")
    async with quick_app().run_test() as pilot:
        assert any("x 'nobody' cannot play" in note for note in notifications(pilot))
        assert pilot.app.theme == DEFAULT_THEME
        said = notifications(pilot)
        assert any("a theme this game does not have, 'no-such-theme'" in note for note in said)
        assert form(pilot).chosen() == GameSetup(BoardSpec(4, 4, 3), "human", "easy")
        assert form(pilot).keypad() is KeypadLayout.PHONE


async def test_a_corrupt_statistics_file_is_set_aside_too() -> None:
    path = statistics_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff\xfe not text")
    async with quick_app(GameSetup(BoardSpec(3, 3, 3), "human", "human")).run_test() as pilot:
        assert any("statistics file" in note and "not UTF-8" in note for note in notifications(pilot))
        assert not path.exists()
        await pilot.press("s")
        empty = pilot.app.screen.query_one("#statistics-empty")
        assert "No games against the computer yet" in str(empty.render())


async def test_a_pipe_for_settings_and_a_link_to_dev_zero_for_statistics_do_not_hang_the_start() -> None:
    """Neither can be read to its end; the first screen comes up with defaults and a word on each."""
    settings, statistics = settings_path(), statistics_path()
    settings.parent.mkdir(parents=True, exist_ok=True)
    statistics.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(settings)
    statistics.symlink_to("/dev/zero")
    async with quick_app().run_test() as pilot:
        notes = notifications(pilot)
        assert any("settings file" in note and "a named pipe, not a regular file" in note for note in notes)
        assert any("statistics file" in note and "a device, not a regular file" in note for note in notes)
        assert form(pilot).chosen() == GameSetup()
    assert not settings.exists() and not statistics.is_symlink()


async def test_the_profile_holds_the_keypad_the_new_game_screen_and_the_board_are_given() -> None:
    async with quick_app(GameSetup(BoardSpec(3, 3, 3), "human", "human")).run_test() as pilot:
        await pilot.press("n")
        assert form(pilot).keypad() is pilot.app.profile.settings.keypad is KeypadLayout.CALCULATOR
        form(pilot).query_one("#keypad", Choice).value = KeypadLayout.PHONE
        await pilot.press("s")
        await until(pilot, lambda: board(pilot).keypad is KeypadLayout.PHONE)
        assert pilot.app.profile.settings.keypad is KeypadLayout.PHONE
        assert load_settings()[0].keypad is KeypadLayout.PHONE
        await pilot.press("n")
        assert form(pilot).keypad() is KeypadLayout.PHONE, "the form is given the profile's layout"
