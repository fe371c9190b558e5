"""A brain's command is checked for being runnable before a game starts, with the reason when it is not."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from long_input import short_id

from tictactoe_tui.engine.rules.inputs import quote
from tictactoe_tui.gomocup.controllers import SHOWN_PATH, brain_problem

SCRIPT = b"#!/bin/sh\necho OK\n"
NOT_A_PROGRAM = "is not a program: neither a script starting with #! nor a binary"
NOT_EXECUTABLE = "is not executable: make it so (chmod +x), or give the program that runs it"


def named(path: Path) -> str:
    """How a message names the program at ``path``."""
    return f"brain program {quote(str(path), SHOWN_PATH)}"


def made(tmp_path: Path, name: str, content: bytes, mode: int) -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    path.chmod(mode)
    return path


@pytest.mark.parametrize(
    ("name", "content", "mode", "says"),
    [
        ("text", b"a host name\n", 0o755, NOT_A_PROGRAM),
        ("empty", b"", 0o755, NOT_A_PROGRAM),
        ("not-executable", SCRIPT, 0o644, NOT_EXECUTABLE),
        ("read-only", SCRIPT, 0o444, NOT_EXECUTABLE),
    ],
)
def test_a_file_that_cannot_run_is_refused_with_the_reason(tmp_path: Path, name: str, content: bytes,
                                                             mode: int, says: str) -> None:
    path = made(tmp_path, name, content, mode)
    assert brain_problem(f"brain:{path} --fast") == f"{named(path)} {says}"


def test_a_directory_is_refused_even_though_root_may_search_it(tmp_path: Path) -> None:
    """``os.access(X_OK)`` holds for a directory one may enter, for root as for its owner."""
    assert os.access(tmp_path, os.X_OK)
    assert brain_problem(f"brain:{tmp_path}") == f"{named(tmp_path)} is a directory, not a program"


def test_a_named_pipe_is_refused_without_being_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    fifo.chmod(0o755)
    assert brain_problem(f"brain:{fifo}") == f"{named(fifo)} is not a regular file"


def test_a_missing_program_is_not_found(tmp_path: Path) -> None:
    missing = tmp_path / "pbrain-nothing"
    said = brain_problem(f"brain:{missing}")
    assert said == f"{named(missing)} is not found: give its path, or put it on PATH"


@pytest.mark.parametrize("content", [SCRIPT, b"\x7fELF\x02\x01\x01", b"MZ\x90\x00", b"\xcf\xfa\xed\xfe\x07"])
def test_scripts_and_binaries_are_runnable(tmp_path: Path, content: bytes) -> None:
    path = made(tmp_path, "pbrain", content, 0o755)
    assert brain_problem(f"brain:{path} -x 1") is None


def test_the_python_interpreter_and_our_own_brain_are_runnable() -> None:
    assert brain_problem(f"brain:{sys.executable} -m tictactoe_tui.gomocup") is None
    assert brain_problem(f"brain:{Path(sys.executable).parent / 'pbrain-tictactoe-tui'}") is None


def test_a_name_is_looked_for_on_path_and_what_is_found_is_checked(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    made(tmp_path, "pbrain-script", SCRIPT, 0o755)
    made(tmp_path, "pbrain-text", b"not a program\n", 0o755)
    made(tmp_path, "pbrain-plain", SCRIPT, 0o644)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert brain_problem("brain:pbrain-script") is None
    assert brain_problem("brain:pbrain-text") == f"brain program 'pbrain-text' {NOT_A_PROGRAM}"
    for name in ("pbrain-plain", "pbrain-missing"):
        assert brain_problem(f"brain:{name}") == (f"brain program '{name}' is not found on PATH: "
                                                  "give its path, or put it on PATH")


@pytest.mark.parametrize("controller", [f"brain:/{'x' * 5000}", f"brain:{'y' * 5000}", f"brain:'{'z' * 500}"],
                         ids=short_id)
def test_a_long_command_is_quoted_short(controller: str) -> None:
    problem = brain_problem(controller)
    assert problem is not None and "…" in problem
    assert len(problem) < 140
