"""Colour is never the only cue: the board in monochrome (NO_COLOR) and as a protanope and a deuteranope see
the default theme, every state of a cell told apart (SVG snapshots).

Each picture holds the marks, the last move, the cursor and the hint, or the end with the winning line.
The colour-blind palettes simulate the default theme with Machado, Oliveira and Fernandes's matrices
(2009, severity 1), applied in linear RGB.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from driving import quick_app, settled
from textual.color import Color, ColorParseError
from textual.pilot import Pilot
from textual.theme import Theme

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.widgets.board import Board
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.profile.settings import DEFAULT_THEME
from tictactoe_tui.session.setup import GameSetup

Snap = Callable[..., bool]
Matrix = tuple[tuple[float, float, float], ...]

MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}

PEOPLE = GameSetup(BoardSpec(3, 3, 3), "human", "human")
HINTED = Position.from_moves("3x3", "b2 a1 a2")
"""O must block at c2: the hint; a2 is the last move."""


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> int:
    value = min(max(value, 0.0), 1.0)
    value = value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
    return round(value * 255)


def simulated(colour: Color, matrix: Matrix) -> Color:
    """``colour`` as a dichromat sees it."""
    linear = [_linear(channel) for channel in (colour.r, colour.g, colour.b)]
    r, g, b = (_encoded(sum(weight * value for weight, value in zip(row, linear, strict=True)))
               for row in matrix)
    return Color(r, g, b, colour.a)


def _simulated_text(text: str, matrix: Matrix) -> str:
    try:
        return simulated(Color.parse(text), matrix).hex
    except ColorParseError:
        return text  # "auto 90%", "bold" and other values that are not a colour


def simulated_theme(theme: Theme, deficiency: str) -> Theme:
    """``theme`` with every colour it names as seen with ``deficiency``."""
    matrix = MACHADO[deficiency]
    named = {field.name: getattr(theme, field.name) for field in dataclasses.fields(theme)
             if field.name not in ("name", "variables")}
    colours = {name: _simulated_text(text, matrix) for name, text in named.items() if isinstance(text, str)}
    variables = {name: _simulated_text(value, matrix) for name, value in theme.variables.items()}
    return dataclasses.replace(theme, **colours, name=f"{theme.name}-{deficiency}", variables=variables)


def test_the_simulation_keeps_grey_and_merges_red_with_green() -> None:
    for matrix in MACHADO.values():
        grey = simulated(Color(128, 128, 128), matrix)
        assert max(abs(grey.r - 128), abs(grey.g - 128), abs(grey.b - 128)) <= 2
        red, green = simulated(Color(200, 40, 40), matrix), simulated(Color(40, 140, 40), matrix)
        assert abs(red.b - green.b) < 30 and abs(red.r - green.r) < 80, "red and green lose their difference"


def in_palette(deficiency: str | None) -> Callable[[Pilot[None]], object]:
    async def switch(pilot: Pilot[None]) -> None:
        app = pilot.app
        if deficiency is not None:
            assert isinstance(app, TicTacToeApp)
            theme = simulated_theme(app.get_theme(DEFAULT_THEME) or app.current_theme, deficiency)
            app.register_theme(theme)
            app.theme = theme.name
        await pilot.pause()
    return switch


def with_hint(deficiency: str | None) -> Callable[[Pilot[None]], object]:
    async def hint(pilot: Pilot[None]) -> None:
        await in_palette(deficiency)(pilot)  # type: ignore[misc]
        await pilot.press("i")
        await settled(pilot)
        await pilot.press("up")  # The cursor off the hint, onto the empty c3.
        await pilot.pause()
    return hint


PALETTES = [None, "protanopia", "deuteranopia"]


@pytest.fixture(params=PALETTES, ids=["monochrome", "protanopia", "deuteranopia"])
def palette(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str | None:
    deficiency: str | None = request.param
    if deficiency is None:
        monkeypatch.setenv("NO_COLOR", "1")
    return deficiency


@pytest.mark.slow
def test_marks_last_move_cursor_and_hint(snap_compare: Snap, palette: str | None) -> None:
    assert snap_compare(quick_app(start=HINTED), run_before=with_hint(palette), terminal_size=(80, 24))


@pytest.mark.slow
def test_the_winning_line(snap_compare: Snap, palette: str | None) -> None:
    assert snap_compare(quick_app(PEOPLE), run_before=in_palette(palette), press=["1", "2", "5", "3", "9"],
                        terminal_size=(80, 24))


WON_BESIDE_A_LOSING_X = Position.from_moves("3x3", "a1 b1 c1 a2 b2 c2 c3")
"""X wins a1-b2-c3; c1 is an X off the line. The cursor starts on b2."""


@pytest.mark.parametrize("size", [(80, 24), (50, 14), (30, 10), (24, 8)])
async def test_every_cell_size_draws_the_winning_line_differently(size: tuple[int, int]) -> None:
    async with quick_app(start=WON_BESIDE_A_LOSING_X).run_test(size=size) as pilot:
        await pilot.pause()
        board = pilot.app.screen.query_one(Board)
        spec = board.position.spec

        def text(name: str) -> str:
            widget = board.cell_widget(spec.parse_cell(name))
            return str(widget.render())

        assert text("a1") != text("c1"), "a winning X is drawn unlike another X"
        assert text("a1") == text("c3").replace("▸", " ").replace("◂", " "), "the line's cells alike"
