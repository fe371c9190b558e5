"""The game's own themes, added to Textual's built-in ones.

``high-contrast`` is for low vision and colour-blind players: white text on
black, and accents from the Okabe-Ito palette, whose colours stay apart for
every common form of colour blindness. Sky blue (``$primary``) and orange
(``$accent``) are the pair that differs for protanopes, deuteranopes and
tritanopes alike, so they are the colours to tell X from O; every accent
keeps a WCAG contrast ratio of at least 4.5 against the background, which the
tests check.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.theme import Theme

OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}
"""Okabe and Ito's colour-blind-safe palette (Color Universal Design, 2008)."""

HIGH_CONTRAST = Theme(
    name="high-contrast",
    primary=OKABE_ITO["sky blue"],
    secondary=OKABE_ITO["reddish purple"],
    accent=OKABE_ITO["orange"],
    warning=OKABE_ITO["yellow"],
    error=OKABE_ITO["vermillion"],
    success=OKABE_ITO["bluish green"],
    foreground="#FFFFFF",
    background="#000000",
    surface="#0A0A0A",
    panel="#141414",
    dark=True,
    variables={
        # Textual dims ordinary text to 87% and muted text to 60%; at those
        # levels fine print loses the contrast this theme exists for.
        "text": "auto 95%",
        "text-muted": "auto 75%",
        "text-disabled": "auto 55%",
        "border": OKABE_ITO["sky blue"],
        "border-blurred": "#6E6E6E",
        "footer-key-foreground": OKABE_ITO["orange"],
        # The board's tiles (see widgets/board.py) a larger step apart than in any other theme, while
        # the marks on them keep 4.5:1.
        "board-tiles": "bold",
        "block-cursor-text-style": "bold",
        "block-cursor-blurred-background": "#3A3A3A",
        "block-cursor-blurred-foreground": "#FFFFFF",
        "scrollbar": "#8A8A8A",
        "scrollbar-hover": "#B0B0B0",
        "scrollbar-background": "#141414",
    },
)

THEMES: tuple[Theme, ...] = (HIGH_CONTRAST,)
"""Every theme this game adds, registered by ``register_themes``."""


def register_themes(app: App[Any]) -> None:
    """Make the game's themes selectable (``app.theme = "high-contrast"``, the command palette).

    Call it in the app's ``__init__`` before setting a saved theme name, since
    Textual rejects names it does not know.
    """
    for theme in THEMES:
        app.register_theme(theme)
