"""A friend on another computer: host a game for them, or join theirs with its address and join code.

Reached from the new-game screen (``f``), whose board a hosted game is played
on. The form checks what is typed as the command line does (a port, an
address, a code) and says what is wrong under the fields; then it starts
listening, or reaches the host and is let in, and only then dismisses with
the game and its connection (a ``Sitting``). A port in use, a host nobody
answers or a wrong code is said there too, and nothing else changes.
"""

from __future__ import annotations

from collections.abc import Awaitable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from ...engine import BoardSpec, Mark
from ...network.address import DEFAULT_PORT, EVERY_ADDRESS, AddressError, parse_address, parse_port
from ...network.code import CodeError, new_code, parse_code
from ...network.link import TIMING, Timing
from ...network.protocol import MAX_NAME_CHARS
from ...session.connection import Sitting, host_game, join_game
from ...session.names import login_name
from ..widgets.choice import Choice
from ..widgets.form_button import FormButton

HOST, JOIN = "host", "join"
"""The two ways to play a friend: host the game, or join theirs."""


class FriendScreen(Screen[Sitting | None]):
    """Host a game on ``spec`` or join one; dismissed with the game once it is under way, or None."""

    AUTO_FOCUS = "#role"

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (60, "-wide")]
    """A terminal under 60 columns gets the narrow form (see the stylesheet)."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("up", "app.focus_previous", "Previous field", show=False),
        Binding("down", "app.focus_next", "Next field", show=False),
    ]

    def __init__(self, spec: BoardSpec, *, port: int = DEFAULT_PORT, timing: Timing = TIMING) -> None:
        super().__init__()
        self._spec = spec
        self._port = port
        self._timing = timing

    def compose(self) -> ComposeResult:
        with Vertical(id="friend-form") as form:
            form.border_title = "A friend on another computer"
            yield Choice("Play", [("Host a game", HOST), ("Join a game", JOIN)], HOST, id="role")
            yield Static(f"  on the board {self._spec}, chosen on the new-game screen", id="friend-board",
                         classes="host-only")
            yield Choice("You play", [("X (moves first)", Mark.X), ("O", Mark.O)], Mark.X, id="side",
                         classes="host-only")
            yield self._field("Port", str(self._port), "7777", "port", "host-only")
            yield self._field("Address", "", "192.168.1.20:7777", "address", "join-only")
            yield self._field("Join code", "", "K7QM4-XD2PA", "code", "join-only")
            yield self._field("Your name", login_name()[:MAX_NAME_CHARS], "as your friend sees it", "name")
            yield Static(id="friend-note", markup=False)
            yield Horizontal(FormButton("Host", id="go", classes="primary"), FormButton("Back", id="back"),
                             id="actions")
        yield Footer()

    @staticmethod
    def _field(label: str, value: str, placeholder: str, field: str, classes: str = "") -> Horizontal:
        return Horizontal(Static(f"  {label}", classes="field-label"),
                          Input(value, compact=True, placeholder=placeholder, max_length=64, id=field),
                          classes=f"field {classes}")

    def on_mount(self) -> None:
        self._show_role()

    @property
    def role(self) -> str:
        value = self.query_one("#role", Choice).value
        assert isinstance(value, str)
        return value

    @on(Choice.Changed, "#role")
    def _show_role(self) -> None:
        hosting = self.role == HOST
        for widget in self.query(".host-only"):
            widget.display = hosting
        for widget in self.query(".join-only"):
            widget.display = not hosting
        self.query_one("#go", FormButton).label = "Host" if hosting else "Join"
        self.query_one("#go", FormButton).refresh(layout=True)
        self._say("")

    def _say(self, note: str, *, problem: bool = False) -> None:
        shown = self.query_one("#friend-note", Static)
        shown.update(note)
        shown.set_class(problem, "-problem")

    def _text(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value

    @on(Input.Submitted)
    @on(FormButton.Pressed, "#go")
    def action_go(self) -> None:
        """Host or join as the fields say, or say what is wrong with them."""
        go = self.query_one("#go", FormButton)
        if go.disabled:
            return
        starting: Awaitable[Sitting]
        try:
            if self.role == HOST:
                port = parse_port(self._text("port").strip())
                side = self.query_one("#side", Choice).value
                assert isinstance(side, Mark)
                starting = host_game(self._spec, side, new_code(), address=EVERY_ADDRESS, port=port,
                                     name=self._text("name"), timing=self._timing)
                self._say(f"Listening on port {port}…")
            else:
                host, port = parse_address(self._text("address"))
                code = parse_code(self._text("code"))
                starting = join_game(host, port, code, name=self._text("name"), timing=self._timing)
                self._say(f"Joining {host}:{port}…")
        except (AddressError, CodeError) as error:
            self.app.bell()
            self._say(str(error), problem=True)
            return
        go.disabled = True
        self.run_worker(self._start(starting), group="start", exclusive=True)

    async def _start(self, starting: Awaitable[Sitting]) -> None:
        try:
            sitting = await starting
        except OSError as error:
            self.app.bell()
            self._say(f"{error}.", problem=True)
            go = self.query_one("#go", FormButton)
            go.disabled = False
            go.focus()  # Where it was: Enter tries again once a field is mended.
            return
        self.dismiss(sitting)

    @on(FormButton.Pressed, "#back")
    def action_back(self) -> None:
        """Go back to the new-game screen; not while a game is being hosted or joined, which ends (in
        a game, or in a note saying why not) within the ten seconds a hello may take."""
        if self.query_one("#go", FormButton).disabled:
            self.app.bell()
            return
        self.dismiss(None)
