"""A person's tally against the computer, kept across sessions, and the scoreboard of one session.

Statistics count only games of one person against one computer player, from
the person's point of view, per board and computer level: one ``Tally`` of
wins, draws and losses each, which a player wants to improve (a game's
*record* is something else: its moves, ``4x4k3: b2 a1``). Games between two
people at one keyboard are left out (neither side is "the player", so a win
for one is a loss for the other), as are games the computer plays against
itself; both still count on the session scoreboard, which is kept by mark
rather than by person. A game against a friend on another computer has a
player on each computer: each counts it, per board, against ``FRIEND_ONLINE``.

A streak is a run of games without a loss. On 3x3 the perfect player cannot
be beaten, so a winning streak against it would always read 0; not losing is
the achievement, and a draw keeps the streak alive.

The file is ``statistics.json`` in the user's data directory::

    {"version": 2, "tallies": [{"board": "3x3k3", "opponent": "perfect",
      "wins": 0, "draws": 12, "losses": 3, "streak": 5, "best_streak": 9}]}

An entry that is not valid is dropped and the others are kept (see
``storage.load``, which keeps the original file aside). Version 1 named the
list ``records``: such a file is read whole, and saved as version 2.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..directories import data_dir
from ..engine import PLAYER_NAMES, BoardSpec, GameError, Mark, Outcome
from ..engine.rules.inputs import quote
from ..session.setup import GameSetup, Level
from . import storage

STATISTICS_FILE = "statistics.json"
STATISTICS_VERSION = 2
"""Version 2 names the list of tallies ``tallies``; version 1, which is still read, named it ``records``."""


class Result(enum.Enum):
    """How a game ended for the person."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    ASSISTED = "assisted"
    """A win or a draw with hints or the analysis on: kept apart, since the engine helped to earn it
    (a loss with help is still a loss)."""


@dataclass(frozen=True, slots=True)
class Tally:
    """The games on one board against one opponent."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    streak: int = 0
    """Games in a row without a loss, up to the last one."""
    best_streak: int = 0
    """The longest such run ever."""
    assisted: int = 0
    """Wins and draws earned with the engine's help: neither wins nor draws, and no part of a run."""

    @property
    def played(self) -> int:
        """Every game counted."""
        return self.wins + self.draws + self.losses + self.assisted

    def add(self, result: Result) -> Tally:
        """This tally after one more game."""
        if result is Result.ASSISTED:
            return replace(self, assisted=self.assisted + 1)
        streak = 0 if result is Result.LOSS else self.streak + 1
        return Tally(
            wins=self.wins + (result is Result.WIN),
            draws=self.draws + (result is Result.DRAW),
            losses=self.losses + (result is Result.LOSS),
            streak=streak,
            best_streak=max(self.best_streak, streak),
            assisted=self.assisted,
        )


FRIEND_ONLINE = "online"
"""The opponent of the games against a friend on another computer, in the statistics."""
OPPONENTS = (*PLAYER_NAMES, FRIEND_ONLINE)
"""Every opponent a tally can be kept against: the computer's levels, and a friend online."""

StatisticsKey = tuple[BoardSpec, str]
"""A board and an opponent (one of ``OPPONENTS``)."""


@dataclass(frozen=True, slots=True)
class Statistics:
    """Every tally, by board and opponent. Never mutated: each game makes a new one."""

    tallies: Mapping[StatisticsKey, Tally] = field(default_factory=dict)

    def get(self, spec: BoardSpec, opponent: str) -> Tally:
        """The tally on ``spec`` against ``opponent`` (empty if never played)."""
        return self.tallies.get((spec, opponent), Tally())

    def rows(self) -> Iterator[tuple[BoardSpec, str, Tally]]:
        """Every tally, small boards first, then by computer level from weakest to strongest, then a
        friend online."""
        for spec, opponent in sorted(self.tallies, key=_order):
            yield spec, opponent, self.tallies[spec, opponent]

    def __bool__(self) -> bool:
        return bool(self.tallies)


def _order(key: StatisticsKey) -> tuple[int, int, int, int, str]:
    spec, opponent = key
    level = PLAYER_NAMES.index(opponent) if opponent in PLAYER_NAMES else len(PLAYER_NAMES)
    return spec.width * spec.height, spec.width, spec.k, level, opponent


