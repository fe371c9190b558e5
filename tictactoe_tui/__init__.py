"""Tic-Tac-Toe and the m,n,k games in the terminal."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("tictactoe-tui")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"
