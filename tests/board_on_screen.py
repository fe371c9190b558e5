"""Where a board's cell is drawn in a terminal's text, found the way a player finds it: by the board's own
column letters and row numbers, whatever the layout around it."""

from __future__ import annotations

from string import ascii_lowercase


def drawn_at(lines: list[str], name: str, columns: int) -> tuple[int, int]:
    """Where the screen draws cell ``name`` of a board ``columns`` wide: the column of its letter in the
    column labels, the row of its number in the row labels (both the middle of the cell)."""
    column, row = name[0], name[1:]
    letters = list(ascii_lowercase[:columns])
    labels = next(index for index, line in enumerate(lines) if line.split()[:len(letters)] == letters)
    x = lines[labels].index(f" {column} ") + 1
    board = lines[labels].index(f" {letters[-1]} ") + 2  # The side panel's text starts past here.
    y = next(index for index, line in enumerate(lines) if line[:board].split()[:1] == [row])
    return x, y
