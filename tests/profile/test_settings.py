"""Settings persist between runs, and a bad settings file costs only what was bad in it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from long_input import LONG, SHOWN

from tictactoe_tui.directories import HOME_ENV
from tictactoe_tui.engine import BoardSpec
from tictactoe_tui.profile.settings import (
    DEFAULT_THEME,
    SETTINGS_VERSION,
    KeypadLayout,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
from tictactoe_tui.session.setup import GameSetup

CUSTOM = Settings(GameSetup(BoardSpec(15, 15, 5), "easy", "human"), "high-contrast", KeypadLayout.PHONE,
                  accessible=True)


def _write(path: Path, document: object) -> None:
    path.write_text(json.dumps(document), encoding="utf-8")


def test_the_first_run_has_the_defaults(tmp_path: Path) -> None:
    settings, message = load_settings(tmp_path / "settings.json")
    assert message is None
    assert settings == Settings(GameSetup(BoardSpec(3, 3, 3), "human", "medium"), DEFAULT_THEME,
                                KeypadLayout.CALCULATOR)


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert save_settings(CUSTOM, path) is None
    assert load_settings(path) == (CUSTOM, None)


def test_the_file_is_readable_versioned_json(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(CUSTOM, path)
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "version": SETTINGS_VERSION,
        "setup": {"board": "15x15k5", "x": "easy", "o": "human"},
        "theme": "high-contrast",
        "keypad": "phone",
        "accessible": True,
    }


def test_the_default_path_follows_the_home_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    assert settings_path() == tmp_path / "config" / "settings.json"
    assert save_settings(CUSTOM) is None
    assert (tmp_path / "config" / "settings.json").is_file()
    assert load_settings() == (CUSTOM, None)


def test_missing_fields_take_their_defaults_silently(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    _write(path, {"version": 1, "setup": {"o": "medium"}, "theme": "nord", "unknown": 42})
    settings, message = load_settings(path)
    assert message is None
    assert settings == Settings(GameSetup(o="medium"), "nord", KeypadLayout.CALCULATOR)


@pytest.mark.parametrize(
    ("field", "document", "expected"),
    [
        ("board", {"setup": {"board": "99x99", "x": "easy", "o": "human"}},
         Settings(GameSetup(x="easy", o="human"), "nord", KeypadLayout.PHONE)),
        ("x", {"setup": {"board": "4x4k3", "x": "grandmaster", "o": "human"}},
         Settings(GameSetup(BoardSpec(4, 4, 3), "human", "human"), "nord", KeypadLayout.PHONE)),
        ("setup", {"setup": "3x3"},
         Settings(GameSetup(), "nord", KeypadLayout.PHONE)),
        ("theme", {"setup": {"board": "4x4k3"}, "theme": 7},
         Settings(GameSetup(BoardSpec(4, 4, 3)), DEFAULT_THEME, KeypadLayout.PHONE)),
        ("theme", {"setup": {"board": "4x4k3"}, "theme": "  "},
         Settings(GameSetup(BoardSpec(4, 4, 3)), DEFAULT_THEME, KeypadLayout.PHONE)),
        ("keypad", {"setup": {"board": "4x4k3"}, "keypad": "typewriter"},
         Settings(GameSetup(BoardSpec(4, 4, 3)), "nord", KeypadLayout.CALCULATOR)),
        ("accessible", {"setup": {"board": "4x4k3"}, "accessible": "yes"},
         Settings(GameSetup(BoardSpec(4, 4, 3)), "nord", KeypadLayout.PHONE, accessible=False)),
        ("accessible", {"setup": {"board": "4x4k3"}, "accessible": 1},
         Settings(GameSetup(BoardSpec(4, 4, 3)), "nord", KeypadLayout.PHONE, accessible=False)),
    ],
)
def test_one_bad_field_falls_back_and_keeps_the_rest(
    tmp_path: Path, field: str, document: dict[str, object], expected: Settings
) -> None:
    path = tmp_path / "settings.json"
    _write(path, {"version": 1, "theme": "nord", "keypad": "phone", **document})
    settings, message = load_settings(path)
    assert settings == expected
    assert message is not None and field in message
    assert len(list(tmp_path.glob("settings.json.corrupt-*"))) == 1
    assert load_settings(path) == (expected, None)


def test_long_values_fall_back_with_a_short_note(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    _write(path, {"version": 1, "theme": "nord", "keypad": "k" * 5000,
                  "setup": {"board": f"{LONG}x3", "x": "perfect", "o": f"brain:'{'p' * 5000}"}})
    settings, message = load_settings(path)
    assert settings == Settings(GameSetup(x="perfect"), "nord", KeypadLayout.CALCULATOR)
    assert message is not None
    assert f"board '{SHOWN}' is not a board (width {SHOWN} is out of range" in message
    assert f"keypad '{'k' * 31}…'" in message and f"o \"brain:'{'p' * 24}…\" cannot play" in message
    assert len(message.replace(str(path), "")) < 600, "three problems, each in a line's length"


def test_a_number_too_long_to_read_gives_defaults_and_a_note(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(f'{{"version": 1, "theme": "nord", "count": {LONG}}}', encoding="utf-8")
    settings, message = load_settings(path)
    assert settings == Settings()
    (aside,) = tmp_path.glob("settings.json.corrupt-*")
    assert message is not None and f"it holds a number of more than 18 digits ({SHOWN})" in message
    assert len(message.replace(str(path), "").replace(aside.name, "")) < 200
    assert LONG in aside.read_text(encoding="utf-8")


@pytest.mark.parametrize("content", ["", "{", '{"version": 2, "theme": "nord"}', '"settings"'])
def test_a_corrupt_file_gives_defaults_and_is_kept_aside(tmp_path: Path, content: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(content, encoding="utf-8")
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message is not None and "settings" in message
    (aside,) = tmp_path.glob("settings.json.corrupt-*")
    assert aside.read_text(encoding="utf-8") == content
    assert save_settings(CUSTOM, path) is None
    assert load_settings(path) == (CUSTOM, None)


def test_a_permission_error_falls_back_to_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    save_settings(CUSTOM, path)

    real_open = os.open

    def refuse(name: Any, flags: int, *args: Any) -> int:
        if Path(name) == path:
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, flags, *args)

    monkeypatch.setattr(os, "open", refuse)
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message is not None and "Permission denied" in message


def test_saving_into_an_impossible_place_reports_instead_of_raising(tmp_path: Path) -> None:
    (tmp_path / "config").write_text("not a directory", encoding="utf-8")
    message = save_settings(CUSTOM, tmp_path / "config" / "settings.json")
    assert message is not None and "Could not save the settings" in message


def test_the_calculator_keypad_has_seven_eight_nine_on_top() -> None:
    layout = KeypadLayout.CALCULATOR
    assert [layout.coordinates(digit) for digit in (7, 8, 9)] == [(0, 2), (1, 2), (2, 2)]
    assert layout.coordinates(1) == (0, 0)


def test_the_phone_keypad_has_one_two_three_on_top() -> None:
    layout = KeypadLayout.PHONE
    assert [layout.coordinates(digit) for digit in (1, 2, 3)] == [(0, 2), (1, 2), (2, 2)]
    assert layout.coordinates(7) == (0, 0)


@pytest.mark.parametrize("layout", list(KeypadLayout))
def test_keypad_digits_and_coordinates_are_inverse(layout: KeypadLayout) -> None:
    cells = {layout.coordinates(digit) for digit in range(1, 10)}
    assert cells == {(col, row) for col in range(3) for row in range(3)}
    assert all(layout.digit(*layout.coordinates(digit)) == digit for digit in range(1, 10))
    with pytest.raises(ValueError):
        layout.coordinates(0)
    with pytest.raises(ValueError):
        layout.digit(3, 0)
