"""``python -m tictactoe_tui`` does what the ``tictactoe-tui`` command does."""

import sys

from .cli import main

sys.exit(main())
