"""The side panel's summary of the game: the board, who plays which side, and the result.

The moves themselves are in the move list below it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import BoardSpec, Mark, Position
from ...session.setup import GameSetup
from ..labels import result_label
from ..presets import board_name, board_rules

if TYPE_CHECKING:
    from textual.css.styles import RulesMap

TURN_MARKER = "▶"


class GameInfo(Widget):
    """Board name, players (with a marker on the side to move) and the result."""

    DEFAULT_CSS = """
    GameInfo {
        height: auto;
        & > .game-info--title { text-style: bold; color: $text-primary; }
        & > .game-info--result { text-style: bold; color: $text-success; }
    }
    """

    COMPONENT_CLASSES = {"game-info--title", "game-info--result"}

    # Repaint only: a layout of the whole screen on every move (every cell of a Gomoku board) stalls
    # the spinner. The panel is laid out again only when its height changes (see _resize_if_needed).
    setup: reactive[GameSetup] = reactive(GameSetup(), init=False)
    position: reactive[Position] = reactive(Position.empty(BoardSpec(3, 3, 3)), init=False)
    names: reactive[tuple[str, str] | None] = reactive(None, init=False)
    """Who plays X and who plays O, by name, in place of who controls each side: a game against a
    friend online names you and the friend."""

    def __init__(self, setup: GameSetup, position: Position, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(GameInfo.setup, setup)
        self.set_reactive(GameInfo.position, position)
        self._height: int | None = None

    def watch_setup(self) -> None:
        self._resize_if_needed()

    def watch_position(self) -> None:
        self._resize_if_needed()

    def watch_names(self) -> None:
        self._resize_if_needed()

    def on_resize(self) -> None:
        self._height = self._content_height()

    def _content_height(self) -> int:
        # A widget's styles are the rules map Textual's docs name here; its stubs do not say so.
        return self.render().get_height(cast("RulesMap", self.styles), self.content_region.width)

    def _resize_if_needed(self) -> None:
        """Ask for a layout when the text takes another number of lines (a result, a name that wraps)."""
        if not self.content_region.width:
            self.refresh(layout=True)  # Not laid out yet: the first layout measures it.
            return
        height = self._content_height()
        if height != self._height:
            self._height = height
            self.refresh(layout=True)

    def render(self) -> Content:
        setup, position = self.setup, self.position
        spec = position.spec
        title_style = self.get_visual_style("game-info--title", partial=True)
        result_style = self.get_visual_style("game-info--result", partial=True)
        lines: list[Content | str] = [
            Content.styled(board_name(spec), title_style),
            board_rules(spec),
            "",
        ]
        names = self.names
        for mark in Mark:
            marker = TURN_MARKER if not position.is_over and position.to_move is mark else " "
            player = setup.controller(mark).label if names is None else names[mark.index]
            lines.append(f"{marker} {mark} {player}")
        if position.is_over:
            lines += ["", Content.styled(result_label(position.outcome), result_style)]
        return Content("\n").join(lines)
