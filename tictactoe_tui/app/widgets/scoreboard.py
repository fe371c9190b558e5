"""The side panel's scoreboard: the games finished since the app started, by mark."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ...statistics import SessionScore


def score_line(score: SessionScore) -> str:
    """The score in one short line, which fits the side panel."""
    draws = "1 draw" if score.draws == 1 else f"{score.draws} draws"
    return f"X {score.x_wins} · O {score.o_wins} · {draws}"


class Scoreboard(Widget):
    """Two lines: a title and the session's score (wins by mark, and draws)."""

    DEFAULT_CSS = """
    Scoreboard {
        height: auto;
        & > .scoreboard--title { text-style: bold; color: $text-primary; }
    }
    """

    COMPONENT_CLASSES = {"scoreboard--title"}

    score: reactive[SessionScore] = reactive(SessionScore, layout=True)

    def render(self) -> Content:
        title = Content.styled("This session", self.get_visual_style("scoreboard--title", partial=True))
        return Content("\n").join([title, score_line(self.score)])
