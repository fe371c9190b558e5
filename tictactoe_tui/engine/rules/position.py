"""A position: the board, whose turn it is, how the game stands, and how it got here.

A ``Position`` is immutable and remembers its moves, so undo is the previous
position, a game record is the move list, and the UI can hand positions around
without copying.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..errors import GameOverError, IllegalMoveError, NotationError
from .inputs import shorten
from .lines import win_lines
from .spec import BoardSpec, Cell


class Mark(enum.Enum):
    """A player's mark. X always moves first."""

    X = "X"
    O = "O"  # noqa: E741 - the letter is the mark

    @property
    def other(self) -> Mark:
        """The opponent's mark."""
        return Mark.O if self is Mark.X else Mark.X

    @property
    def index(self) -> int:
        """0 for X and 1 for O: the side's place in the searches' per-side tables."""
        return 0 if self is Mark.X else 1

    @staticmethod
    def at_ply(ply: int) -> Mark:
        """The side that makes move number ``ply`` (counting from 0): X on even plies."""
        return Mark.O if ply & 1 else Mark.X

    def __str__(self) -> str:
        return self.value


class Status(enum.Enum):
    """How a game stands."""

    PLAYING = "playing"
    X_WINS = "X wins"
    O_WINS = "O wins"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The state of play, with the winning line's cells when there is one."""

    status: Status
    winner: Mark | None = None
    line: tuple[Cell, ...] = ()

    @property
    def is_over(self) -> bool:
        """True once nobody can move any more."""
        return self.status is not Status.PLAYING


_PLAYING = Outcome(Status.PLAYING)
_DRAW = Outcome(Status.DRAW)


@dataclass(frozen=True, slots=True)
class Position:
    """A position of an m,n,k game reached by ``moves`` from the empty board.

    >>> p = Position.from_moves("3x3k3", "b2 a1")
    >>> p.to_move, p.cell_name(p.moves[-1]), p.outcome.status
    (<Mark.X: 'X'>, 'a1', <Status.PLAYING: 'playing'>)
    """

    spec: BoardSpec
    x: int = 0
    """Bitboard of X's cells."""
    o: int = 0
    """Bitboard of O's cells."""
    moves: tuple[Cell, ...] = ()
    """Every move so far, X's first."""
    winning_line: int = field(default=0)
    """The mask of the line that ended the game, or 0."""

    @classmethod
    def empty(cls, spec: BoardSpec | str) -> Position:
        """The empty board of ``spec`` (a ``BoardSpec`` or text such as ``"4x4k3"``)."""
        return cls(spec if isinstance(spec, BoardSpec) else BoardSpec.parse(spec))

    @classmethod
    def from_moves(cls, spec: BoardSpec | str, moves: str | Sequence[Cell | str]) -> Position:
        """Play ``moves`` (cell names separated by spaces or commas, or cells) from the empty board."""
        position = cls.empty(spec)
        tokens = moves.replace(",", " ").split() if isinstance(moves, str) else moves
        for number, token in enumerate(tokens, start=1):
            try:
                position = position.play(token)
            except (NotationError, IllegalMoveError) as error:
                raise type(error)(f"move {number} ({shorten(str(token))}): {error}") from None
        return position

    # The board

    @property
    def occupied(self) -> int:
        """Bitboard of every filled cell."""
        return self.x | self.o

    def __getitem__(self, cell: Cell) -> Mark | None:
        """The mark on ``cell``, or None when it is empty."""
        self.spec.coordinates(cell)
        if self.x >> cell & 1:
            return Mark.X
        if self.o >> cell & 1:
            return Mark.O
        return None

    def cell_name(self, cell: Cell) -> str:
        """Shorthand for ``spec.cell_name``."""
        return self.spec.cell_name(cell)

    # Play

    @property
    def to_move(self) -> Mark:
        """Whose turn it is (X on even move counts)."""
        return Mark.at_ply(len(self.moves))

    @property
    def outcome(self) -> Outcome:
        """Win, draw or still playing, derived from the last move."""
        if self.winning_line:
            cells = win_lines(self.spec).cells_of(self.winning_line)
            return Outcome(Status.X_WINS if self.to_move is Mark.O else Status.O_WINS,
                           self.to_move.other, cells)
        if self.occupied == self.spec.full_mask:
            return _DRAW
        return _PLAYING

    @property
    def is_over(self) -> bool:
        """True when the game has been won or the board is full."""
        return bool(self.winning_line) or self.occupied == self.spec.full_mask

    @property
    def legal_moves(self) -> tuple[Cell, ...]:
        """The empty cells in increasing order, or none once the game is over."""
        if self.is_over:
            return ()
        return tuple(_empty_cells(self.occupied, self.spec.cells))

    def require_a_move(self) -> None:
        """Raise ``GameOverError`` when the game is over, for code about to choose a move."""
        if self.is_over:
            raise GameOverError(f"no move to choose: the game is over ({self.outcome.status.value})")

    def is_legal(self, cell: Cell) -> bool:
        """True when ``cell`` is on the board and empty and the game goes on."""
        return 0 <= cell < self.spec.cells and not self.is_over and not self.occupied >> cell & 1

    def play(self, move: Cell | str) -> Position:
        """The position after the side to move plays ``move`` (a cell or a name like ``b2``)."""
        cell = self.spec.parse_cell(move) if isinstance(move, str) else move
        name = self.spec.cell_name(cell)  # a cell off the board is a NotationError here
        if self.is_over:
            raise GameOverError(f"{name} comes after the game ended ({self.outcome.status.value})")
        bit = 1 << cell
        if self.occupied & bit:
            raise IllegalMoveError(f"{name} is already taken by {self[cell]}")
        mover = self.x | bit if self.to_move is Mark.X else self.o | bit
        line = next((mask for mask in win_lines(self.spec).through[cell] if mover & mask == mask), 0)
        if self.to_move is Mark.X:
            return Position(self.spec, mover, self.o, (*self.moves, cell), line)
        return Position(self.spec, self.x, mover, (*self.moves, cell), line)

    def undo(self, count: int = 1) -> Position:
        """The position ``count`` moves earlier (never before the empty board)."""
        count = min(count, len(self.moves))
        return Position.from_moves(self.spec, self.moves[: len(self.moves) - count])

    # Text

    @property
    def record(self) -> str:
        """The game record, such as ``4x4k3: b2 a1 c3``."""
        names = " ".join(self.spec.cell_name(cell) for cell in self.moves)
        return f"{self.spec}: {names}" if names else f"{self.spec}:"

    def __str__(self) -> str:
        """The board as rows of ``X``, ``O`` and ``.``, top row first."""
        return "\n".join("".join(self._symbol(row * self.spec.width + col) for col in range(self.spec.width))
                         for row in reversed(range(self.spec.height)))

    def _symbol(self, cell: Cell) -> str:
        mark = self[cell]
        return "." if mark is None else mark.value


def _empty_cells(occupied: int, cells: int) -> Iterator[Cell]:
    return (cell for cell in range(cells) if not occupied >> cell & 1)
