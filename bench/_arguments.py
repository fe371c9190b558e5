"""Command-line value types the benchmark scripts share: a board, and a positive number of seconds."""

from __future__ import annotations

import argparse

from tictactoe_tui.engine import BoardSpec, GameError


def board(text: str) -> BoardSpec:
    """A board such as 4x4k3, with the engine's own message when it is not one."""
    try:
        return BoardSpec.parse(text)
    except GameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive(text: str) -> float:
    """A number above zero."""
    try:
        number = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not number > 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be positive")
    return number
