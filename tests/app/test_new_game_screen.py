"""The new-game screen: defaults, presets, live validation with the engine's words, start and back."""

from __future__ import annotations

import pytest
from driving import confirm, form, game, quick_app
from test_preset_list import where
from textual.pilot import Pilot

from tictactoe_tui.app.screens.game import GameScreen
from tictactoe_tui.app.screens.new_game import NewGameScreen, board_problem
from tictactoe_tui.app.widgets.choice import Choice
from tictactoe_tui.app.widgets.form_button import FormButton
from tictactoe_tui.app.widgets.preset_list import PresetList
from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.session.setup import GameSetup


def error_text(pilot: Pilot[None], field: str) -> str:
    return form(pilot).query_one(f"#{field}", Choice).note


def start(pilot: Pilot[None]) -> FormButton:
    return form(pilot).query_one("#start", FormButton)


async def choose(pilot: Pilot[None], field: str, steps: int) -> None:
    """Open a menu with the mouse and move ``steps`` options down (up when negative) with the keys."""
    await pilot.click(f"#{field}", offset=form(pilot).query_one(f"#{field}", Choice).value_offset)
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")


async def test_the_app_opens_on_the_new_game_screen_with_the_defaults() -> None:
    async with quick_app().run_test() as pilot:
        screen = form(pilot)
        assert screen.chosen() == GameSetup(BoardSpec(3, 3, 3), "human", "medium"), "medium first"
        assert screen.focused is start(pilot)
        await pilot.press("enter")
        assert game(pilot).setup == GameSetup()


async def test_a_k_longer_than_both_sides_is_explained_and_cannot_start() -> None:
    async with quick_app().run_test() as pilot:
        bells: list[None] = []
        pilot.app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
        await choose(pilot, "k", 2)
        assert form(pilot).query_one("#k", Choice).value == 5
        assert error_text(pilot, "k") == (
            "k=5 cannot be played on a 3x3 board: k must be from 1 to 3 (the longer side)")
        assert error_text(pilot, "width") == error_text(pilot, "height") == ""
        assert start(pilot).disabled
        assert form(pilot).query_one("#k", Choice).has_class("-invalid")
        await pilot.press("s")
        assert isinstance(pilot.app.screen, NewGameScreen) and bells == [None]
        assert form(pilot).chosen() is None
        # A wider board makes k=5 playable: the note goes and the game starts.
        await choose(pilot, "width", 2)
        assert error_text(pilot, "k") == "" and not start(pilot).disabled
        await pilot.press("s")
        assert game(pilot).setup.spec == BoardSpec(5, 3, 5)


@pytest.mark.parametrize(("values", "field", "words"), [
    ((27, 3, 3), "width", "width 27 is out of range: it must be from 1 to 26"),
    ((3, 0, 1), "height", "height 0 is out of range: it must be from 1 to 26"),
    ((4, 2, 5), "k", "k=5 cannot be played on a 4x2 board"),
    ((3, 3, 0), "k", "k=0 cannot be played"),
])
def test_each_problem_is_put_next_to_its_field(values: tuple[int, int, int], field: str, words: str) -> None:
    problem = board_problem(*values)
    assert problem is not None
    assert problem[0] == field and problem[1].startswith(words)


def test_every_size_the_menus_offer_either_plays_or_is_explained() -> None:
    for width in range(1, 27):
        for height in range(1, 27, 5):
            for k in range(1, 27, 3):
                problem = board_problem(width, height, k)
                assert (problem is None) == (k <= max(width, height))


@pytest.mark.parametrize(("key", "spec"), [
    ("1", "3x3k3"), ("2", "4x4k3"), ("3", "4x4k4"), ("4", "5x5k4"), ("5", "7x6k4"), ("6", "15x15k5"),
])
async def test_presets_are_one_key_away(key: str, spec: str) -> None:
    async with quick_app().run_test(size=(100, 30)) as pilot:
        await choose(pilot, "o", -1)
        await pilot.press(key)
        setup = form(pilot).chosen()
        assert setup == GameSetup(BoardSpec.parse(spec), "human", "easy")
        await pilot.press("s")
        assert game(pilot).setup == setup


async def test_presets_can_be_clicked() -> None:
    async with quick_app().run_test(size=(100, 30)) as pilot:
        await pilot.click("#presets", offset=where(form(pilot).query_one(PresetList), 5))
        assert form(pilot).chosen() == GameSetup(BoardSpec(15, 15, 5), "human", "medium")


async def test_players_are_chosen_from_the_menus() -> None:
    async with quick_app().run_test() as pilot:
        await choose(pilot, "x", 3)
        await choose(pilot, "o", -3)
        await pilot.click("#start")
        assert game(pilot).setup == GameSetup(BoardSpec(3, 3, 3), "medium", "human")


async def test_back_returns_to_the_game_unchanged() -> None:
    setup = GameSetup(BoardSpec(4, 4, 3), "human", "human")
    async with quick_app(setup).run_test() as pilot:
        await pilot.press("enter")
        screen = game(pilot)
        await pilot.press("n")
        assert form(pilot).chosen() == setup, "the form starts from the game's settings"
        await pilot.press("6", "escape")
        assert pilot.app.screen is screen and screen.setup == setup
        assert screen.position.record == "4x4k3: b2"


async def test_there_is_no_going_back_before_the_first_game() -> None:
    async with quick_app().run_test() as pilot:
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, NewGameScreen)
        assert not pilot.app.screen.query("#cancel")


async def test_a_new_game_replaces_the_old_one_on_the_same_screen() -> None:
    async with quick_app(GameSetup(BoardSpec(3, 3, 3), "human", "human")).run_test() as pilot:
        screen = game(pilot)
        await pilot.press("5", "n", "4", "s")
        await confirm(pilot)
        assert pilot.app.screen is screen and isinstance(screen, GameScreen)
        assert screen.setup.spec == BoardSpec(5, 5, 4)
        assert screen.position.moves == ()
        assert len(screen.query("BoardCell")) == 25
