"""Keeping score from the game screen: each finished game counted in the profile, and the statistics shown.

The profile (owned by the app) does the counting and the writing; this helper
tells the player when a file could not be used and keeps the scoreboard in
the side panel in step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine import Outcome
from ...widgets.scoreboard import Scoreboard
from ..statistics import StatisticsScreen

if TYPE_CHECKING:
    from .screen import GameScreen


class Scorekeeper:
    """Counts the game screen's finished games and opens the statistics; the screen owns one."""

    def __init__(self, screen: GameScreen) -> None:
        self._screen = screen

    def show_score(self) -> None:
        """Put this session's score on the scoreboard."""
        scoreboard = self._screen.query_one(Scoreboard)
        scoreboard.names = tuple(self._screen.game.competitors.values())
        scoreboard.score = self._screen.app.profile.session

    def count(self, outcome: Outcome | None) -> None:
        """Add a game that just ended (or was given up) to the session's score and the statistics."""
        if outcome is None:
            return
        screen = self._screen
        screen.app.report(screen.app.profile.count_game(screen.setup, outcome, screen.game.competitors,
                                                        assisted=screen.game.assisted))
        if screen.is_mounted:
            self.show_score()

    def show_statistics(self) -> None:
        """Show the record against the computer and this session's score, read afresh from disk."""
        app = self._screen.app
        app.report(app.profile.reload_statistics())
        app.push_screen(StatisticsScreen(app.profile.statistics, app.profile.session), self._closed)

    def _closed(self, reset: bool | None) -> None:
        if reset:
            app = self._screen.app
            problem = app.profile.reset_statistics()
            app.report(problem)
            if problem is None:
                app.notify("Every record against the computer is forgotten.", title="Statistics reset")
