"""The accessible mode: every change said in the status line, the terminal's cursor on the board's cursor,
moves typed by name from anywhere on the game screen."""

from __future__ import annotations

from driving import FirstCellPlayer, GatedSolvers, board, game, run_command, seeded, status, told, until
from textual.pilot import Pilot

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.help import HelpScreen
from tictactoe_tui.app.screens.new_game import NewGameScreen
from tictactoe_tui.app.widgets.choice import Choice
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.profile.settings import Settings, load_settings, save_settings
from tictactoe_tui.session.setup import GameSetup

AGAINST_FIRST_CELL = GameSetup(BoardSpec(3, 3, 3), "human", "medium")
"""X a person, O a computer that always takes the first empty cell (a1, b1, c1, ...)."""
PEOPLE = GameSetup(BoardSpec(15, 15, 5), "human", "human")


def accessible_app(setup: GameSetup | None, start: Position | None = None, *,
                   solvers: GatedSolvers | None = None, accessible: bool = True) -> TicTacToeApp:
    app = TicTacToeApp(setup, start, players=seeded(medium=FirstCellPlayer()), solvers=solvers, pause=0.0,
                       accessible=accessible)
    app.animation_level = "none"
    return app


async def type_move(pilot: Pilot[None], name: str) -> None:
    await pilot.press(*name, "enter")
    await pilot.pause()


def heard(pilot: Pilot[None]) -> list[str]:
    """Every text the status line shows from now on, in order."""
    said: list[str] = []
    line = game(pilot).query_one(StatusLine)
    game(pilot).watch(line, "message", lambda message: said.append(message), init=False)
    return said


def cursor_on_board_cursor(pilot: Pilot[None]) -> bool:
    """The cursor the app reports to the terminal lies inside the cell the board's cursor is on."""
    shown = board(pilot)
    return shown.cell_widget(shown.cursor).region.contains_point(pilot.app.cursor_position)


async def test_each_move_of_either_side_the_end_and_undo_are_said() -> None:
    async with accessible_app(AGAINST_FIRST_CELL).run_test() as pilot:
        await pilot.pause()
        assert status(pilot) == "New game: 3 by 3 board, 3 in a row wins; your turn, X"
        said = heard(pilot)
        await type_move(pilot, "b2")
        await until(pilot, lambda: "O plays" in status(pilot))
        assert "X plays b2; the computer plays O" in said
        assert status(pilot) == "O plays a1; your turn, X"
        await type_move(pilot, "a3")
        await until(pilot, lambda: "O plays b1" in status(pilot))
        assert "X plays a3 — X threatens to win at c1 (c1-a3); the computer plays O" in said
        assert status(pilot) == "O plays b1 — O threatens to win at c1 (a1-c1); your turn, X"
        await type_move(pilot, "c1")
        assert status(pilot) == "X plays c1 — X wins with c1 to a3"
        await type_move(pilot, "u")
        assert game(pilot).position.record == "3x3k3: b2 a1 a3 b1"
        assert status(pilot) == "Taken back: X c1; your turn, X"


async def test_a_refused_move_and_a_slip_are_said() -> None:
    async with accessible_app(PEOPLE).run_test() as pilot:
        await type_move(pilot, "h8")
        assert status(pilot) == "X plays h8; O to move"
        await type_move(pilot, "H8")
        assert status(pilot) == "h8 is taken by X."
        await type_move(pilot, "z9")
        assert status(pilot) == "'z9' is off the 15x15 board (a1 to o15)"
        await pilot.press("z")
        assert status(pilot) == "Typed z: Enter plays, Esc clears"
        await pilot.press("escape")
        assert status(pilot) == "Cleared"
        await pilot.press("k", "backspace", "j", "9", "enter")
        await pilot.pause()
        assert status(pilot) == "O plays j9; X to move"
        assert game(pilot).position.record == "15x15k5: h8 j9"


async def test_a_single_letter_then_enter_is_that_key() -> None:
    async with accessible_app(PEOPLE).run_test() as pilot:
        await type_move(pilot, "a")
        assert game(pilot).analysing
        await type_move(pilot, "a")
        assert not game(pilot).analysing
        await type_move(pilot, "u")
        assert status(pilot) == "No move to take back."
        await type_move(pilot, "x")
        assert status(pilot).startswith("x is no key of the game: type a cell name such as h8")


