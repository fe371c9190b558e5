"""The warm-solver check of the test suite on every board of at most 14 cells, resumable.

    .venv/bin/python bench/warm_solver.py [--boards SPEC ...] [--checkpoint PATH] [--max-minutes M]

``tests/engine/test_warm_solver.py`` asks one ``Solver`` about every reachable position still in play
(one of each class under the board's symmetries) breadth first, another the same classes as random
images in a seeded random order, and a fresh solver a seeded sample of them, against the suite's plain
minimax: the value, the exact distance and the set of best moves must be the same. CI runs it on the
boards of at most 9 cells and a selection of bigger ones; this script runs the very same solves (the
test's own ``solves`` and ``answers``) on every board of at most 14 cells, both ways round, with every
k: 272 boards, smallest first, about 23.6 million classes in all.

Each finished board's figures (classes, solves, mismatches with the first few of them, wall and
processor seconds) go in the checkpoint, ``bench/results/warm_solver.json`` by default, rewritten
whole after each board; a board already there is skipped, so a run stopped at any point goes on
where it left off. A board is checked in one go (a solver's tables are its history, and cannot be
saved halfway). ``--max-minutes`` starts no new board once that many minutes have passed. The run
ends with a table of the boards, done or not yet, and the totals; the exit status is 1 when any of
them has a mismatch, this run's or an earlier one's. The timings are of a machine shared with other
work, so read them as an estimate.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import _arguments

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "tests" / "engine") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests" / "engine"))

import test_warm_solver as warm  # noqa: E402  (the test's helpers live beside it)
from minimax import Minimax  # noqa: E402

from tictactoe_tui.engine import BoardSpec  # noqa: E402

MOST_CELLS = 14
CHECKPOINT = ROOT / "bench" / "results" / "warm_solver.json"
KEPT = 5
"""Mismatches kept in full per board; all of them are counted."""
PROGRESS_SECONDS = 60.0

Figures = dict[str, Any]
clock: Callable[[], float] = time.monotonic
"""The clock ``--max-minutes`` reads."""


def all_boards() -> list[str]:
    """Every board of at most 14 cells, both ways round, with every k: the test's list, smallest first."""
    return sorted(warm._boards(MOST_CELLS), key=lambda board: BoardSpec.parse(board).cells)


def check_board(board: str, progress: Callable[[str], None] | None = None) -> Figures:
    """Run the test's check on ``board``, every solve of it, counting the mismatches instead of
    stopping at the first; ``progress`` is told how far it has got now and then."""
    spec = BoardSpec.parse(board)
    reference = Minimax(spec)
    started, cpu = time.perf_counter(), time.process_time()
    classes = solves = mismatches = 0
    kept: list[dict[str, Any]] = []
    last = started
    for order, position, solver in warm.solves(spec):
        if order == "breadth first":
            classes += 1
        solves += 1
        try:
            found = warm.answers(reference, position, solver)
            record = None if found.agree else _mismatch(order, found)
        except Exception as error:  # a solver that fails is a mismatch too, and the check goes on
            record = {"order": order, "position": position.record,
                      "error": f"{type(error).__name__}: {error}"}
        if record is not None:
            mismatches += 1
            if len(kept) < KEPT:
                kept.append(record)
        if progress is not None and time.perf_counter() - last >= PROGRESS_SECONDS:
            last = time.perf_counter()
            progress(f"{board}: {solves:,} solves ({order}), {mismatches} mismatches, "
                     f"{last - started:,.0f} s")
    return {"classes": classes, "solves": solves, "mismatches": mismatches, "first mismatches": kept,
            "seconds": round(time.perf_counter() - started, 3),
            "cpu seconds": round(time.process_time() - cpu, 3)}


