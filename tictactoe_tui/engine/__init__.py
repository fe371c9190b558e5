"""The rules and the players of m,n,k games, with no user interface.

>>> from tictactoe_tui.engine import Position, solve
>>> solve(Position.empty("3x3k3")).value
<Value.DRAW: 'draw'>
"""

from .errors import BoardSpecError, GameError, IllegalMoveError, NotationError
from .lines import WinLines, win_lines
from .players import PLAYER_NAMES, Player, make_player
from .position import Mark, Outcome, Position, Status
from .record import format_record, parse_record
from .search import MoveEvaluation, SearchResult, Solver, Value, analyse, solve
from .spec import MAX_SIDE, MIN_SIDE, BoardSpec, Cell

__all__ = [
    "MAX_SIDE",
    "MIN_SIDE",
    "PLAYER_NAMES",
    "BoardSpec",
    "BoardSpecError",
    "Cell",
    "GameError",
    "IllegalMoveError",
    "Mark",
    "MoveEvaluation",
    "NotationError",
    "Outcome",
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
    "solve",
    "win_lines",
]
