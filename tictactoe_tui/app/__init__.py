"""The terminal game, built on Textual: ``TicTacToeApp(setup, start).run()``."""

from .app import TicTacToeApp

__all__ = ["TicTacToeApp"]
