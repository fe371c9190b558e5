"""Where a toast will stand is known before it comes, from Textual's own rules for toasts."""

from __future__ import annotations

import pytest
from driving import game, notifications, quick_app, until
from textual.app import App, ComposeResult
from textual.notifications import SeverityLevel
from textual.widgets import Static
from textual.widgets._toast import Toast

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.game import GameScreen
from tictactoe_tui.app.screens.game.notices import toast_region
from tictactoe_tui.app.widgets.board import Board
from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.session.setup import GameSetup

MESSAGES: list[tuple[str, str, SeverityLevel]] = [
    ("b2 is taken by X.", "", "warning"),
    ("Hint for X: b2 — it wins, 5 moves to the end with best play.", "Hint", "information"),
    ("The computer's engine stopped (it was killed); it starts again and the game goes on. " * 3, "Engine",
     "warning"),
]


class Blank(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("")


@pytest.mark.parametrize("size", [(80, 24), (81, 30), (50, 20), (140, 40)])
@pytest.mark.parametrize(("message", "title", "severity"), MESSAGES)
async def test_the_toast_stands_where_it_was_expected(size: tuple[int, int], message: str, title: str,
                                                      severity: SeverityLevel) -> None:
    app = Blank()
    async with app.run_test(size=size, notifications=True) as pilot:
        expected = toast_region(app, message, title, severity)
        app.notify(message, title=title, severity=severity, markup=False)

        def shown() -> bool:
            return any(toast.region.area > 0 for toast in app.screen.query(Toast))

        await until(pilot, shown)
        assert app.screen.query_one(Toast).region == expected


async def test_a_notice_is_shown_as_plain_text_whatever_brackets_it_holds() -> None:
    said = "depth [b]9[/b] [/x] [link=file:///etc]"  # what an external brain might say
    async with quick_app(GameSetup(BoardSpec(15, 15, 5), "human", "human")).run_test(
            size=(200, 60), notifications=True) as pilot:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        screen.notices.tell(said, title="Brain")

        def shown() -> bool:
            return any(toast.region.area > 0 for toast in screen.query(Toast))

        await until(pilot, shown)
        toast = screen.query_one(Toast)
        assert said in str(toast.render()).replace("\n", " ")


def people(board: str) -> TicTacToeApp:
    return quick_app(GameSetup(BoardSpec.parse(board), "human", "human"))


async def test_a_toast_that_fits_only_alone_takes_the_place_of_those_shown() -> None:
    async with people("3x3").run_test(size=(100, 30), notifications=True) as pilot:
        notices = game(pilot).notices
        notices.tell("Reviewing the game…", title="Review")
        assert notices.current() is None, "alone, the toast stands below the board"
        notices.tell("Review: O's b1 gave away the draw.", title="Review")
        assert notices.current() is None, "alone again, as a toast"
        await pilot.pause()
        assert notifications(pilot) == ["Review: O's b1 gave away the draw."]
        board = game(pilot).query_one(Board)
        assert not any(toast.region.overlaps(board.region) for toast in game(pilot).query(Toast))


async def test_where_no_toast_fits_the_status_line_takes_the_message_and_no_toast_stands_over_it() -> None:
    async with people("15x15").run_test(size=(80, 40), notifications=True) as pilot:
        notices = game(pilot).notices
        notices.tell("Reviewing the game…", title="Review")
        assert notices.current() is None
        stopped = "The computer's engine stopped; it starts again and the game goes on. " * 3
        notices.tell(stopped, title="Engine")
        assert notices.current() is not None, "too tall for the room below the board"
        await pilot.pause()
        assert notifications(pilot) == [], "the older toast went with it"


async def test_while_the_terminal_is_too_small_a_message_waits_in_the_status_line() -> None:
    async with people("15x15").run_test(size=(40, 16), notifications=True) as pilot:
        board = game(pilot).query_one(Board)
        assert not board.display
        game(pilot).notices.tell("No move to take back.", title="Undo")
        await pilot.pause()
        assert notifications(pilot) == [], "no toast over the notice that the terminal is too small"
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert board.display and game(pilot).notices.current() == "No move to take back."
