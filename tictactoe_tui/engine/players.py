"""The computer players, from a random mover to the solver, selectable by name.

A player is a function of the position alone (plus an injected ``random.Random``
where it uses chance), so a game between two seeded players replays exactly.
The levels differ in what they notice: ``easy`` sees wins and blocks one move
ahead, ``medium`` also forks and the forks it must stop (but overlooks them now
and then, as people do), ``hard`` searches but slips now and then, ``perfect``
searches.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .levels import HARD_SLIP, MEDIUM_SLIP, PLAYER_NAMES
from .rules.lines import win_lines
from .rules.position import Position
from .rules.scans import forced_replies, fork_cells, sides, winning_cells
from .rules.spec import Cell
from .solver import SearchResult, Solver, Value

DEFAULT_TIME_LIMIT = 1.0
"""Seconds the perfect player may think about one move."""


class Player(Protocol):
    """Anything that picks a legal move for the side to move."""

    name: str

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        """A legal move in ``position``; ``stop``, once set, asks for an answer at once."""
        ...


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
        legal = _legal(position)
        return self.rng.choice(forced_replies(position) or legal)


@dataclass
class MediumPlayer:
    """The classic rule player (win, block, fork, block the fork, then the busiest cell).

    "Centre, opposite corner, corner, side" generalises to preferring the cell
    that lies on the most lines either side can still win, which on 3x3 ranks
    the centre first, corners next and sides last, on any board.
    """

    rng: random.Random = field(default_factory=random.Random)
    slip: float = MEDIUM_SLIP
    """How often it overlooks the forks on the board (see ``MEDIUM_SLIP``); 0 never does."""
    name: str = "medium"

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        options = self.options(position)
        cells = options[0][1]
        if len(options) > 1 and self.rng.random() >= options[0][0]:
            cells = options[1][1]
        return self.rng.choice(cells)

    def options(self, position: Position) -> tuple[tuple[float, tuple[Cell, ...]], ...]:
        """What it may play, as (probability, cells it picks among at random) pairs.

        Stated apart from ``choose`` so that its chances of each move can be known exactly, as
        ``bench/fallibility.py`` needs to find the opponent's best play against it.
        """
        legal = _legal(position)
        forced = forced_replies(position)
        if forced:
            return ((1.0, tuple(forced)),)
        spec = position.spec
        mine, theirs = sides(position)
        forks = fork_cells(spec, mine, theirs)
        their_forks = fork_cells(spec, theirs, mine)
        careful = tuple(self._careful(position, legal, forks, their_forks))
        if (forks or their_forks) and self.slip > 0:
            # An immediate win or block is never missed; a fork, made or threatened, sometimes is.
            return ((self.slip, tuple(_busiest(position, legal, mine, theirs))), (1 - self.slip, careful))
        return ((1.0, careful),)

    @staticmethod
    def _careful(position: Position, legal: list[Cell], forks: Sequence[Cell],
                 their_forks: Sequence[Cell]) -> list[Cell]:
        """The cells the rules pick, forks seen: make one, else stop the opponent's, else the busiest."""
        spec = position.spec
        mine, theirs = sides(position)
        if forks:
            return _busiest(position, forks, mine, theirs)
        if len(their_forks) == 1:
            return list(their_forks)
        if their_forks:
            # Two fork cells cannot both be filled; a threat can instead force a reply, as long
            # as that reply is not itself one of the opponent's forks.
            forcing = [cell for cell in legal
                       if (replies := winning_cells(spec, mine | 1 << cell, theirs))
                       and not set(replies) & set(their_forks)]
            return _busiest(position, forcing or their_forks, mine, theirs)
        return _busiest(position, legal, mine, theirs)


