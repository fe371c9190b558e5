"""Keys of the game's flow: leaving a game asks first, sides swap, computers pause, notes never stack."""

from __future__ import annotations

from functools import partial

import pytest
from driving import (
    FirstCellPlayer,
    board,
    confirm,
    count_bells,
    game,
    notifications,
    quick_app,
    run_command,
    seeded,
    status,
    told,
    until,
)
from textual.pilot import Pilot
from textual.widgets import Label
from textual.widgets._footer import FooterKey

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.confirm import ConfirmScreen
from tictactoe_tui.engine import BoardSpec, Mark, Status
from tictactoe_tui.profile.statistics import Tally, load_statistics
from tictactoe_tui.session.setup import GameSetup

TTT = BoardSpec(3, 3, 3)
PEOPLE = GameSetup(TTT, "human", "human")
AGAINST_EASY = GameSetup(TTT, "human", "easy")
COMPUTERS = GameSetup(TTT, "easy", "easy")


def played(pilot: Pilot[None], moves: int) -> bool:
    return len(game(pilot).position.moves) == moves


async def test_the_same_note_is_never_stacked() -> None:
    async with quick_app(PEOPLE).run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "2", "4", "5", "7")
        assert game(pilot).position.outcome.status is Status.X_WINS
        await pilot.press(*"369" * 5)
        over = [note for note in notifications(pilot) if note.startswith("The game is over")]
        assert len(over) == 1, "fifteen refused digits, one note"


async def test_a_note_that_would_cover_the_board_goes_to_the_status_line() -> None:
    async with quick_app(PEOPLE).run_test(size=(80, 24)) as pilot:
        await pilot.press("5", "5")
        assert notifications(pilot) == [], "no toast over the board at 80x24"
        assert status(pilot) == "b2 is taken by X."


async def test_leaving_a_game_against_the_computer_asks_and_counts_it_lost() -> None:
    app = quick_app(AGAINST_EASY, players=seeded(easy=FirstCellPlayer()))
    async with app.run_test() as pilot:
        await pilot.press("5")
        await until(pilot, partial(played, pilot, 2))
        await pilot.press("r")
        assert isinstance(pilot.app.screen, ConfirmScreen)
        await pilot.press("n")
        assert played(pilot, 2), "staying keeps the game"
        await pilot.press("r")
        await confirm(pilot)
        assert played(pilot, 0)
    statistics, problem = load_statistics()
    assert problem is None and statistics.get(TTT, "easy") == Tally(losses=1)


@pytest.mark.parametrize("route", ["ctrl+q", "palette", "ctrl+q over the help"])
async def test_every_way_to_quit_asks_first_and_counts_the_game_given_up_lost(route: str) -> None:
    app = quick_app(AGAINST_EASY, players=seeded(easy=FirstCellPlayer()))
    async with app.run_test() as pilot:
        await pilot.press("5")
        await until(pilot, partial(played, pilot, 2))

        async def quit_by_route() -> None:
            if route == "palette":
                await run_command(pilot, "quit")
            elif route == "ctrl+q":
                await pilot.press("ctrl+q")
            else:
                await pilot.press("question_mark", "ctrl+q")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))

        await quit_by_route()
        await pilot.press("n")
        await pilot.pause()
        if route == "ctrl+q over the help":
            await pilot.press("escape")
        assert app.return_code is None and played(pilot, 2), "staying keeps the game"
        await quit_by_route()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert len([screen for screen in app.screen_stack if isinstance(screen, ConfirmScreen)]) == 1, \
            "asked once"
        await pilot.press("y")
        await until(pilot, lambda: app.return_code is not None)
    statistics, problem = load_statistics()
    assert problem is None and statistics.get(TTT, "easy") == Tally(losses=1)


