"""The proof file's container: what is written is read back, a game reads only its branch's group,
an unchanged group is not compressed again, and a damaged file is refused with a reason."""

from __future__ import annotations

import gc
import json
import lzma
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tictactoe_tui.engine import Position
from tictactoe_tui.engine.proof import archive, store
from tictactoe_tui.engine.proof import book as book_module
from tictactoe_tui.engine.proof.book import Book
from tictactoe_tui.engine.proof.checker import ProofError, load_document

OPEN_FOUR = [96, [None, None, [[95, [97]], [97, [95]]]]]
"""Not a proof of anything: a tree shape to carry through the file."""


def branch(names: str, plies: int, tree: Any) -> dict[str, Any]:
    return {"moves": list(Position.from_moves("15x15k5", names).moves), "plies": plies, "tree": tree}


BRANCHES = [branch("h8 a1", 33, [OPEN_FOUR, 1]), branch("h8 b1 i9 c3", 21, OPEN_FOUR),
            branch("h8 b1 i9 d4", 19, [OPEN_FOUR]), branch("h8 c1 i9 f6", 17, [])]


def written(path: Path, branches: list[dict[str, Any]]) -> dict[str, Any]:
    document = {**store.empty_document(), "branches": [dict(entry) for entry in branches]}
    store.write(document, path)
    return document


def test_what_is_written_is_read_back(tmp_path: Path) -> None:
    path = tmp_path / "proof.zip"
    document = written(path, BRANCHES)
    assert store.read(path) == document
    with zipfile.ZipFile(path) as file:
        # One group a first reply of O, and the header; the branches of b1 share their group.
        assert sorted(file.namelist()) == ["branches/112-0.json.xz", "branches/112-1.json.xz",
                                           "branches/112-2.json.xz", archive.HEADER]
        assert {info.compress_type for info in file.infolist()} == {zipfile.ZIP_STORED}


def test_the_outline_holds_each_branchs_moves_and_bound_and_no_tree(tmp_path: Path) -> None:
    path = tmp_path / "proof.zip"
    document = written(path, BRANCHES)
    outline = store.outline(path)
    assert [(entry["moves"], entry["plies"]) for entry in outline["branches"]] == [
        (entry["moves"], entry["plies"]) for entry in document["branches"]]
    assert not any("tree" in entry for entry in outline["branches"])
    assert store.outline(tmp_path / "none.zip") == store.empty_document()


def test_the_branches_keep_their_order_and_the_same_document_the_same_bytes(tmp_path: Path) -> None:
    path, again = tmp_path / "proof.zip", tmp_path / "again.zip"
    interleaved = [BRANCHES[1], BRANCHES[0], BRANCHES[2]]  # b1, a1, b1: the groups interleave
    archive.write(path, store.empty_document(), interleaved)
    assert [branch["moves"] for branch in archive.read_document(path)["branches"]] == [
        branch["moves"] for branch in interleaved]
    archive.write(again, store.empty_document(), interleaved)
    assert again.read_bytes() == path.read_bytes()


def test_trees_read_group_by_group_are_the_documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "proof.zip"
    interleaved = [BRANCHES[1], BRANCHES[0], BRANCHES[2], BRANCHES[3]]  # b1, a1, b1, c1
    archive.write(path, store.empty_document(), interleaved)
    decompressed: list[object] = []
    unpack = archive._unpacked
    monkeypatch.setattr(archive, "_unpacked", lambda data: decompressed.append(data) or unpack(data))
    opened, header = archive.open_archive(path)
    with opened:
        trees = list(archive.read_trees(opened, header["branches"]))
    assert trees == [entry["tree"] for entry in interleaved]
    assert len(decompressed) == 4, "a group once for each run of its branches"


def test_a_damaged_old_file_is_written_over(tmp_path: Path) -> None:
    path = tmp_path / "proof.zip"
    written(path, BRANCHES)
    with zipfile.ZipFile(path) as file:
        members = {name: file.read(name) for name in file.namelist()}
    with zipfile.ZipFile(path, "w") as file:
        for name, data in members.items():
            file.writestr(name, b"not xz" if name.startswith("branches/") else data)
    document = written(path, BRANCHES)
    assert store.read(path) == document
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["proof.zip"]


def test_a_game_goes_on_without_the_proof_where_a_branch_cannot_be_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def damaged(entry: dict[str, Any]) -> Any:
        raise archive.ArchiveError("cannot read the group")

    header = {**store.empty_document(), "branches": [{key: value for key, value in BRANCHES[0].items()
                                                      if key != "tree"}]}
    monkeypatch.setattr(book_module, "shipped_book", lambda: Book(header, damaged))
    assert book_module.shipped_win(Position.from_moves("15x15k5", "h8 a1")) is None


