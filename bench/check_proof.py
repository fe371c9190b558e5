"""The whole check of the shipped Gomoku proof: every branch verified from the rules alone, and timed.

    .venv/bin/python bench/check_proof.py [path/to/proof.zip] [--processes N] [--sample BRANCHES]

Reads the proof (by default the package's ``tictactoe_tui/engine/proof/gomoku15.zip``), checks
it with ``tictactoe_tui.engine.proof.checker`` (which knows nothing of the prover that wrote it;
the format is in ``docs/gomoku-proof.md``) and prints the branches, the positions checked, the
longest bound in plies and the wall time. A proof that does not hold exits with status 1 and the
checker's message, which says what failed and after which moves. ``--sample`` checks a seeded sample
of the branches alone, in this process, and prints the positions checked a second of processor
time: the checker's own speed, apart from the machine's other work and the reading of the file.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tictactoe_tui.engine.proof.archive import ArchiveError, entry, open_archive, read_trees, tree_reader
from tictactoe_tui.engine.proof.checker import (
    BOARD,
    REFERENCE,
    Bounds,
    ProofError,
    check_entry,
    check_header,
    stated_bounds,
)
from tictactoe_tui.engine.rules.spec import BoardSpec

PROOF = Path(__file__).resolve().parent.parent / "tictactoe_tui" / "engine" / "proof" / "gomoku15.zip"
SEED = 3
"""The seed of ``--sample``'s draw: the same branches each time, so that two builds compare."""


_SHARED: list[Any] = []
"""A worker's file, its reader of the file's trees (once it has opened it), the header's branches and
their stated bounds: each task names a branch by number, and the worker reads its tree itself, so that
no process holds the whole proof."""


def _share(path: Path, branches: Sequence[Any], bounds: Bounds) -> None:
    # A tree is parsed, checked and freed by its reference count, and parsed JSON holds no cycles: the
    # cycle collector would only walk each tree as it is parsed.
    gc.disable()
    _SHARED[:] = [path, None, branches, bounds]


def _check(index: int) -> tuple[int, int, int, int]:
    """Worker: (positions, bound, moves before the branch, game positions) for branch ``index``,
    whose references name the branches of the shared bounds; ProofError, naming it, if it fails."""
    path, read, branches, bounds = _SHARED
    branch = branches[index]
    try:
        if read is None:
            archive, _ = open_archive(path)
            read = _SHARED[1] = tree_reader(archive)
        if not isinstance(branch, dict):
            raise ArchiveError("a branch of the header is not an object")
        checked = entry(branch, read(branch))
    except (OSError, ValueError) as error:
        raise ProofError(f"cannot read the proof {path}: {error}") from None
    try:
        positions, plies = check_entry(BoardSpec.parse(BOARD), checked, bounds)
    except ProofError as error:
        raise ProofError(f"branch {index + 1}: {error}") from None
    return positions, plies, len(checked["moves"]), game_positions(checked["tree"], "x")


def game_positions(node: Any, kind: str) -> int:
    """The positions of a checked tree where a game can be, threat trees left out: the count to set
    beside a solution tree whose leaves are wins that a threat search finds again. A reference
    counts none: its branch counts its own."""
    if node == REFERENCE:
        return 0
    if kind == "x":
        return 1 + (game_positions(node[1], "o") if len(node) == 2 else 0)
    replies = node[0] if len(node) == 1 else node[2]
    return 1 + sum(game_positions(child, "x") for _, child in replies)


def proof_arguments(description: str, doing: str) -> argparse.ArgumentParser:
    """The command line of a script that reads the whole proof: the file, and how many processes
    share the branches."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("path", type=Path, nargs="?", default=PROOF,
                        help="the proof file (default: the package's gomoku15.zip)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1,
                        help=f"processes {doing} branches side by side (default: one per core)")
    return parser


def sample_speed(path: Path, count: int) -> int:
    """Check a seeded sample of ``count`` of the file's branches here, read alone (their references
    name the branches the header states), and print the positions a second of processor time."""
    try:
        archive, header = open_archive(path)
        with archive:
            stated = header["branches"]
            drawn = sorted(random.Random(SEED).sample(stated, min(count, len(stated))),
                           key=lambda branch: (branch["member"], branch["line"]))
            trees = read_trees(archive, drawn)
            entries = [entry(branch, tree) for branch, tree in zip(drawn, trees, strict=True)]
    except (OSError, ValueError) as error:
        print(f"cannot read the proof {path}: {error}", file=sys.stderr)
        return 1
    spec, bounds = BoardSpec.parse(BOARD), stated_bounds(stated)
    start = time.process_time()
    try:
        positions = sum(check_entry(spec, entry, bounds)[0] for entry in entries)
    except ProofError as error:
        print(f"proof check failed: {error}", file=sys.stderr)
        return 1
    seconds = time.process_time() - start
    _print_figures(path, [("branches", f"{len(entries):>12,} (a sample, seed {SEED})"),
                          ("positions", f"{positions:>12,}"),
                          ("processor time", f"{seconds:>12.2f} s"),
                          ("a second", f"{positions / max(seconds, 1e-9):>12,.0f} positions")])
    return 0


def _print_figures(path: Path, figures: list[tuple[str, str]]) -> None:
    """The file, then each figure under a label, the figures in one column."""
    print(f"{path}")
    for label, figure in figures:
        print(f"{label:<16}{figure}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = proof_arguments(__doc__.splitlines()[0], "checking")
    parser.add_argument("--sample", type=int, metavar="BRANCHES",
                        help="check only a seeded sample of this many branches, here, and print the "
                             "positions checked a second of processor time")
    args = parser.parse_args(argv)
    if args.sample is not None:
        if args.sample < 1:
            parser.error("--sample must be at least 1 branch")
        return sample_speed(args.path, args.sample)

    start = time.perf_counter()
    try:
        try:
            archive, header = open_archive(args.path)
        except (OSError, ValueError) as error:
            raise ProofError(f"cannot read the proof {args.path}: {error}") from None
        archive.close()
        # The document's shape here, from the header; every branch's tree in the workers, each
        # reading the groups of the branches it is handed.
        branches = list(check_header(header))
        with ProcessPoolExecutor(args.processes, initializer=_share,
                                 initargs=(args.path, branches, stated_bounds(branches))) as pool:
            results = list(pool.map(_check, range(len(branches)), chunksize=4))
    except ProofError as error:
        print(f"proof check failed: {error}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    _print_figures(args.path, [
        ("branches", f"{len(results):>12,}"),
        ("positions", f"{sum(result[0] for result in results):>12,}"),
        ("  of the game", f"{sum(result[3] for result in results):>12,} (threat trees left out)"),
        ("longest bound", f"{max(result[1] for result in results):>12,} plies"),
        ("from the start", f"{max(plies + before for _, plies, before, _ in results):>12,} plies, at most"),
        ("processes", f"{args.processes:>12}"),
        ("wall time", f"{seconds:>12.1f} s")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
