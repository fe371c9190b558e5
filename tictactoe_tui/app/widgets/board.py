"""The board: a grid of cells with column letters and row numbers, and a keyboard cursor.

The board holds no game of its own. The game screen sets ``position`` (and
the ``geometry`` that fits the terminal) and listens for ``Board.Played``;
whether a move is legal, and whose turn it is, is the screen's business.
That keeps one source of truth for the game and lets the same board show
any position, such as one from an analysis or a replay.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal
from textual.content import Content
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import reactive
from textual.theme import Theme
from textual.widget import Widget
from textual.widgets import Static

from ...engine import BoardSpec, Cell, Position
from ...profile.settings import KeypadLayout
from ..annotations import NO_ANNOTATIONS, Annotations
from ..geometry import Geometry, Glyph, without_shades
from .cell import BoardCell

KEYPAD = Binding.Group("Play keypad", compact=True)
"""The nine digit keys, one entry wherever keys are listed."""

DIGITS_ON_3X3_ONLY = "Digits play on 3x3 only; move with the arrows and Enter, or g to go to a cell"

TILES_VARIABLE = "board-tiles"
"""A theme variable: ``bold`` asks for a larger step between the board's tiles than the usual one."""


class Board(Widget, can_focus=True):
    """A board that shows ``position`` and posts ``Board.Played`` when a person picks a cell."""

    DEFAULT_CSS = """
    Board {
        layout: vertical;
        width: auto;
        height: auto;
        background: $surface;
        & > #rows { width: auto; height: auto; }
        & #row-labels { width: auto; color: $text-muted; }
        & #column-labels { width: auto; height: 1; color: $text-muted; }
        & #cells { layout: grid; width: auto; height: auto; }
        &.-lines #cells { keyline: thin $foreground 50%; }

        & BoardCell {
            background: $surface;
            color: $text-muted;
        }
        /* Tiles: every other cell a step towards the theme's own foreground, so the step is there in every
           theme, even where $panel equals $surface; a theme that asks for bold tiles (high-contrast) gets
           a larger step. The cursor lightens whichever tile it is on. */
        & BoardCell.-shade { background: $foreground 15%; }
        &.-bold-tiles BoardCell.-shade { background: $foreground 22%; }
        & BoardCell.-x { color: $text-accent; text-style: bold; }
        & BoardCell.-x:light { color: $text-error; }
        & BoardCell.-o { color: $text-primary; text-style: bold; }
        &.-small BoardCell.-last { text-style: bold reverse; }
        & BoardCell.-cursor { background: $foreground 12%; }
        & BoardCell.-shade.-cursor { background: $foreground 27%; }
        &.-bold-tiles BoardCell.-shade.-cursor { background: $foreground 34%; }
        &.-active BoardCell.-empty:hover { background: $primary 35%; }
        /* The winning line overrides the marks' colours, including the light themes' ones. */
        & BoardCell.-win, & BoardCell.-win:light {
            background: $text-success;
            color: auto;
            text-style: bold;
        }

        /* Annotations: the text says it all (+N, =, -N, ~S, hint); colour only helps. The strengths of
           unsolved moves go from bright to faint, so the few strong ones stand out of the crowd. */
        & BoardCell.-annotation-win { color: $text-success; text-style: bold; }
        & BoardCell.-annotation-draw { color: $text-warning; }
        & BoardCell.-annotation-loss { color: $text-error; }
        & BoardCell.-annotation-strong { color: $text; text-style: bold; }
        & BoardCell.-annotation-fair { color: $text-muted; }
        & BoardCell.-annotation-weak { color: $text-disabled; }
        & BoardCell.-annotation-pending { color: $text-disabled; }
        & BoardCell.-annotation-hint { background: $accent 40%; color: $text; text-style: bold; }

        /* Without colour (NO_COLOR), what colour marked is marked by reversing the cell. */
        & BoardCell.-win:nocolor, & BoardCell.-annotation-hint:nocolor { text-style: bold reverse; }
    }
    """

    BINDINGS = [
        Binding("up,k", "move_cursor(0, 1)", "Up", show=False),
        Binding("down,j", "move_cursor(0, -1)", "Down", show=False),
        Binding("left,h", "move_cursor(-1, 0)", "Left", show=False),
        Binding("right,l", "move_cursor(1, 0)", "Right", show=False),
        Binding("home", "cursor_edge(-1, 0)", "First column", show=False),
        Binding("end", "cursor_edge(1, 0)", "Last column", show=False),
        Binding("pageup", "cursor_edge(0, 1)", "Top row", show=False),
        Binding("pagedown", "cursor_edge(0, -1)", "Bottom row", show=False),
        Binding("g", "go_to_cell", "Go to cell", show=False),
        Binding("enter,space", "play_cursor", "Play", key_display="⏎"),
        *(Binding(str(digit), f"play_keypad({digit})", f"Play keypad {digit}", show=False, group=KEYPAD)
          for digit in range(1, 10)),
    ]

    position: reactive[Position] = reactive(Position.empty(BoardSpec(3, 3, 3)), init=False)
    """The position shown."""
    geometry: reactive[Geometry | None] = reactive(None, init=False)
    """The cell size and lines to draw with (None until the screen has measured the terminal)."""
    cursor: reactive[Cell] = reactive(0, init=False)
    """The cell the keyboard plays at."""
    active = reactive(False, toggle_class="-active")
    playable: reactive[bool] = reactive(True, init=False)
    """False when no person plays this game: Enter and Space are then left out of the keys shown."""
    """True while a person may move, so empty cells light up under the mouse."""
    annotations: reactive[Annotations] = reactive(NO_ANNOTATIONS, init=False)
    """What the analysis and the hint write in the empty cells."""
    keypad: reactive[KeypadLayout] = reactive(KeypadLayout.CALCULATOR, init=False)
    """How the digits 1-9 map onto a 3x3 board (the game screen hands on the player's setting)."""

    class Played(Message):
        """A person chose ``cell``, by mouse or keyboard; the move may still be refused."""

        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    class Refused(Message):
        """A key the board takes did nothing: ``why`` is for the player, wherever the screen shows notices."""

        def __init__(self, why: str) -> None:
            super().__init__()
            self.why = why

    def __init__(self, position: Position, geometry: Geometry | None = None, *,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(Board.position, position)
        self.set_reactive(Board.geometry, geometry)
        self.set_reactive(Board.cursor, position.spec.centre)
        self._cells: dict[Cell, BoardCell] = {}
        self._digits_told: BoardSpec | None = None
        self._shades = True
        """Whether the terminal shows the tiles' shades; set from the theme once mounted."""
        self._grid = Container(id="cells")
        self._row_labels = Static(id="row-labels")
        self._column_labels = Static(id="column-labels")

    def compose(self) -> ComposeResult:
        """The cells of the current board, drawn at once with the current geometry and position."""
        spec = self.position.spec
        self._cells = {
            cell: BoardCell(cell, shade=(col + row) % 2 == 1, id=f"cell-{spec.cell_name(cell)}")
            for row in reversed(range(spec.height))
            for col in range(spec.width)
            for cell in (spec.cell_at(col, row),)
        }
        self._grid = Container(*self._cells.values(), id="cells")
        self._row_labels = Static(id="row-labels")
        self._column_labels = Static(id="column-labels")
        self._show_geometry()
        self._show_position()
        with Horizontal(id="rows"):
            yield self._row_labels
            yield self._grid
        yield self._column_labels

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self._theme_changed(self.app.current_theme)

    def _theme_changed(self, theme: Theme) -> None:
        self.set_class(theme.variables.get(TILES_VARIABLE) == "bold", "-bold-tiles")
        shades = not self.app.no_color and not theme.primary.startswith("ansi")
        if shades != self._shades:
            self._shades = shades
            self._show_geometry()

    def cell_widget(self, cell: Cell) -> BoardCell:
        """The widget drawing ``cell`` (for tests and for placing things over the board)."""
        return self._cells[cell]

    def terminal_cursor(self) -> Offset | None:
        """Where the cursor cell's mark is drawn on the screen: the accessible mode puts the terminal's
        cursor there, for a braille display or screen reader to follow."""
        widget = self._cells.get(self.cursor)
        if widget is None or not self.display:
            return None
        region = widget.content_region
        return Offset(region.x + region.width // 2, region.y + (region.height - 1) // 2)

    # Attributes set from above

    def watch_position(self, old: Position, new: Position) -> None:
        if old.spec != new.spec:
            # Another board size: new cells, built by compose with everything else current.
            self.set_reactive(Board.cursor, new.spec.centre)
            self.set_reactive(Board.annotations, NO_ANNOTATIONS)
            self.refresh(recompose=True)
        else:
            self._show_position()

    def watch_geometry(self) -> None:
        self._show_geometry()

    def watch_cursor(self, old: Cell, new: Cell) -> None:
        if old in self._cells:
            self._cells[old].cursor = False
        if new in self._cells:
            self._cells[new].cursor = True

    def watch_annotations(self) -> None:
        self._show_position()

    def validate_cursor(self, cell: Cell) -> Cell:
        return min(max(cell, 0), self.position.spec.cells - 1)

    def _show_position(self) -> None:
        position = self.position
        if len(self._cells) != position.spec.cells:
            return
        winning = set(position.outcome.line)
        last = position.moves[-1] if position.moves else None
        for cell, widget in self._cells.items():
            widget.mark = position[cell]
            widget.winning = cell in winning
            widget.last = cell == last
            widget.cursor = cell == self.cursor
            widget.annotation = self.annotations.get(cell) if position[cell] is None else None

    def _show_geometry(self) -> None:
        geometry = self.geometry
        if geometry is None or geometry.spec != self.position.spec or len(self._cells) != geometry.spec.cells:
            return
        if not self._shades:
            geometry = without_shades(geometry)
        styles = self._grid.styles
        styles.grid_size_columns = geometry.spec.width
        styles.grid_size_rows = geometry.spec.height
        styles.grid_columns = str(geometry.cell.width)
        styles.grid_rows = str(geometry.cell.height)
        # Textual names a gutter by the line drawn in it: vertical lines separate columns.
        styles.grid_gutter_vertical = geometry.gutter
        styles.grid_gutter_horizontal = geometry.gutter
        styles.width = geometry.grid_width
        styles.height = geometry.grid_height
        self.set_class(geometry.lines, "-lines")
        self.set_class(not geometry.lines, "-tiles")
        for glyph in Glyph:
            self.set_class(glyph is geometry.cell.glyph, f"-{glyph.name.lower()}")
        self._row_labels.update(Content("\n".join(geometry.row_labels())))
        self._column_labels.update(Content(geometry.column_labels()))
        for widget in self._cells.values():
            widget.glyph = geometry.cell.glyph
            widget.set_class(widget.shade and not geometry.lines, "-shade")

    # Keys

    def watch_active(self) -> None:
        # The footer dims "Play" while no person may move.
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play_cursor":
            return False if not self.playable else True if self.active else None
        return True

    def action_cursor_edge(self, dx: int, dy: int) -> None:
        """To the first or last column of the cursor's row (dx), or the top or bottom row (dy)."""
        spec = self.position.spec
        col, row = spec.coordinates(self.cursor)
        if dx:
            col = 0 if dx < 0 else spec.width - 1
        if dy:
            row = 0 if dy < 0 else spec.height - 1
        self.cursor = spec.cell_at(col, row)

    def action_go_to_cell(self) -> None:
        """Ask for a cell's name and put the cursor there."""
        from ..screens.go_to_cell import GoToCellScreen

        spec = self.position.spec

        def go(cell: Cell | None) -> None:
            if cell is not None and self.position.spec == spec:
                self.cursor = cell
            self.focus()

        self.app.push_screen(GoToCellScreen(spec), go)

    def action_move_cursor(self, dx: int, dy: int) -> None:
        spec = self.position.spec
        col, row = spec.coordinates(self.cursor)
        col = min(max(col + dx, 0), spec.width - 1)
        row = min(max(row + dy, 0), spec.height - 1)
        self.cursor = spec.cell_at(col, row)

    def action_play_cursor(self) -> None:
        self.post_message(self.Played(self.cursor))

    def action_play_keypad(self, digit: int) -> None:
        spec = self.position.spec
        if (spec.width, spec.height) != (3, 3):
            # Said once per board: a key that does nothing must say why, but not at every press.
            if self._digits_told != spec:
                self._digits_told = spec
                self.post_message(self.Refused(DIGITS_ON_3X3_ONLY))
            return
        col, row = self.keypad.coordinates(digit)
        self.cursor = self.position.spec.cell_at(col, row)
        self.post_message(self.Played(self.cursor))

    # Mouse

    def on_board_cell_pressed(self, message: BoardCell.Pressed) -> None:
        message.stop()
        self.focus()
        self.cursor = message.cell
        self.post_message(self.Played(message.cell))