def add_result(stats: Statistics, spec: BoardSpec, opponent: str, result: Result) -> Statistics:
    """``stats`` with one more game on ``spec`` against ``opponent``."""
    if opponent not in OPPONENTS:
        raise ValueError(f"{opponent!r} is no opponent of the statistics: choose one of "
                         f"{', '.join(OPPONENTS)}")
    tallies = dict(stats.tallies)
    tallies[spec, opponent] = stats.get(spec, opponent).add(result)
    return replace(stats, tallies=tallies)


def counted_game(setup: GameSetup, online: Mark | None = None) -> tuple[Mark, str] | None:
    """The person's mark and the opponent when ``setup`` is counted in statistics, else None.

    Statistics are kept per level: a game against an external brain counts in the session's score only.
    ``online`` is the side this player plays against a friend on another computer (the setup's other
    person), for a game counted against ``FRIEND_ONLINE``.
    """
    if online is not None:
        return online, FRIEND_ONLINE
    humans = [mark for mark in Mark if setup.is_human(mark)]
    if len(humans) != 1:
        return None
    human = humans[0]
    opponent = setup.controller(human.other)
    return (human, opponent.name) if isinstance(opponent, Level) else None


def result_for(outcome: Outcome, mark: Mark) -> Result:
    """How a finished game ended for the player of ``mark``."""
    if not outcome.is_over:
        raise ValueError("the game is not over yet")
    if outcome.winner is None:
        return Result.DRAW
    return Result.WIN if outcome.winner is mark else Result.LOSS


def count_game(stats: Statistics, setup: GameSetup, outcome: Outcome, *,
               assisted: bool = False, online: Mark | None = None) -> Statistics:
    """``stats`` after a finished game of ``setup``, won or drawn with help when ``assisted``, played
    as ``online`` against a friend on another computer when given; unchanged when the game is not counted."""
    counted = counted_game(setup, online)
    if counted is None:
        return stats
    human, opponent = counted
    result = result_for(outcome, human)
    if assisted and result is not Result.LOSS:
        result = Result.ASSISTED
    return add_result(stats, setup.spec, opponent, result)


YOU = "You"
"""The person playing the computer, in the session's score."""
COMPUTER = "Computer"
"""The computer a person plays, at whatever level, in the session's score."""
PEOPLE = ("Player 1", "Player 2")
"""Two people at one keyboard, in the session's score: Player 1 plays X until the sides are swapped."""

Competitors = Mapping[Mark, str]
"""Who plays each side, as the session's score names them (see ``competitors``)."""


def competitors(setup: GameSetup, first_person: Mark = Mark.X) -> dict[Mark, str]:
    """The names the session's score gives the players of ``setup``, whatever side each plays: you
    and the computer, the two people (``first_person`` is the side Player 1 plays), or two computers
    by level (by mark when both play at the same level). The person, or Player 1, comes first."""
    humans = [mark for mark in Mark if setup.is_human(mark)]
    if len(humans) == 1:
        return {humans[0]: YOU, humans[0].other: COMPUTER}
    if len(humans) == 2:
        return {first_person: PEOPLE[0], first_person.other: PEOPLE[1]}
    x, o = str(setup.x), str(setup.o)
    return {Mark.X: x, Mark.O: o} if x != o else {Mark.X: f"{x} as X", Mark.O: f"{o} as O"}


@dataclass(frozen=True, slots=True)
class SessionScore:
    """Games finished since the app started: each player's wins, by the name ``competitors`` gives
    it, so that a player who changes sides keeps the score, and the draws."""

    wins: Mapping[str, int] = field(default_factory=dict)
    """Wins by player, in the order the players first finished a game (0 for one who never won)."""
    draws: int = 0

    @property
    def played(self) -> int:
        """Every game finished this session."""
        return sum(self.wins.values()) + self.draws

    def add(self, outcome: Outcome, names: Competitors) -> SessionScore:
        """This score after one more finished game between the players ``names`` gives."""
        if not outcome.is_over:
            raise ValueError("the game is not over yet")
        wins = {**self.wins, **{name: self.wins.get(name, 0) for name in names.values()}}
        if outcome.winner is None:
            return SessionScore(wins, self.draws + 1)
        wins[names[outcome.winner]] += 1
        return SessionScore(wins, self.draws)


# The file


def statistics_path() -> Path:
    """The statistics file in the data directory (see ``directories.HOME_ENV``)."""
    return data_dir() / STATISTICS_FILE


def load_statistics(path: Path | None = None) -> tuple[Statistics, str | None]:
    """The saved statistics (empty on the first run) and a message for the player if the file was bad."""
    return storage.load(path or statistics_path(), STATISTICS_FORMAT)


