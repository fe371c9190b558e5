"""The proof file: reading it, writing it, and folding proven parts into bigger ones.

The file in the package is also the prover's checkpoint: each run reads the branches proven so
far and writes them back with what it added, so the work grows over several runs. Once every O
reply to a position (up to symmetry) is proven, a branch for the position itself is added that
names each of theirs by a reference (they stay, so that a game reads only the branches on its
line), and so on up to the empty board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..rules.position import Position
from . import archive
from .book import BOARD, FILE, FORMAT, REFERENCE, VERSION
from .bound import game_plies

SHIPPED = Path(__file__).resolve().parent / FILE
"""The proof that ships in the package."""


def empty_document() -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "board": str(BOARD), "branches": []}


def read(path: Path = SHIPPED) -> dict[str, Any]:
    """The document at ``path``, every tree read, or an empty one when there is no file yet."""
    if not path.exists():
        return empty_document()
    return archive.read_document(path)


def outline(path: Path = SHIPPED) -> dict[str, Any]:
    """The document at ``path`` without its trees, each branch with its moves and bound: what a look
    at where the proof stands needs, read from the file's header alone in a fraction of a second,
    where ``read`` takes minutes (an empty document when there is no file yet)."""
    if not path.exists():
        return empty_document()
    opened, header = archive.open_archive(path)
    opened.close()
    return header


def write(document: dict[str, Any], path: Path = SHIPPED) -> int:
    """Write ``document`` (branches sorted by their moves) and return the file's size in bytes."""
    document["branches"].sort(key=lambda branch: (len(branch["moves"]), branch["moves"]))
    return archive.write(path, {**document, "branches": []}, document["branches"])


def branches(document: dict[str, Any]) -> dict[tuple[int, ...], dict[str, Any]]:
    """Moves -> branch, for every branch."""
    return {tuple(branch["moves"]): branch for branch in document["branches"]}


def add(document: dict[str, Any], moves: Sequence[int], tree: Any, plies: int | None = None) -> None:
    """Add a proven branch (replacing one with the same moves), with its bound in plies (computed
    from the tree when not given)."""
    if plies is None:
        position = Position.from_moves(BOARD, list(moves))
        plies = game_plies(BOARD, tree, "x", position.x, position.o, {})
    document["branches"] = [branch for branch in document["branches"] if branch["moves"] != list(moves)]
    document["branches"].append({"moves": list(moves), "plies": plies, "tree": tree})


def fold(document: dict[str, Any], moves: Sequence[int], x_move: int, replies: Iterable[int]) -> bool:
    """Fold the branches ``moves + [x_move, r]`` for every ``r`` of ``replies`` into one branch for
    ``moves``, X playing ``x_move`` and O's every reply (up to symmetry) listed, each by a reference
    to its branch, which stays. False, changing nothing, while any of them is missing."""
    known = branches(document)
    below = [tuple(moves) + (x_move, reply) for reply in replies]
    if not all(key in known for key in below):
        return False
    tree = [x_move, [None, None, [[key[-1], REFERENCE] for key in below]]]
    plies = 2 + max(known[key]["plies"] for key in below)  # X's move, O's reply, the longest unit
    add(document, moves, tree, plies)
    return True


def drop_below(document: dict[str, Any], moves: Sequence[int]) -> None:
    """Take out the branches of the positions that follow ``moves``, the position's own kept: once
    it is proven whole, or X's move that ends ``moves`` is refuted, they answer nothing."""
    length, prefix = len(moves), list(moves)
    document["branches"] = [branch for branch in document["branches"]
                            if len(branch["moves"]) <= length or branch["moves"][:length] != prefix]
