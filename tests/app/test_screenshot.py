"""The palette's "Screenshot" saves a picture of the screen wherever the player's home has room for it."""

from __future__ import annotations

from pathlib import Path

import pytest
from driving import notifications, quick_app, run_command, until

from tictactoe_tui.app import app as app_module
from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.session.setup import GameSetup

PEOPLE = GameSetup(BoardSpec(3, 3, 3), "human", "human")


@pytest.mark.parametrize("downloads", [True, False], ids=["downloads", "no downloads"])
async def test_a_screenshot_goes_to_the_downloads_folder_or_else_to_the_current_one(
        downloads: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder, here = tmp_path / "Downloads", tmp_path / "here"
    here.mkdir()
    if downloads:
        folder.mkdir()
    monkeypatch.setattr(app_module, "user_downloads_path", lambda: folder)
    monkeypatch.chdir(here)
    expected = folder if downloads else here
    async with quick_app(PEOPLE).run_test(size=(100, 30)) as pilot:
        await run_command(pilot, "screenshot")
        await until(pilot, lambda: any(note.startswith("Saved screenshot") for note in notifications(pilot)))
        (saved,) = expected.glob("*.svg")
        assert "<svg" in saved.read_text(encoding="utf-8")
        assert not any(note.startswith("Failed") for note in notifications(pilot))
