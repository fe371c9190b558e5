"""The status line's spinner turns while the computer thinks, and stands still when animations are off."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tictactoe_tui.app.widgets.status import SPINNER_FRAMES, StatusLine


class StatusApp(App[None]):
    def compose(self) -> ComposeResult:
        yield StatusLine("O is thinking")


async def test_the_spinner_turns_while_spinning() -> None:
    app = StatusApp()
    app.animation_level = "full"
    async with app.run_test() as pilot:
        status = app.query_one(StatusLine)
        assert str(status.render()) == "O is thinking"
        status.spinning = True
        seen = set()
        for _ in range(500):
            seen.add(str(status.render())[0])
            if len(seen) == len(SPINNER_FRAMES):
                break
            await pilot.pause(0.02)
        assert seen == set(SPINNER_FRAMES)
        status.spinning = False
        await pilot.pause()
        assert str(status.render()) == "O is thinking"


async def test_the_spinner_stands_still_without_animations() -> None:
    app = StatusApp()
    app.animation_level = "none"
    async with app.run_test() as pilot:
        status = app.query_one(StatusLine)
        status.spinning = True
        for _ in range(20):
            await pilot.pause(0.02)
            assert str(status.render()) == f"{SPINNER_FRAMES[0]} O is thinking"
