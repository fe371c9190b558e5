"""The names of the computer's levels, weakest first, and how they fared against each other.

A module of its own so that what only needs the names (checking a game's
setup, the command line's help) does not load the players and their search.
The tournament's results are the one source of the table of levels that the
help screen shows and the README prints.
"""

from __future__ import annotations

from dataclasses import dataclass

PLAYER_NAMES: tuple[str, ...] = ("random", "easy", "medium", "hard", "perfect")
"""Every computer player by name, weakest first (``players.PLAYERS`` makes each one)."""

MEDIUM_SLIP = 0.25
"""How often the medium player overlooks a fork, its own or the opponent's, when there is one.

A person who has learnt the rules of Tic-Tac-Toe still misses a double threat now and then; a
medium player that never did could not be beaten on 3x3, and the first game is against it.
``bench/fallibility.py`` measures what this costs it: the first player's best play on 3x3
beats it in ``MEDIUM_BEATEN`` of the games."""

HARD_SLIP = 0.1
"""How often the hard player plays the medium player's move instead of its search's (which is the
perfect player's, with the same time a move: a shorter one made it weaker than medium on Gomoku
whenever the machine was busy)."""


MEDIUM_BEATEN = 0.25
"""The share of games on 3x3 that a first player who plays its best against medium wins, as
``bench/fallibility.py`` finds it (exactly, and over 1,000 seeded games)."""

TOURNAMENT_COMMAND = "bench/tournament.py --games 100 --time-limit 0.5"
"""How the results were measured: every pair of levels plays 100 games on each board, half with each
colour, and the perfect and hard players think up to 0.5 s a move where they cannot solve the board."""

TOURNAMENT_BOARDS: tuple[tuple[str, str], ...] = (
    ("3x3k3", "3x3 k=3"),
    ("4x4k4", "4x4 k=4"),
    ("7x7k4", "7x7 k=4"),
    ("15x15k5", "Gomoku 15x15"),
)
"""The boards of the tournament, each with the name its column goes by."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """A level against a weaker one: the stronger level's wins, draws and losses on each board."""

    level: str
    opponent: str
    results: tuple[tuple[int, int, int], ...]
    """Wins, draws and losses of ``level``, one triple a board of ``TOURNAMENT_BOARDS``."""


TOURNAMENT: tuple[Pairing, ...] = (
    Pairing("easy", "random", ((80, 13, 7), (61, 39, 0), (99, 0, 1), (100, 0, 0))),
    Pairing("medium", "random", ((95, 5, 0), (99, 1, 0), (100, 0, 0), (100, 0, 0))),
    Pairing("medium", "easy", ((31, 67, 2), (2, 98, 0), (100, 0, 0), (100, 0, 0))),
    Pairing("hard", "random", ((89, 11, 0), (66, 34, 0), (100, 0, 0), (100, 0, 0))),
    Pairing("hard", "easy", ((40, 60, 0), (10, 90, 0), (100, 0, 0), (100, 0, 0))),
    Pairing("hard", "medium", ((2, 98, 0), (0, 100, 0), (76, 0, 24), (98, 0, 2))),
    Pairing("perfect", "random", ((88, 12, 0), (64, 36, 0), (100, 0, 0), (100, 0, 0))),
    Pairing("perfect", "easy", ((49, 51, 0), (12, 88, 0), (100, 0, 0), (100, 0, 0))),
    Pairing("perfect", "medium", ((1, 99, 0), (0, 100, 0), (80, 0, 20), (100, 0, 0))),
    Pairing("perfect", "hard", ((0, 100, 0), (0, 100, 0), (52, 0, 48), (58, 2, 40))),
)
"""The results of ``TOURNAMENT_COMMAND``, a pairing of levels a row."""


def tournament_rows() -> tuple[tuple[str, ...], ...]:
    """The tournament as a table of text, the header first: each pairing, then its results board by board
    as the first-named level's wins-draws-losses."""
    header = ("pairing", *(name for _, name in TOURNAMENT_BOARDS))
    rows = tuple((f"{pairing.level} v {pairing.opponent}", *map(_score, pairing.results))
                 for pairing in TOURNAMENT)
    return (header, *rows)


def _score(result: tuple[int, int, int]) -> str:
    return "-".join(map(str, result))
