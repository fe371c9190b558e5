"""The Textual application: which screen comes first, the keys that work everywhere, the command palette.

The app reads the player's profile (settings and statistics) when it is
created, so the saved theme is on from the first frame, and owns it: the
screens read the settings from it and keep it up to date as games start and
end, and ``report`` tells the player when one of its files could not be
used. A settings or statistics file that could not be used has already been
moved aside and replaced by defaults when the app starts; the player is told
so in a notification, and nothing else is lost.

The app owns the engine's process (see ``engine_process``): the first
search starts it, so that it never delays the first screen, and quitting
kills it at once.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from platformdirs import user_downloads_path
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.events import Event, InputEvent, Key
from textual.geometry import Offset
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Input

from ..engine import Position
from ..engine.rules.inputs import quote
from ..profile.player import Profile
from ..profile.settings import DEFAULT_THEME, KeypadLayout
from ..session.engine_process import (
    EngineProcess,
    PlayerFactory,
    SolverFactory,
    default_players,
    default_solvers,
)
from ..session.setup import HUMAN, GameSetup, without_brains
from .labels import KEYPAD_LABELS
from .screens.help import HelpScreen
from .screens.new_game import NewGame, NewGameScreen
from .themes import HIGH_CONTRAST, register_themes

if TYPE_CHECKING:
    from ..session.connection import Sitting

LEFT_OUT_COMMANDS = frozenset({"Keys", "Maximize", "Minimize"})
"""Textual's own palette commands that fight this app's layout."""

REPORT_TIME = 10.0
"""Seconds a problem with the settings or statistics file stays on screen."""
STARTUP_REPORT_TIME = 15.0
"""The same for a problem found at start-up, when the player may not be looking yet."""

HELP = "help"
"""The name of the one help screen the app keeps, built the first time it is asked for."""

SHOW_CURSOR = "\x1b[?25h"
HIDE_CURSOR = "\x1b[?25l"
"""The terminal's own cursor shown and hidden: Textual hides it, the accessible mode shows it."""
FOCUS_TRIES = 5
"""Refreshes to wait for a focused widget to be laid out before the cursor is placed on it."""
ACCESSIBLE_THEME = HIGH_CONTRAST.name
"""The theme of the accessible mode where the player kept the default: colour-blind safe, high contrast."""

SERVED_KEYMAP = {"redo": "U"}
"""Keys a browser keeps for itself, moved: Ctrl+R would reload the page and end the game."""
SERVER_CHECK_SECONDS = 1.0
"""How often a served app looks for its server, so that it never outlives it."""


