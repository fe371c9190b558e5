"""Keeping score from the game screen: each finished game counted in the profile, and the statistics shown.

The profile (owned by the app) does the counting and the writing; this helper
tells the player when a file could not be used and keeps the scoreboard in
the side panel in step.
"""

from __future__ import annotations

from typing import Protocol

from textual.screen import Screen

from ....engine import Outcome
from ....profile.player import Profile
from ....session.turns import Turns
from ...widgets.scoreboard import Scoreboard
from ..statistics import StatisticsScreen


class Records(Protocol):
    """Where the score is kept: the player's profile, and the app's word on a file it could not use."""

    @property
    def profile(self) -> Profile: ...

    def report(self, problem: str | None, *, timeout: float = ...) -> None: ...


class Scorekeeper:
    """Counts the game screen's finished games and opens the statistics; the screen owns one."""

    def __init__(self, screen: Screen[None], turns: Turns, records: Records) -> None:
        self._screen = screen
        self._turns = turns
        self._records = records

    def show_score(self) -> None:
        """Put this session's score on the scoreboard."""
        scoreboard = self._screen.query_one(Scoreboard)
        scoreboard.names = tuple(self._turns.game.competitors.values())
        scoreboard.score = self._records.profile.session

    def count(self, outcome: Outcome | None) -> None:
        """Add a game that just ended (or was given up) to the session's score and the statistics."""
        if outcome is None:
            return
        game, records = self._turns.game, self._records
        records.report(records.profile.count_game(game.setup, outcome, game.competitors,
                                                  assisted=game.assisted, in_statistics=game.in_statistics))
        if self._screen.is_mounted:
            self.show_score()

    def show_statistics(self) -> None:
        """Show the record against the computer and this session's score, read afresh from disk."""
        records = self._records
        profile = records.profile
        records.report(profile.reload_statistics())
        self._screen.app.push_screen(StatisticsScreen(profile.statistics, profile.session), self._closed)

    def _closed(self, reset: bool | None) -> None:
        if reset:
            problem = self._records.profile.reset_statistics()
            self._records.report(problem)
            if problem is None:
                self._screen.app.notify("Every record against the computer is forgotten.",
                                        title="Statistics reset", markup=False)
