"""The board widget on its own: it shows the position it is given and reports the cells people pick."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tictactoe_tui.app.annotations import Annotation
from tictactoe_tui.app.geometry import fit_board
from tictactoe_tui.app.widgets.board import Board
from tictactoe_tui.app.widgets.cell import BoardCell
from tictactoe_tui.engine import Cell, Mark, Position
from tictactoe_tui.profile.settings import KeypadLayout


class BoardApp(App[None]):
    """Hosts one board and records every ``Board.Played``."""

    def __init__(self, position: Position) -> None:
        super().__init__()
        self.start = position
        self.played: list[Cell] = []

    def compose(self) -> ComposeResult:
        yield Board(self.start, fit_board(self.start.spec, 80, 24))

    def on_mount(self) -> None:
        board = self.query_one(Board)
        board.active = True  # A person may move: Enter plays.
        board.focus()

    def on_board_played(self, message: Board.Played) -> None:
        self.played.append(message.cell)

    @property
    def board(self) -> Board:
        return self.query_one(Board)


def names(position: Position, cells: list[Cell]) -> list[str]:
    return [position.cell_name(cell) for cell in cells]


async def test_the_cursor_starts_in_the_centre_and_moves_with_arrows_and_hjkl() -> None:
    app = BoardApp(Position.empty("5x5k4"))
    async with app.run_test() as pilot:
        spec = app.start.spec
        assert spec.cell_name(app.board.cursor) == "c3"
        assert app.board.cell_widget(app.board.cursor).has_class("-cursor")
        await pilot.press("up", "right", "enter")
        await pilot.press("h", "h", "j", "j", "j", "space")
        await pilot.press("l", "k", "enter")
        assert names(app.start, app.played) == ["d4", "b1", "c2"]
        assert [cell for cell, widget in app.board._cells.items() if widget.cursor] == [spec.parse_cell("c2")]


async def test_the_cursor_stops_at_the_edges() -> None:
    app = BoardApp(Position.empty("3x3"))
    async with app.run_test() as pilot:
        await pilot.press(*["left"] * 5, *["down"] * 5, "enter", *["right"] * 5, *["up"] * 5, "enter")
        assert names(app.start, app.played) == ["a1", "c3"]


async def test_digits_play_like_a_numeric_keypad_on_3x3() -> None:
    app = BoardApp(Position.empty("3x3"))
    async with app.run_test() as pilot:
        await pilot.press("7", "5", "3", "1", "9")
        assert names(app.start, app.played) == ["a3", "b2", "c1", "a1", "c3"]
        app.board.keypad = KeypadLayout.PHONE
        await pilot.press("1", "3")
        assert names(app.start, app.played)[-2:] == ["a3", "c3"]


async def test_digits_do_nothing_on_other_boards() -> None:
    app = BoardApp(Position.empty("4x4k3"))
    async with app.run_test() as pilot:
        await pilot.press("1", "5", "9")
        assert app.played == []


async def test_a_click_plays_and_moves_the_cursor_there() -> None:
    app = BoardApp(Position.empty("3x3"))
    async with app.run_test() as pilot:
        await pilot.click("#cell-a3", offset=(6, 2))
        await pilot.click("#cell-c1")
        assert names(app.start, app.played) == ["a3", "c1"]
        assert app.start.spec.cell_name(app.board.cursor) == "c1"


async def test_the_board_shows_marks_and_the_winning_line() -> None:
    won = Position.from_moves("3x3", "a1 b1 b2 c1 c3")
    app = BoardApp(won)
    async with app.run_test():
        marks = {name: app.board.query_one(f"#cell-{name}", BoardCell).mark for name in ("a1", "b1", "c2")}
        assert marks == {"a1": Mark.X, "b1": Mark.O, "c2": None}
        cells = app.board.query(BoardCell)
        winners = {won.cell_name(widget.cell) for widget in cells if widget.has_class("-win")}
        assert winners == {"a1", "b2", "c3"}
        assert app.board.query_one("#cell-c3", BoardCell).has_class("-last")


async def test_a_new_position_updates_the_cells() -> None:
    app = BoardApp(Position.empty("3x3"))
    async with app.run_test() as pilot:
        app.board.position = Position.from_moves("3x3", "b2")
        await pilot.pause()
        cell = app.board.query_one("#cell-b2", BoardCell)
        assert cell.mark is Mark.X and cell.has_class("-x") and not cell.has_class("-empty")
        assert "▄" in str(cell.render())


async def test_another_board_size_rebuilds_the_grid() -> None:
    app = BoardApp(Position.empty("3x3"))
    async with app.run_test() as pilot:
        gomoku = Position.from_moves("15x15k5", "h8")
        app.board.geometry = fit_board(gomoku.spec, 80, 24)
        app.board.position = gomoku
        await pilot.pause()
        cells = list(app.board.query(BoardCell))
        assert len(cells) == 225
        assert app.board.cursor == gomoku.spec.centre == gomoku.spec.parse_cell("h8")
        assert app.board.query_one("#cell-h8", BoardCell).mark is Mark.X
        assert app.board.query_one("#cell-o15", BoardCell).region.width == 3


async def test_notes_show_in_empty_cells_with_their_kind_as_a_class() -> None:
    position = Position.from_moves("3x3", "b2")
    app = BoardApp(position)
    async with app.run_test() as pilot:
        app.board.annotations = {0: Annotation("draw", "draw"), 4: Annotation("win", "win")}
        await pilot.pause()
        a1 = app.board.query_one("#cell-a1", BoardCell)
        assert a1.has_class("-annotation-draw") and "draw" in str(a1.render())
        assert app.board.query_one("#cell-b2", BoardCell).annotation is None
        app.board.annotations = {}
        await pilot.pause()
        assert not a1.has_class("-annotation-draw") and "draw" not in str(a1.render())


async def test_hover_highlights_only_while_a_person_may_move() -> None:
    app = BoardApp(Position.empty("3x3"))
    async with app.run_test() as pilot:
        app.board.active = False
        cell = app.board.query_one("#cell-a1", BoardCell)
        await pilot.hover("#cell-a1")
        quiet = cell.styles.background
        assert quiet == app.board.query_one("#cell-c1", BoardCell).styles.background
        app.board.active = True
        await pilot.pause()
        assert cell.styles.background != quiet
