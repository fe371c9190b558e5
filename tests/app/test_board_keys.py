"""Keys of the board beyond the arrows: jumps to the edges, going to a cell by name, digits off 3x3."""

from __future__ import annotations

from driving import board, game, notifications, quick_app, status, told
from textual.pilot import Pilot
from textual.widgets import Input, Label

from tictactoe_tui.app.screens.go_to_cell import GoToCellScreen
from tictactoe_tui.app.widgets.board import DIGITS_ON_3X3_ONLY, KEYPAD, Board
from tictactoe_tui.app.widgets.cell import LAST_MOVE_MARKERS
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.session.setup import GameSetup

SEVEN_BY_SIX = GameSetup(BoardSpec(7, 6, 4), "human", "human")


def cursor_name(pilot: Pilot[None]) -> str:
    shown = board(pilot)
    return shown.position.cell_name(shown.cursor)


async def test_home_end_page_up_and_page_down_jump_to_the_edges() -> None:
    async with quick_app(SEVEN_BY_SIX).run_test(size=(80, 24)) as pilot:
        assert cursor_name(pilot) == "d3"
        await pilot.press("end")
        assert cursor_name(pilot) == "g3", "the last column of the same row"
        await pilot.press("pageup")
        assert cursor_name(pilot) == "g6", "the top row of the same column"
        await pilot.press("home")
        assert cursor_name(pilot) == "a6"
        await pilot.press("pagedown")
        assert cursor_name(pilot) == "a1"


async def test_g_goes_to_a_named_cell_and_a_bad_name_is_answered_once() -> None:
    async with quick_app(SEVEN_BY_SIX).run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        assert isinstance(pilot.app.screen, GoToCellScreen)
        await pilot.press(*"h8", "enter")
        screen = pilot.app.screen
        assert isinstance(screen, GoToCellScreen), "a bad name keeps the question open"
        error = screen.query_one("#go-to-cell-error", Label)
        assert error.display and "off the 7x6 board (a1 to g6)" in str(error.render())
        assert screen.query_one(Input).value == "h8", "the name stays to be corrected"
        await pilot.press("backspace", "backspace", *"f2", "enter")
        assert cursor_name(pilot) == "f2"
        assert game(pilot).position.moves == (), "going to a cell plays nothing"
        assert board(pilot).has_focus
        await pilot.press("g", *"a1", "escape")
        assert cursor_name(pilot) == "f2", "Esc leaves the cursor where it was"


async def test_the_go_to_cell_prompt_is_shown_whole_at_every_width() -> None:
    gomoku = GameSetup(BoardSpec(15, 15, 5), "human", "human")
    for size in ((80, 24), (120, 40), (200, 60)):
        async with quick_app(gomoku).run_test(size=size) as pilot:
            await pilot.press("g")
            prompt = pilot.app.screen.query_one("#go-to-cell-prompt", Label)
            text = "A cell name from a1 to o15, then Enter (Esc: stay)"
            lines = [strip.text.strip() for strip in prompt.render_lines(prompt.region.reset_offset)]
            assert " ".join(line for line in lines if line) == text, size


async def test_digits_off_3x3_say_why_once_per_board() -> None:
    async with quick_app(SEVEN_BY_SIX).run_test(size=(120, 40)) as pilot:
        await pilot.press("5", "1", "9")
        assert game(pilot).position.moves == ()
        assert told(pilot).count(DIGITS_ON_3X3_ONLY) == 1


async def test_on_a_board_that_fills_a_small_terminal_the_digits_note_takes_the_status_line() -> None:
    gomoku = GameSetup(BoardSpec(15, 15, 5), "human", "human")
    async with quick_app(gomoku).run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        assert DIGITS_ON_3X3_ONLY not in notifications(pilot), "a toast would cover l1-o1 and the letters"
        assert status(pilot) == DIGITS_ON_3X3_ONLY


def test_the_keypad_digits_are_one_group() -> None:
    digits = [binding for binding in Board.BINDINGS
              if not isinstance(binding, tuple) and binding.key in set("123456789")]
    assert len(digits) == 9 and {binding.group for binding in digits} == {KEYPAD}


async def test_play_is_dimmed_while_no_person_may_move() -> None:
    won = Position.from_moves("3x3", "a1 b1 b2 c1")
    async with quick_app(start=won).run_test() as pilot:
        assert game(pilot).active_bindings["enter"].enabled
        await pilot.press("9")  # X takes c3: a1 b2 c3
        assert game(pilot).position.is_over
        assert not board(pilot).active
        assert game(pilot).active_bindings["enter"].enabled is False


async def test_the_last_move_is_marked_without_colour_on_large_cells() -> None:
    async with quick_app(SEVEN_BY_SIX).run_test(size=(80, 24)) as pilot:
        left, right = LAST_MOVE_MARKERS
        await pilot.press("enter")
        first = board(pilot).cell_widget(board(pilot).cursor)
        assert first.size.height >= 3, "the test is about cells taller than one row"
        middle = str(first.render()).splitlines()[first.size.height // 2]
        assert middle.startswith(left) and middle.endswith(right)
        await pilot.press("right", "enter")
        assert left not in str(first.render()), "only the last move is marked"
        second = board(pilot).cell_widget(board(pilot).cursor)
        assert left in str(second.render()) and right in str(second.render())


async def test_on_a_compact_board_the_last_move_stands_out_in_its_whole_cell() -> None:
    start = Position.from_moves("15x15k5", "h8 h9")
    async with quick_app(start=start).run_test(size=(80, 24)) as pilot:
        last = board(pilot).cell_widget(start.spec.parse_cell("h9"))
        other = board(pilot).cell_widget(start.spec.parse_cell("h8"))
        assert last.has_class("-last") and last.size.height == 1, "a compact board's one-row cell"
        assert last.rich_style.reverse and not other.rich_style.reverse, "reversed, not one letter underlined"