def save_statistics(stats: Statistics, path: Path | None = None) -> str | None:
    """Save atomically; return a message for the player if it could not be written."""
    return storage.save(path or statistics_path(), STATISTICS_FORMAT, stats)


def save_finished_game(
    setup: GameSetup, outcome: Outcome, path: Path | None = None, *, assisted: bool = False,
    online: Mark | None = None,
) -> tuple[Statistics, str | None]:
    """Count a finished game in the statistics file; return the statistics now on disk and any message.

    The file is read afresh, changed and written back, rather than replaced by
    the app's copy from the start of the session: two games running at once
    (two terminals, or several browsers served by ``tictactoe-tui serve``)
    share one file, and each must add to the other's results, not undo them.
    A game that does not count (see ``counted_game``) leaves the file as it is.
    """
    stats, problem = load_statistics(path)
    updated = count_game(stats, setup, outcome, assisted=assisted, online=online)
    if updated is stats:
        return stats, problem
    failure = save_statistics(updated, path)
    messages = [message for message in (problem, failure) if message]
    return updated, " ".join(messages) or None


def reset_statistics(path: Path | None = None) -> tuple[Statistics, str | None]:
    """Forget every tally: save empty statistics and return them, with a message if saving failed."""
    empty = Statistics()
    return empty, save_statistics(empty, path)


TALLIES_KEY = "tallies"
"""The file's list of tallies, one for each board and opponent played."""
OLD_TALLIES_KEY = "records"
"""The name version 1 gave that list."""

_COUNTS = ("wins", "draws", "losses", "streak", "best_streak", "assisted")


def encode_statistics(stats: Statistics) -> dict[str, Any]:
    """The JSON object for ``stats`` (without the version, which ``storage`` adds)."""
    return {
        TALLIES_KEY: [
            {"board": str(spec), "opponent": opponent, **{name: getattr(tally, name) for name in _COUNTS}}
            for spec, opponent, tally in stats.rows()
        ]
    }


def decode_statistics(document: Mapping[str, Any]) -> tuple[Statistics, list[str]]:
    """Statistics from a JSON object; each invalid entry is dropped and noted."""
    problems: list[str] = []
    entries = storage.expect(document, TALLIES_KEY, list, problems, [])
    tallies: dict[StatisticsKey, Tally] = {}
    for number, entry in enumerate(entries, start=1):
        try:
            key, tally = _decode_entry(entry)
        except ValueError as error:
            problems.append(f"tally {number} was dropped ({error})")
            continue
        if key in tallies:
            problems.append(f"tally {number} was dropped (a second tally for {key[0]} against {key[1]})")
            continue
        tallies[key] = tally
    return Statistics(tallies), problems


def _from_version_1(document: Mapping[str, Any]) -> dict[str, Any]:
    """A version 1 document as version 2 writes it: its list ``records`` is ``tallies``, entry for entry."""
    upgraded = {key: value for key, value in document.items() if key != OLD_TALLIES_KEY}
    if OLD_TALLIES_KEY in document:
        upgraded[TALLIES_KEY] = document[OLD_TALLIES_KEY]
    return upgraded


def _decode_entry(entry: object) -> tuple[StatisticsKey, Tally]:
    if not isinstance(entry, dict):
        raise ValueError("it is not an object")
    board, opponent = entry.get("board"), entry.get("opponent")
    if not isinstance(board, str):
        raise ValueError(f"board {quote(board)} is not text")
    try:
        spec = BoardSpec.parse(board)
    except GameError as error:
        raise ValueError(str(error)) from None
    if opponent not in OPPONENTS:
        raise ValueError(f"opponent {quote(opponent)} is not one of {', '.join(OPPONENTS)}")
    counts: dict[str, int] = {}
    for name in _COUNTS:
        count = entry.get(name, 0)
        if type(count) is not int or count < 0:
            raise ValueError(f"{name} {quote(count)} is not a count")
        counts[name] = count
    tally = Tally(**counts)
    if tally.streak > tally.best_streak or tally.best_streak > tally.wins + tally.draws:
        raise ValueError("its streaks do not fit its games")
    return (spec, opponent), tally


STATISTICS_FORMAT: storage.FileFormat[Statistics] = storage.FileFormat(
    kind="statistics",
    version=STATISTICS_VERSION,
    default=Statistics,
    encode=encode_statistics,
    decode=decode_statistics,
    upgrades={1: _from_version_1},
)
