"""Undo and redo over a game, as a value: the position now and the moves taken back.

Against the computer, one undo takes back the person's last move and every
computer reply after it, because taking back only the reply would let the
computer play it again at once. Redo is the mirror image: it replays the
person's move and the replies up to the person's next turn. Between two
people, or when the computer plays both sides, each undo and redo is a single
move. Undo after the game has ended simply reopens it, since a position
earlier in the game is still being played.

A ``History`` is immutable like ``Position``, so the game screen can keep the
current one in a reactive attribute and the move list can show the whole line
(played and taken back) without copying.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass

from ..engine import BoardSpec, Cell, Mark, Position
from .setup import GameSetup


def human_marks(setup: GameSetup) -> frozenset[Mark]:
    """The marks a person plays in ``setup``, as ``undo`` and ``redo`` expect them."""
    return frozenset(mark for mark in Mark if setup.is_human(mark))


@dataclass(frozen=True, slots=True)
class History:
    """The game so far and the moves taken back from it, next one first.

    >>> h = History.start("3x3").play("b2").play("a1")
    >>> h = h.undo(frozenset({Mark.X}))
    >>> h.position.moves, h.undone
    ((), (4, 0))
    >>> h.redo(frozenset({Mark.X})).position.record
    '3x3k3: b2 a1'
    """

    position: Position
    undone: tuple[Cell, ...] = ()
    """Moves taken back by undo, in the order redo replays them."""

    @classmethod
    def start(cls, spec: BoardSpec | str) -> History:
        """A new game on the empty board of ``spec``."""
        return cls(Position.empty(spec))

    @property
    def line(self) -> tuple[Cell, ...]:
        """Every move of the game, played and taken back."""
        return self.position.moves + self.undone

    @property
    def ply(self) -> int:
        """How many moves have been played (the index of the current position in ``line``)."""
        return len(self.position.moves)

    def at(self, ply: int) -> Position:
        """The position after the first ``ply`` moves of ``line`` (0 is the empty board)."""
        if not 0 <= ply <= len(self.line):
            raise IndexError(f"ply {ply} is outside this game (0 to {len(self.line)})")
        if ply == self.ply:
            return self.position
        if ply < self.ply:
            return self.position.undo(self.ply - ply)
        position = self.position
        for cell in self.undone[: ply - self.ply]:
            position = position.play(cell)
        return position

    def goto(self, ply: int) -> History:
        """This game shown at ``ply``: earlier moves played, later ones ready to redo."""
        return History(self.at(ply), self.line[ply:])

    def play(self, move: Cell | str) -> History:
        """The game after ``move``; a move that differs from the next one to redo drops the redo line.

        Playing exactly the next move to redo keeps the rest of the line, so
        replaying a game by hand does not lose what comes after.
        """
        position = self.position.play(move)
        cell = position.moves[-1]
        undone = self.undone[1:] if self.undone[:1] == (cell,) else ()
        return History(position, undone)

    def undo_steps(self, humans: Set[Mark]) -> int:
        """How many moves ``undo`` takes back: 0 when there is nothing the person could take back."""
        moves = self.position.moves
        if not moves:
            return 0
        if len(humans) != 1:
            return 1
        (human,) = humans
        for ply in reversed(range(len(moves))):
            if Mark.at_ply(ply) is human:
                return len(moves) - ply
        return 0

    def redo_steps(self, humans: Set[Mark]) -> int:
        """How many moves ``redo`` replays: up to the person's next turn, or one between people."""
        if not self.undone:
            return 0
        if len(humans) != 1:
            return 1
        (human,) = humans
        ply = self.ply
        for steps in range(1, len(self.undone) + 1):
            if Mark.at_ply(ply + steps) is human:
                return steps
        return len(self.undone)

    def can_undo(self, humans: Set[Mark]) -> bool:
        """True when ``undo(humans)`` changes anything."""
        return self.undo_steps(humans) > 0

    def can_redo(self, humans: Set[Mark]) -> bool:
        """True when ``redo(humans)`` changes anything."""
        return self.redo_steps(humans) > 0

    def undo(self, humans: Set[Mark]) -> History:
        """Take back the last move, or against the computer the person's last move and the replies."""
        steps = self.undo_steps(humans)
        if not steps:
            return self
        return self.goto(self.ply - steps)

    def redo(self, humans: Set[Mark]) -> History:
        """Replay what the last ``undo`` took back (the mirror image of ``undo``)."""
        steps = self.redo_steps(humans)
        if not steps:
            return self
        return self.goto(self.ply + steps)
