"""Small versioned JSON files that survive crashes, bad edits and newer releases.

Settings and statistics are both one JSON object with a ``version`` field.
They are written to a temporary file in the same directory, flushed to disk
and renamed over the old file, so a crash or a full disk leaves the previous
file intact rather than half a file. A file that cannot be used is never
deleted and never crashes the game: it is renamed to ``NAME.corrupt-STAMP``
next to where it was, so the player can still recover it, and the game
carries on with defaults and a one-line message to show.

A file of an older version of its format is read through that version's
upgrade (``FileFormat.upgrades``) and written back in the current version at
the next save; a file of a newer version, or of one no upgrade reads, is moved
aside, so that an older release never writes over what a newer one saved.

Nothing here imports Textual: the formats are plain data and are tested
without an app.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

from ..engine.errors import NumberTooLongError
from ..engine.rules.inputs import MAX_DIGITS, parse_int, quote, shorten

VERSION_KEY = "version"

T = TypeVar("T")

MAX_BYTES = 1 << 20
"""Far above any settings or statistics file the game writes; a larger file is not one of ours,
and reading it whole would only keep the player waiting."""

Problems = list[str]
"""Human-readable notes about fields that were invalid and replaced by defaults."""


class FormatError(ValueError):
    """The file's content is not a document of the expected format; the message says why."""


@dataclass(frozen=True, slots=True)
class FileFormat(Generic[T]):
    """How one kind of file maps to a value: its name in messages, its version and codecs.

    ``decode`` receives the document (without checking ``version``, which is
    done here) and returns the value with a list of problems for fields it
    replaced by defaults; it raises ``FormatError`` when nothing is usable.
    ``upgrades`` maps an older version to the function that turns its document
    into one of ``version``, which ``decode`` then reads as any other.
    """

    kind: str
    version: int
    default: Callable[[], T]
    encode: Callable[[T], dict[str, Any]]
    decode: Callable[[Mapping[str, Any]], tuple[T, Problems]]
    upgrades: Mapping[int, Callable[[Mapping[str, Any]], Mapping[str, Any]]] = field(default_factory=dict)


def load(path: Path, file_format: FileFormat[T]) -> tuple[T, str | None]:
    """Read ``path``; return the value and a message for the player when something was wrong.

    A missing file is the first run: defaults and no message. A file that is
    unreadable, not JSON, not an object or of another version is moved aside
    and replaced by defaults. A file whose fields are partly invalid keeps
    the valid ones: the original is moved aside and the repaired document is
    written in its place at once, so the good fields survive even if the game
    never saves again.
    """
    try:
        raw = read_regular(path)
    except FileNotFoundError:
        return file_format.default(), None
    except OSError as error:
        problem = f"it could not be read ({reason(error)})"
        return file_format.default(), _set_aside(path, file_format, problem, "defaults are used")[0]
    except FormatError as error:
        return file_format.default(), _set_aside(path, file_format, str(error), "defaults are used")[0]
    try:
        document = _parse(raw, file_format)
        value, problems = file_format.decode(document)
    except FormatError as error:
        return file_format.default(), _set_aside(path, file_format, str(error), "defaults are used")[0]
    if not problems:
        return value, None
    problem = "; ".join(problems)
    message, moved = _set_aside(path, file_format, problem, "those entries were reset and the rest was kept")
    if moved:
        # Only over a file that is safe elsewhere: the original must never be the price of a repair.
        with contextlib.suppress(OSError):
            write_json(path, {VERSION_KEY: file_format.version, **file_format.encode(value)})
    return value, message


