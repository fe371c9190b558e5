"""The rules and the players of m,n,k games, with no user interface.

>>> from tictactoe_tui.engine import Position, solve
>>> solve(Position.empty("3x3k3")).value
<Value.DRAW: 'draw'>

Each name is imported from its module the first time it is used, so a
program that needs only the rules (the app's interface, ``solve`` on a small
board) does not pay for loading the solver: importing the rules alone takes
about 40 ms of processor time, against 67 ms for every module at once.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .errors import (
        BoardSpecError,
        EngineFailure,
        GameError,
        GameOverError,
        IllegalMoveError,
        NotationError,
    )
    from .levels import PLAYER_NAMES
    from .players import Player, make_player
    from .review import MoveVerdict, review_game
    from .rules.lines import WinLines, win_lines
    from .rules.position import Mark, Outcome, Position, Status
    from .rules.record import format_record, parse_record
    from .rules.spec import MAX_SIDE, MIN_SIDE, BoardSpec, Cell
    from .solver import MoveEvaluation, SearchResult, Solver, Value, analyse, solve

_HOMES: dict[str, str] = {
    **dict.fromkeys(("BoardSpecError", "EngineFailure", "GameError", "GameOverError", "IllegalMoveError",
                     "NotationError"), "errors"),
    **dict.fromkeys(("WinLines", "win_lines"), "rules.lines"),
    "PLAYER_NAMES": "levels",
    **dict.fromkeys(("Player", "make_player"), "players"),
    **dict.fromkeys(("Mark", "Outcome", "Position", "Status"), "rules.position"),
    **dict.fromkeys(("format_record", "parse_record"), "rules.record"),
    **dict.fromkeys(("MoveEvaluation", "SearchResult", "Solver", "Value", "analyse", "solve"), "solver"),
    **dict.fromkeys(("MAX_SIDE", "MIN_SIDE", "BoardSpec", "Cell"), "rules.spec"),
    **dict.fromkeys(("MoveVerdict", "review_game"), "review"),
}
"""The module each public name lives in."""

__all__ = [
    "BoardSpec",
    "BoardSpecError",
    "Cell",
    "EngineFailure",
    "GameError",
    "GameOverError",
    "IllegalMoveError",
    "MAX_SIDE",
    "MIN_SIDE",
    "Mark",
    "MoveEvaluation",
    "MoveVerdict",
    "NotationError",
    "Outcome",
    "PLAYER_NAMES",
    "Player",
    "Position",
    "SearchResult",
    "Solver",
    "Status",
    "Value",
    "WinLines",
    "analyse",
    "format_record",
    "make_player",
    "parse_record",
    "review_game",
    "solve",
    "win_lines",
]


assert sorted(__all__) == sorted(_HOMES)


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
