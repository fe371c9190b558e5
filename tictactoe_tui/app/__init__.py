"""The terminal game, built on Textual: ``TicTacToeApp(setup, start).run()``."""

from . import textual_faults  # noqa: F401 (applied on import, before any screen is built)
from .app import TicTacToeApp

__all__ = ["TicTacToeApp"]
