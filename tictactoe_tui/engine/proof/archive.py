"""The proof file's container: a zip archive of a small header and the branches' trees, grouped by
O's first reply, each group compressed on its own.

A game reaches one branch of the proof, so it should read only that branch's group: a zip archive
is read member by member through its directory, and the header, which lists every branch's moves,
bound and place, is a member of its own. The price is size: a group is compressed without what
the other groups share, which makes the file about three times what one stream of the whole
document would be. The checker reads every member back into the document
``docs/gomoku-proof.md`` describes.
"""

from __future__ import annotations

import gc
import json
import lzma
import zipfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

HEADER = "proof.json"
"""The member holding the document without its trees: each branch names its tree's member and line."""

MOST_BYTES = 1 << 30
"""The most a group may unpack to: far above any group, below what would exhaust memory."""

PRESET = 9 | lzma.PRESET_EXTREME
"""The strongest LZMA setting: a group is compressed once and read many times."""

STAMP = (1980, 1, 1, 0, 0, 0)
"""Every member's date: the same document always makes the same bytes, so an unchanged proof
leaves the file unchanged."""

_UNREADABLE = (zipfile.BadZipFile, KeyError, EOFError, lzma.LZMAError, zlib.error, NotImplementedError,
               RuntimeError, RecursionError, UnicodeDecodeError)
"""What zipfile, lzma and json raise on damaged bytes, besides ValueError and OSError."""


class ArchiveError(ValueError):
    """The file is not a proof archive, or a part of it cannot be read."""


def member_name(moves: Sequence[int]) -> str:
    """The group of the branch after ``moves``: the branches below one first reply of O share it."""
    return "branches/" + ("-".join(str(cell) for cell in moves[:2]) or "start") + ".json.xz"


def write(path: Path, header: dict[str, Any], branches: Sequence[dict[str, Any]]) -> int:
    """Write the document (``header`` without branches, and ``branches``, each with its ``moves``,
    ``plies`` and ``tree``) to ``path`` atomically; return the file's size in bytes.

    A group whose trees are those already in the file keeps its compressed bytes: compressing a
    group takes seconds, and a run of the prover saves every few minutes."""
    groups: dict[str, list[dict[str, Any]]] = {}
    places = []
    for branch in branches:
        name = member_name(branch["moves"])
        group = groups.setdefault(name, [])
        places.append({"moves": branch["moves"], "plies": branch["plies"], "member": name,
                       "line": len(group)})
        group.append(branch)
    previous = _members(path)
    temporary = path.with_suffix(".tmp")
    try:
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_STORED) as archive:
            for name, group in groups.items():
                text = "\n".join(json.dumps(branch["tree"], separators=(",", ":"))
                                 for branch in group).encode()
                data = previous.get(name)
                if data is None or _unpacked_or_none(data) != text:
                    data = lzma.compress(text, preset=PRESET)
                archive.writestr(zipfile.ZipInfo(name, STAMP), data)
            document = json.dumps({**header, "branches": places}, separators=(",", ":"))
            archive.writestr(zipfile.ZipInfo(HEADER, STAMP), document)
        temporary.replace(path)
    finally:
        temporary.unlink(missing_ok=True)
    return path.stat().st_size


def _members(path: Path) -> dict[str, bytes]:
    """The compressed groups of the file at ``path`` by name; none when there is no readable file."""
    try:
        with zipfile.ZipFile(path) as archive:
            return {name: archive.read(name) for name in archive.namelist() if name != HEADER}
    except (OSError, ValueError, *_UNREADABLE):
        return {}


def _unpacked_or_none(data: bytes) -> bytes | None:
    try:
        return _unpacked(data)
    except lzma.LZMAError:
        return None


def open_archive(file: Path | IO[bytes]) -> tuple[zipfile.ZipFile, dict[str, Any]]:
    """The open archive and its header, whose branches name their trees' places (``read_tree``).

    Raises ``ArchiveError`` for a file that is not such an archive, ``OSError`` for one that
    cannot be read."""
    try:
        archive = zipfile.ZipFile(file)
    except _UNREADABLE as error:
        raise ArchiveError(f"not a proof archive: {error}") from None
    try:
        header = json.loads(_read(archive, HEADER))
        if not isinstance(header, dict) or not isinstance(header.get("branches"), list):
            raise ArchiveError("the proof's header is not an object with a list of branches")
    except (ValueError, *_UNREADABLE) as error:
        archive.close()
        raise ArchiveError(f"cannot read the header: {error}") from None
    return archive, header


