"""Controllers that name an external brain: ``brain:PATH [ARGS...]``.

Kept apart from the client so that checking a game's setup (the command line,
the app's new-game form) loads neither subprocesses nor the engine's search.
"""

from __future__ import annotations

import shlex

from ..engine.errors import GameError

BRAIN_PREFIX = "brain:"
"""A controller naming an external brain: ``brain:PATH [ARGS...]``."""
OWN_BRAIN = "pbrain-tictactoe-tui"
"""The brain this package installs, found by that name even where its folder is not on PATH."""


def is_brain_controller(controller: str) -> bool:
    """True for a controller of the form ``brain:...``."""
    return controller.startswith(BRAIN_PREFIX)


def parse_brain_controller(controller: str) -> list[str]:
    """The command line of ``brain:PATH [ARGS...]`` (split as a shell would, without running one)."""
    if not is_brain_controller(controller):
        raise GameError(f"{controller!r} does not name a brain: write brain:PATH, such as brain:pbrain-rapfi")
    try:
        argv = shlex.split(controller[len(BRAIN_PREFIX):])
    except ValueError as error:
        raise GameError(f"{controller!r} cannot be read as a command line: {error}") from None
    if not argv:
        raise GameError(f"{controller!r} names no program: write brain:PATH, such as brain:pbrain-rapfi")
    if argv[0] == OWN_BRAIN:
        argv[0] = _own_brain()
    return argv


def _own_brain() -> str:
    """This package's brain: by its name where PATH finds it, else the one installed beside this Python
    (a virtual environment's ``bin`` or ``Scripts``, which the README's setup never puts on PATH)."""
    import os
    import shutil
    import sys

    if shutil.which(OWN_BRAIN) is not None:
        return OWN_BRAIN
    beside = shutil.which(OWN_BRAIN, path=os.path.dirname(sys.executable))
    return beside if beside is not None else OWN_BRAIN


def brain_problem(controller: str) -> str | None:
    """Why the brain ``controller`` names cannot be started, or None when its program is there to run."""
    import shutil  # Only for brains: the command line's start-up stays light.

    try:
        program = parse_brain_controller(controller)[0]
    except GameError as error:
        return str(error)
    if shutil.which(program) is None:
        return f"brain program {program!r} is not found or not executable: give its path, or put it on PATH"
    return None
