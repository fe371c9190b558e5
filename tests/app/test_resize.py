"""The board follows the terminal's size; a terminal too small says how large it must be."""

from __future__ import annotations

from driving import game, quick_app, until
from textual.pilot import Pilot
from textual.widgets import Static

from tictactoe_tui.app.geometry import Glyph, needed_size
from tictactoe_tui.app.widgets.board import Board
from tictactoe_tui.app.widgets.cell import BoardCell
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.session.setup import GameSetup

PEOPLE = GameSetup(BoardSpec(3, 3, 3), "human", "human")


def board(pilot: Pilot[None]) -> Board:
    return pilot.app.screen.query_one(Board)


def too_small(pilot: Pilot[None]) -> Static:
    return pilot.app.screen.query_one("#too-small", Static)


async def test_cells_grow_and_shrink_with_the_terminal() -> None:
    async with quick_app(PEOPLE).run_test(size=(80, 24)) as pilot:
        assert board(pilot).geometry is not None and board(pilot).geometry.cell.glyph is Glyph.LARGE
        assert board(pilot).query_one("#cell-b2", BoardCell).size == (13, 5)
        await pilot.resize_terminal(40, 16)
        await pilot.pause()
        assert board(pilot).geometry is not None and board(pilot).geometry.cell.glyph is Glyph.MEDIUM
        assert board(pilot).query_one("#cell-b2", BoardCell).size == (7, 3)
        assert not pilot.app.screen.query_one("#side").display
        await pilot.resize_terminal(20, 8)
        await pilot.pause()
        assert board(pilot).geometry is not None and board(pilot).geometry.cell.glyph is Glyph.SMALL
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert board(pilot).geometry is not None and board(pilot).geometry.cell.glyph is Glyph.LARGE
        assert pilot.app.screen.query_one("#side").display


async def test_a_small_terminal_says_how_large_it_must_be_and_the_game_goes_on() -> None:
    spec = BoardSpec(15, 15, 5)
    setup = GameSetup(spec, "human", "human")
    width, height = needed_size(spec)
    async with quick_app(setup).run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "left")  # h8, and the cursor on the empty g8
        await pilot.resize_terminal(width - 1, height)
        await pilot.pause()
        assert not board(pilot).display and too_small(pilot).display
        message = str(too_small(pilot).render())
        assert f"Terminal too small for 15x15: needs {width}x{height}, now {width - 1}x{height}" in message
        await pilot.press("enter", "space", "left", "enter")
        assert game(pilot).position.record == "15x15k5: h8", "a hidden board takes no moves"
        await pilot.resize_terminal(width, height)
        await pilot.pause()
        assert board(pilot).display and not too_small(pilot).display
        assert board(pilot).has_focus
        await pilot.press("enter")
        assert game(pilot).position.record == "15x15k5: h8 g8", "the cursor waited on g8"


async def test_a_game_can_start_in_a_terminal_too_small_for_it() -> None:
    setup = GameSetup(BoardSpec(26, 26, 5), "human", "human")
    async with quick_app(setup).run_test(size=(80, 24)) as pilot:
        assert too_small(pilot).display and not board(pilot).display
        assert "needs 81x29, now 80x24" in str(too_small(pilot).render())
        await pilot.resize_terminal(81, 29)
        await pilot.pause()
        assert board(pilot).display
        assert len(board(pilot).query(BoardCell)) == 26 * 26


async def test_a_resize_behind_another_screen_is_applied_on_return() -> None:
    async with quick_app(PEOPLE).run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.resize_terminal(11, 6)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert too_small(pilot).display and not board(pilot).display


async def test_in_a_tiny_terminal_the_status_line_makes_way_for_the_sizes_it_needs() -> None:
    """The status wraps to three lines at 20 columns: shown, it would push the sizes off the screen."""
    spec = BoardSpec(4, 4, 3)
    width, height = needed_size(spec)
    async with quick_app(GameSetup(spec, "human", "medium")).run_test(size=(80, 24)) as pilot:
        status = pilot.app.screen.query_one("#status")
        assert status.display
        await pilot.resize_terminal(20, 6)
        await pilot.pause()
        assert not status.display and too_small(pilot).display
        assert f"needs {width}x{height}, now 20x6" in str(too_small(pilot).render())
        area = pilot.app.screen.query_one("#board-area").region
        message = too_small(pilot).region
        assert message.height >= 3 and area.contains_region(message), "the whole message in sight"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert status.display and board(pilot).display


def status_line(pilot: Pilot[None]) -> StatusLine:
    return pilot.app.screen.query_one(StatusLine)


async def test_where_the_board_leaves_no_row_the_end_of_the_game_keeps_to_one_and_the_letters_show() -> None:
    async with quick_app(PEOPLE).run_test(size=(40, 16), notifications=True) as pilot:
        await pilot.press("1", "2", "5", "3", "9")
        await pilot.pause()
        line = status_line(pilot)
        assert line.message.startswith("X wins!") and len(line.message) > line.content_size.width
        assert line.size.height == 1 and str(line.render()).endswith("…")
        assert board(pilot).region.bottom <= line.region.y, "the column letters are not covered"
        game(pilot).notices.tell("A note to read whole, which takes the rows it needs while it lasts.",
                                 timeout=2.0)
        await until(pilot, lambda: line.size.height > 1)
        assert "…" not in str(line.render())
        await until(pilot, lambda: line.message.startswith("X wins!") and line.size.height == 1)
        await pilot.resize_terminal(40, 20)
        await pilot.pause()
        assert line.size.height == 2, "where the board leaves rows, the end of the game is shown whole"
        assert str(line.render()) == line.message
        assert board(pilot).region.bottom <= line.region.y