class TicTacToeApp(App[None]):
    """Tic-Tac-Toe and the m,n,k games.

    With neither ``setup`` nor ``start`` the new-game screen comes first,
    filled in with the last game's setup. With a ``setup`` that game starts at
    once; with ``start`` (a position read from a game record) the game opens
    at that position, between two people unless ``setup`` says otherwise.
    ``players`` makes the computer players and ``solvers`` the solver of each
    game's analyses and hints, both in the engine's process (so they must be
    picklable); ``pause`` is the least time a computer move takes. Tests seed
    the players, gate the solvers and shorten the pause.

    A ``served`` app runs for a visitor of ``tictactoe-tui serve``: it offers
    no external brain anywhere, plays a person instead of any brain a setup
    names, and its engine process refuses to start one, since a brain is a
    program started on the serving computer. Its settings and statistics are
    the visitor's own, kept in memory for as long as the page is open. It
    quits when its server goes, and moves redo off Ctrl+R, which reloads the
    page.

    With ``online`` (a game against a friend on another computer, its
    connection made by the command line) that game's screen comes first.

    In the ``accessible`` mode (the flag, or the player's setting) the
    terminal's own cursor is shown and kept on what the player works on (the
    board's cursor cell, the focused field of any other screen), where a
    braille display or a screen reader looks for it, and the game screen says
    every change in words (see ``screens/game/speech.py``). A theme left at
    the default becomes ``high-contrast``, whose colours stay apart for
    colour-blind players.
    """

    CSS_PATH = "tictactoe.tcss"
    TITLE = "tictactoe-tui"

    BINDINGS = [
        Binding("q", "quit", "Quit"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
    ]

    def __init__(self, setup: GameSetup | None = None, start: Position | None = None, *,
                 players: PlayerFactory = default_players, solvers: SolverFactory | None = None,
                 pause: float | None = None, served: bool = False, accessible: bool = False,
                 online: Sitting | None = None) -> None:
        super().__init__()
        self._online = online
        if start is not None and setup is None:
            setup = GameSetup(start.spec, HUMAN, HUMAN)
        if start is not None and setup is not None and setup.spec != start.spec:
            raise ValueError(f"the setup's board {setup.spec} is not the record's board {start.spec}")
        self.served = served
        """True when the app runs for a browser's page: see the class's docstring."""
        self._start = start
        self.engine = EngineProcess(players, solvers or default_solvers, brains=not served)
        """The process every search runs in, shared by the games of this app."""
        self._pause = pause
        self.profile, self._problems = Profile.load(saved=not served)
        """The player's settings and statistics: every screen reads them here, and writes them through it."""
        self._keys_given: WeakKeyDictionary[Key, Screen[object]] = WeakKeyDictionary()
        """The screen on top when each key still on its way through the widgets was given."""
        self._setup = None if setup is None else self._playable(setup)
        register_themes(self)
        self._accessible_flag = accessible
        saved = self.profile.settings.theme
        if self.accessible and saved == DEFAULT_THEME:
            saved = ACCESSIBLE_THEME
        if saved not in self.available_themes:
            self._problems.append(f"The settings name a theme this game does not have, {quote(saved)}: "
                                  f"the default theme, {DEFAULT_THEME}, is used.")
            saved = DEFAULT_THEME
        self.theme = saved

    def _playable(self, setup: GameSetup) -> GameSetup:
        """``setup`` as this app can play it: a served app has a person play a brain's side, and says so."""
        if not self.served:
            return setup
        setup, sides = without_brains(setup)
        if sides:
            names = " and ".join(str(mark.value) for mark in sides)
            self._problems.append(f"A game in the browser plays no Gomocup brain: a person plays {names}.")
        return setup

    def on_mount(self) -> None:
        if self.served:
            self.set_keymap(SERVED_KEYMAP)
            self._server = os.getppid()
            self.set_interval(SERVER_CHECK_SECONDS, self._check_server)
        self._show_terminal_cursor()
        for problem in self._problems:
            self.report(problem, timeout=STARTUP_REPORT_TIME)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self._online is not None:
            self.call_later(self.open_online, self._online)
        elif self._setup is None:
            # Pushed once the app runs: a screen pushed while the app starts is drawn, thrown away
            # and drawn again when the terminal reports its size, which delays the first screen.
            self.call_later(self._choose_first_game)
        else:
            self._open_game(self._setup, self._start)

    def _choose_first_game(self) -> None:
        """The new-game screen, filled in with the last game's setup, with no game to go back to."""
        settings = self.profile.settings
        setup = self._playable(settings.setup)
        first = NewGameScreen(setup, keypad=settings.keypad, brains=not self.served, files=not self.served,
                              online=not self.served)
        self.push_screen(first, self._first_game)

    @property
    def accessible(self) -> bool:
        """True in the accessible mode: asked for on the command line or in the settings."""
        return self._accessible_flag or self.profile.settings.accessible

    def _show_terminal_cursor(self) -> None:
        """Undo the driver's hiding of the cursor (``ESC [?25l``) in the accessible mode."""
        if self.accessible and self._driver is not None and not self.is_headless:
            self._driver.write(SHOW_CURSOR)

    def on_descendant_focus(self) -> None:
        self.call_after_refresh(self.follow_focus)

    def follow_focus(self, tries: int = FOCUS_TRIES) -> None:
        """In the accessible mode, put the terminal's cursor on the focused widget's own cursor.

        A widget with a ``terminal_cursor`` method (the board) says where; Textual's inputs place
        the cursor themselves; any other widget gets it on its first cell.
        """
        if not self.accessible:
            return
        focused = self.focused
        if focused is None or isinstance(focused, Input):
            return
        if not focused.content_region:
            # Focused before its screen was laid out: place the cursor once it has been.
            if tries > 1:
                self.call_after_refresh(self.follow_focus, tries - 1)
            return
        place: Callable[[], Offset | None] | None = getattr(focused, "terminal_cursor", None)
        offset = place() if place is not None else None
        self.cursor_position = offset if offset is not None else focused.content_region.offset

    def set_accessible(self, accessible: bool) -> None:
        """Switch the accessible mode in the settings (the command line's flag, if given, stays on)."""
        self.report(self.profile.remember_accessible(accessible))
        self._show_terminal_cursor()
        if not self.accessible and self._driver is not None and not self.is_headless:
            self._driver.write(HIDE_CURSOR)
        self.follow_focus()
        from .screens.game import GameScreen

        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.redraw()
        self.notify(f"Accessible mode {'on' if self.accessible else 'off'}.", title="Accessibility",
                    markup=False)

    def _check_server(self) -> None:
        """Quit once the server that started this app is gone (its child is then handed to another)."""
        if os.getppid() != self._server:
            self.quit_now()

    def _first_game(self, choice: NewGame | None) -> None:
        if choice is None:
            return
        self.use_keypad(choice.keypad)
        if choice.online is not None:
            self.open_online(choice.online)
        else:
            self._open_game(choice.setup, choice.start)

    def _open_game(self, setup: GameSetup, start: Position | None) -> None:
        # The game screen loads with the first game: about 50 ms of processor time the first screen,
        # the new-game form, does not pay (the help screen's import costs nothing measurable).
        from .screens.game import COMPUTER_PAUSE, GameScreen

        pause = COMPUTER_PAUSE if self._pause is None else self._pause
        self.push_screen(GameScreen(setup, start, engine=self.engine, host=self, pause=pause))

    def open_online(self, sitting: Sitting) -> None:
        """Play the game against a friend on another computer that ``sitting`` holds, on its own screen
        (over any game in progress here, which waits beneath it)."""
        from .screens.online import OnlineScreen

        self.push_screen(OnlineScreen(sitting, host=self))

    def leave_online(self) -> None:
        """The game online was left for a new one: its screen goes, and the new-game screen comes, over
        the game that waited beneath it if there was one."""
        from .screens.game import GameScreen

        self.pop_screen()
        if isinstance(self.screen, GameScreen):
            self.screen.action_new_game()
        else:
            self._choose_first_game()

    def _theme_changed(self, theme: Theme) -> None:
        self.report(self.profile.remember_theme(theme.name))

    def report(self, problem: str | None, *, timeout: float = REPORT_TIME) -> None:
        """Tell the player about a settings or statistics file that could not be read or written (the
        ``profile``'s methods return what to say); the game goes on."""
        if problem:
            self.notify(problem, title="Settings and statistics", severity="warning", timeout=timeout,
                        markup=False)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """Textual's screenshot (the palette's "Screenshot"), saved in the Downloads folder where there
        is one and in the current folder otherwise: Textual would fail there, saying only that it failed."""
        if path is None:
            downloads = user_downloads_path()
            path = str(downloads if downloads.is_dir() else Path.cwd())
        return super().deliver_screenshot(filename, path, time_format)

    async def action_quit(self) -> None:
        """Quit at once, whatever the computer is doing, after the screen of the game on screen has
        asked (if its game is in progress): ``q`` over any other screen, Ctrl+Q and the palette's
        Quit alike, so that no way out leaves a game against the computer uncounted."""
        from .screens.game import GameScreen
        from .screens.online import OnlineScreen

        games = [screen for screen in self.screen_stack if isinstance(screen, GameScreen | OnlineScreen)]
        if games:
            games[-1].action_quit()
        else:
            self.quit_now()

    def quit_now(self) -> None:
        """Quit at once: the engine's process is killed, not asked."""
        self.engine.close()
        self.exit()

    async def on_event(self, event: Event) -> None:
        if isinstance(event, InputEvent) and self.return_code is not None:
            return  # Quitting: keys and clicks given after the quit key (in one go with it) do nothing.
        if isinstance(event, Key) and not event.is_forwarded:
            self._keys_given[event] = self.screen
        elif isinstance(event, Key) and self._keys_given.get(event, self.screen) is not self.screen:
            # Back from the widgets of a screen that another has covered or closed since (the key came
            # in one go behind the key that did it): Textual would run it as a key of the screen on top
            # now, where it was not meant, and Enter would choose in a menu the player never saw.
            return
        await super().on_event(event)

    def on_unmount(self) -> None:
        self.engine.close()

    def action_help(self) -> None:
        """Show the keys, the rules and the levels."""
        if isinstance(self.screen, HelpScreen):
            return
        if not self.is_screen_installed(HELP):
            self.install_screen(HelpScreen(), HELP)
        self.push_screen(HELP)

    def use_keypad(self, keypad: KeypadLayout) -> None:
        """Map the digits 1-9 with ``keypad`` in every game, now and in later runs.

        The profile's settings hold the layout; the game screen hands it to its board whenever it redraws.
        """
        from .screens.game import GameScreen
        from .screens.online import OnlineScreen

        self.report(self.profile.remember_keypad(keypad))
        for screen in self.screen_stack:
            if isinstance(screen, (GameScreen, OnlineScreen)):
                screen.redraw()

    def _switch_keypad(self, keypad: KeypadLayout) -> None:
        self.use_keypad(keypad)
        self.notify(f"Digits 1-9 on 3x3: {KEYPAD_LABELS[keypad]}.", title="Keypad", markup=False)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        from .screens.game import GameScreen

        # Textual's "Keys" panel docks over the board without the board making room for it, and
        # "Maximize" hides the status line the game speaks through: the help screen and the layout do
        # their jobs here. Its "Quit" asks first here, as q does, and says so.
        for command in super().get_system_commands(screen):
            if command.title == "Quit":
                yield SystemCommand("Quit", "Quit the game (q); a game in progress asks first",
                                    command.callback)
            elif command.title not in LEFT_OUT_COMMANDS:
                yield command
        if isinstance(screen, GameScreen):
            yield SystemCommand("New game", "Choose the board and the players for a new game (n)",
                                screen.action_new_game)
            yield SystemCommand("Play again", "Restart this game with the same board and players (r)",
                                screen.action_restart)
            yield SystemCommand("Play again with sides swapped", "The same board, X's player now plays O (w)",
                                screen.action_swap_sides)
            yield SystemCommand("Statistics", "Your record against the computer, and this session's score "
                                "(s)", screen.action_statistics)
            yield SystemCommand("Analysis", "Show or hide the value of every empty cell (a)",
                                screen.action_analysis)
            yield SystemCommand("Copy game record", "Put this game's record on the clipboard (c)",
                                screen.action_copy_record)
            yield SystemCommand("Review", "Mark the moves of the finished game that gave away a proven "
                                "result (v)", screen.action_review)
            if not self.served:  # A served game's files would be the server's, not the visitor's.
                yield SystemCommand("Save game", "Save this game to a file (Ctrl+S)", screen.action_save_game)
                yield SystemCommand("Open game", "Open a saved game in place of this one (Ctrl+O)",
                                    screen.action_open_game)
            # The digits play on 3x3 only: there only is their layout offered, as on the new-game form.
            spec = screen.setup.spec
            if (spec.width, spec.height) == (3, 3):
                other = (KeypadLayout.PHONE if self.profile.settings.keypad is KeypadLayout.CALCULATOR
                         else KeypadLayout.CALCULATOR)
                yield SystemCommand(f"Keypad: {KEYPAD_LABELS[other]}",
                                    "How the digits 1-9 map onto the 3x3 board",
                                    lambda: self._switch_keypad(other))
        yield SystemCommand(f"Turn accessible mode {'off' if self.accessible else 'on'}",
                            "The terminal's cursor on the board, every change in words, moves typed by name",
                            lambda: self.set_accessible(not self.profile.settings.accessible))
        # Textual's own "Theme" command lists the themes only once opened: typing "high" must find ours.
        yield SystemCommand("High-contrast theme", "White on black, in colours that stay distinct for "
                            "colour-blind players", lambda: setattr(self, "theme", HIGH_CONTRAST.name))
        yield SystemCommand("Help", "Keys, rules and the computer's levels", self.action_help)
