"""The form's plain button: pressed by Enter, Space or a click, and not at all while disabled."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tictactoe_tui.app.widgets.form_button import FormButton


class ButtonApp(App[None]):
    """A bare app around one button, counting the presses."""

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str | None] = []

    def compose(self) -> ComposeResult:
        yield FormButton("Start", id="start")

    def on_form_button_pressed(self, message: FormButton.Pressed) -> None:
        self.pressed.append(message.control.id)


async def test_enter_space_and_a_click_press_it() -> None:
    async with ButtonApp().run_test() as pilot:
        button = pilot.app.query_one(FormButton)
        assert "Start" in button.render_line(0).text
        await pilot.click(FormButton)
        assert pilot.app.focused is button
        await pilot.press("enter", "space")
        assert pilot.app.pressed == ["start"] * 3


async def test_a_disabled_button_cannot_be_pressed() -> None:
    async with ButtonApp().run_test() as pilot:
        button = pilot.app.query_one(FormButton)
        button.focus()
        button.disabled = True
        await pilot.pause()
        await pilot.press("enter")
        await pilot.click(FormButton)
        button.action_press()
        await pilot.pause()
        assert pilot.app.pressed == []
