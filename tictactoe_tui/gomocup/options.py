"""The brain's command-line options, in a module of their own so that ``tictactoe-tui --help`` can
list them without loading the engine."""

from __future__ import annotations

import argparse


def add_brain_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``pbrain-tictactoe-tui`` and ``tictactoe-tui brain``."""
    parser.add_argument("--seed", type=_whole, metavar="N",
                        help="choose among equally good moves with this seed, so that a match can be "
                        "replayed move for move (default: differently each run)")
    parser.add_argument("--nodes", type=_positive, metavar="N",
                        help="think at most N positions a move as well as within the turn's time, so "
                        "that a match between brains does not depend on the machine's speed or load")


def command_line_parser() -> argparse.ArgumentParser:
    """The parser of ``pbrain-tictactoe-tui``'s command line."""
    parser = argparse.ArgumentParser(prog="pbrain-tictactoe-tui",
                                     description="Answer the Gomocup brain protocol on stdin and stdout.")
    add_brain_arguments(parser)
    return parser


def _whole(text: str) -> int:
    """A whole number, or argparse's message naming the option in the words of the others."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def _positive(text: str) -> int:
    """A count of at least 1, or argparse's message naming the option."""
    try:
        count = int(text)
    except ValueError:
        count = 0
    if count < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return count
