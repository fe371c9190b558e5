"""The new-game screen: the board's size, k, who plays each side, one-key presets and the keypad.

It returns a ``NewGame`` (or None when the player goes back to the game in
progress). The board is checked by ``BoardSpec`` itself on every change, so
the rules live in one place and the explanation shown under the field is
the engine's own. The keypad layout is not part of a game's setup but a
preference; it sits here because this is where a player settles how they
want to play, and, like everything on the form, it takes effect on Start.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ...engine import MAX_SIDE, MIN_SIDE, BoardSpec, BoardSpecError
from ...game_setup import CONTROLLERS, GameSetup, check_controller
from ...gomocup.controllers import BRAIN_PREFIX, brain_problem, is_brain_controller
from ...settings import KeypadLayout
from ..geometry import plan_screen, too_small_message
from ..labels import KEYPAD_LABELS, controller_label
from ..presets import PRESETS

SIZE_FIELDS = ("width", "height", "k")
"""The board's fields, in the order ``BoardSpec`` takes them."""
SIDES = ("x", "o")
"""The players' fields."""
BRAIN = BRAIN_PREFIX
"""The players' menu entry for an external Gomocup brain, whose command goes in a field of its own."""


class Form(VerticalScroll, can_focus=False):
    """The form scrolls when the terminal is short, but is no stop of its own for Tab."""


class Field(Select[object], inherit_bindings=False):
    """A menu that opens on Enter or Space, so that Up and Down move between the fields, as in a form."""

    BINDINGS = [
        Binding("enter,space", "show_overlay", "Open", show=False),
        Binding("up", "app.focus_previous", "Previous field", show=False),
        Binding("down", "app.focus_next", "Next field", show=False),
    ]


def board_problem(width: int, height: int, k: int) -> tuple[str, str] | None:
    """``(field, explanation)`` when the three values make no board, else None.

    The explanation is ``BoardSpec``'s message; the field is the one that
    message is about, so it can be shown next to that field.
    """
    try:
        BoardSpec(width, height, k)
    except BoardSpecError as error:
        message = str(error)
        field = next((name for name in SIZE_FIELDS if message.startswith(name)), "k")
        return field, message
    return None


@dataclass(frozen=True, slots=True)
class NewGame:
    """What the new-game screen was left with: the game to start, and the keypad to play it with."""

    setup: GameSetup
    keypad: KeypadLayout = KeypadLayout.CALCULATOR


