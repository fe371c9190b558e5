"""The computer players, from a random mover to the solver, selectable by name.

A player is a function of the position alone (plus an injected ``random.Random``
where it uses chance), so a game between two seeded players replays exactly.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .lines import win_lines
from .position import Position
from .search import solve
from .spec import Cell

DEFAULT_TIME_LIMIT = 1.0
"""Seconds the perfect player may think on a board it cannot solve."""


class Player(Protocol):
    """Anything that picks a legal move for the side to move."""

    name: str

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        """A legal move in ``position``; ``stop``, once set, asks for an answer at once."""
        ...


def winning_cells(position: Position, mine: int, theirs: int) -> list[Cell]:
    """Empty cells that complete a line of ``mine`` (a bitboard) at once."""
    empty = ~position.occupied & position.spec.full_mask
    found: dict[Cell, None] = {}
    for mask in win_lines(position.spec).masks:
        if mask & theirs:
            continue
        missing = mask & ~mine
        if missing and missing & (missing - 1) == 0 and missing & empty:
            found.setdefault(missing.bit_length() - 1)
    return list(found)


def _sides(position: Position) -> tuple[int, int]:
    """(the mover's bitboard, the opponent's bitboard)."""
    from .position import Mark

    return (position.x, position.o) if position.to_move is Mark.X else (position.o, position.x)


def _urgent(position: Position) -> list[Cell]:
    """Immediate wins, or else the cells that block the opponent's immediate wins."""
    mine, theirs = _sides(position)
    return winning_cells(position, mine, theirs) or winning_cells(position, theirs, mine)


@dataclass
class RandomPlayer:
    """Any legal move, uniformly."""

    rng: random.Random = field(default_factory=random.Random)
    name: str = "random"

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        return self.rng.choice(_legal(position))


@dataclass
class EasyPlayer:
    """Wins when it can, blocks when it must, otherwise moves at random."""

    rng: random.Random = field(default_factory=random.Random)
    name: str = "easy"

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        return self.rng.choice(_urgent(position) or _legal(position))


@dataclass
class MediumPlayer:
    """The classic rule player (win, block, fork, block the fork, then the busiest cell).

    "Centre, opposite corner, corner, side" generalises to preferring the cell
    that lies on the most lines either side can still win, which on 3x3 ranks
    the centre first, corners next and sides last.
    """

    rng: random.Random = field(default_factory=random.Random)
    name: str = "medium"

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        urgent = _urgent(position)
        if urgent:
            return self.rng.choice(urgent)
        mine, theirs = _sides(position)
        legal = _legal(position)
        forks = [cell for cell in legal if len(winning_cells(position, mine | 1 << cell, theirs)) >= 2]
        if forks:
            return self.rng.choice(forks)
        their_forks = [cell for cell in legal if len(winning_cells(position, theirs | 1 << cell, mine)) >= 2]
        if len(their_forks) == 1:
            return their_forks[0]
        if their_forks:
            # Block every fork at once by forcing a reply elsewhere, when a threat can do that.
            forcing = [cell for cell in legal
                       if (replies := winning_cells(position, mine | 1 << cell, theirs))
                       and not set(replies) & set(their_forks)]
            if forcing:
                return self.rng.choice(forcing)
        return self.rng.choice(_busiest(position, legal, mine, theirs))


def _busiest(position: Position, legal: Sequence[Cell], mine: int, theirs: int) -> list[Cell]:
    """The cells with the highest weight of lines still open through them."""
    lines = win_lines(position.spec)
    scores: dict[Cell, int] = {}
    for cell in legal:
        score = 0
        for mask in lines.through[cell]:
            if not mask & theirs:
                score += 1 + 2 * (mask & mine).bit_count()
            if not mask & mine:
                score += 1 + (mask & theirs).bit_count()
        scores[cell] = score
    top = max(scores.values())
    return [cell for cell, score in scores.items() if score == top]


@dataclass
class PerfectPlayer:
    """The solver: perfect wherever it can finish, the best move found in time elsewhere."""

    rng: random.Random | None = None
    time_limit: float = DEFAULT_TIME_LIMIT
    name: str = "perfect"

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        _legal(position)
        best = solve(position, time_limit=self.time_limit, stop=stop).best_moves
        return self.rng.choice(best) if self.rng is not None else best[0]


PLAYERS: dict[str, Callable[[random.Random], Player]] = {
    "random": lambda rng: RandomPlayer(rng),
    "easy": lambda rng: EasyPlayer(rng),
    "medium": lambda rng: MediumPlayer(rng),
    "perfect": lambda rng: PerfectPlayer(rng),
}
"""Every computer player by name, weakest first."""

PLAYER_NAMES: tuple[str, ...] = tuple(PLAYERS)


def make_player(name: str, *, rng: random.Random | None = None, seed: int | None = None,
                time_limit: float = DEFAULT_TIME_LIMIT) -> Player:
    """The player called ``name``, drawing on ``rng`` (or a new one seeded with ``seed``)."""
    if name not in PLAYERS:
        raise ValueError(f"no player called {name!r}: choose one of {', '.join(PLAYER_NAMES)}")
    player = PLAYERS[name](rng if rng is not None else random.Random(seed))
    if isinstance(player, PerfectPlayer):
        player.time_limit = time_limit
    return player


def _legal(position: Position) -> list[Cell]:
    moves = list(position.legal_moves)
    if not moves:
        raise ValueError(f"no move to choose: the game is over ({position.outcome.status.value})")
    return moves
