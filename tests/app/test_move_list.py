"""The move list: numbered moves, taken-back moves dimmed, the shown ply highlighted, selection posted."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import OptionList

from tictactoe_tui.app.widgets.move_list import MoveList
from tictactoe_tui.engine import Mark
from tictactoe_tui.session.history import History

X_ONLY = frozenset({Mark.X})


def _game(moves: str, spec: str = "3x3") -> History:
    history = History.start(spec)
    for move in moves.split():
        history = history.play(move)
    return history


class MoveListApp(App[None]):
    """A bare app around one move list, recording what it posts."""

    def __init__(self, history: History | None) -> None:
        super().__init__()
        self.history = history
        self.selected: list[int] = []
        self.browsed: list[int] = []
        self.raw_selections: list[Any] = []

    def compose(self) -> ComposeResult:
        yield MoveList(self.history, id="moves")

    def on_move_list_ply_selected(self, message: MoveList.PlySelected) -> None:
        assert message.control is self.query_one(MoveList)
        self.selected.append(message.ply)

    def on_move_list_ply_browsed(self, message: MoveList.PlyBrowsed) -> None:
        assert message.control is self.query_one(MoveList)
        self.browsed.append(message.ply)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        self.raw_selections.append(message)


def _lines(move_list: MoveList) -> list[str]:
    return [move_list.render_line(y).text.rstrip() for y in range(move_list.option_count)]


def _dimmed(move_list: MoveList) -> list[bool]:
    return [any(segment.style is not None and segment.style.dim for segment in move_list.render_line(y))
            for y in range(move_list.option_count)]


async def test_moves_are_numbered_in_the_engines_notation() -> None:
    app = MoveListApp(_game("b2 a1 c3"))
    async with app.run_test() as pilot:
        await pilot.pause()
        move_list = app.query_one(MoveList)
        assert _lines(move_list) == ["   start", "1. X b2", "2. O a1", "3. X c3"]
        assert move_list.highlighted == 3
        assert _dimmed(move_list) == [False] * 4


async def test_taken_back_moves_stay_listed_but_dimmed() -> None:
    app = MoveListApp(_game("b2 a1 c3 a3").undo(X_ONLY))
    async with app.run_test() as pilot:
        await pilot.pause()
        move_list = app.query_one(MoveList)
        assert _lines(move_list)[3:] == ["3. X c3", "4. O a3"]
        assert _dimmed(move_list) == [False, False, False, True, True]
        assert move_list.highlighted == 2


async def test_setting_the_history_rebuilds_the_list() -> None:
    app = MoveListApp(None)
    async with app.run_test() as pilot:
        move_list = app.query_one(MoveList)
        assert move_list.option_count == 0
        game = _game("b2 a1 c3 a3").undo(X_ONLY)
        move_list.history = game
        await pilot.pause()
        assert move_list.option_count == 5
        move_list.history = game.play("c1")
        await pilot.pause()
        assert _lines(move_list)[3:] == ["3. X c1"]
        assert move_list.highlighted == 3


async def test_numbers_line_up_once_the_game_reaches_ten_moves() -> None:
    app = MoveListApp(_game("a1 a2 b1 b2 c1 c2 d1 d2 e2 e1 f1", "7x2k5"))
    async with app.run_test() as pilot:
        await pilot.pause()
        lines = _lines(app.query_one(MoveList))
        assert lines[0] == "    start"
        assert lines[1] == " 1. X a1"
        assert lines[11] == "11. X f1"


async def test_the_highlight_follows_the_shown_ply() -> None:
    app = MoveListApp(_game("b2 a1 c3"))
    async with app.run_test() as pilot:
        move_list = app.query_one(MoveList)
        move_list.shown_ply = 1
        await pilot.pause()
        assert move_list.highlighted == 1
        move_list.shown_ply = 0
        await pilot.pause()
        assert move_list.highlighted == 0
        move_list.shown_ply = 99
        await pilot.pause()
        assert move_list.highlighted == 3
        move_list.shown_ply = None
        await pilot.pause()
        assert move_list.highlighted == 3
        assert app.selected == []


async def test_enter_selects_the_highlighted_ply() -> None:
    app = MoveListApp(_game("b2 a1 c3"))
    async with app.run_test() as pilot:
        await pilot.press("tab", "up", "up", "enter")
        await pilot.pause()
        assert app.selected == [1]
        await pilot.press("home", "enter")
        await pilot.pause()
        assert app.selected == [1, 0]
        assert app.raw_selections == []


async def test_stepping_with_the_keys_posts_each_ply_and_stops_at_the_ends() -> None:
    app = MoveListApp(_game("b2 a1 c3 a3").undo(X_ONLY))
    async with app.run_test() as pilot:
        await pilot.press("tab", "up", "left", "left", "left", "right", "down", "down", "down", "down")
        await pilot.pause()
        assert app.browsed == [1, 0, 0, 0, 1, 2, 3, 4, 4], "no wrapping from the start to the end"
        await pilot.press("end")
        await pilot.pause()
        assert app.browsed[-1] == 2, "End is the game's current position, not the last move taken back"
        await pilot.press("home")
        await pilot.pause()
        assert app.browsed[-1] == 0 and app.query_one(MoveList).highlighted == 0
        assert app.selected == []


async def test_setting_the_shown_ply_from_above_posts_nothing() -> None:
    app = MoveListApp(_game("b2 a1 c3"))
    async with app.run_test() as pilot:
        move_list = app.query_one(MoveList)
        move_list.shown_ply = 1
        move_list.history = _game("b2 a1 c3 a3")
        await pilot.pause()
        assert app.browsed == [] and app.selected == []


async def test_clicking_a_move_selects_its_ply() -> None:
    app = MoveListApp(_game("b2 a1 c3 a3").undo(X_ONLY))
    async with app.run_test() as pilot:
        await pilot.pause()
        # One row of border, then the start line; so row 5 is move 4, a taken-back one.
        assert await pilot.click(MoveList, offset=(4, 5))
        await pilot.pause()
        assert app.selected == [4]


def test_snapshot_of_a_game_with_moves_taken_back(snap_compare: Any) -> None:
    game = _game("b2 a1 c3 a3 a2 c2").undo(X_ONLY)
    assert snap_compare(MoveListApp(game), terminal_size=(24, 10))
