"""What the app remembers about its player: settings, statistics and this session's score.

One object owns all three so that the screens ask it, rather than each
other, and every write to disk happens in one place. It has no Textual in
it: each method that touches a file returns the message to show the player
when something went wrong (None when all is well), and the screen that
called it decides how to show it. A profile that is not ``saved`` (a game
served to a browser, whose visitors are not the computer's user) keeps
everything in memory and touches no file.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import Mark, Outcome
from ..session.setup import GameSetup
from .settings import KeypadLayout, Settings, load_settings, save_settings
from .statistics import (
    Competitors,
    SessionScore,
    Statistics,
    competitors,
    count_game,
    load_statistics,
    reset_statistics,
    save_finished_game,
)


class Profile:
    """The settings and statistics read at start-up, kept in step with their files."""

    def __init__(self, settings: Settings | None = None, statistics: Statistics | None = None, *,
                 saved: bool = True) -> None:
        self.settings = settings or Settings()
        self.statistics = statistics or Statistics()
        self.session = SessionScore()
        """Games finished since the app started (never saved)."""
        self.saved = saved
        """False for a profile kept in memory only, from defaults."""

    @classmethod
    def load(cls, *, saved: bool = True) -> tuple[Profile, list[str]]:
        """The profile from disk and a message for each file that had to be repaired or set aside; the
        defaults, from no file, where it is not to be ``saved``."""
        if not saved:
            return cls(saved=False), []
        settings, settings_problem = load_settings()
        statistics, statistics_problem = load_statistics()
        problems = [message for message in (settings_problem, statistics_problem) if message]
        return cls(settings, statistics), problems

    # Settings

    def _remember(self, settings: Settings) -> str | None:
        if settings == self.settings:
            return None
        self.settings = settings
        return save_settings(settings) if self.saved else None

    def remember_setup(self, setup: GameSetup) -> str | None:
        """Make ``setup`` the one the new-game screen starts from next time."""
        return self._remember(replace(self.settings, setup=setup))

    def remember_theme(self, theme: str) -> str | None:
        """Start in ``theme`` next time."""
        return self._remember(replace(self.settings, theme=theme))

    def remember_keypad(self, keypad: KeypadLayout) -> str | None:
        """Map the digits 1-9 with ``keypad`` from now on."""
        return self._remember(replace(self.settings, keypad=keypad))

    def remember_accessible(self, accessible: bool) -> str | None:
        """Start in the accessible mode, or not, from now on."""
        return self._remember(replace(self.settings, accessible=accessible))

    # Statistics

    def count_game(self, setup: GameSetup, outcome: Outcome, names: Competitors | None = None, *,
                   assisted: bool = False, online: Mark | None = None,
                   in_statistics: bool = True) -> str | None:
        """Add a finished game to the session's score (between the players ``names`` gives, by default
        those ``competitors`` names) and, against the computer or a friend online (``online``: the
        side played here), to the statistics (``assisted``: won or drawn with the engine's help),
        unless it is kept out of them (``in_statistics`` false: it began from a record)."""
        self.session = self.session.add(outcome, competitors(setup) if names is None else names)
        if not in_statistics:
            return None
        if not self.saved:
            self.statistics = count_game(self.statistics, setup, outcome, assisted=assisted, online=online)
            return None
        self.statistics, problem = save_finished_game(setup, outcome, assisted=assisted, online=online)
        return problem

    def reload_statistics(self) -> str | None:
        """Read the statistics afresh, with the games other running copies of the game have added."""
        if not self.saved:
            return None
        self.statistics, problem = load_statistics()
        return problem

    def reset_statistics(self) -> str | None:
        """Forget every tally against the computer (the session's score stays)."""
        if not self.saved:
            self.statistics = Statistics()
            return None
        self.statistics, problem = reset_statistics()
        return problem
