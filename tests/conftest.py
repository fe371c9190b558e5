"""Keep every test away from the real configuration and data directories."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point the settings and statistics files at a fresh folder for each test."""
    home = tmp_path / "home"
    monkeypatch.setenv("TICTACTOE_TUI_HOME", str(home))
    yield home
