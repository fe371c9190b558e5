"""The statistics dialog: what it shows, how it closes, and the confirmed reset it reports."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widgets import Button, DataTable, Static

from tictactoe_tui.app.screens.confirm import ConfirmScreen
from tictactoe_tui.app.screens.statistics import StatisticsScreen, session_summary
from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.profile.statistics import FRIEND_ONLINE, Result, SessionScore, Statistics, add_result

TTT = BoardSpec(3, 3, 3)
GOMOKU = BoardSpec(15, 15, 5)


def _statistics() -> Statistics:
    stats = Statistics()
    for spec, opponent, result in (
        (GOMOKU, "medium", Result.WIN),
        (TTT, "perfect", Result.DRAW),
        (TTT, "perfect", Result.LOSS),
        (TTT, "perfect", Result.DRAW),
        (TTT, "perfect", Result.DRAW),
        (TTT, "easy", Result.WIN),
        (TTT, FRIEND_ONLINE, Result.LOSS),
    ):
        stats = add_result(stats, spec, opponent, result)
    return stats


class StatisticsApp(App[None]):
    """Opens the statistics dialog at start and keeps what it was dismissed with."""

    def __init__(self, statistics: Statistics, session: SessionScore) -> None:
        super().__init__()
        self.statistics = statistics
        self.session = session
        self.results: list[bool | None] = []

    def on_mount(self) -> None:
        self.push_screen(StatisticsScreen(self.statistics, self.session), self.results.append)


def _cells(table: DataTable[Any]) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


async def test_it_shows_every_record_and_the_session_score() -> None:
    app = StatisticsApp(_statistics(), SessionScore({"You": 2, "Computer": 1}, draws=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        summary = screen.query_one("#statistics-session", Static)
        assert str(summary.render()) == "This session: You won 2, Computer won 1, 3 draws."
        table = screen.query_one(DataTable)
        assert [str(column.label) for column in table.columns.values()] == [
            "Board", "Opponent", "Played", "Won", "Drawn", "Lost", "Assisted", "Unbeaten", "Best"]
        assert _cells(table) == [
            ["3x3k3", "easy", "1", "1", "0", "0", "0", "1", "1"],
            ["3x3k3", "perfect", "4", "0", "3", "1", "0", "2", "2"],
            ["3x3k3", "online", "1", "0", "0", "1", "0", "0", "0"],
            ["15x15k5", "medium", "1", "1", "0", "0", "0", "1", "1"],
        ]
        assert not screen.query_one("#statistics-reset", Button).disabled


def test_the_session_summary_reads_naturally() -> None:
    assert session_summary(SessionScore()) == "This session: no games finished yet."
    assert session_summary(SessionScore({"You": 1, "Computer": 0}, 1)) == (
        "This session: You won 1, Computer won 0, 1 draw.")


async def test_escape_and_q_and_the_close_button_dismiss_without_a_reset() -> None:
    for keys in (("escape",), ("q",), ("enter",)):
        app = StatisticsApp(_statistics(), SessionScore())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(*keys)
            await pilot.pause()
            assert app.results == [False], keys
            assert not isinstance(app.screen, StatisticsScreen)


async def test_reset_asks_first_and_no_keeps_everything() -> None:
    app = StatisticsApp(_statistics(), SessionScore())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)
        assert app.results == []


async def test_a_confirmed_reset_is_reported_to_the_app() -> None:
    app = StatisticsApp(_statistics(), SessionScore())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.results == [True]
        assert not isinstance(app.screen, (StatisticsScreen, ConfirmScreen))


async def test_the_buttons_reset_with_the_mouse_too() -> None:
    app = StatisticsApp(_statistics(), SessionScore())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert await pilot.click("#statistics-reset")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert await pilot.click("#confirm-yes")
        await pilot.pause()
        assert app.results == [True]


async def test_with_nothing_recorded_there_is_nothing_to_reset() -> None:
    app = StatisticsApp(Statistics(), SessionScore())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        assert not screen.query(DataTable)
        empty = screen.query_one("#statistics-empty", Static)
        assert "No games against the computer yet" in str(empty.render())
        assert screen.query_one("#statistics-reset", Button).disabled
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is screen
        assert app.results == []


def test_snapshot_of_the_statistics_dialog(snap_compare: Any) -> None:
    app = StatisticsApp(_statistics(), SessionScore({"You": 2, "Computer": 1}, draws=3))
    assert snap_compare(app, terminal_size=(80, 20))
