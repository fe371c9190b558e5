"""Atomic versioned JSON files: round trips, and every way a file can be unusable."""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from long_input import LONG, short_id

from tictactoe_tui.profile import storage
from tictactoe_tui.profile.storage import FileFormat, FormatError


def _decode(document: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    problems: list[str] = []
    if document.get("broken"):
        raise FormatError("it says it is broken")
    name = storage.expect(document, "name", str, problems, "nobody")
    count = storage.expect(document, "count", int, problems, 0)
    return {"name": name, "count": count}, problems


NOTES: FileFormat[dict[str, Any]] = FileFormat(
    kind="notes",
    version=3,
    default=lambda: {"name": "nobody", "count": 0},
    encode=lambda value: dict(value),
    decode=_decode,
)


def _aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.corrupt-*"))


def _temporaries(directory: Path) -> list[Path]:
    return [entry for entry in directory.iterdir() if entry.name.endswith(".tmp")]


def test_save_then_load_round_trips_with_a_version(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "notes.json"
    assert storage.save(path, NOTES, {"name": "ada", "count": 7}) is None
    assert json.loads(path.read_text(encoding="utf-8")) == {"version": 3, "name": "ada", "count": 7}
    assert storage.load(path, NOTES) == ({"name": "ada", "count": 7}, None)
    assert _temporaries(path.parent) == []


def test_a_missing_file_is_the_first_run(tmp_path: Path) -> None:
    assert storage.load(tmp_path / "notes.json", NOTES) == ({"name": "nobody", "count": 0}, None)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{not json",
         "not valid JSON (Expecting property name enclosed in double quotes at line 1, column 2)"),
        (b'{"version": 3, "name": "ad', "not valid JSON (Unterminated string starting at line 1, column 24)"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b"[1, 2]", "not a JSON object"),
        (b'{"name": "ada"}', "no version"),
        (b'{"version": 4, "name": "ada"}', "version 4"),
        (b'{"version": "3", "name": "ada"}', "version '3'"),
        (b'{"version": true, "name": "ada"}', "version True"),
        (b'{"version": 3, "broken": true}', "it says it is broken"),
    ],
)
def test_an_unusable_file_is_moved_aside_and_defaults_used(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    path = tmp_path / "notes.json"
    path.write_bytes(content)
    value, message = storage.load(path, NOTES)
    assert value == NOTES.default()
    assert message is not None and reason in message and "notes" in message
    assert not path.exists()
    (aside,) = _aside(path)
    assert aside.read_bytes() == content
    assert aside.name in message


def test_an_older_version_with_an_upgrade_is_read_through_it_and_saved_as_the_current_one(
    tmp_path: Path,
) -> None:
    def from_version_2(old: Mapping[str, Any]) -> dict[str, Any]:
        return {"name": old["who"], "count": old["count"]}

    renamed = dataclasses.replace(NOTES, upgrades={2: from_version_2})
    path = tmp_path / "notes.json"
    path.write_text('{"version": 2, "who": "ada", "count": 7}', encoding="utf-8")
    assert storage.load(path, renamed) == ({"name": "ada", "count": 7}, None)
    assert _aside(path) == []
    assert storage.save(path, renamed, {"name": "ada", "count": 8}) is None
    assert json.loads(path.read_text(encoding="utf-8")) == {"version": 3, "name": "ada", "count": 8}
    path.write_text('{"version": 1, "who": "ada", "count": 7}', encoding="utf-8")
    value, message = storage.load(path, renamed)
    assert value == NOTES.default() and message is not None and "version 1 is not 3" in message


def test_one_bad_field_keeps_the_others_and_repairs_the_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    original = '{"version": 3, "name": "ada", "count": "many", "extra": [1]}'
    path.write_text(original, encoding="utf-8")
    value, message = storage.load(path, NOTES)
    assert value == {"name": "ada", "count": 0}
    assert message is not None and "count 'many'" in message and "rest was kept" in message
    (aside,) = _aside(path)
    assert aside.read_text(encoding="utf-8") == original
    assert storage.load(path, NOTES) == ({"name": "ada", "count": 0}, None)


@pytest.mark.parametrize(
    "content",
    [f'{{"version": {LONG}}}', f'{{"version": 3, "count": {LONG}}}', f'{{"version": 3, "count": -{LONG}}}',
     f'{{"version": 3, "name": "ada", "extra": [[{{"deep": {LONG}}}]]}}'],
    ids=short_id,
)
def test_a_number_too_long_to_read_is_a_file_to_set_aside(tmp_path: Path, content: str) -> None:
    """Python's json reads no integer of more than 4,300 digits; such a number is no number of ours."""
    path = tmp_path / "notes.json"
    path.write_text(content, encoding="utf-8")
    value, message = storage.load(path, NOTES)
    assert value == NOTES.default()
    (aside,) = _aside(path)
    assert message is not None and "it holds a number of more than 18 digits (" in message
    assert len(message.replace(str(path), "").replace(aside.name, "")) < 200
    assert aside.read_text(encoding="utf-8") == content
    assert storage.load(path, NOTES) == (NOTES.default(), None)


def test_a_long_value_of_the_wrong_kind_is_quoted_short(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({"version": 3, "name": ["ada"] * 5000, "count": "x" * 5000}), encoding="utf-8")
    value, message = storage.load(path, NOTES)
    assert value == NOTES.default()
    assert message is not None and "name ['ada', 'ada'," in message and f"count '{'x' * 31}…'" in message
    (aside,) = _aside(path)
    assert len(message.replace(str(path), "").replace(aside.name, "")) < 250


def test_booleans_are_not_counts(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text('{"version": 3, "count": false}', encoding="utf-8")
    value, message = storage.load(path, NOTES)
    assert value["count"] == 0 and message is not None


def test_unknown_keys_are_ignored_without_a_message(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text('{"version": 3, "name": "ada", "from_the_future": {"a": 1}}', encoding="utf-8")
    assert storage.load(path, NOTES) == ({"name": "ada", "count": 0}, None)
    assert _aside(path) == []


def test_an_unreadable_file_is_reported_and_moved_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notes.json"
    path.write_text('{"version": 3, "name": "ada"}', encoding="utf-8")
    real_open = os.open

    def refuse(name: Any, flags: int, *args: Any) -> int:
        if Path(name) == path:
            raise PermissionError(13, "Permission denied")
        return real_open(name, flags, *args)

    monkeypatch.setattr(os, "open", refuse)
    value, message = storage.load(path, NOTES)
    assert value == NOTES.default()
    assert message is not None and "Permission denied" in message
    assert len(_aside(path)) == 1 and not path.exists()


def test_a_file_that_cannot_be_moved_aside_is_still_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notes.json"
    path.write_text("garbage", encoding="utf-8")

    def refuse(_path: Path, now: datetime | None = None) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage, "move_aside", refuse)
    value, message = storage.load(path, NOTES)
    assert value == NOTES.default()
    assert message is not None and "could not be moved aside (Permission denied)" in message
    assert path.read_text(encoding="utf-8") == "garbage"


def test_a_partly_bad_file_that_cannot_be_moved_aside_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notes.json"
    original = '{"version": 3, "name": "ada", "count": "many"}'
    path.write_text(original, encoding="utf-8")

    def refuse(_path: Path, now: datetime | None = None) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage, "move_aside", refuse)
    value, message = storage.load(path, NOTES)
    assert value == {"name": "ada", "count": 0}
    assert message is not None and "could not be moved aside" in message
    assert path.read_text(encoding="utf-8") == original


@pytest.mark.parametrize("below", ["notes.json", "deeper/notes.json"])
def test_saving_where_a_file_stands_for_a_folder_says_which_file(tmp_path: Path, below: str) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a directory should be", encoding="utf-8")
    message = storage.save(blocker / below, NOTES, {"name": "ada", "count": 1})
    assert message == f"Could not save the notes to {blocker / below}: {blocker} is a file, not a folder."
    assert blocker.read_text(encoding="utf-8") == "a file where a directory should be"


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notes.json"
    assert storage.save(path, NOTES, {"name": "old", "count": 1}) is None
    before = path.read_bytes()

    def fail(_source: object, _target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    message = storage.save(path, NOTES, {"name": "new", "count": 2})
    assert message is not None and "No space left on device" in message
    assert path.read_bytes() == before
    assert _temporaries(tmp_path) == []


def test_move_aside_never_overwrites_an_earlier_copy(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    now = datetime(2024, 5, 6, 7, 8, 9)
    names = []
    for content in ("first", "second", "third"):
        path.write_text(content, encoding="utf-8")
        names.append(storage.move_aside(path, now).name)
    assert names == [
        "notes.json.corrupt-20240506-070809",
        "notes.json.corrupt-20240506-070809-1",
        "notes.json.corrupt-20240506-070809-2",
    ]
    assert [(tmp_path / name).read_text(encoding="utf-8") for name in names] == ["first", "second", "third"]


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _link_to_dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _directory(path: Path) -> None:
    path.mkdir()


def _too_large(path: Path) -> None:
    path.write_bytes(b'{"version": 3, "name": "' + b"a" * storage.MAX_BYTES + b'"}')


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (_fifo, "it is a named pipe, not a regular file"),
        (_link_to_dev_zero, "it is a device, not a regular file"),
        (_directory, "it is a directory, not a regular file"),
        (_too_large, "it is larger than 1024 KiB"),
    ],
)
def test_what_is_not_a_small_regular_file_is_reported_and_moved_aside(
    tmp_path: Path, make: Any, reason: str
) -> None:
    """A pipe or an endless device in the file's place must not hang the game before its first screen."""
    path = tmp_path / "notes.json"
    make(path)
    value, message = storage.load(path, NOTES)
    assert value == NOTES.default()
    assert message is not None and reason in message
    assert not path.exists() and not path.is_symlink()
    (aside,) = _aside(path)
    assert aside.name in message
    assert storage.save(path, NOTES, {"name": "ada", "count": 1}) is None
    assert storage.load(path, NOTES) == ({"name": "ada", "count": 1}, None)
