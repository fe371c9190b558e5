"""The layout the game screens share: the board, with the side panel beside it, sized to the terminal.

Both the game screen and the online game's screen show a board in the middle
of the terminal and a side panel of ``SIDE_PANEL_WIDTH`` columns; on every
resize ``fit`` asks ``plan_screen`` how large the board can be drawn, hides
the side panel where it does not fit, and where even the board does not fit,
says how large the terminal must be, taking the keys away from the board
nobody can see. The board is held where it is centred over a one-row status
line: a status line that grows (the end of a game, wrapped in a narrow
terminal) fills the blank rows under the board before it moves the board.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ...engine import Position
from ..geometry import CHROME_HEIGHT, SIDE_PANEL_WIDTH, plan_screen, rows_above, too_small_message
from ..widgets.board import Board
from ..widgets.status import StatusLine


def board_and_panel(position: Position, size: Size, panel: Iterable[Widget]) -> ComposeResult:
    """The board showing ``position`` in a terminal of ``size``, and the side panel holding ``panel``."""
    plan = plan_screen(position.spec, size.width, size.height)
    with Horizontal(id="main"):
        with Container(id="board-area"):
            yield Board(position, plan.geometry, id="board")
            yield Static(id="too-small")
        with Vertical(id="side") as side:
            side.styles.width = SIDE_PANEL_WIDTH  # The width the layout plans with, in one place.
            yield from panel


def fit(screen: Screen[None], shown: Position, size: Size) -> None:
    """Size the board of ``screen`` to a terminal of ``size`` and show ``shown`` on it, or say how large
    the terminal must be."""
    if not screen.is_mounted:
        return
    spec = shown.spec
    plan = plan_screen(spec, size.width, size.height)
    board = screen.query_one("#board", Board)
    too_small = screen.query_one("#too-small", Static)
    area = screen.query_one("#board-area")
    screen.query_one("#side").display = plan.side_panel
    # The status line wraps in a narrow terminal: it makes way for the message that says what to do.
    screen.set_class(plan.geometry is None, "-too-small")
    if plan.geometry is None:
        too_small.update(too_small_message(spec, size.width, size.height))
        area.styles.max_height = None  # The message is centred in all the room there is.
        too_small.display = True
        if screen.focused is board:
            screen.set_focus(None)  # Keys must not play on a board nobody can see.
        board.display = False
        return
    too_small.display = False
    # The board stands at the foot of an area as tall as the board and the rows above it, where it is
    # centred over a one-row status line: a status line that grows (the end of the game, wrapped) takes
    # the rows below the board first, and moves the board up only by the rows it needs past them.
    area.styles.max_height = rows_above(plan.geometry, size.height) + plan.geometry.height
    # The status line's own row, and those the board leaves.
    screen.query_one("#status", StatusLine).room = size.height - CHROME_HEIGHT + 1 - plan.geometry.height
    refocus = not board.display
    board.display = True
    # The geometry is for this position's board: set both together.
    board.position = shown
    board.geometry = plan.geometry
    if refocus:
        board.focus()
