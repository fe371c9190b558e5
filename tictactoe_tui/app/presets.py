"""The boards most people want, one keypress away on the new-game screen, and their names."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import BoardSpec


@dataclass(frozen=True, slots=True)
class Preset:
    """A named board with the key that selects it."""

    key: str
    name: str
    spec: BoardSpec


PRESETS: tuple[Preset, ...] = (
    Preset("1", "Tic-Tac-Toe 3x3", BoardSpec(3, 3, 3)),
    Preset("2", "4x4 k=3", BoardSpec(4, 4, 3)),
    Preset("3", "4x4 k=4", BoardSpec(4, 4, 4)),
    Preset("4", "5x5 k=4", BoardSpec(5, 5, 4)),
    Preset("5", "7x6 k=4", BoardSpec(7, 6, 4)),
    Preset("6", "Gomoku 15x15", BoardSpec(15, 15, 5)),
)

_NAMES = {BoardSpec(3, 3, 3): "Tic-Tac-Toe", BoardSpec(15, 15, 5): "Gomoku"}


def board_name(spec: BoardSpec) -> str:
    """What a board is called: its traditional name, or the family's."""
    return _NAMES.get(spec, "m,n,k game")


def board_rules(spec: BoardSpec) -> str:
    """The board and the length of line that wins, in words."""
    return f"{spec.width}x{spec.height}, {spec.k} in a row wins"
