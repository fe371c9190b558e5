"""Keys given in one go (held down, typed ahead, pasted) close one screen at a time, never the game."""

from __future__ import annotations

from driving import game, keys_at_once, quick_app, until
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot

from tictactoe_tui.app.screens.confirm import ConfirmScreen
from tictactoe_tui.app.screens.friend import FriendScreen
from tictactoe_tui.app.screens.game import GameScreen
from tictactoe_tui.app.screens.help import HelpScreen
from tictactoe_tui.app.screens.new_game import NewGameScreen
from tictactoe_tui.app.widgets.form_button import FormButton
from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.session.setup import GameSetup

PEOPLE = GameSetup(BoardSpec(3, 3, 3), "human", "human")


async def pressed_at_once(pilot: Pilot[None], button: str, times: int) -> None:
    """Space given ``times`` in one go to ``button``, focused."""
    pilot.app.screen.query_one(button, FormButton).focus()
    await pilot.pause()
    await keys_at_once(pilot, *["space"] * times)


def stack(pilot: Pilot[None]) -> list[type[object]]:
    return [type(screen) for screen in pilot.app.screen_stack[1:]]


async def test_start_pressed_three_times_at_once_starts_one_game_and_keeps_it() -> None:
    async with quick_app(PEOPLE).run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        assert isinstance(pilot.app.screen, NewGameScreen)
        await pilot.press("5")  # A preset: the 7x6 board.
        await pressed_at_once(pilot, "#start", 3)
        assert stack(pilot) == [GameScreen]
        assert game(pilot).setup.spec == BoardSpec(7, 6, 4)


async def test_friend_pressed_twice_at_once_opens_one_form_over_the_new_game_screen() -> None:
    async with quick_app(PEOPLE).run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pressed_at_once(pilot, "#friend", 2)
        assert stack(pilot) == [GameScreen, NewGameScreen, FriendScreen]
        await pilot.press("escape")
        assert stack(pilot) == [GameScreen, NewGameScreen]


async def test_a_covered_screen_asked_to_close_leaves_the_one_over_it() -> None:
    answers: list[bool | None] = []
    async with quick_app(PEOPLE).run_test(size=(100, 30)) as pilot:
        question = ConfirmScreen("Leave this game?", "", yes="Leave", no="Stay")
        pilot.app.push_screen(question, answers.append)
        pilot.app.push_screen(HelpScreen())
        await pilot.pause()
        question.dismiss(True)
        await pilot.pause()
        assert stack(pilot) == [GameScreen, ConfirmScreen, HelpScreen]
        assert answers == []
        await pilot.press("escape", "y")
        assert stack(pilot) == [GameScreen]
        assert answers == [True]


async def test_keys_given_in_one_go_with_the_quit_key_do_nothing_while_the_app_closes() -> None:
    app = quick_app(PEOPLE)
    async with app.run_test(size=(100, 30)) as pilot:
        await keys_at_once(pilot, "q", "n", "escape", "n")
        assert app.return_code == 0
        assert stack(pilot) == [GameScreen]


async def test_a_key_given_to_the_board_as_the_palette_opens_is_not_a_choice_in_the_palette() -> None:
    async with quick_app(PEOPLE).run_test(size=(100, 30)) as pilot:
        await keys_at_once(pilot, "enter", "ctrl+p")
        assert stack(pilot) == [GameScreen, CommandPalette], "the palette stays open, nothing chosen"


async def test_a_command_chosen_twice_at_once_in_the_palette_runs_once() -> None:
    """Run twice, the analysis would be shown and hidden again, as if Enter had done nothing."""
    async with quick_app(PEOPLE).run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+p", *"analysis")
        commands = pilot.app.screen.query_one(CommandList)
        await until(pilot, lambda: commands.option_count == 1 and commands.highlighted == 0)
        await keys_at_once(pilot, "enter", "enter")
        assert stack(pilot) == [GameScreen]
        assert game(pilot).analysing