def _busiest(position: Position, cells: Sequence[Cell], mine: int, theirs: int) -> list[Cell]:
    """The cells with the greatest weight of lines still open through them, nearest the centre.

    A line counts for its owner's marks twice as much as for the opponent's: with equal
    prospects, building beats blocking. On a big board many cells lie on equally many lines;
    the central ones leave the most room to build on later.
    """
    spec = position.spec
    lines = win_lines(spec)
    scores: dict[Cell, tuple[int, int]] = {}
    for cell in cells:
        score = 0
        for mask in lines.through[cell]:
            if not mask & theirs:
                score += 1 + 2 * (mask & mine).bit_count()
            if not mask & mine:
                score += 1 + (mask & theirs).bit_count()
        scores[cell] = (score, -spec.off_centre(cell))
    top = max(scores.values())
    return [cell for cell, score in scores.items() if score == top]


@dataclass
class PerfectPlayer:
    """The solver: perfect wherever it can finish, the best move found in time elsewhere.

    With an ``rng`` it picks at random among the moves the solver rates equally best, so
    that games against it vary; without one it always plays the first.
    """

    rng: random.Random | None = None
    time_limit: float = DEFAULT_TIME_LIMIT
    name: str = "perfect"
    solver: Solver = field(default_factory=Solver, repr=False, compare=False)
    """Kept for the player's whole game, so each reply starts from what earlier moves proved."""

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        _legal(position)
        return pick(position, self.solver.solve(position, time_limit=self.time_limit, stop=stop), self.rng)


def pick(position: Position, result: SearchResult, rng: random.Random | None) -> Cell:
    """The move to play from a solver's answer: one of its best moves, at random with ``rng``, else
    the first."""
    best: Sequence[Cell] = result.best_moves
    if result.value is Value.LOSS:
        # Lost whatever it plays, and often as fast: it still blocks what would win next, as a person
        # would, so the opponent has to find the win and may not.
        blocks = set(forced_replies(position))
        best = [cell for cell in best if cell in blocks] or best
    return rng.choice(best) if rng is not None else best[0]


@dataclass
class HardPlayer:
    """The solver with a person's lapses: most moves are the perfect player's, a ``slip`` of them the
    medium player's, wherever the board can be solved or not.

    A medium move is often as good as the search's, so the slips cost less than their rate; on
    small boards they are what lets a careful opponent win now and then.
    """

    rng: random.Random = field(default_factory=random.Random)
    time_limit: float = DEFAULT_TIME_LIMIT
    slip: float = HARD_SLIP
    name: str = "hard"
    search: PerfectPlayer = field(init=False, repr=False, compare=False)
    lapse: MediumPlayer = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.search = PerfectPlayer(self.rng, self.time_limit)
        self.lapse = MediumPlayer(self.rng)

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        _legal(position)
        if self.rng.random() < self.slip:
            return self.lapse.choose(position, stop)
        return self.search.choose(position, stop)


PLAYERS: dict[str, Callable[[random.Random, float], Player]] = {
    "random": lambda rng, _: RandomPlayer(rng),
    "easy": lambda rng, _: EasyPlayer(rng),
    "medium": lambda rng, _: MediumPlayer(rng),
    "hard": lambda rng, time_limit: HardPlayer(rng, time_limit),
    "perfect": lambda rng, time_limit: PerfectPlayer(rng, time_limit),
}
"""Every computer player by name, weakest first, made from a random source and a time limit."""

assert tuple(PLAYERS) == PLAYER_NAMES, "every level named in levels.py, and only those, has a player"


def make_player(name: str, *, rng: random.Random | None = None, seed: int | None = None,
                time_limit: float = DEFAULT_TIME_LIMIT) -> Player:
    """The player called ``name``, drawing on ``rng`` (or a new one seeded with ``seed``)."""
    if name not in PLAYERS:
        raise ValueError(f"no player called {name!r}: choose one of {', '.join(PLAYER_NAMES)}")
    return PLAYERS[name](rng if rng is not None else random.Random(seed), time_limit)


def _legal(position: Position) -> list[Cell]:
    position.require_a_move()
    return list(position.legal_moves)
