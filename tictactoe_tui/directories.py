"""Where the program keeps its files, for every layer: settings, statistics and saved games, and the
offline prover's compiled searches.

One answer, so that ``HOME_ENV`` moves them all at once: tests, CI and a second profile stay away
from the real home, whichever layer writes.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "tictactoe-tui"

HOME_ENV = "TICTACTOE_TUI_HOME"
"""When set, settings go to ``$TICTACTOE_TUI_HOME/config``, statistics and saved games to
``$TICTACTOE_TUI_HOME/data`` and what is built once to ``$TICTACTOE_TUI_HOME/cache``, instead of
the user's platform directories."""


def _home() -> Path | None:
    home = os.environ.get(HOME_ENV)
    return Path(home) if home else None


def config_dir() -> Path:
    """Where settings live: the user's configuration directory, unless ``HOME_ENV`` overrides it."""
    home = _home()
    return home / "config" if home else platformdirs.user_config_path(APP_NAME)


def data_dir() -> Path:
    """Where statistics and saved games live: the user's data directory, unless ``HOME_ENV``
    overrides it."""
    home = _home()
    return home / "data" if home else platformdirs.user_data_path(APP_NAME)


def cache_dir() -> Path:
    """Where what is built once and can be built again lives (the compiled searches): the user's
    cache directory, unless ``HOME_ENV`` overrides it."""
    home = _home()
    return home / "cache" if home else platformdirs.user_cache_path(APP_NAME)
