"""Every layer's files follow one override, so that tests and a second profile stay away from the
real home."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from tictactoe_tui import directories


def test_directories_follow_the_home_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(directories.HOME_ENV, str(tmp_path))
    assert directories.config_dir() == tmp_path / "config"
    assert directories.data_dir() == tmp_path / "data"
    assert directories.cache_dir() == tmp_path / "cache"


def test_directories_default_to_the_platform_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(directories.HOME_ENV, raising=False)
    assert directories.config_dir() == platformdirs.user_config_path("tictactoe-tui")
    assert directories.data_dir() == platformdirs.user_data_path("tictactoe-tui")
    assert directories.cache_dir() == platformdirs.user_cache_path("tictactoe-tui")