def read_regular(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of ``path``; ``FormatError`` unless it is a regular file of at most ``max_bytes``.

    A named pipe or a link to ``/dev/zero`` in a file's place would block or never end a plain
    read, and the game would hang before its first screen: the file is opened without waiting
    and its type, the link's target's, checked before a single byte is read.
    """
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise FormatError(f"it is {_kind_of(mode)}, not a regular file")
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(descriptor, max_bytes + 1 - size):
            chunks.append(chunk)
            size += len(chunk)
            if size > max_bytes:
                raise FormatError(f"it is larger than {max_bytes // 1024} KiB, more than this game writes")
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def _kind_of(mode: int) -> str:
    kinds = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
             (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "a special file")


def save(path: Path, file_format: FileFormat[T], value: T) -> str | None:
    """Write ``value`` atomically; return a message for the player if the disk refused."""
    try:
        write_json(path, {VERSION_KEY: file_format.version, **file_format.encode(value)})
    except OSError as error:
        return f"Could not save the {file_format.kind} to {path}: {reason(error)}."
    return None


def write_json(path: Path, document: Mapping[str, Any]) -> None:
    """Replace ``path`` with ``document`` so that readers see the old file or the new one, never a mix."""
    write_text(path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")


def write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that readers see the old file or the new one, never a mix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_directory(path.parent)


def move_aside(path: Path, now: datetime | None = None) -> Path:
    """Rename ``path`` to ``path.corrupt-YYYYmmdd-HHMMSS`` (with ``-N`` if taken) and return the new path."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    number = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{number}")
        number += 1
    os.replace(path, target)
    return target


def _parse(raw: bytes, file_format: FileFormat[Any]) -> Mapping[str, Any]:
    try:
        document = json.loads(raw.decode("utf-8"), parse_int=_whole_number)
    except UnicodeDecodeError:
        raise FormatError("it is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        # Some of json's messages end in "at", meant to be followed by the place: say it once.
        raise FormatError(f"it is not valid JSON ({error.msg.removesuffix(' at')} at line {error.lineno}, "
                          f"column {error.colno})") from None
    if not isinstance(document, dict):
        raise FormatError("it is not a JSON object")
    version = document.get(VERSION_KEY)
    if version is None:
        raise FormatError("it has no version")
    if type(version) is not int or (version != file_format.version and version not in file_format.upgrades):
        raise FormatError(f"its version {quote(version)} is not {file_format.version}, "
                          "the one this game reads")
    if version != file_format.version:
        return file_format.upgrades[version](document)
    return document


def _whole_number(digits: str) -> int:
    """A whole number of the file, read as every number from outside is: one too long is no number of ours."""
    try:
        return parse_int(digits)
    except NumberTooLongError:
        raise FormatError(f"it holds a number of more than {MAX_DIGITS} digits ({shorten(digits)})") from None


def _set_aside(path: Path, file_format: FileFormat[Any], problem: str, remedy: str) -> tuple[str, bool]:
    """Move the bad file out of the way; say what happened in one sentence, and whether it moved."""
    opening = f"The {file_format.kind} file {path} had a problem: {problem}. {remedy.capitalize()}"
    try:
        moved = move_aside(path)
    except OSError as error:
        return f"{opening}; it could not be moved aside ({reason(error)}).", False
    return f"{opening}; the original file was renamed to {moved.name}.", True


def reason(error: OSError) -> str:
    """What went wrong with a file: in the system's words, but for a file standing where a folder of
    the path must be, which the system calls "File exists" or "Not a directory" without saying which."""
    if error.errno in (errno.EEXIST, errno.ENOTDIR) and isinstance(error.filename, str):
        in_the_way = next((folder for folder in reversed(Path(error.filename).parents)
                           if folder.exists() and not folder.is_dir()), None)
        if in_the_way is None and error.errno == errno.EEXIST and Path(error.filename).is_file():
            in_the_way = Path(error.filename)
        if in_the_way is not None:
            return f"{in_the_way} is a file, not a folder"
    return error.strerror or type(error).__name__


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable; not every platform can open a directory, and that is fine."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def expect(document: Mapping[str, Any], key: str, kind: type[T], problems: Problems, default: T) -> T:
    """``document[key]`` if it is a ``kind``, else ``default`` with a note in ``problems``.

    A missing key is not a problem: it is how files from before a field
    existed look, and the default is the right value for them.
    """
    if key not in document:
        return default
    value = document[key]
    if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
        return value
    problems.append(f"{key} {quote(value)} is not {_KIND_NAMES.get(kind, kind.__name__)}")
    return default


_KIND_NAMES: dict[type[Any], str] = {bool: "true or false",
                                     str: "text", int: "a whole number", dict: "an object", list: "a list"}
