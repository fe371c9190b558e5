"""The engine is a library of its own: importing it loads no user-interface code."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
import tictactoe_tui.engine
import tictactoe_tui.cli
loaded = sorted(name for name in sys.modules if name.split('.')[0] in {'textual', 'rich'})
print(','.join(loaded))
"""


def test_engine_and_command_line_import_neither_textual_nor_rich() -> None:
    result = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
