"""The side panel: the last move stays in sight whatever the panel above the list shows."""

from __future__ import annotations

import pytest
from driving import board, game, quick_app
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot

from tictactoe_tui.app.geometry import SIDE_PANEL_WIDTH
from tictactoe_tui.app.widgets.game_info import GameInfo
from tictactoe_tui.app.widgets.move_list import MoveList
from tictactoe_tui.engine import BoardSpec, Status
from tictactoe_tui.session.setup import GameSetup

FIVE = GameSetup(BoardSpec(5, 5, 4), "human", "human")
O_WINS_ON_ROW_5 = [
    "a1", "a5", "c1", "b5", "e1", "c5", "b2", "c4", "d2", "e2", "a3", "b1", "c3", "d1", "e3", "d5",
]
"""Sixteen moves: X scatters without four in a row, O takes a5 b5 c5 d5 last."""


async def play_by_keys(pilot: Pilot[None], name: str) -> None:
    """Walk the cursor to ``name`` with the arrows and play it with Enter."""
    shown = board(pilot)
    spec = shown.position.spec
    col, row = spec.coordinates(spec.parse_cell(name))
    here_col, here_row = spec.coordinates(shown.cursor)
    steps = (["right"] * (col - here_col) + ["left"] * (here_col - col)
             + ["up"] * (row - here_row) + ["down"] * (here_row - row))
    await pilot.press(*steps, "enter")


def visible_rows(move_list: MoveList) -> range:
    top = move_list.scroll_offset.y
    return range(top, top + move_list.scrollable_content_region.height)


@pytest.mark.slow
async def test_the_last_move_stays_in_sight_when_the_result_grows_the_panel() -> None:
    async with quick_app(FIVE).run_test(size=(80, 24)) as pilot:
        for name in O_WINS_ON_ROW_5:
            await play_by_keys(pilot, name)
        await pilot.pause()
        assert game(pilot).position.outcome.status is Status.O_WINS
        moves = game(pilot).query_one(MoveList)
        assert moves.option_count == 17, "start and sixteen moves"
        assert moves.scrollable_content_region.height < 17, "the list must scroll for the test to mean much"
        assert 16 in visible_rows(moves), f"move 16 hidden: rows {visible_rows(moves)} shown"


@pytest.mark.slow
async def test_a_move_lays_out_the_screen_only_when_the_panel_changes_height() -> None:
    async with quick_app(FIVE).run_test(size=(80, 24)) as pilot:
        info = game(pilot).query_one(GameInfo)
        layouts: list[bool] = []
        refresh = info.refresh

        def counting_refresh(*regions: Region, **options: bool) -> GameInfo:
            layouts.append(bool(options.get("layout")))
            return refresh(*regions, **options)

        info.refresh = counting_refresh  # type: ignore[method-assign]
        for name in O_WINS_ON_ROW_5[:-1]:
            await play_by_keys(pilot, name)
        assert len(layouts) >= 15 and not any(layouts), "fifteen moves, the same five lines: repaints only"
        height = info.size.height
        await play_by_keys(pilot, O_WINS_ON_ROW_5[-1])
        await pilot.pause()
        assert any(layouts), "the result adds two lines"
        assert info.size.height == height + 2
        assert "O wins" in str(info.render())


async def test_a_move_adds_one_line_to_the_list_and_keeps_the_others() -> None:
    async with quick_app(FIVE).run_test(size=(80, 24)) as pilot:
        for name in O_WINS_ON_ROW_5[:3]:
            await play_by_keys(pilot, name)
        moves = game(pilot).query_one(MoveList)
        kept = moves.options[:4]
        await play_by_keys(pilot, O_WINS_ON_ROW_5[3])
        assert moves.option_count == 5
        assert all(new is old for new, old in zip(moves.options, kept, strict=False)), "earlier lines rebuilt"
        assert str(moves.options[4].prompt) == "4. O b5"


async def test_the_palette_leaves_out_the_commands_that_fight_the_layout() -> None:
    async with quick_app(FIVE).run_test(size=(80, 24)) as pilot:
        await pilot.press("tab")
        screen = game(pilot)
        assert isinstance(screen.focused, MoveList) and screen.focused.allow_maximize
        textual_titles = {command.title for command in App.get_system_commands(pilot.app, screen)}
        assert {"Keys", "Maximize"} <= textual_titles, "Textual offers them here"
        titles = {command.title for command in pilot.app.get_system_commands(screen)}
        assert not titles & {"Keys", "Maximize", "Minimize"}
        assert {"Theme", "Quit", "Screenshot", "Help", "New game"} <= titles


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_side_panel_is_as_wide_as_the_layout_plans(size: tuple[int, int]) -> None:
    async with quick_app(FIVE).run_test(size=size) as pilot:
        side = game(pilot).query_one("#side")
        assert side.display and side.outer_size.width == SIDE_PANEL_WIDTH
        assert board(pilot).region.right <= size[0] - SIDE_PANEL_WIDTH, "the board keeps clear of the panel"


async def test_no_stylesheet_rule_sets_the_side_panels_width_again() -> None:
    async with quick_app(FIVE).run_test() as pilot:
        side_rules = [rule for rule in pilot.app.stylesheet.rules
                      if any(selector.css.endswith("#side") for selector in rule.selector_set)]
    assert side_rules, "the panel has rules of its own (colours, padding)"
    assert all(rule.styles.width is None for rule in side_rules), "the width is SIDE_PANEL_WIDTH alone"