def _mismatch(order: str, found: warm.Answers) -> dict[str, Any]:
    """One mismatch as plain data: the position, and what the solver and the minimax said of it."""
    spec = found.position.spec

    def answer(value: Any, plies: int | None, exact: bool, moves: Sequence[int]) -> dict[str, Any]:
        return {"value": value.value, "plies": plies, "exact": exact,
                "best moves": [spec.cell_name(cell) for cell in moves]}

    value, plies, exact, moves = found.solved
    expected = found.expected
    return {"order": order, "position": found.position.record,
            "solver": answer(value, plies, exact, moves),
            "minimax": answer(expected[0], expected[1], expected[2], sorted(expected[3]))}


def load(path: Path) -> dict[str, Figures]:
    """The figures of each board finished so far, from the checkpoint (none when it is missing)."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return dict(data["boards"])


def save(path: Path, finished: dict[str, Figures]) -> None:
    """Write the checkpoint whole, through a file beside it renamed over it: never half written."""
    order = {board: index for index, board in enumerate(all_boards())}
    boards = dict(sorted(finished.items(), key=lambda item: (order.get(item[0], len(order)), item[0])))
    data = {"about": "bench/warm_solver.py: the warm-solver check of tests/engine/test_warm_solver.py, "
                     "per finished board", "boards": boards}
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(data, file, indent=1, ensure_ascii=False)
            file.write("\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def table(boards: Sequence[str], finished: dict[str, Figures]) -> str:
    """Each board with its status and figures, then the totals."""
    lines = [f"{'board':<8} {'cells':>5} {'status':<8} {'classes':>10} {'solves':>10} {'mismatches':>10} "
             f"{'seconds':>10}"]
    for board in boards:
        cells = BoardSpec.parse(board).cells
        figures = finished.get(board)
        if figures is None:
            lines.append(f"{board:<8} {cells:>5} {'not yet':<8}")
            continue
        lines.append(f"{board:<8} {cells:>5} {'done':<8} {figures['classes']:>10,} {figures['solves']:>10,} "
                     f"{figures['mismatches']:>10,} {figures['seconds']:>10,.1f}")
    done = [finished[board] for board in boards if board in finished]
    lines.append(f"{'total':<8} {'':>5} {len(done):>3}/{len(boards):<4} "
                 f"{sum(f['classes'] for f in done):>10,} {sum(f['solves'] for f in done):>10,} "
                 f"{sum(f['mismatches'] for f in done):>10,} {sum(f['seconds'] for f in done):>10,.1f}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", nargs="+", type=_arguments.board, metavar="SPEC",
                        help="check these boards only (default: every board of at most 14 cells)")
    parser.add_argument("--checkpoint", type=Path, default=CHECKPOINT, metavar="PATH",
                        help="the figures of the finished boards (default: %(default)s)")
    parser.add_argument("--max-minutes", type=_arguments.positive, metavar="M",
                        help="start no new board after M minutes")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    boards = all_boards() if args.boards is None else sorted(
        dict.fromkeys(str(spec) for spec in args.boards), key=lambda board: BoardSpec.parse(board).cells)
    finished = load(args.checkpoint)
    deadline = None if args.max_minutes is None else clock() + args.max_minutes * 60
    status = 0
    try:
        for board in boards:
            if board in finished:
                continue
            if deadline is not None and clock() >= deadline:
                print(f"{args.max_minutes:g} minutes have passed: stopping before {board}", flush=True)
                break
            figures = check_board(board, progress=lambda text: print(text, file=sys.stderr, flush=True))
            finished[board] = figures
            save(args.checkpoint, finished)
            print(f"{board}: {figures['classes']:,} classes, {figures['mismatches']} mismatches, "
                  f"{figures['seconds']:,.1f} s", flush=True)
            for record in figures["first mismatches"]:
                print(f"  MISMATCH {json.dumps(record, ensure_ascii=False)}", flush=True)
    except KeyboardInterrupt:
        print("interrupted: the board under way is not recorded", flush=True)
        status = 130
    print(table(boards, finished))
    if any(finished[board]["mismatches"] for board in boards if board in finished):
        print("MISMATCH: a solver's answer differs from the minimax's (see the checkpoint)")
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
