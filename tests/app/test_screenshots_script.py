"""The screenshot script plays its games and writes every picture the README shows."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "screenshots.py"


def load_script() -> ModuleType:
    """The script as a module (it lives outside the package, so it is loaded from its path)."""
    if "screenshots_script" in sys.modules:
        return sys.modules["screenshots_script"]
    spec = importlib.util.spec_from_file_location("screenshots_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # Its dataclasses look their module up there.
    spec.loader.exec_module(module)
    return module


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


def test_the_committed_screenshots_are_the_ones_the_script_makes() -> None:
    script = load_script()
    committed = sorted(path.name for path in script.OUTPUT.glob("*.svg"))
    assert committed == sorted(f"{shot.name}.svg" for shot in script.SHOTS)
