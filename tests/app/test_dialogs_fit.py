"""The dialogs fit a terminal 40 columns wide: each box lies within the screen, everything in it within
the box, and its words wrap onto more rows rather than being cut off at the edge."""

from __future__ import annotations

from pathlib import Path

from driving import FirstCellPlayer, game, quick_app, screen_lines, seeded, settled, until
from textual.containers import Vertical
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import DataTable, Input

from tictactoe_tui.app.screens.confirm import ConfirmScreen
from tictactoe_tui.app.screens.friend import FriendScreen
from tictactoe_tui.app.screens.game.leaving import MOVES_LOST
from tictactoe_tui.app.screens.go_to_cell import GoToCellScreen
from tictactoe_tui.app.screens.help import HelpScreen
from tictactoe_tui.app.screens.new_game import NewGameScreen
from tictactoe_tui.app.screens.open_game import OpenGameScreen
from tictactoe_tui.app.screens.save_game import SaveGameScreen
from tictactoe_tui.app.screens.statistics import StatisticsScreen
from tictactoe_tui.app.widgets.choice import Choice
from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.profile.saved_games import games_dir
from tictactoe_tui.session.setup import GameSetup

TTT = BoardSpec(3, 3, 3)
PEOPLE = GameSetup(TTT, "human", "human")
NARROW = (40, 20)


def box_fits(pilot: Pilot[None], box: Widget) -> None:
    """``box`` lies within the screen, and every widget drawn in it within its border and padding."""
    assert pilot.app.screen.region.contains_region(box.region), f"{box!r} at {box.region}"
    inside = box.content_region
    for widget in box.query("*"):
        if widget.display and widget.region.area:
            assert inside.contains_region(widget.region), f"{widget!r} at {widget.region} in {inside}"


def shown_whole(pilot: Pilot[None], box: Widget, *texts: str) -> None:
    """Each of ``texts`` can be read whole inside ``box`` on the screen, however it wraps."""
    inside = box.content_region
    rows = screen_lines(pilot)[inside.y:inside.bottom]
    shown = "".join("".join(row[inside.x:inside.right].split()) for row in rows)
    for text in texts:
        assert "".join(text.split()) in shown, f"{text!r} in {shown!r}"


async def opened(pilot: Pilot[None], screen: type[object], *keys: str) -> None:
    await pilot.press(*keys)
    await until(pilot, lambda: isinstance(pilot.app.screen, screen))
    await pilot.pause()


async def closed(pilot: Pilot[None], *keys: str) -> None:
    await pilot.press(*keys)
    await until(pilot, lambda: pilot.app.screen is game(pilot))


async def test_every_dialog_of_the_game_fits_40_columns(tmp_path: Path) -> None:
    async with quick_app(PEOPLE).run_test(size=NARROW) as pilot:
        await pilot.press("5")  # A move: leaving the game now asks first.

        await opened(pilot, ConfirmScreen, "q")
        question = pilot.app.screen.query_one("#confirm")
        box_fits(pilot, question)
        shown_whole(pilot, question, "Leave this game?", MOVES_LOST, "Leave (y)", "Stay (n)")
        await closed(pilot, "n")

        await opened(pilot, SaveGameScreen, "ctrl+s")
        save = pilot.app.screen.query_one("#save-game")
        box_fits(pilot, save)
        shown_whole(pilot, save, "Save to this file, then Enter (Esc: cancel)")
        existing = tmp_path / "a-folder-with-a-long-name-for-saved-games" / "a-game-saved-before.txt"
        existing.parent.mkdir()
        existing.write_text("3x3k3: b2\n", encoding="utf-8")
        pilot.app.screen.query_one("#save-game-path", Input).value = str(existing)
        await opened(pilot, ConfirmScreen, "enter")
        replace = pilot.app.screen.query_one("#confirm")
        box_fits(pilot, replace)
        shown_whole(pilot, replace, "Replace the file?", f"{existing} already exists.", "Keep it (n)")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(pilot.app.screen, SaveGameScreen))
        await closed(pilot, "escape")

        await opened(pilot, OpenGameScreen, "ctrl+o")
        open_box = pilot.app.screen.query_one("#open-game")
        box_fits(pilot, open_box)
        shown_whole(pilot, open_box, f"No game saved in {games_dir()} yet: type a file's path, then Enter "
                                     "(Esc: cancel)")
        await closed(pilot, "escape")

        await opened(pilot, GoToCellScreen, "g")
        go_to = pilot.app.screen.query_one("#go-to-cell")
        box_fits(pilot, go_to)
        shown_whole(pilot, go_to, "A cell name from a1 to c3, then Enter (Esc: stay)")
        await closed(pilot, "escape")

        await opened(pilot, StatisticsScreen, "s")
        statistics = pilot.app.screen.query_one(Vertical)
        box_fits(pilot, statistics)
        shown_whole(pilot, statistics, "This session: no games finished yet.",
                    "No games against the computer yet: records start with the first one.",
                    "Reset (r)", "Close (esc)")
        await closed(pilot, "escape")

        await opened(pilot, HelpScreen, "question_mark")
        assert pilot.app.screen.region.contains_region(pilot.app.screen.query_one("#help").region)


async def test_the_table_of_statistics_stays_in_its_dialog_and_scrolls_sideways() -> None:
    setup = GameSetup(TTT, "human", "easy")
    for size in (NARROW, (60, 20)):
        async with quick_app(setup, players=seeded(easy=FirstCellPlayer())).run_test(size=size) as pilot:
            for cell in ("b2", "c1", "a3"):  # O takes a1, then b1: X wins on the diagonal.
                await pilot.click(f"#cell-{cell}")
                await settled(pilot)
            assert game(pilot).position.is_over
            await opened(pilot, StatisticsScreen, "s")
            dialog = pilot.app.screen.query_one(Vertical)
            box_fits(pilot, dialog)
            table = dialog.query_one(DataTable)
            assert table.virtual_size.width > table.size.width, "wider than the dialog, it scrolls"
            shown_whole(pilot, dialog, "Reset (r)", "Close (esc)")


async def test_the_form_for_a_friend_online_fits_40_columns() -> None:
    async with quick_app().run_test(size=NARROW) as pilot:
        await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
        await opened(pilot, FriendScreen, "f")
        form = pilot.app.screen.query_one("#friend-form")
        box_fits(pilot, form)
        shown_whole(pilot, form, "on the board 3x3k3, chosen on the new-game screen", "X (moves first)",
                    "Host", "Back")
        pilot.app.screen.query_one("#role", Choice).focus()
        await pilot.press("right")  # Join a game: the address and the code to type.
        await until(pilot, lambda: pilot.app.screen.query_one("#address").display)
        await pilot.pause()
        box_fits(pilot, form)
        shown_whole(pilot, form, "Join a game", "Address", "Join code", "Join", "Back")
