"""The game screen in the accessible mode: every change said in the status line, moves typed by name.

A screen reader or a braille display reads text where it changes and
follows the terminal's cursor. So in the accessible mode the status line
becomes the game's voice: it says each change in one short line (the words
come from ``announcements``, which knows nothing of the screen), the
terminal's cursor sits on the board's cursor cell, and a move can be typed
as a cell name then Enter from anywhere on the game screen. While a name is
being typed the letters are the name's, not keys: a single letter then
Enter does what that key does, so every key stays within reach.

The read-out keys (the cell and its neighbours, the last moves, whose turn,
the threats) work in every mode; outside the accessible mode they answer in
a notification.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from textual.events import Key
from textual.screen import Screen

from ....engine import Cell, NotationError, Position
from ....session.game import Game
from ....session.turns import Turns
from ...announcements import (
    analysis_words,
    board_threat_words,
    cell_words,
    change_words,
    new_game_words,
    recent_words,
    turn_words,
)
from ...labels import replay_text
from ...widgets.board import Board
from ...widgets.status import StatusLine
from .keys import turn_action
from .notices import Notices

TYPED_KEYS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
"""The keys that make up a typed cell name in the accessible mode."""


class Voice(Protocol):
    """What speech needs of the app: whether it is in the accessible mode, and the terminal's cursor."""

    @property
    def accessible(self) -> bool: ...

    def follow_focus(self, tries: int = ...) -> None:
        """Put the terminal's cursor on the focused widget's own cursor, in the accessible mode."""


