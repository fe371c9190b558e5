"""A small question over the game: which saved game to open, from the list or by its path.

The list shows the games saved in the games folder, newest first, each by
its file name and its record, so that a game can be recognised by its
moves. Any other file can be typed as a path. A file that holds no game is
answered in the dialog with the reason, and the dialog stays open: the game
on the board is left as it was until a game has been read whole.
"""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from ...engine import GameError
from ...profile.saved_games import SavedGame, games_dir, open_game, saved_games


def listed(path: Path) -> Content:
    """A saved game's line in the list: its file name, and its record (or why it holds none)."""
    try:
        record = open_game(path).position.record
    except GameError:
        return Content.assemble(path.name, ("  not a saved game", "dim italic"))
    return Content.assemble(path.name, ("  " + record, "dim"))


class OpenGameScreen(ModalScreen[SavedGame | None]):
    """Dismisses with the game read from the file chosen, or with None on Esc."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self) -> None:
        super().__init__()
        self._paths = saved_games()
        """The games of the list, in its order."""

    def compose(self) -> ComposeResult:
        with Vertical(id="open-game", classes="file-dialog") as box:
            box.border_title = "Open game"
            if self._paths:
                yield Label(f"A game saved in {games_dir()}, then Enter; or type a file's path "
                            "(Esc: cancel)", markup=False)
                yield OptionList(*(Option(listed(path)) for path in self._paths), id="open-game-list")
            else:
                yield Label(f"No game saved in {games_dir()} yet: type a file's path, then Enter "
                            "(Esc: cancel)", markup=False)
            yield Input(placeholder="path/to/game.txt", id="open-game-path")
            yield Label(id="open-game-error", classes="file-dialog--error")

    def on_mount(self) -> None:
        if self._paths:
            self.query_one("#open-game-list", OptionList).highlighted = 0  # Enter opens the newest.

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._open(self._paths[event.option_index])

    @on(Input.Submitted)
    def _typed(self, event: Input.Submitted) -> None:
        event.stop()
        typed = event.value.strip()
        if not typed:
            self._refuse("Type the path of a saved game, or choose one from the list.")
            return
        self._open(Path(typed).expanduser())

    def _open(self, path: Path) -> None:
        try:
            game = open_game(path)
        except GameError as error:
            self._refuse(f"Cannot open the game: {error}.")
            return
        self.dismiss(game)

    def _refuse(self, why: str) -> None:
        self.app.bell()
        message = self.query_one("#open-game-error", Label)
        message.update(Content(why))
        message.add_class("-shown")

    @on(Input.Changed)
    def _clear_error(self) -> None:
        self.query_one("#open-game-error", Label).remove_class("-shown")

    def action_cancel(self) -> None:
        self.dismiss(None)
