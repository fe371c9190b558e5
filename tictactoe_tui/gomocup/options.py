"""The brain's command-line options, in a module of their own so that ``tictactoe-tui --help`` can
list them without loading the engine."""

from __future__ import annotations

import argparse


def add_brain_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``pbrain-tictactoe-tui`` and ``tictactoe-tui brain``."""
    parser.add_argument("--seed", type=int, metavar="N",
                        help="choose among equally good moves with this seed, so that a match can be "
                        "replayed move for move (default: differently each run)")