class Speech:
    """What the game screen says in the accessible mode; the screen owns one and calls ``follow``."""

    def __init__(self, screen: Screen[None], turns: Turns, voice: Voice, notices: Notices,
                 play: Callable[[Cell], bool]) -> None:
        self._screen = screen
        """Where the status line and the board are, and the keys are read."""
        self._turns = turns
        self._voice = voice
        self._notices = notices
        self._play = play
        """Plays a cell for the person to move, or says why not (see ``GameScreen.play``)."""
        self.line = ""
        """The last thing said: the status line's text in the accessible mode."""
        self.typed = ""
        """The cell name (or key) typed so far, before Enter."""
        self._game: Game | None = None
        """The game last said, so that a new one is said as new."""
        self._heard: Position | None = None
        """The live position last said."""
        self._shown_ply: int | None = None
        self._analysis = ""

    @property
    def on(self) -> bool:
        """True in the accessible mode."""
        return self._voice.accessible

    @property
    def _board(self) -> Board:
        return self._screen.query_one(Board)

    def mount(self) -> None:
        """Follow the board's cursor: say the cell it reaches and put the terminal's cursor on it."""
        screen = self._screen
        screen.watch(self._board, "cursor", self._cursor_moved, init=False)
        screen.watch(self._board, "geometry", self._board_moved, init=False)
        self._notices.echo = self._echo

    def _cursor_moved(self) -> None:
        if self.on:
            self.read_cell()
            self._voice.follow_focus()

    def _board_moved(self) -> None:
        self._screen.call_after_refresh(self._voice.follow_focus)

    def _echo(self, message: str) -> None:
        if self.on:
            self.say(message)

    def say(self, words: str) -> None:
        """Put ``words`` in the status line (the accessible mode) or in a notification (otherwise)."""
        screen = self._screen
        if not self.on:
            self._notices.tell(words, title="Read out")
            return
        self.line = words
        if screen.is_mounted:
            status = screen.query_one(StatusLine)
            status.whole = True
            status.message = words

    def follow(self) -> None:
        """After every redraw: say what changed since the last time, and keep the status line saying it."""
        screen = self._screen
        if not self.on or not screen.is_mounted:
            self._game = None
            return
        game = self._turns.game
        position = game.position
        if game is not self._game or self._heard is None:
            self._game, self._heard, self._shown_ply, self._analysis = game, position, None, ""
            self.line = f"{new_game_words(position)}; {turn_words(game.setup, position)}"
        elif position != self._heard:
            # A move that ends the game says the end itself.
            turn = "" if position.is_over else f"; {turn_words(game.setup, position)}"
            self.line = f"{change_words(self._heard, position)}{turn}"
            self._heard = position
        if game.shown_ply != self._shown_ply:
            self._shown_ply = game.shown_ply
            shown = game.shown_position
            if game.shown_ply is None:
                self.line = f"Back to the game; {turn_words(game.setup, position)}"
            else:
                self.line = f"{replay_text(game.shown_ply, len(game.history.line))}; {recent_words(shown, 1)}"
        self._follow_analysis()
        status = screen.query_one(StatusLine)
        status.spinning = False  # A turning spinner would be read out again and again.
        status.whole = True
        status.message = f"Typed {self.typed}: Enter plays, Esc clears" if self.typed else self.line

    def _follow_analysis(self) -> None:
        annotations = self._board.annotations
        if not self._turns.analysing or not annotations:
            self._analysis = ""
            return
        shown = self._turns.game.shown_position
        words = analysis_words(shown, {cell: annotation.text for cell, annotation in annotations.items()})
        if words != self._analysis:
            self._analysis = words
            self.line = words

    # Keys

    def key(self, event: Key) -> None:
        """In the accessible mode, letters and digits type a cell name; Enter plays it, Esc clears it."""
        if not self.on:
            return
        character = event.character
        if character is not None and character in TYPED_KEYS:
            self.typed += character
        elif self.typed and event.key == "backspace":
            self.typed = self.typed[:-1]
        elif self.typed and event.key == "escape":
            self.typed = ""
            self.say("Cleared")
        elif self.typed and event.key == "enter":
            typed, self.typed = self.typed, ""
            self._submit(typed)
        else:
            return
        event.stop()
        event.prevent_default()
        self.follow()

    def _submit(self, typed: str) -> None:
        """Play the cell named, or do what a single key does, or say why neither."""
        spec = self._turns.game.position.spec
        try:
            cell = spec.parse_cell(typed)
        except NotationError as error:
            if len(typed) == 1:
                self._press(typed)
            else:
                self._screen.app.bell()
                self.say(f"{error}")
            return
        self._board.cursor = cell
        self._play(cell)

    def _press(self, key: str) -> None:
        screen = self._screen
        active = screen.active_bindings.get(key)
        if active is None:
            screen.app.bell()
            position = self._turns.game.position
            self.say(f"{key} is no key of the game: type a cell name such as "
                     f"{position.cell_name(position.spec.centre)}, then Enter")
            return
        if not active.enabled:
            screen.app.bell()
            why = self._turns.why_not(turn_action(active.binding.action))
            description = active.binding.description
            self.say(f"{key} ({description}) does nothing now" if why is None else why.text)
            return
        screen.call_later(screen.app.run_action, active.binding.action, active.node)

    # The read-out keys

    def read(self, what: str) -> None:
        """Say ``what`` on demand: the ``cell`` under the cursor, the last ``moves``, whose ``turn``, the
        ``threats``."""
        {"cell": self.read_cell, "moves": self.read_moves, "turn": self.read_turn,
         "threats": self.read_threats}[what]()

    def read_cell(self) -> None:
        """The cell under the cursor, what the analysis or the hint writes in it, and its neighbours."""
        board = self._board
        annotation = board.annotations.get(board.cursor)
        self.say(cell_words(self._turns.game.shown_position, board.cursor,
                            annotation.text if annotation else ""))

    def read_moves(self) -> None:
        """The last moves of the position shown."""
        self.say(recent_words(self._turns.game.shown_position))

    def read_turn(self) -> None:
        """Whose turn it is, or how the game ended."""
        game = self._turns.game
        words = turn_words(game.setup, game.position)
        self.say(words[:1].upper() + words[1:])

    def read_threats(self) -> None:
        """Every line one move from completion, and the forks of the side to move."""
        self.say(board_threat_words(self._turns.game.shown_position))
