"""The high-contrast theme registers, applies, and keeps WCAG contrast for text and accents."""

from __future__ import annotations

import math

import pytest
from driving import quick_app, run_command
from textual.app import App, ComposeResult
from textual.color import Color
from textual.widgets import Static

from tictactoe_tui.app.themes import HIGH_CONTRAST, OKABE_ITO, THEMES, register_themes
from tictactoe_tui.session.setup import GameSetup

AA_TEXT = 4.5
"""WCAG 2 level AA for normal text."""
AAA_TEXT = 7.0
"""WCAG 2 level AAA for normal text."""


def _luminance(color: Color) -> float:
    """WCAG relative luminance of an opaque colour."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = color.rgb
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(first: Color, second: Color) -> float:
    """The WCAG contrast ratio, from 1 (identical) to 21 (black on white)."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _resolve(value: str, background: Color) -> Color:
    """A theme colour as drawn on ``background``, including Textual's ``auto NN%`` text colours."""
    if value.startswith("auto"):
        alpha = float(value.split()[1].rstrip("%")) / 100 if " " in value else 1.0
        return background + background.get_contrast_text(alpha)
    return background + Color.parse(value)


COLORS = HIGH_CONTRAST.to_color_system().generate()
BACKGROUNDS = ("background", "surface", "panel")


def test_the_contrast_formula_matches_wcag_reference_values() -> None:
    assert contrast(Color(0, 0, 0), Color(255, 255, 255)) == pytest.approx(21.0)
    assert contrast(Color(118, 118, 118), Color(255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert contrast(Color(10, 20, 30), Color(10, 20, 30)) == pytest.approx(1.0)


@pytest.mark.parametrize("background", BACKGROUNDS)
@pytest.mark.parametrize(("text", "minimum"), [("foreground", AAA_TEXT), ("text", AAA_TEXT),
                                               ("text-muted", AAA_TEXT), ("text-disabled", AA_TEXT)])
def test_text_is_readable_on_every_background(background: str, text: str, minimum: float) -> None:
    ground = Color.parse(COLORS[background])
    assert contrast(_resolve(COLORS[text], ground), ground) >= minimum


@pytest.mark.parametrize("background", BACKGROUNDS)
@pytest.mark.parametrize("accent", ["primary", "secondary", "accent", "warning", "error", "success",
                                    "footer-key-foreground", "border"])
def test_accents_stand_out_from_every_background(background: str, accent: str) -> None:
    ground = Color.parse(COLORS[background])
    assert contrast(_resolve(COLORS[accent], ground), ground) >= AA_TEXT


@pytest.mark.parametrize("highlight", ["primary", "accent", "block-cursor-background"])
def test_text_on_a_highlight_is_readable(highlight: str) -> None:
    ground = Color.parse(COLORS[highlight])
    assert contrast(_resolve(COLORS["text"], ground), ground) >= AAA_TEXT


def test_the_accents_come_from_the_okabe_ito_palette() -> None:
    palette = [Color.parse(value).rgb for value in OKABE_ITO.values()]
    for name in ("primary", "secondary", "accent", "warning", "error", "success"):
        # Textual's colour system rounds through HSL, which can move a channel by one.
        rgb = Color.parse(COLORS[name]).rgb
        assert any(max(abs(a - b) for a, b in zip(rgb, swatch, strict=True)) <= 1 for swatch in palette)


# Machado, Oliveira and Fernandes (2009), full severity, applied to linear RGB.
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
CLEARLY_DIFFERENT = 40.0
"""A CIE76 colour difference well beyond "noticeable" (about 2.3) and "different colours" (about 20)."""


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    red, green, blue = rgb
    xyz = (0.4124 * red + 0.3576 * green + 0.1805 * blue,
           0.2126 * red + 0.7152 * green + 0.0722 * blue,
           0.0193 * red + 0.1192 * green + 0.9505 * blue)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = (f(value / white) for value, white in zip(xyz, (0.95047, 1.0, 1.08883), strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen_difference(first: str, second: str, deficiency: str) -> float:
    """How far apart two colours look (CIE76 in Lab) to someone with ``deficiency``."""

    def seen(color: str) -> tuple[float, float, float]:
        linear = [_linear(channel) for channel in Color.parse(color).rgb]
        red, green, blue = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True))))
                            for row in SIMULATIONS[deficiency])
        return _lab((red, green, blue))

    return math.dist(seen(first), seen(second))


@pytest.mark.parametrize("deficiency", SIMULATIONS)
def test_primary_and_accent_stay_apart_for_colour_blind_players(deficiency: str) -> None:
    assert seen_difference(COLORS["primary"], COLORS["accent"], deficiency) >= CLEARLY_DIFFERENT


def test_the_simulation_does_confuse_red_and_green() -> None:
    """The check above is only worth something if a classic red and green fail it."""
    for deficiency in ("protanopia", "deuteranopia"):
        assert seen_difference("#E41A1C", "#4DAF4A", deficiency) < CLEARLY_DIFFERENT
    assert seen_difference("#E41A1C", "#4DAF4A", "tritanopia") >= CLEARLY_DIFFERENT


class _ThemedApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        register_themes(self)
        self.theme = "high-contrast"

    def compose(self) -> ComposeResult:
        yield Static("readable", id="label")


async def test_registered_themes_can_be_chosen_by_name() -> None:
    app = _ThemedApp()
    async with app.run_test() as pilot:
        assert {theme.name for theme in THEMES} <= set(app.available_themes)
        assert app.theme == "high-contrast"
        await pilot.pause()
        label = app.query_one("#label", Static)
        style = label.rich_style
        assert style.color is not None and style.bgcolor is not None
        drawn = [Color.from_rich_color(color) for color in (style.color, style.bgcolor)]
        assert drawn[1] == Color.parse("#000000")
        assert contrast(*drawn) >= AAA_TEXT
        app.theme = "textual-dark"
        await pilot.pause()
        assert app.screen.styles.background != Color.parse("#000000")


async def test_an_unregistered_theme_name_is_refused() -> None:
    app: App[None] = App()
    async with app.run_test():
        with pytest.raises(Exception, match="high-contrast"):
            app.theme = "high-contrast"
        register_themes(app)
        app.theme = "high-contrast"
        assert app.get_theme("high-contrast") is HIGH_CONTRAST


async def test_typing_high_in_the_palette_finds_the_high_contrast_theme() -> None:
    async with quick_app(GameSetup()).run_test() as pilot:
        assert pilot.app.theme != HIGH_CONTRAST.name
        await run_command(pilot, "high")
        assert pilot.app.theme == HIGH_CONTRAST.name
