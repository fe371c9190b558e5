"""Textual's footer, each of its keys marked with how much it matters, for a narrow terminal to keep the
keys that matter most.

A screen with more keys than a narrow terminal's footer can hold ranks them (1 matters most); each key is
drawn with the class ``-rank-N``, and the screen's stylesheet leaves out the lower ranks where the
terminal is narrow (by Textual's breakpoints), rather than let the footer cut keys off at its right edge.
The palette's key, which leads to every command, keeps Textual's own class, ``-command-palette``.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class RankedFooter(Footer):
    """A footer whose keys carry the rank ``ranks`` gives their action, ``unranked`` for the others."""

    def __init__(self, ranks: Mapping[str, int], *, unranked: int, compact: bool = False,
                 show_command_palette: bool = True) -> None:
        super().__init__(compact=compact, show_command_palette=show_command_palette)
        self._ranks = dict(ranks)
        self._unranked = unranked

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.add_class(f"-rank-{self._ranks.get(widget.action, self._unranked)}")
            yield widget
