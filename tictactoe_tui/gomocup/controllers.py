"""Controllers that name an external brain: ``brain:PATH [ARGS...]``.

Kept apart from the client so that checking a game's setup (the command line,
the app's new-game form) loads neither subprocesses nor the engine's search.
"""

from __future__ import annotations

import os
import shlex
import shutil
import stat
import sys

from ..engine.errors import GameError
from ..engine.rules.inputs import quote

BRAIN_PREFIX = "brain:"
"""A controller naming an external brain: ``brain:PATH [ARGS...]``."""
OWN_BRAIN = "pbrain-tictactoe-tui"
"""The brain this package installs, found by that name even where its folder is not on PATH."""

SHOWN_PATH = 60
"""The most characters of a brain's program a message quotes: a path needs more than most values."""


class BrainCommandError(GameError):
    """Text that names a brain (``brain:...``) whose command line cannot be read: its message says why
    and quotes the text, so the command line shows it as it is."""


def parse_brain_controller(controller: str) -> list[str]:
    """The command line of ``brain:PATH [ARGS...]`` (split as a shell would, without running one)."""
    if not controller.startswith(BRAIN_PREFIX):
        raise GameError(f"{quote(controller)} does not name a brain: "
                        "write brain:PATH, such as brain:pbrain-rapfi")
    try:
        argv = shlex.split(controller[len(BRAIN_PREFIX):])
    except ValueError as error:
        raise BrainCommandError(f"{quote(controller)} cannot be read as a command line: {error}") from None
    if not argv:
        raise BrainCommandError(f"{quote(controller)} names no program: "
                                "write brain:PATH, such as brain:pbrain-rapfi")
    if argv[0] == OWN_BRAIN:
        argv[0] = _own_brain()
    return argv


def _own_brain() -> str:
    """This package's brain: by its name where PATH finds it, else the one installed beside this Python
    (a virtual environment's ``bin`` or ``Scripts``, which the README's setup never puts on PATH)."""
    if shutil.which(OWN_BRAIN) is not None:
        return OWN_BRAIN
    beside = shutil.which(OWN_BRAIN, path=os.path.dirname(sys.executable))
    return beside if beside is not None else OWN_BRAIN


def brain_problem(controller: str) -> str | None:
    """Why the brain ``controller`` names cannot be started, or None when its program is there to run.

    Checked before a game starts, so that a command that cannot run is refused with its reason
    rather than found out when the brain's first move is due.
    """
    try:
        program = parse_brain_controller(controller)[0]
    except GameError as error:
        return str(error)
    named = f"brain program {quote(program, SHOWN_PATH)}"
    if os.name != "posix":  # Windows runs by extension (PATHEXT), which is what ``which`` knows.
        if shutil.which(program) is None:
            return f"{named} is not found or not executable: give its path, or put it on PATH"
        return None
    if os.sep not in program:
        found = shutil.which(program)
        if found is None:
            return f"{named} is not found on PATH: give its path, or put it on PATH"
        program = found
    problem = _not_runnable(program)
    return f"{named} {problem}" if problem else None


_PROGRAM_STARTS = (b"#!", b"\x7fELF", b"\xfe\xed\xfa\xce", b"\xfe\xed\xfa\xcf", b"\xce\xfa\xed\xfe",
                   b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"MZ")
"""How a file the system can run begins: a script's ``#!``, an ELF or Mach-O binary, or a Windows
executable (which Linux runs through Wine when it is set up to)."""


def _not_runnable(path: str) -> str | None:
    """What keeps the file at ``path`` from running as a program (POSIX), or None.

    ``os.access(path, X_OK)`` alone is not enough: for root it holds for a directory, and for any file
    with an execute bit, whoever's it is. So the file's type and mode are looked at, then its first
    bytes: a text file marked executable, without ``#!``, is refused by the system when it is run.
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "is not found: give its path, or put it on PATH"
    except OSError as error:
        return f"cannot be looked at ({error.strerror or type(error).__name__})"
    if stat.S_ISDIR(mode):
        return "is a directory, not a program"
    if not stat.S_ISREG(mode):
        return "is not a regular file"
    if not mode & (stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH) or not os.access(path, os.X_OK):
        return "is not executable: make it so (chmod +x), or give the program that runs it"
    try:
        with open(path, "rb") as file:
            start = file.read(4)
    except OSError:
        return None  # A program one may run but not read: the system can still run it.
    if not start.startswith(_PROGRAM_STARTS):
        return "is not a program: neither a script starting with #! nor a binary"
    return None
