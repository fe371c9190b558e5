"""The new-game screen: the board's size, k, who plays each side, one-key presets and the keypad.

It returns a ``NewGame`` (or None when the player goes back to the game in
progress); a saved game opened from here (``ctrl+o``) is a ``NewGame`` too,
with the position to start from, and so is a game against a friend on
another computer (``f``), hosted on the board chosen here or joined, with
its connection under way. The board is checked by ``BoardSpec`` itself on every change, so
the rules live in one place and the explanation shown under the field is
the engine's own. The keypad layout is not part of a game's setup but a
preference; it sits here because this is where a player settles how they
want to play, and, like everything on the form, it takes effect on Start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from ...engine import MAX_SIDE, MIN_SIDE, BoardSpec, BoardSpecError, Position
from ...gomocup.controllers import BRAIN_PREFIX, brain_problem
from ...profile.saved_games import SavedGame
from ...profile.settings import KeypadLayout
from ...session.setup import CONTROLLERS, HUMAN, Brain, Controller, GameSetup, without_brains
from ..geometry import plan_screen, too_small_message
from ..labels import KEYPAD_LABELS
from ..presets import PRESETS
from ..widgets.choice import Choice
from ..widgets.form_button import FormButton
from ..widgets.preset_list import PresetList
from .open_game import OpenGameScreen

if TYPE_CHECKING:
    from ...session.connection import Sitting

SIZE_FIELDS = ("width", "height", "k")
"""The board's fields, in the order ``BoardSpec`` takes them."""
SIDES = ("x", "o")
"""The players' fields."""
BRAIN = BRAIN_PREFIX
"""The players' menu entry for an external Gomocup brain, whose command goes in a field of its own."""


class Form(Vertical):
    """The form; it scrolls when the terminal is short (see the stylesheet), and is no stop for Tab."""


def board_problem(width: int, height: int, k: int) -> tuple[str, str] | None:
    """``(field, explanation)`` when the three values make no board, else None.

    The explanation is ``BoardSpec``'s message, and the field the one it names,
    so the explanation can be shown next to that field.
    """
    try:
        BoardSpec(width, height, k)
    except BoardSpecError as error:
        return error.field, str(error)
    return None


def playable_ends(sizes: tuple[int, ...], index: int) -> tuple[int, int]:
    """The least and the greatest value of the board's field ``index`` (in ``SIZE_FIELDS``) that make a
    board with the other two fields' ``sizes``: where Home and End take that field.

    >>> playable_ends((4, 3, 3), 2)
    (1, 4)
    >>> playable_ends((7, 3, 5), 1)
    (1, 26)
    >>> playable_ends((3, 3, 5), 0)
    (5, 26)
    """
    fits = [side for side in range(MIN_SIDE, MAX_SIDE + 1)
            if board_problem(*(side if field == index else size for field, size in enumerate(sizes))) is None]
    return (fits[0], fits[-1]) if fits else (MIN_SIDE, MAX_SIDE)


@dataclass(frozen=True, slots=True)
class NewGame:
    """What the new-game screen was left with: the game to start, and the keypad to play it with."""

    setup: GameSetup
    keypad: KeypadLayout = KeypadLayout.CALCULATOR
    start: Position | None = None
    """The position of a saved game opened, to play on from; None for the empty board."""
    online: Sitting | None = None
    """A game against a friend on another computer, under way: played on its own screen."""


