"""The shipped Gomoku proof's size, counted the way a solution tree with threat-space leaves is.

    .venv/bin/python bench/proof_size.py [path/to/proof.zip] [--processes N]

Allis, van den Herik and Huntjens gave their proof's size as the positions of its solution tree
(138,790 for free-style Gomoku), a tree whose leaves are positions where the attacker wins by
threats alone: their program found those wins again by threat-space search instead of storing
them. The shipped proof stores every line to its five, each of O's answers to each threat
included, so its own count (``bench/check_proof.py``) is not the one to set beside theirs. This
script counts both ways, over the same branches:

- the positions where a game can be, as ``check_proof.py`` prints them (threat trees of the zone
  arguments left out);
- the positions of the solution tree: the same, except that an X node from which every X move to
  the end forces counts as one leaf, a win by threats alone. A move forces when it makes five or
  leaves X a five-cell (a four) or a move that makes two (an open three, or a move making two
  fours): O must answer it. A block of O's four that leaves X no such threat gives O a free move,
  so the line below it is no threat sequence.

- the distinct positions of that tree, where the same position reached in different orders (or
  in two branches) counts once, and those distinct up to the board's symmetries.

The solution-tree figures are the ones comparable with Allis's. It reads the board with the
engine's threat board (``bigboard.threatboard``): this is a measurement, not a check; the check
is ``check_proof.py``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from check_proof import game_positions, proof_arguments

from tictactoe_tui.engine.bigboard.lineboard import O, X
from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.proof.archive import ArchiveError, open_archive, read_trees
from tictactoe_tui.engine.proof.checker import BOARD, REFERENCE
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.spec import BoardSpec
from tictactoe_tui.engine.rules.symmetry import symmetries

ALLIS_POSITIONS = 138_790
"""The positions of Allis, van den Herik and Huntjens's solution tree for free-style Gomoku (1993)."""


def solution_positions(spec: BoardSpec, moves: Sequence[int], tree: Any) -> list[int]:
    """The positions of one branch's solution tree, an X node from which every X move forces counted
    as one leaf: each position as its packed key (``x | o << cells``), in the order met."""
    position = Position.empty(spec)
    for cell in moves:
        position = position.play(cell)
    keys: list[int] = []
    _x_count(ThreatBoard(position), tree, keys)
    return keys


def _key(board: ThreatBoard) -> int:
    return board.stones[X] | board.stones[O] << board.spec.cells


def _x_count(board: ThreatBoard, node: Any, keys: list[int]) -> bool:
    """For an X node: add its solution-tree positions to ``keys``, and tell whether every X move
    from it to the end forces (then the node is a leaf, and what lies below it is taken out)."""
    if node == REFERENCE:
        return False  # its branch counts its own positions
    keys.append(_key(board))
    cell = node[0]
    if len(node) == 1:
        return True
    below = len(keys)
    board.play(cell)
    try:
        forces = bool(board.fives[X] or board.winning[X])
        all_force = _o_count(board, node[1], keys)
    finally:
        board.undo()
    if forces and all_force:
        del keys[below:]
        return True
    return False


def _o_count(board: ThreatBoard, node: Any, keys: list[int]) -> bool:
    """For an O node (``[replies]`` or ``[zone, threat, replies]``): as ``_x_count``."""
    keys.append(_key(board))
    all_force = True
    for reply, child in node[0] if len(node) == 1 else node[2]:
        board.play(reply)
        try:
            forces = _x_count(board, child, keys)
        finally:
            board.undo()
        all_force = all_force and forces
    return all_force


def group_sizes(path: Path, member: str) -> tuple[int, int, int, set[int]]:
    """Worker: (branches, game positions, solution-tree positions, the keys of those positions) of
    the branches whose trees are in the group ``member``, read from the file one group at a time,
    so that two processes hold two groups, not two copies of the whole proof."""
    spec = BoardSpec.parse(BOARD)
    archive, header = open_archive(path)
    branches_read, game, solution, keys = 0, 0, 0, set()
    with archive:
        branches = [branch for branch in header["branches"] if branch.get("member") == member]
        for branch, tree in zip(branches, read_trees(archive, branches), strict=True):
            found = solution_positions(spec, branch["moves"], tree)
            branches_read += 1
            game += game_positions(tree, "x")
            solution += len(found)
            keys.update(found)
    return branches_read, game, solution, keys


def up_to_symmetry(spec: BoardSpec, keys: Iterable[int]) -> int:
    """How many of the positions ``keys`` (packed as ``solution_positions`` packs them) are distinct
    once rotations and reflections of the board count as the same position."""
    transforms, mask = symmetries(spec), spec.full_mask
    return len({min(transforms.keys(key & mask, key >> spec.cells)) for key in keys})


def main(argv: Sequence[str] | None = None) -> int:
    args = proof_arguments(__doc__.splitlines()[0], "counting").parse_args(argv)

    start = time.perf_counter()
    try:
        archive, header = open_archive(args.path)
        archive.close()
        members = list(dict.fromkeys(branch["member"] for branch in header["branches"]))
        with ProcessPoolExecutor(args.processes) as pool:
            sizes = list(pool.map(group_sizes, [args.path] * len(members), members))
    except (OSError, ArchiveError) as error:
        print(f"cannot read the proof {args.path}: {error}", file=sys.stderr)
        return 1
    game = sum(size[1] for size in sizes)
    solution = sum(size[2] for size in sizes)
    distinct = set().union(*(size[3] for size in sizes))
    symmetric = up_to_symmetry(BoardSpec.parse(BOARD), distinct)
    seconds = time.perf_counter() - start
    print(f"{args.path}")
    print(f"branches              {sum(size[0] for size in sizes):>12,}")
    print(f"game positions        {game:>12,} (every line to its five)")
    print(f"solution tree         {solution:>12,} (wins by threats alone as leaves)")
    print(f"  distinct            {len(distinct):>12,} (each position once)")
    print(f"  up to symmetry      {symmetric:>12,} (rotations and reflections as one)")
    print(f"  Allis's             {ALLIS_POSITIONS:>12,}")
    print(f"processes             {args.processes:>12}")
    print(f"wall time             {seconds:>12.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
