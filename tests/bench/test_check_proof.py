"""The whole check as a script: a proof file that holds is counted, one that does not is refused with
the checker's message, naming the branch."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from test_atlas import _bench_module
from test_proof_size import OPEN_FOUR, moves, x

from tictactoe_tui.engine.proof import archive, store

check_proof = _bench_module("check_proof")


def write(path: Path, *trees: tuple[str, str, int, object]) -> Path:
    branches = [{"moves": moves(xs, os), "plies": plies, "tree": tree} for xs, os, plies, tree in trees]
    archive.write(path, store.empty_document(), branches)
    return path


def test_a_proof_that_holds_is_counted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "proof.zip", ("f8 g8 h8", "a1 o1 a15", 3, OPEN_FOUR),
                 ("f7 g7 h7", "a1 o1 a15", 3, x("i7", ("e7", x("j7")), ("j7", x("e7")))))
    assert check_proof.main([str(path), "--processes", "2"]) == 0
    # Each branch: X's open four, O's two blocks, X's five after each; six moves before it.
    figures = {line[:16].strip(): line[16:].split()[0] for line in capsys.readouterr().out.splitlines()[1:]}
    assert (figures["branches"], figures["positions"], figures["longest bound"]) == ("2", "8", "3")
    assert figures["from the start"] == "9"


def test_a_proof_that_does_not_hold_names_its_branch(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # The second branch states a bound its tree does not make.
    path = write(tmp_path / "proof.zip", ("f8 g8 h8", "a1 o1 a15", 3, OPEN_FOUR),
                 ("f8 g8 h8", "a1 o1 a14", 5, OPEN_FOUR))
    assert check_proof.main([str(path), "--processes", "2"]) == 1
    assert capsys.readouterr().err == ("proof check failed: branch 2: "
                                       "the branch says 5 plies, its tree's bound is 3\n")


def test_a_sample_is_checked_alone_and_counted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "proof.zip", ("f8 g8 h8", "a1 o1 a15", 3, OPEN_FOUR),
                 ("f7 g7 h7", "a1 o1 a15", 3, x("i7", ("e7", x("j7")), ("j7", x("e7")))))
    counted = []
    for sample in ("1", "2", "5"):
        assert check_proof.main([str(path), "--sample", sample]) == 0
        lines = capsys.readouterr().out.splitlines()[1:]
        figures = {line[:16].strip(): line[16:].split()[0] for line in lines}
        counted.append((figures["branches"], figures["positions"]))
    assert counted == [("1", "4"), ("2", "8"), ("2", "8")]  # four positions a branch, no more than there are


def test_a_sample_that_does_not_hold_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "proof.zip", ("f8 g8 h8", "a1 o1 a15", 5, OPEN_FOUR))
    assert check_proof.main([str(path), "--sample", "1"]) == 1
    assert "the branch says 5 plies, its tree's bound is 3" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        check_proof.main([str(path), "--sample", "0"])
    assert "--sample must be at least 1 branch" in capsys.readouterr().err


@pytest.mark.parametrize("damage", ["group truncated", "header branch not an object", "not a zip"])
def test_a_file_that_cannot_be_read_is_refused_with_the_reason(tmp_path: Path, damage: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    # The workers read the trees themselves: a group they cannot read fails the check as the header would.
    path = write(tmp_path / "proof.zip", ("f8 g8 h8", "a1 o1 a15", 3, OPEN_FOUR),
                 ("f7 g7 h7", "a1 o1 a15", 3, x("i7", ("e7", x("j7")), ("j7", x("e7")))))
    with zipfile.ZipFile(path) as file:
        members = {name: file.read(name) for name in file.namelist()}
    header = json.loads(members[archive.HEADER])
    group = header["branches"][1]["member"]
    if damage == "group truncated":
        members[group] = members[group][:-20]
    else:
        header["branches"][1] = ["not", "a", "branch"]
        members[archive.HEADER] = json.dumps(header).encode()
    with zipfile.ZipFile(path, "w") as file:
        for name, data in members.items():
            file.writestr(name, data)
    if damage == "not a zip":
        path.write_bytes(b"PK but nothing else")
    assert check_proof.main([str(path), "--processes", "2"]) == 1
    error = capsys.readouterr().err
    assert error.startswith(f"proof check failed: cannot read the proof {path}: "), error
    assert error.count("\n") == 1, "one line, no traceback"