class NewGameScreen(Screen[NewGame | None]):
    """Choose a board, players and keypad; dismissed with a ``NewGame``, or None to go back."""

    AUTO_FOCUS = "#start"

    BINDINGS = [
        Binding("s", "start", "Start"),
        Binding("escape", "cancel", "Back"),
        Binding("up", "app.focus_previous", "Previous field", show=False),
        Binding("down", "app.focus_next", "Next field", show=False),
        *(Binding(preset.key, f"preset({index})", preset.name, show=False)
          for index, preset in enumerate(PRESETS)),
    ]

    def __init__(self, setup: GameSetup | None = None, *, keypad: KeypadLayout = KeypadLayout.CALCULATOR,
                 can_cancel: bool = False) -> None:
        super().__init__()
        self._initial = setup or GameSetup()
        self._keypad = keypad
        self._can_cancel = can_cancel

    def compose(self) -> ComposeResult:
        setup = self._initial
        sizes = [(str(n), n) for n in range(MIN_SIDE, MAX_SIDE + 1)]
        players: list[tuple[str, object]] = [(controller_label(name), name) for name in CONTROLLERS]
        players.append(("Gomocup brain…", BRAIN))
        with Form(id="new-game") as form:
            form.border_title = "New game"
            yield Label("Board", classes="heading")
            for field, label, value in (("width", "Width", setup.spec.width),
                                        ("height", "Height", setup.spec.height),
                                        ("k", "In a row (k)", setup.spec.k)):
                with Horizontal(classes="field"):
                    yield Label(label, classes="field-label")
                    yield Field(sizes, value=value, allow_blank=False, compact=True, id=field)
                yield Static(id=f"{field}-error", classes="field-error")
            yield Static(id="fit", classes="field-error")
            yield Label("Players", classes="heading")
            for field, label, controller in (("x", "X (moves first)", setup.x), ("o", "O", setup.o)):
                brain = is_brain_controller(controller)
                with Horizontal(classes="field"):
                    yield Label(label, classes="field-label")
                    yield Field(players, value=BRAIN if brain else controller, allow_blank=False,
                                compact=True, id=field)
                with Horizontal(classes="field brain", id=f"{field}-brain") as row:
                    row.display = brain
                    yield Label("  brain command", classes="field-label")
                    yield Input(controller.removeprefix(BRAIN) if brain else "", compact=True,
                                placeholder="pbrain-rapfi", id=f"{field}-command")
                yield Static(id=f"{field}-error", classes="field-error")
            with Horizontal(classes="field"):
                yield Label("Keypad (3x3)", classes="field-label")
                yield Field([(KEYPAD_LABELS[layout], layout) for layout in KeypadLayout],
                            value=self._keypad, allow_blank=False, compact=True, id="keypad")
            yield Label("Presets", classes="heading")
            with Grid(id="presets"):
                for index, preset in enumerate(PRESETS):
                    text = Content.assemble((preset.key, "bold $text-accent"), "  ", preset.name)
                    yield Button(text, id=f"preset-{index}", compact=True)
            with Horizontal(id="actions"):
                yield Button("Start", variant="primary", id="start")
                if self._can_cancel:
                    yield Button("Back", id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self._validate()

    # Reading and checking the fields

    def _number(self, field: str) -> int:
        value = self.query_one(f"#{field}", Select).value
        assert isinstance(value, int)
        return value

    def _controller(self, field: str) -> str:
        value = self.query_one(f"#{field}", Select).value
        assert isinstance(value, str)
        if value == BRAIN:
            return BRAIN + self.query_one(f"#{field}-command", Input).value.strip()
        return value

    def _player_problem(self, field: str) -> str | None:
        controller = self._controller(field)
        if controller == BRAIN:
            return "Type the brain's command, such as pbrain-rapfi or /path/to/pbrain-embryo."
        return brain_problem(controller) if is_brain_controller(controller) else None

    def chosen(self) -> GameSetup | None:
        """The setup the fields describe, or None while they describe no game that can be played."""
        width, height, k = (self._number(field) for field in SIZE_FIELDS)
        if board_problem(width, height, k) is not None or any(map(self._player_problem, SIDES)):
            return None
        return GameSetup(BoardSpec(width, height, k), check_controller(self._controller("x")),
                         check_controller(self._controller("o")))

    def keypad(self) -> KeypadLayout:
        """The keypad layout chosen."""
        value = self.query_one("#keypad", Select).value
        assert isinstance(value, KeypadLayout)
        return value

    @on(Select.Changed)
    @on(Input.Changed)
    def _validate(self) -> None:
        sizes = tuple(self._number(field) for field in SIZE_FIELDS)
        problem = board_problem(*sizes)
        for field in SIZE_FIELDS:
            self._explain(field, problem[1] if problem is not None and problem[0] == field else "")
        players_fine = True
        for field in SIDES:
            brain = self.query_one(f"#{field}", Select).value == BRAIN
            self.query_one(f"#{field}-brain").display = brain
            message = self._player_problem(field) or ""
            self._explain(field, message)
            players_fine = players_fine and not message
        self._warn_if_too_small(None if problem is not None else BoardSpec(*sizes))
        self.query_one("#start", Button).disabled = problem is not None or not players_fine

    def _explain(self, field: str, message: str) -> None:
        """Show ``message`` under ``field`` (nothing when it is empty) and mark the field."""
        error = self.query_one(f"#{field}-error", Static)
        error.update(message)
        error.display = bool(message)
        self.query_one(f"#{field}", Select).set_class(bool(message), "-invalid")

    def _warn_if_too_small(self, spec: BoardSpec | None) -> None:
        """Say before Start when the board will not fit this terminal (the game waits until it does)."""
        width, height = self.app.size
        fits = spec is None or plan_screen(spec, width, height).geometry is not None
        warning = self.query_one("#fit", Static)
        warning.update("" if fits or spec is None else too_small_message(spec, width, height))
        warning.display = not fits

    def on_resize(self, event: Resize) -> None:
        self._validate()

    # Actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return self._can_cancel
        return True

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Start the game the fields describe; a board that cannot be played is explained, not started."""
        setup = self.chosen()
        if setup is None:
            self.app.bell()
            self.notify("This game cannot be played: see the note under the fields.",
                        severity="error", timeout=3)
            return
        self.dismiss(NewGame(setup, self.keypad()))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Go back to the game in progress."""
        if self._can_cancel:
            self.dismiss(None)

    def action_preset(self, index: int) -> None:
        """Set the board fields to a preset (the players stay as chosen)."""
        spec = PRESETS[index].spec
        for field, value in zip(SIZE_FIELDS, (spec.width, spec.height, spec.k), strict=True):
            self.query_one(f"#{field}", Select).value = value

    @on(Button.Pressed, "#presets Button")
    def _preset_pressed(self, event: Button.Pressed) -> None:
        assert event.button.id is not None
        self.action_preset(int(event.button.id.removeprefix("preset-")))
