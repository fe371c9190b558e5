"""The one-widget form field: stepping with the arrows, its menu, the mouse, its note and its messages."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from tictactoe_tui.app.widgets.choice import LABEL_WIDTH, Choice, ChoiceMenu

SIZES = [(str(n), n) for n in range(1, 27)]


class ChoiceApp(App[None]):
    """A bare app around two fields, recording every ``Changed`` they post."""

    def __init__(self, value: int = 3) -> None:
        super().__init__()
        self.value = value
        self.changes: list[tuple[str | None, object]] = []

    def compose(self) -> ComposeResult:
        yield Choice("Width", SIZES, self.value, heading="Board", id="width")
        yield Choice("Player", [("Human", "human"), ("Computer", "medium")], "medium", id="player")

    def on_choice_changed(self, message: Choice.Changed) -> None:
        assert message.control is message.choice
        self.changes.append((message.control.id, message.value))


def field(app: ChoiceApp, name: str = "width") -> Choice[object]:
    return app.query_one(f"#{name}", Choice)


def first_line(choice: Choice[object]) -> str:
    """The line of the label and the value."""
    return choice.render_line(choice.value_offset.y).text.rstrip()


async def test_left_and_right_step_through_the_values_and_stop_at_the_ends() -> None:
    app = ChoiceApp(value=2)
    async with app.run_test() as pilot:
        field(app).focus()
        await pilot.press("right", "right")
        assert field(app).value == 4
        await pilot.press("left", "left", "left", "left", "left")
        assert field(app).value == 1
        assert app.changes == [("width", 3), ("width", 4), ("width", 3), ("width", 2), ("width", 1)], \
            "one message a change, none for a step past the first value"
        await pilot.press("end")
        assert field(app).value == 26
        await pilot.press("home")
        assert field(app).value == 1


async def test_the_field_draws_its_label_its_value_and_arrows_only_where_there_is_more() -> None:
    app = ChoiceApp(value=1)
    async with app.run_test() as pilot:
        width = field(app)
        assert [width.render_line(y).text.strip() for y in range(2)] == ["", "Board"], "the heading"
        line = first_line(width)
        assert line.startswith("Width") and line[LABEL_WIDTH:] == "  1  ›", "no ‹ before the first value"
        width.value = 26
        await pilot.pause()
        assert first_line(width)[LABEL_WIDTH:] == "‹ 26"
        width.value = 7
        await pilot.pause()
        assert first_line(width)[LABEL_WIDTH:] == "‹ 7  ›"


async def test_setting_the_value_posts_changed_once_and_the_same_value_not_at_all() -> None:
    app = ChoiceApp()
    async with app.run_test() as pilot:
        field(app, "player").value = "human"
        field(app, "player").value = "human"
        await pilot.pause()
        assert app.changes == [("player", "human")]


async def test_enter_opens_the_menu_at_the_value_and_the_value_picked_there_is_chosen() -> None:
    app = ChoiceApp(value=3)
    async with app.run_test() as pilot:
        field(app).focus()
        await pilot.press("enter")
        assert isinstance(app.screen, ChoiceMenu)
        menu = app.screen.query_one(OptionList)
        assert menu.option_count == 26 and menu.highlighted == 2, "every value, the current one highlighted"
        await pilot.press("down", "down", "enter")
        assert not isinstance(app.screen, ChoiceMenu)
        assert field(app).value == 5 and app.changes == [("width", 5)]
        assert app.focused is field(app), "the focus comes back to the field"


async def test_escape_and_a_click_beside_the_menu_close_it_without_a_change() -> None:
    app = ChoiceApp(value=3)
    async with app.run_test(size=(80, 30)) as pilot:
        field(app).focus()
        await pilot.press("space", "down", "escape")
        assert not isinstance(app.screen, ChoiceMenu)
        await pilot.press("space", "down")
        await pilot.click(offset=(79, 29))
        assert not isinstance(app.screen, ChoiceMenu)
        assert field(app).value == 3 and app.changes == []


async def test_the_menu_is_built_only_when_opened() -> None:
    app = ChoiceApp()
    async with app.run_test() as pilot:
        assert not app.query(OptionList)
        field(app).focus()
        await pilot.press("enter")
        assert app.screen.query(OptionList)


async def test_clicks_on_the_arrows_step_and_a_click_on_the_value_opens_the_menu() -> None:
    app = ChoiceApp(value=3)
    async with app.run_test() as pilot:
        row = field(app).value_offset.y
        await pilot.click("#width", offset=(LABEL_WIDTH, row))
        assert field(app).value == 2 and app.focused is field(app)
        await pilot.click("#width", offset=(LABEL_WIDTH + 5, row))  # "‹ 2  ›": the right arrow
        await pilot.click("#width", offset=(LABEL_WIDTH + 5, row))
        assert field(app).value == 4
        await pilot.click("#width", offset=field(app).value_offset)
        assert isinstance(app.screen, ChoiceMenu)
        value = field(app).region.offset + field(app).value_offset
        assert app.screen.get_widget_at(*value)[0] is app.screen.query_one(OptionList)
        await pilot.click(offset=value - (0, 1))  # The option drawn above the field's value.
        assert field(app).value == 3, "the menu opened with the chosen value on the field's own"
        assert app.changes == [("width", 2), ("width", 3), ("width", 4), ("width", 3)]


async def test_a_note_is_shown_under_the_value_and_marks_the_field() -> None:
    app = ChoiceApp()
    async with app.run_test(size=(60, 20)) as pilot:
        width = field(app)
        note = "k=5 cannot be played on a 3x3 board: k must be from 1 to 3 (the longer side)"
        width.note = note
        await pilot.pause()
        assert width.has_class("-invalid") and width.size.height == 5, "the note wraps beside the labels"
        lines = [width.render_line(y).text for y in range(3, 5)]
        assert all(line.startswith(" " * LABEL_WIDTH) for line in lines)
        assert " ".join(line.strip() for line in lines) == note
        width.note = ""
        await pilot.pause()
        assert not width.has_class("-invalid") and width.size.height == 3


async def test_home_and_end_go_to_the_ends_the_form_gives_and_the_arrows_still_pass_them() -> None:
    app = ChoiceApp(value=4)
    async with app.run_test() as pilot:
        width = field(app)
        assert width.ends == (1, 26), "the whole list, until the form says otherwise"
        width.ends = (3, 5)
        width.focus()
        await pilot.press("end")
        assert width.value == 5
        await pilot.press("right")
        assert width.value == 6, "the arrows reach every value"
        await pilot.press("home")
        assert width.value == 3
        await pilot.press("left")
        assert width.value == 2
        with pytest.raises(ValueError, match="not in the order"):
            width.ends = (5, 3)