class NewGameScreen(Screen[NewGame | None]):
    """Choose a board, players and keypad; dismissed with a ``NewGame``, or None to go back.

    Every field is one ``Choice`` widget (its menu is built only when opened), the presets are one
    widget, and a brain's command field and the warning that the board will not fit exist only while
    they are needed: the first screen is a dozen widgets to style, lay out and draw, not seventy.
    """

    AUTO_FOCUS = "#start"

    BINDINGS = [
        Binding("s", "start", "Start"),
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+o", "open_game", "Open game", show=False),
        Binding("f", "friend", "Friend online"),
        Binding("up", "app.focus_previous", "Previous field", show=False),
        Binding("down", "app.focus_next", "Next field", show=False),
        *(Binding(preset.key, f"preset({index})", preset.name, show=False)
          for index, preset in enumerate(PRESETS)),
    ]

    def __init__(self, setup: GameSetup | None = None, *, keypad: KeypadLayout = KeypadLayout.CALCULATOR,
                 can_cancel: bool = False, brains: bool = True, files: bool = True,
                 online: bool = True) -> None:
        super().__init__()
        self._online = online
        """False where no game may be hosted or joined (a game served to a browser: the server's network
        is not its visitors')."""
        self._files = files
        """False where no file may be read (a game served to a browser): no saved game is opened."""
        self._brains = brains
        """False where no external brain may play (a game served to a browser): none is offered."""
        initial = setup or GameSetup()
        self._initial = initial if brains else without_brains(initial)[0]
        self._keypad = keypad
        self._can_cancel = can_cancel
        self._commands = {field: "" for field in SIDES}
        """What was typed as each side's brain command, kept while its field comes and goes."""
        self._command_rows: dict[str, Horizontal] = {}
        """The brain command fields shown now, by side."""
        self._fit: Static | None = None
        """The warning that the board will not fit the terminal, while it is shown."""

    def compose(self) -> ComposeResult:
        setup = self._initial
        sizes = [(str(n), n) for n in range(MIN_SIDE, MAX_SIDE + 1)]
        players: list[tuple[str, object]] = [(controller.label, controller) for controller in CONTROLLERS]
        if self._brains:
            players.append(("Gomocup brain…", BRAIN))
        with Form(id="new-game") as form:
            form.border_title = "New game"
            yield Choice("Width", sizes, setup.spec.width, heading="Board", id="width")
            yield Choice("Height", sizes, setup.spec.height, id="height")
            yield Choice("In a row (k)", sizes, setup.spec.k, id="k")
            for field, label, heading, controller in (("x", "X (moves first)", "Players", setup.x),
                                                      ("o", "O", "", setup.o)):
                if not isinstance(controller, Brain):
                    yield Choice(label, players, controller, heading=heading, id=field)
                    continue
                yield Choice(label, players, BRAIN, heading=heading, id=field)
                self._commands[field] = controller.command
                yield self._command_row(field)
            if self._online:
                friend = FormButton("A friend on another computer… (f)", id="friend")
                yield Horizontal(Static("  or", classes="field-label"), friend, classes="field")
            yield Choice("Keypad (3x3)", [(KEYPAD_LABELS[layout], layout) for layout in KeypadLayout],
                         self._keypad, id="keypad")
            yield PresetList(PRESETS, heading="Presets", id="presets")
            start = FormButton("Start", id="start", classes="primary")
            if self._can_cancel:
                yield Horizontal(start, FormButton("Back", id="cancel"), id="actions")
            else:
                yield start
        yield Footer()

    def _command_row(self, field: str) -> Horizontal:
        """The field for the command of the brain that plays ``field``'s side, with what was typed there."""
        row = Horizontal(Static("  brain command", classes="field-label"),
                         Input(self._commands[field], compact=True, placeholder="pbrain-rapfi",
                               id=f"{field}-command"),
                         classes="field brain")
        self._command_rows[field] = row
        return row

    def on_mount(self) -> None:
        self._validate()

    # Reading and checking the fields

    def _choice(self, field: str) -> Choice[object]:
        return self.query_one(f"#{field}", Choice)

    def _number(self, field: str) -> int:
        value = self._choice(field).value
        assert isinstance(value, int)
        return value

    def _controller(self, field: str) -> Controller:
        """The controller chosen for ``field``'s side; for a brain, only once ``_player_problem`` has none."""
        value = self._choice(field).value
        if value == BRAIN:
            return Brain(self._commands[field].strip())
        assert isinstance(value, Controller)
        return value

    def _player_problem(self, field: str) -> str | None:
        if self._choice(field).value != BRAIN:
            return None
        if not self._brains:
            return "No Gomocup brain plays here: choose a person or a computer level."
        command = self._commands[field].strip()
        if not command:
            return "Type the brain's command, such as pbrain-rapfi or /path/to/pbrain-embryo."
        return brain_problem(BRAIN_PREFIX + command)

    def chosen(self) -> GameSetup | None:
        """The setup the fields describe, or None while they describe no game that can be played."""
        width, height, k = (self._number(field) for field in SIZE_FIELDS)
        if board_problem(width, height, k) is not None or any(map(self._player_problem, SIDES)):
            return None
        return GameSetup(BoardSpec(width, height, k), self._controller("x"), self._controller("o"))

    def keypad(self) -> KeypadLayout:
        """The keypad layout chosen."""
        value = self._choice("keypad").value
        assert isinstance(value, KeypadLayout)
        return value

    @on(Input.Changed, ".brain Input")
    def _command_typed(self, event: Input.Changed) -> None:
        assert event.input.id is not None
        self._commands[event.input.id.removesuffix("-command")] = event.value
        self._validate()

    @on(Choice.Changed)
    def _validate(self) -> None:
        sizes = tuple(self._number(field) for field in SIZE_FIELDS)
        problem = board_problem(*sizes)
        for index, field in enumerate(SIZE_FIELDS):
            choice = self._choice(field)
            choice.note = problem[1] if problem is not None and problem[0] == field else ""
            choice.ends = playable_ends(sizes, index)
        players_fine = True
        for field in SIDES:
            self._show_command(field, self._choice(field).value == BRAIN)
            message = self._player_problem(field) or ""
            self._choice(field).note = message
            players_fine = players_fine and not message
        self._warn_if_too_small(None if problem is not None else BoardSpec(*sizes))
        # The digits play on 3x3 only: their layout is asked only there, and the palette offers it only there.
        self._choice("keypad").display = sizes[:2] == (3, 3)
        self.query_one("#start", FormButton).disabled = problem is not None or not players_fine

    def _show_command(self, field: str, shown: bool) -> None:
        """Add the brain command field under a side a brain plays, and take it away when none does."""
        if shown and field not in self._command_rows:
            self.query_one(Form).mount(self._command_row(field), after=self._choice(field))
        elif not shown and field in self._command_rows:
            self._command_rows.pop(field).remove()

    def _warn_if_too_small(self, spec: BoardSpec | None) -> None:
        """Say before Start when the board will not fit this terminal (the game waits until it does)."""
        width, height = self.app.size
        fits = spec is None or plan_screen(spec, width, height).geometry is not None
        message = "" if fits or spec is None else too_small_message(spec, width, height, started=False)
        if message and self._fit is None:
            self._fit = Static(message, id="fit", classes="warning")
            self.query_one(Form).mount(self._fit, after=self._choice("k"))
        elif message and self._fit is not None:
            self._fit.update(message)
        elif not message and self._fit is not None:
            self._fit.remove()
            self._fit = None

    def on_resize(self, event: Resize) -> None:
        self._validate()

    # Actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return self._can_cancel
        if action == "open_game":
            return self._files
        if action == "friend":
            return self._online
        return True

    @on(FormButton.Pressed, "#start")
    def action_start(self) -> None:
        """Start the game the fields describe; a board that cannot be played is explained, not started."""
        setup = self.chosen()
        if setup is None:
            self.app.bell()
            self.notify("This game cannot be played: see the note under the fields.",
                        severity="error", timeout=3, markup=False)
            return
        self.dismiss(NewGame(setup, self.keypad()))

    @on(FormButton.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Go back to the game in progress."""
        if self._can_cancel:
            self.dismiss(None)

    def action_open_game(self) -> None:
        """Open a saved game instead of a new one: its board, players and moves."""
        if self._files:
            self.app.push_screen(OpenGameScreen(), self._opened)

    @on(FormButton.Pressed, "#friend")
    def action_friend(self) -> None:
        """Host a game on the board chosen here for a friend on another computer, or join theirs (not
        from a press queued before this screen was covered or closed)."""
        if not self._online or not self.is_active:
            return
        from .friend import FriendScreen  # The network loads only for a game online.

        spec = BoardSpec(*(self._number(field) for field in SIZE_FIELDS)) if self.chosen() else (
            self._initial.spec)
        self.app.push_screen(FriendScreen(spec), self._met)

    def _met(self, sitting: Sitting | None) -> None:
        if sitting is not None:
            setup = GameSetup(sitting.online.spec, HUMAN, HUMAN)
            self.dismiss(NewGame(setup, self.keypad(), online=sitting))

    def _opened(self, saved: SavedGame | None) -> None:
        if saved is not None:
            self.dismiss(NewGame(saved.setup, self.keypad(), saved.position))

    def action_preset(self, index: int) -> None:
        """Set the board fields to a preset (the players stay as chosen)."""
        spec = PRESETS[index].spec
        for field, value in zip(SIZE_FIELDS, (spec.width, spec.height, spec.k), strict=True):
            self._choice(field).value = value

    @on(PresetList.Chosen)
    def _preset_chosen(self, event: PresetList.Chosen) -> None:
        self.action_preset(event.index)
