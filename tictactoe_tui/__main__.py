"""``python -m tictactoe_tui`` does what the ``tictactoe-tui`` command does."""

from .cli import run

run()