def read_tree(archive: zipfile.ZipFile, branch: dict[str, Any]) -> Any:
    """The tree of a branch of the header, read from its group; ``ArchiveError`` if it cannot be."""
    return _pick(_lines(archive, _member(branch)), branch)


def read_trees(archive: zipfile.ZipFile, branches: Sequence[dict[str, Any]]) -> Iterator[Any]:
    """The trees of ``branches`` of the header, in order: the whole proof passes through the memory
    of one group, where ``read_document`` holds it all."""
    read = tree_reader(archive)
    return (read(branch) for branch in branches)


def tree_reader(archive: zipfile.ZipFile) -> Callable[[dict[str, Any]], Any]:
    """A reader of the trees of the header's branches that keeps the last group it decompressed, so
    that branches read in the header's order decompress each group once however they are handed out."""
    last: dict[str, list[bytes]] = {}

    def read(branch: dict[str, Any]) -> Any:
        name = _member(branch)
        lines = last.get(name)
        if lines is None:
            lines = _lines(archive, name)
            last.clear()
            last[name] = lines
        return _pick(lines, branch)

    return read


def entry(branch: dict[str, Any], tree: Any) -> dict[str, Any]:
    """The document's branch for a branch of the header and its tree: its place in the file left out."""
    return {key: value for key, value in branch.items() if key not in ("member", "line")} | {"tree": tree}


def read_document(file: Path | IO[bytes]) -> dict[str, Any]:
    """The whole document, every branch's tree read from its group.

    Raises ``ArchiveError`` (a ``ValueError``) for a damaged file, ``OSError`` for one that cannot
    be read."""
    archive, header = open_archive(file)
    groups: dict[str, list[bytes]] = {}
    branches = []
    with archive, _collector_paused():
        for branch in header["branches"]:
            if not isinstance(branch, dict):
                raise ArchiveError("a branch of the header is not an object")
            name = _member(branch)
            lines = groups.get(name)
            if lines is None:
                lines = groups[name] = _lines(archive, name)
            branches.append(entry(branch, _pick(lines, branch)))
    return {**header, "branches": branches}


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Keep Python's cycle collector from running while a whole document is parsed.

    The document is tens of millions of lists, every one kept, so the collector would walk the
    growing heap again and again: reading the whole proof took ten times as long with it (180 s
    against 17 s). Parsed JSON holds no cycles, so nothing is left for it to find."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _pick(lines: list[bytes], branch: dict[str, Any]) -> Any:
    """The tree on the branch's line of its group, parsed (a group holds hundreds; a game needs one)."""
    line = branch.get("line")
    if type(line) is not int or not 0 <= line < len(lines):
        raise ArchiveError("a branch does not give a line of its tree's group")
    try:
        return json.loads(lines[line])
    except (ValueError, RecursionError) as error:
        group = str(branch.get("member"))[:40]
        raise ArchiveError(f"a tree of the group {group} is not JSON: {error}") from None


def _member(branch: dict[str, Any]) -> str:
    """The name of the group holding a branch's tree; ``ArchiveError`` if it gives none."""
    name = branch.get("member")
    if not isinstance(name, str):
        raise ArchiveError("a branch does not name its tree's group")
    return name


def _lines(archive: zipfile.ZipFile, name: str) -> list[bytes]:
    """A group's trees, one a line, as text; ``ArchiveError`` if it is missing or too big."""
    try:
        return _unpacked(_read(archive, name)).split(b"\n")
    except _UNREADABLE as error:
        raise ArchiveError(f"cannot read the group {name[:40]}: {error}") from None


def _read(archive: zipfile.ZipFile, name: str) -> bytes:
    """A member's bytes: only a stored, unencrypted member, as the format has them."""
    info = archive.getinfo(name)
    if info.compress_type != zipfile.ZIP_STORED or info.flag_bits & 1:
        raise ArchiveError(f"the member {name[:40]} is not stored as the format says")
    return archive.read(info)


def _unpacked(data: bytes) -> bytes:
    """``data`` decompressed (one stream), refusing one that unpacks to more than ``MOST_BYTES``."""
    decompressor = lzma.LZMADecompressor()
    text = decompressor.decompress(data, MOST_BYTES)
    if not decompressor.eof or decompressor.unused_data:
        raise lzma.LZMAError("the group is truncated, unpacks to too much or holds more than one stream")
    return text
