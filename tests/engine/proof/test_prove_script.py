"""The proof script's bookkeeping: which units a run still has to prove, and when a first reply folds.

The trees here are stand-ins: choosing units and folding read only the branches' moves and bounds.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from tictactoe_tui.engine.proof import store
from tictactoe_tui.engine.proof.book import BOARD
from tictactoe_tui.engine.proof.campaign import CENTRE, first_replies, second_move, second_replies

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "prove_gomoku.py"
REPLY = first_replies()[0]
X_MOVE = second_move(REPLY)
UNITS = [(CENTRE, REPLY, X_MOVE, second) for second in second_replies(REPLY, X_MOVE)]


def load_script() -> ModuleType:
    """The script as a module (it lives outside the package, so it is loaded from its path)."""
    if "prove_gomoku_script" in sys.modules:
        return sys.modules["prove_gomoku_script"]
    spec = importlib.util.spec_from_file_location("prove_gomoku_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def document_with(plies: dict[tuple[int, ...], int]) -> dict[str, Any]:
    document = store.empty_document()
    for moves, bound in plies.items():
        store.add(document, moves, [moves[-1]], bound)
    return document


def no_failures() -> dict[str, Any]:
    return {"seconds": 0.0, "nodes": 0, "failed": {}}


def test_a_unit_proven_beyond_the_limit_is_still_to_prove() -> None:
    script = load_script()
    long_unit = UNITS[1]
    document = document_with({unit: 33 if unit == long_unit else 21 for unit in UNITS[:3]})
    pending = script.pending_units(document, no_failures(), 3_000_000, 35, [REPLY])
    assert long_unit in pending  # 4 moves and 33 plies: 37 from the empty board
    assert UNITS[0] not in pending and UNITS[2] not in pending
    assert pending == [unit for unit in UNITS if unit not in (UNITS[0], UNITS[2])]
    assert long_unit not in script.pending_units(document, no_failures(), 3_000_000, 37, [REPLY])


def test_a_failed_unit_waits_for_a_bigger_budget() -> None:
    script = load_script()
    progress = no_failures()
    progress["failed"][" ".join(BOARD.cell_name(cell) for cell in UNITS[0])] = 1_000_000
    assert UNITS[0] not in script.pending_units(store.empty_document(), progress, 1_000_000, 35, [REPLY])
    assert UNITS[0] in script.pending_units(store.empty_document(), progress, 2_000_000, 35, [REPLY])


def test_a_first_reply_folds_only_when_every_unit_is_within_the_limit() -> None:
    script = load_script()
    over = document_with({unit: 33 if unit == UNITS[-1] else 21 for unit in UNITS})
    assert REPLY not in script.fold_all(over, 35)
    assert (CENTRE, REPLY) not in store.branches(over)
    assert REPLY in script.fold_all(over, 37)
    folded = store.branches(over)
    assert folded[(CENTRE, REPLY)]["plies"] == 2 + 33
    assert not any(unit in folded for unit in UNITS)

    missing = document_with(dict.fromkeys(UNITS[:-1], 21))
    assert REPLY not in script.fold_all(missing, 35)
