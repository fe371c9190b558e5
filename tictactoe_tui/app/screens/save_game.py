"""A small question over the game: where to save it, with a fresh file name already filled in.

The file is written here, not by the screen that asked: a path the disk
refuses (a folder that cannot be made, a full disk) is answered in the
dialog with the reason, and the dialog stays open with the path as typed,
so that a slip costs one correction and the game is never touched.
"""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from ...engine import Position
from ...profile.saved_games import new_game_path, save_game
from ...session.setup import GameSetup
from .confirm import ConfirmScreen


class SaveGameScreen(ModalScreen[Path | None]):
    """Saves the game to the path typed on Enter and dismisses with that path, or with None on Esc."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, setup: GameSetup, position: Position) -> None:
        super().__init__()
        self.setup = setup
        self.position = position

    def compose(self) -> ComposeResult:
        with Vertical(id="save-game", classes="file-dialog") as box:
            box.border_title = "Save game"
            yield Label("Save to this file, then Enter (Esc: cancel)", id="save-game-prompt")
            yield Input(str(new_game_path(str(self.position.spec))), id="save-game-path")
            yield Label(id="save-game-error", classes="file-dialog--error")

    @on(Input.Submitted)
    def _save(self, event: Input.Submitted) -> None:
        event.stop()
        typed = event.value.strip()
        if not typed:
            self._refuse("Type the file to save to.")
            return
        path = Path(typed).expanduser()
        if path.is_dir():
            self._refuse(f"{path} is a folder: type a file's name in it.")
            return
        if path.exists():
            # A file of the same name may be another game, or anything else: replacing it is a choice.
            question = ConfirmScreen("Replace the file?", f"{path} already exists.",
                                     yes="Replace", no="Keep it")
            self.app.push_screen(question, lambda replace: self._write(path) if replace else None)
            return
        self._write(path)

    def _write(self, path: Path) -> None:
        problem = save_game(path, self.setup, self.position)
        if problem is not None:
            self._refuse(problem)
            return
        self.dismiss(path)

    def _refuse(self, problem: str) -> None:
        message = self.query_one("#save-game-error", Label)
        message.update(Content(problem))
        message.add_class("-shown")

    @on(Input.Changed)
    def _clear_error(self) -> None:
        self.query_one("#save-game-error", Label).remove_class("-shown")

    def action_cancel(self) -> None:
        self.dismiss(None)