def test_a_game_reads_only_the_branch_it_reaches(tmp_path: Path) -> None:
    path = tmp_path / "proof.zip"
    written(path, [branch("h8 a1", 3, [96, [None, None, []]]), *BRANCHES[1:]])
    opened, header = archive.open_archive(path)
    read: list[list[int]] = []

    def read_tree(entry: dict[str, Any]) -> Any:
        read.append(entry["moves"])
        return archive.read_tree(opened, entry)

    with opened:
        book = Book(header, read_tree)
        assert book.lookup(Position.from_moves("15x15k5", "h8 h9")) is None
        assert read == []  # a game outside every branch reads no tree at all
        found = book.lookup(Position.from_moves("15x15k5", "h8 a1"))
        assert found is not None and found.move == 96
        assert read == [BRANCHES[0]["moves"]]


def test_an_unchanged_group_is_not_compressed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "proof.zip"
    written(path, BRANCHES)
    compressed: list[bytes] = []
    original = lzma.compress

    def counting(data: bytes, **options: Any) -> bytes:
        compressed.append(data)
        return original(data, **options)

    monkeypatch.setattr(lzma, "compress", counting)
    changed = [*BRANCHES[:3], branch("h8 c1 i9 f6", 5, [OPEN_FOUR])]
    document = written(path, changed)
    assert len(compressed) == 1 and b"96" in compressed[0]  # only c1's group, which changed
    assert store.read(path) == document


@pytest.mark.parametrize("damage", ["not a zip", "no header", "header not an object", "no member",
                                    "line out of range", "line not a number", "group truncated",
                                    "group not json", "deflated", "two streams", "too deep",
                                    "member not a name"])
def test_a_damaged_file_is_refused_with_a_reason(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "proof.zip"
    written(path, BRANCHES)
    with zipfile.ZipFile(path) as file:
        members = {name: file.read(name) for name in file.namelist()}
    header = json.loads(members[archive.HEADER])
    if damage == "not a zip":
        path.write_bytes(b"PK but nothing else")
    else:
        if damage == "no header":
            del members[archive.HEADER]
        elif damage == "header not an object":
            members[archive.HEADER] = b"[1, 2]"
        elif damage == "no member":
            del members["branches/112-1.json.xz"]
        elif damage == "member not a name":
            header["branches"][1]["member"] = ["branches/112-1.json.xz"]
            members[archive.HEADER] = json.dumps(header).encode()
        elif damage in ("line out of range", "line not a number"):
            header["branches"][1]["line"] = 7 if damage == "line out of range" else "0"
            members[archive.HEADER] = json.dumps(header).encode()
        elif damage == "group truncated":
            members["branches/112-1.json.xz"] = members["branches/112-1.json.xz"][:-20]
        elif damage == "group not json":
            members["branches/112-1.json.xz"] = lzma.compress(b"[96,\n{")
        elif damage == "two streams":
            members["branches/112-1.json.xz"] += lzma.compress(b"[]")
        elif damage == "too deep":
            members["branches/112-1.json.xz"] = lzma.compress(b"[" * 100_000)
        with zipfile.ZipFile(path, "w") as file:
            for name, data in members.items():
                info = zipfile.ZipInfo(name)
                info.compress_type = zipfile.ZIP_DEFLATED if damage == "deflated" else zipfile.ZIP_STORED
                file.writestr(info, data)
    with pytest.raises(ProofError, match="cannot read the proof"):
        load_document(path)


def test_a_group_that_unpacks_to_too_much_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "proof.zip"
    written(path, BRANCHES)
    monkeypatch.setattr(archive, "MOST_BYTES", 20)
    with pytest.raises(ValueError, match="unpacks to too much"):
        archive.read_document(path)


@pytest.mark.parametrize("collecting", [True, False])
def test_the_cycle_collector_rests_while_a_document_is_parsed_and_is_left_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, collecting: bool) -> None:
    path, damaged = tmp_path / "proof.zip", tmp_path / "damaged.zip"
    document = written(path, BRANCHES)
    with zipfile.ZipFile(path) as file, zipfile.ZipFile(damaged, "w") as copy:
        for name in file.namelist():
            damage = name.startswith("branches/")
            copy.writestr(name, lzma.compress(b"[96,\n{") if damage else file.read(name))
    parse, states = json.loads, []

    def watched(text: Any) -> Any:
        states.append(gc.isenabled())
        return parse(text)

    monkeypatch.setattr(archive.json, "loads", watched)
    was = gc.isenabled()
    (gc.enable if collecting else gc.disable)()
    try:
        assert archive.read_document(path) == document
        assert gc.isenabled() is collecting
        with pytest.raises(ValueError, match="is not JSON"):
            archive.read_document(damaged)
        assert gc.isenabled() is collecting
    finally:
        (gc.enable if was else gc.disable)()
    # Each read parses its header before the pause and its trees within it: four, then the damaged one.
    assert states == [collecting, False, False, False, False, collecting, False]
