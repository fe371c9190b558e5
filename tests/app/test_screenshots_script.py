"""The screenshot script plays its games and writes every picture the README shows."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from scripts_by_path import load_script as load_script_at


def load_script() -> ModuleType:
    return load_script_at("screenshots.py", "screenshots_script")


@pytest.mark.slow
async def test_the_script_writes_each_screenshot(tmp_path: Path) -> None:
    script = load_script()
    paths = await script.take_all(tmp_path)
    assert sorted(path.name for path in paths) == sorted(f"{shot.name}.svg" for shot in script.SHOTS)
    texts = {path.stem: path.read_text(encoding="utf-8") for path in paths}
    assert all(text.startswith("<svg") for text in texts.values())
    assert "New&#160;game" in texts["new-game"]
    assert "X&#160;wins!" in texts["tic-tac-toe-won"]
    assert "Computer&#160;(perfect)" in texts["4x4-against-the-computer"]
    assert "wins!" in texts["7x6-computer-against-computer"]
    assert "Gomoku" in texts["gomoku"]
    assert "How&#160;to&#160;play" in texts["help"]
    assert "+3" in texts["analysis"] and "-4" in texts["analysis"]
    changed = [name for name, text in texts.items()
               if text != (script.OUTPUT / f"{name}.svg").read_text(encoding="utf-8")]
    assert changed == [], "the README's pictures are the ones the app draws now, the same every run"


def test_the_committed_screenshots_are_the_ones_the_script_makes() -> None:
    script = load_script()
    committed = sorted(path.name for path in script.OUTPUT.glob("*.svg"))
    assert committed == sorted(f"{shot.name}.svg" for shot in script.SHOTS)