async def test_the_question_says_what_leaving_a_game_reopened_after_its_end_costs() -> None:
    app = quick_app(AGAINST_EASY, players=seeded(easy=FirstCellPlayer()))
    async with app.run_test() as pilot:
        for key, moves in (("5", 2), ("3", 4), ("7", 5)):  # X wins on the diagonal a3 b2 c1
            await pilot.press(key)
            await until(pilot, partial(played, pilot, moves))
        await pilot.press("u")
        assert game(pilot).position.outcome.status is Status.PLAYING
        await pilot.press("r")
        assert isinstance(pilot.app.screen, ConfirmScreen)
        said = [str(label.render()) for label in pilot.app.screen.query(Label)]
        assert "The moves so far will be lost (c copies the record first)." in said, "counted once, as a win"
        await pilot.press("y")
    statistics, problem = load_statistics()
    tally = statistics.get(TTT, "easy")
    assert problem is None and tally.wins == 1 and not tally.losses


async def test_a_game_not_yet_begun_or_finished_is_left_without_asking() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("r")
        assert not isinstance(pilot.app.screen, ConfirmScreen)
        await pilot.press("1", "2", "4", "5", "7", "r")
        assert not isinstance(pilot.app.screen, ConfirmScreen) and played(pilot, 0)


async def test_after_w_the_computers_opening_alone_is_left_without_asking_or_a_loss() -> None:
    app = quick_app(AGAINST_EASY, players=seeded(easy=FirstCellPlayer()))
    async with app.run_test() as pilot:
        await pilot.press("w")
        await until(pilot, partial(played, pilot, 1))
        await pilot.press("r")
        assert not isinstance(pilot.app.screen, ConfirmScreen), "the person has not moved yet"
        await until(pilot, partial(played, pilot, 1))
        await pilot.press("5")
        await until(pilot, partial(played, pilot, 3))
        await pilot.press("r")
        assert isinstance(pilot.app.screen, ConfirmScreen), "after the person's own move it asks"
        await pilot.press("n")
    statistics, problem = load_statistics()
    assert problem is None and statistics.get(TTT, "easy") == Tally(), "no loss without a move"


async def test_play_again_puts_the_cursor_back_on_the_centre() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("up", "right", "enter", "down", "enter")
        assert board(pilot).cursor != TTT.centre
        await pilot.press("r")
        await confirm(pilot)
        assert board(pilot).cursor == TTT.centre


async def test_w_swaps_the_sides() -> None:
    app = quick_app(AGAINST_EASY, players=seeded(easy=FirstCellPlayer()))
    async with app.run_test() as pilot:
        await pilot.press("w")
        await until(pilot, partial(played, pilot, 1))
        screen = game(pilot)
        assert (str(screen.setup.x), str(screen.setup.o)) == ("easy", "human")
        assert screen.position.to_move is Mark.O and not screen.thinking


async def test_computers_pause_and_step_one_move_at_a_time() -> None:
    # A pause long enough to press p before the game ends; the test itself waits on moves only.
    app = TicTacToeApp(COMPUTERS, players=seeded(easy=FirstCellPlayer()), pause=0.2)
    async with app.run_test() as pilot:
        await pilot.press("p")
        screen = game(pilot)
        assert screen.paused and not screen.thinking
        assert status(pilot).startswith("Paused")
        moves = len(screen.position.moves)
        for _ in range(10):
            await pilot.pause(0.01)
        assert played(pilot, moves), "a paused game waits"
        await pilot.press("full_stop")
        await until(pilot, partial(played, pilot, moves + 1))
        for _ in range(10):
            await pilot.pause(0.01)
        assert played(pilot, moves + 1) and screen.paused, "one move, then the game waits again"
        await pilot.press("p")
        await until(pilot, lambda: screen.position.is_over)


async def test_the_palette_swaps_the_sides_too() -> None:
    app = quick_app(AGAINST_EASY, players=seeded(easy=FirstCellPlayer()))
    async with app.run_test() as pilot:
        await run_command(pilot, "play again with sides")
        await until(pilot, partial(played, pilot, 1))
        assert (str(game(pilot).setup.x), str(game(pilot).setup.o)) == ("easy", "human")


