"""The statistics dialog: the tallies against the computer and friends online, this session's score,
and a reset.

The screen only shows what it is given and reports the player's decision:
it dismisses with True when the player confirmed a reset and False when it
was simply closed. The app owns the statistics and the file, so it does the
reset (``tictactoe_tui.profile.statistics.reset_statistics``) in the callback, the
one place that already handles a failed save.
"""

from __future__ import annotations

from rich.console import JustifyMethod
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Static

from ...profile.statistics import SessionScore, Statistics, Tally
from .confirm import ConfirmScreen

_COLUMNS: tuple[tuple[str, JustifyMethod], ...] = (
    ("Board", "left"),
    ("Opponent", "left"),
    ("Played", "right"),
    ("Won", "right"),
    ("Drawn", "right"),
    ("Lost", "right"),
    ("Assisted", "right"),
    ("Unbeaten", "right"),
    ("Best", "right"),
)
"""Column headings and alignment; numbers line up on the right. "Unbeaten" is the current run of
games without a loss and "Best" the longest such run; "Assisted" counts the wins and draws earned
with hints or the analysis, which count apart (see ``tictactoe_tui.profile.statistics``)."""


def session_summary(score: SessionScore) -> str:
    """This session's score in one line."""
    if not score.played:
        return "This session: no games finished yet."
    draws = "1 draw" if score.draws == 1 else f"{score.draws} draws"
    wins = ", ".join(f"{name} won {count}" for name, count in score.wins.items())
    return f"This session: {wins}, {draws}."


def tally_cells(tally: Tally) -> tuple[int, ...]:
    """The numbers of one table row, in column order."""
    return (tally.played, tally.wins, tally.draws, tally.losses, tally.assisted, tally.streak,
            tally.best_streak)


def confirm_reset() -> ConfirmScreen:
    """The question asked before every tally against the computer is forgotten."""
    return ConfirmScreen("Reset statistics?",
                         "Every game against the computer will be forgotten. This cannot be undone.",
                         yes="Reset", no="Keep")


class StatisticsScreen(ModalScreen[bool]):
    """Statistics per board and opponent (a computer level, or a friend online), and the session's score.

    Dismisses with True when the player asked for, and confirmed, a reset.
    """

    DEFAULT_CSS = """
    StatisticsScreen {
        align: center middle;
    }
    StatisticsScreen > Vertical {
        width: auto;
        min-width: 60;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 1 2;
        border: thick $primary;
        border-title-color: $text;
        border-title-style: bold;
        background: $surface;
    }
    StatisticsScreen #statistics-session {
        margin-bottom: 1;
    }
    StatisticsScreen DataTable {
        width: auto;
        height: auto;
        max-height: 16;
        margin-bottom: 1;
    }
    StatisticsScreen #statistics-empty {
        color: $text-muted;
        margin-bottom: 1;
    }
    StatisticsScreen Horizontal {
        width: 100%;
        height: auto;
        align-horizontal: right;
    }
    StatisticsScreen Button {
        margin-left: 2;
    }
    """

    BINDINGS = [
        Binding("escape,q", "close", "Close"),
        Binding("r", "reset", "Reset statistics"),
    ]

    AUTO_FOCUS = "#statistics-close"

    def __init__(
        self,
        statistics: Statistics,
        session: SessionScore,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.statistics = statistics
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical() as dialog:
            dialog.border_title = "Statistics"
            yield Static(session_summary(self.session), id="statistics-session")
            if self.statistics:
                yield self._table()
            else:
                yield Static("No games against the computer yet: records start with the first one.",
                             id="statistics-empty")
            with Horizontal():
                yield Button("Reset (r)", variant="error", id="statistics-reset",
                             disabled=not self.statistics)
                yield Button("Close (esc)", variant="primary", id="statistics-close")

    def _table(self) -> DataTable[Text]:
        table: DataTable[Text] = DataTable(id="statistics-table", cursor_type="none", zebra_stripes=True)
        for heading, justify in _COLUMNS:
            table.add_column(Text(heading, justify=justify), key=heading)
        for spec, opponent, tally in self.statistics.rows():
            table.add_row(
                Text(str(spec)),
                Text(opponent),
                *(Text(str(count), justify="right") for count in tally_cells(tally)),
                key=f"{spec}/{opponent}",
            )
        return table

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Reset is shown but unavailable while there is nothing to forget."""
        if action == "reset" and not self.statistics:
            return None
        return True

    @on(Button.Pressed, "#statistics-close")
    def action_close(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#statistics-reset")
    def action_reset(self) -> None:
        self.app.push_screen(confirm_reset(), self._reset_answered)

    def _reset_answered(self, confirmed: bool | None) -> None:
        if confirmed:
            self.dismiss(True)
