"""The numbered moves of the game, to read the game back and to jump to any point of it.

The list shows one line per move in the engine's notation (``3. X c3``),
below a ``start`` line for the empty board, so the option at index ``n`` is
the position after ``n`` moves. Moves taken back by undo stay in the list,
muted, until a different move replaces them: they are still one redo away.
Once the game has been reviewed, a move that gave away a proven result ends
in ``?``, as chess books mark a mistake: the mark reads without colour, and
the ``move-list--blunder`` component class colours it.

Stepping through the list with the keys is a replay: each step posts
``MoveList.PlyBrowsed`` so the board can follow. Steps stop at either end
rather than wrap around, since jumping from the first move to the last is
no step through a game; ``End`` goes back to the game's current position.
"""

from __future__ import annotations

from textual import on
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ...engine import Mark
from ...session.history import History

BLUNDER_MARK = "?"
"""After a move that gave away a proven result."""


class _PlyMessage(Message):
    """A message about one ply of the list's game, with the list as its control."""

    def __init__(self, move_list: MoveList, ply: int) -> None:
        super().__init__()
        self.move_list = move_list
        self.ply = ply

    @property
    def control(self) -> MoveList:
        """The list the message came from, for ``@on(MoveList.PlySelected, "#id")``."""
        return self.move_list


class MoveList(OptionList):
    """The game's moves; selecting one (enter or click) posts ``MoveList.PlySelected``.

    Set ``history`` whenever the game changes and ``shown_ply`` when the board
    shows an earlier position (None means the current one); the highlight
    follows whichever position the board shows.
    """

    DEFAULT_CSS = """
    MoveList {
        width: 18;
        height: 1fr;
        border-title-color: $text-muted;
    }
    MoveList:focus {
        border-title-color: $text;
    }
    MoveList > .move-list--blunder {
        color: $text-error;
        text-style: bold;
    }
    """

    COMPONENT_CLASSES = {"move-list--blunder"}

    BINDINGS = [
        Binding("left", "cursor_up", "Previous move", show=False),
        Binding("right", "cursor_down", "Next move", show=False),
        Binding("end", "current", "Current position", show=False),
    ]

    history: reactive[History | None] = reactive(None)
    """The game: its position and the moves taken back, or None for an empty list."""

    shown_ply: reactive[int | None] = reactive(None)
    """The ply the board shows, or None for the current position."""

    blunders: reactive[frozenset[int]] = reactive(frozenset())
    """The plies of the moves the review found gave away a proven result, each marked ``?``."""

    class PlySelected(_PlyMessage):
        """The player chose the position after ``ply`` moves (0 is the empty board)."""

    class PlyBrowsed(_PlyMessage):
        """The player stepped to the position after ``ply`` moves with the keys, without choosing it."""

    def __init__(
        self,
        history: History | None = None,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled, markup=False)
        self.border_title = "Moves"
        self._rows: list[tuple[str, bool, bool]] = []
        self.set_reactive(MoveList.history, history)

    @property
    def current_ply(self) -> int:
        """The ply the highlight belongs on: the shown one, else the game's current one."""
        if self.history is None:
            return 0
        if self.shown_ply is not None:
            return min(self.shown_ply, len(self.history.line))
        return self.history.ply

    def on_mount(self) -> None:
        # The history given to __init__ was set without running its watcher.
        self.watch_history(self.history)

    def watch_history(self, history: History | None) -> None:
        rows = _rows(history, self.blunders)
        shown = self._rows
        if shown and rows[:len(shown)] == shown:
            # A move played: only the new lines are built and measured, not the whole game again.
            self.add_options(self._option(ply, *row) for ply, row in enumerate(rows[len(shown):],
                                                                              start=len(shown)))
        elif rows != shown:
            self.set_options(self._option(ply, *row) for ply, row in enumerate(rows))
        self._rows = rows
        self.highlighted = self.current_ply
        self.scroll_to_highlight()

    def watch_blunders(self) -> None:
        self.watch_history(self.history)

    def notify_style_update(self) -> None:
        # The mark's colour is read from the stylesheet when a line is built: a new theme rebuilds them.
        super().notify_style_update()
        if self.blunders and self._rows:
            self._rows = []
            self.watch_history(self.history)

    def _option(self, ply: int, text: str, dim: bool, blunder: bool) -> Option:
        # Dim rather than a theme colour: Textual blends dim text with whatever is behind it, so a
        # taken-back move stays readable under the highlight in every theme.
        prompt = Content.styled(text, "dim italic") if dim else Content(text)
        if blunder:
            prompt = prompt + Content.styled(BLUNDER_MARK, self.get_visual_style("move-list--blunder"))
        return Option(prompt, id=f"ply-{ply}")

    def watch_shown_ply(self) -> None:
        self.highlighted = self.current_ply

    def on_resize(self) -> None:
        # The panel above the list grows (a result, a longer name) and the list shrinks under its
        # highlight, which must stay in sight: it is the position the board shows, usually the last move.
        self.scroll_to_highlight()

    # Keys: every step the player takes is posted; the highlight set from above is not.

    def _browse(self, ply: int) -> None:
        if self.history is None or not self.option_count:
            return
        ply = min(max(ply, 0), self.option_count - 1)
        self.highlighted = ply
        self.post_message(self.PlyBrowsed(self, ply))

    def _anchor(self) -> int:
        return self.highlighted if self.highlighted is not None else self.current_ply

    def action_cursor_up(self) -> None:
        self._browse(self._anchor() - 1)

    def action_cursor_down(self) -> None:
        self._browse(self._anchor() + 1)

    def action_first(self) -> None:
        self._browse(0)

    def action_last(self) -> None:
        self._browse(self.option_count - 1)

    def action_current(self) -> None:
        """Back to the game's current position."""
        if self.history is not None:
            self._browse(self.history.ply)

    def action_page_up(self) -> None:
        self._browse(self._anchor() - max(1, self.scrollable_content_region.height))

    def action_page_down(self) -> None:
        self._browse(self._anchor() + max(1, self.scrollable_content_region.height))

    @on(OptionList.OptionSelected)
    def _select_ply(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.PlySelected(self, event.option_index))


def _rows(history: History | None, blunders: frozenset[int] = frozenset()) -> list[tuple[str, bool, bool]]:
    """Each line of the list: its text, whether it is dimmed (a move taken back), and whether it is
    marked as a blunder."""
    if history is None:
        return []
    line = history.line
    width = len(str(len(line)))
    spec = history.position.spec
    rows = [(f"{'':>{width}}  start", False, False)]
    rows += [(f"{ply:>{width}}. {Mark.at_ply(ply - 1)} {spec.cell_name(cell)}", ply > history.ply,
              ply in blunders)
             for ply, cell in enumerate(line, start=1)]
    return rows