async def test_the_footer_between_computers_fits_80_columns() -> None:
    app = TicTacToeApp(COMPUTERS, players=seeded(easy=FirstCellPlayer()), pause=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: game(pilot).thinking)
        keys = [key for key in pilot.app.screen.query(FooterKey) if key.display]  # The palette's: hidden.
        assert keys[-1].description == "Help" and keys[-1].region.right <= 80, "Help included, on screen"
        assert "Pause" in [key.description for key in keys]


def footer_keys(pilot: Pilot[None]) -> list[tuple[str, bool]]:
    """Each key of the footer, in order: its description and whether it works now."""
    return [(key.description, not key.has_class("-disabled")) for key in pilot.app.screen.query(FooterKey)]


async def test_the_pause_key_reads_resume_while_the_game_is_paused() -> None:
    app = TicTacToeApp(COMPUTERS, players=seeded(easy=FirstCellPlayer()), pause=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: game(pilot).thinking)
        running = footer_keys(pilot)
        place = running.index(("Pause", True))
        assert "Resume" not in [name for name, _ in running]
        await pilot.press("p")
        assert game(pilot).paused
        await until(pilot, lambda: footer_keys(pilot) != running)
        paused = footer_keys(pilot)
        assert paused[place] == ("Resume", True), "in Pause's place"
        assert [name for name, _ in paused] == [name for name, _ in running[:place]] + ["Resume"] + [
            name for name, _ in running[place + 1:]], "no other key moves"
        keys = [key for key in pilot.app.screen.query(FooterKey) if key.display]  # The palette's: hidden.
        assert keys[-1].description == "Help" and keys[-1].region.right <= 80, "still on one 80-column line"
        await pilot.press("p")
        assert not game(pilot).paused
        await until(pilot, lambda: game(pilot).thinking and footer_keys(pilot) == running)


async def test_tab_to_the_move_list_dims_play_in_its_place() -> None:
    async with quick_app(PEOPLE).run_test(size=(120, 40)) as pilot:
        await pilot.press("5")
        on_board = footer_keys(pilot)
        assert on_board[0] == ("Play", True)
        await pilot.press("tab")
        assert game(pilot).focused is not board(pilot)
        in_the_list = footer_keys(pilot)
        assert [name for name, _ in in_the_list] == [name for name, _ in on_board], "no key moves"
        assert in_the_list[0] == ("Play", False), "dimmed while Enter picks a move in the list"


async def test_between_computers_the_keys_stay_put_in_a_replay() -> None:
    app = TicTacToeApp(COMPUTERS, players=seeded(easy=FirstCellPlayer()), pause=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: game(pilot).position.is_over)
        await pilot.pause()
        live = [name for name, _ in footer_keys(pilot)]
        assert "Hint" in live and "Pause" in live and "Play" not in live
        await pilot.press("comma")
        assert game(pilot).game.shown_ply is not None
        assert [name for name, _ in footer_keys(pilot)] == live


async def test_a_key_that_does_nothing_now_rings_and_says_why_without_showing_in_the_footer() -> None:
    async with quick_app(PEOPLE).run_test(size=(120, 40)) as pilot:
        before = footer_keys(pilot)
        assert "Pause" not in [name for name, _ in before], "left out between people"
        bells = count_bells(pilot)
        await pilot.press("p")
        assert "p pauses a game between two computers." in told(pilot) and bells == [None]
        await pilot.press("u")
        assert "No move to take back." in told(pilot) and len(bells) == 2, "dimmed, and now explained"
        assert footer_keys(pilot) == before, "the keys that explain never show"
        await pilot.press("5", "u")
        assert game(pilot).position.moves == () and len(bells) == 2, "a key that works rings no bell"


async def test_enter_between_computers_says_who_plays() -> None:
    app = TicTacToeApp(COMPUTERS, players=seeded(easy=FirstCellPlayer()), pause=3600.0)
    async with app.run_test(size=(120, 40)) as pilot:
        bells = count_bells(pilot)
        await pilot.press("enter")
        assert "The computers play both sides: p pauses them, . then plays one move." in told(pilot)
        assert bells == [None] and game(pilot).position.moves == ()