async def test_the_hint_is_said() -> None:
    solvers = GatedSolvers(hint="c3")
    solvers.release.set()
    async with accessible_app(AGAINST_FIRST_CELL, solvers=solvers).run_test() as pilot:
        await type_move(pilot, "i")
        await until(pilot, lambda: status(pilot).startswith("Hint"))
        assert status(pilot).startswith("Hint for X: c3 — ")
        await pilot.press("f2")
        assert status(pilot) == "c3 empty, marked hint; all 3 around empty"


async def test_the_terminal_cursor_follows_the_board_cursor_after_every_key() -> None:
    async with accessible_app(PEOPLE).run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert cursor_on_board_cursor(pilot)
        seen = {pilot.app.cursor_position}
        for key in ("left", "left", "up", "pageup", "end", "down", "home", "pagedown", "right"):
            await pilot.press(key)
            await pilot.pause()
            assert cursor_on_board_cursor(pilot), key
            seen.add(pilot.app.cursor_position)
        assert len(seen) >= 8, "the cursor moved with the board's cursor"
        await type_move(pilot, "c12")
        assert board(pilot).position.cell_name(board(pilot).cursor) == "c12"
        assert cursor_on_board_cursor(pilot)


async def test_moving_the_cursor_says_the_cell_and_its_neighbours() -> None:
    start = Position.from_moves("3x3", "b2 a1")
    async with accessible_app(GameSetup(start.spec, "human", "human"), start).run_test() as pilot:
        await pilot.press("left")
        await pilot.pause()
        assert status(pilot) == "a2 empty; around it X at b2, O at a1; 3 empty around"
        await pilot.press("f3")
        assert status(pilot) == "Last moves: 1 X b2, 2 O a1"


async def test_the_read_out_keys() -> None:
    start = Position.from_moves("3x3", "a1 b2 c3 b3")
    async with accessible_app(GameSetup(start.spec, "human", "human"), start).run_test() as pilot:
        await pilot.pause()
        assert status(pilot) == "New game: 3 by 3 board, 3 in a row wins, 4 moves played; X to move"
        await pilot.press("f2")
        assert status(pilot) == "b2 O; around it X at c3 and a1, O at b3; 5 empty around"
        await pilot.press("f3")
        assert status(pilot) == "Last moves: 1 X a1, 2 O b2, 3 X c3, 4 O b3"
        await pilot.press("f4")
        assert status(pilot) == "X to move"
        await pilot.press("f5")
        assert status(pilot) == "O threatens to win at b1 (b1-b3); X can make two threats at once at c1"


async def test_outside_the_mode_the_read_out_keys_answer_in_a_notification() -> None:
    async with accessible_app(PEOPLE, accessible=False).run_test() as pilot:
        await pilot.press("f3")
        await pilot.pause()
        assert "No moves yet" in told(pilot)
        await pilot.press("h")
        assert board(pilot).position.cell_name(board(pilot).cursor) == "g8", "letters stay keys"


async def test_other_screens_put_the_cursor_on_the_focused_field() -> None:
    async with accessible_app(None).run_test() as pilot:
        await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
        await pilot.pause()
        focused = pilot.app.focused
        assert focused is not None
        assert pilot.app.cursor_position == focused.content_region.offset
        await pilot.press("down")
        await pilot.pause()
        width = pilot.app.focused
        assert isinstance(width, Choice) and width.id == "width"
        x, y = pilot.app.cursor_position
        assert pilot.app.screen.get_widget_at(x, y)[0] is width
        assert width.render().split("\n")[y - width.content_region.y].plain[x - width.content_region.x] == "3"
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
        await pilot.pause()
        assert pilot.app.focused is not None
        assert pilot.app.cursor_position == pilot.app.focused.content_region.offset


async def test_the_mode_is_a_setting_the_palette_switches() -> None:
    async with accessible_app(PEOPLE, accessible=False).run_test() as pilot:
        await run_command(pilot, "turn accessible mode on")
        assert pilot.app.accessible
        assert load_settings()[0].accessible
        assert status(pilot) == "New game: 15 by 15 board, 5 in a row wins; X to move"
        await run_command(pilot, "turn accessible mode off")
        assert not pilot.app.accessible
        assert status(pilot) == "X to move — X: Human · O: Human"


async def test_the_saved_setting_turns_the_mode_on_with_the_okabe_ito_theme() -> None:
    save_settings(Settings(accessible=True))
    async with accessible_app(PEOPLE, accessible=False).run_test() as pilot:
        assert pilot.app.accessible
        assert pilot.app.theme == "high-contrast"
        assert status(pilot).startswith("New game")
