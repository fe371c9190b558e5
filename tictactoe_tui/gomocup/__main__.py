"""``python -m tictactoe_tui.gomocup`` runs the brain, as ``pbrain-tictactoe-tui`` does."""

import sys

from .brain import main

sys.exit(main())
