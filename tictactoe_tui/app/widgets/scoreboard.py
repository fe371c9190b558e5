"""The side panel's scoreboard: the games finished since the app started, by player."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ...profile.statistics import SessionScore


def score_lines(score: SessionScore, names: tuple[str, ...]) -> str:
    """The wins of the players ``names`` (this game's, the person first) and the draws, a line each:
    the side panel is too narrow to put them on one line without breaking a name from its number."""
    draws = "1 draw" if score.draws == 1 else f"{score.draws} draws"
    return "\n".join([*(f"{name} {score.wins.get(name, 0)}" for name in names), draws])


class Scoreboard(Widget):
    """A title and the session's score: this game's players' wins, whatever side each played, and draws."""

    DEFAULT_CSS = """
    Scoreboard {
        height: auto;
        & > .scoreboard--title { text-style: bold; color: $text-primary; }
    }
    """

    COMPONENT_CLASSES = {"scoreboard--title"}

    score: reactive[SessionScore] = reactive(SessionScore, layout=True)
    names: reactive[tuple[str, ...]] = reactive((), layout=True)
    """This game's players, as the score names them."""

    def render(self) -> Content:
        title = Content.styled("This session", self.get_visual_style("scoreboard--title", partial=True))
        return Content("\n").join([title, score_lines(self.score, self.names)])
