"""A small question over the board: which cell the cursor should go to, by its name (``h8``).

On a large board the arrows take many steps to cross it; a cell's name is
what the move list, the records and the hints already speak of. A name that
is not a cell of this board is answered with the engine's own message and
the input stays open, so a slip costs one correction, not the whole question.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from ...engine import BoardSpec, Cell, NotationError


class GoToCellScreen(ModalScreen[Cell | None]):
    """Dismisses with the cell named, or None on Esc."""

    DEFAULT_CSS = """
    GoToCellScreen {
        align: center middle;
    }
    GoToCellScreen #go-to-cell {
        width: 44;
        max-width: 100%;
        height: auto;
        padding: 0 1;
        border: round $primary;
        border-title-style: bold;
        background: $surface;
    }
    GoToCellScreen #go-to-cell-prompt {
        width: 100%;
    }
    GoToCellScreen #go-to-cell-error {
        display: none;
        color: $text-error;
    }
    GoToCellScreen #go-to-cell-error.-shown {
        display: block;
    }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, spec: BoardSpec) -> None:
        super().__init__()
        self.spec = spec

    def compose(self) -> ComposeResult:
        last = self.spec.cell_name(self.spec.cells - 1)
        with Vertical(id="go-to-cell") as box:
            box.border_title = "Go to cell"
            # As wide as the box, so that the whole prompt wraps onto its lines instead of being cut.
            yield Label(f"A cell name from a1 to {last}, then Enter (Esc: stay)", id="go-to-cell-prompt")
            yield Input(placeholder=self.spec.cell_name(self.spec.centre), id="go-to-cell-name")
            yield Label(id="go-to-cell-error")

    @on(Input.Submitted)
    def _go(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            cell = self.spec.parse_cell(event.value)
        except NotationError as error:
            message = self.query_one("#go-to-cell-error", Label)
            message.update(f"{error}.")
            message.add_class("-shown")
            return
        self.dismiss(cell)

    @on(Input.Changed)
    def _clear_error(self) -> None:
        self.query_one("#go-to-cell-error", Label).remove_class("-shown")

    def action_cancel(self) -> None:
        self.dismiss(None)
