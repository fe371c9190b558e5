"""The presets in one widget: two to a row, each picked by a click, or by Left, Right and Enter."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tictactoe_tui.app.presets import PRESETS
from tictactoe_tui.app.widgets.preset_list import COLUMNS, GUTTER, PresetList


class PresetApp(App[None]):
    """A bare app around the presets, recording every preset picked."""

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[int] = []

    def compose(self) -> ComposeResult:
        yield PresetList(PRESETS, heading="Presets")

    def on_preset_list_chosen(self, message: PresetList.Chosen) -> None:
        self.chosen.append(message.index)


def where(presets: PresetList, index: int) -> tuple[int, int]:
    """A cell inside the preset's stretch of text."""
    column = (presets.content_size.width - (COLUMNS - 1) * GUTTER) // COLUMNS
    return (index % COLUMNS) * (column + GUTTER) + 3, presets.top + index // COLUMNS


async def test_every_preset_is_shown_with_its_key_two_to_a_row_under_the_heading() -> None:
    async with PresetApp().run_test(size=(80, 10)) as pilot:
        presets = pilot.app.query_one(PresetList)
        rows = [presets.render_line(y).text for y in range(presets.size.height)]
        assert len(rows) == 5 and rows[0].strip() == "" and rows[1].strip() == "Presets"
        for index, preset in enumerate(PRESETS):
            x, y = where(presets, index)
            assert rows[y][x - 2:].startswith(f"{preset.key}  {preset.name}")


async def test_a_click_picks_the_preset_under_the_mouse() -> None:
    async with PresetApp().run_test(size=(80, 10)) as pilot:
        presets = pilot.app.query_one(PresetList)
        for index in (5, 0, 3):
            await pilot.click(PresetList, offset=where(presets, index))
        assert pilot.app.chosen == [5, 0, 3]


async def test_left_right_and_enter_pick_a_preset_from_the_keyboard() -> None:
    async with PresetApp().run_test(size=(80, 10)) as pilot:
        pilot.app.query_one(PresetList).focus()
        await pilot.press("enter", "right", "right", "space", "left", "left", "left", "enter")
        await pilot.press(*["right"] * 9, "enter")
        assert pilot.app.chosen == [0, 2, 0, len(PRESETS) - 1], "the cursor stops at either end"
