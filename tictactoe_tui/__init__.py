"""Tic-Tac-Toe and the m,n,k games in the terminal."""

__version__ = "0.1.0"
"""The package's version: pyproject.toml reads it from here."""
