"""``tictactoe-tui solve``: prove a position, showing how far the proof has got.

A person who asks for a proof wants the whole time limit spent on it, so this
calls ``Solver.prove``, never the player's split of the time. The proof runs in
a thread of its own while the main thread draws its progress on stderr (only on
a terminal, and never with ``--json``, so that pipes get clean output) and
waits for Ctrl+C: that sets the solver's stop event, and the best answer proven
so far is printed before the command exits with status 130.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from .engine import BoardSpec, Position, SearchResult, Solver

if TYPE_CHECKING:
    from .engine.solver import Progress

SURE_TO_FINISH = 25
"""Empty cells up to which a proof ends in seconds; beyond, without a limit, it may run for hours."""
ATLAS_PROVEN_UP_TO = 7
"""Every empty board up to this size, with any k, is proven within a minute in ``docs/atlas.md``."""
ATLAS_PROVEN_BIGGER = frozenset({(8, 4, 4)})
"""The bigger boards (width, height, k; the wider side first) that the atlas proves within a minute."""
SHOWN_MOVES = 8
"""Best moves listed by name when every move is as good as the others (the JSON lists them all)."""
REFRESH = 0.1
"""Seconds between redraws of the progress line."""
INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl+C (128 + SIGINT), as shells expect."""


def run(position: Position, time_limit: float | None, *, as_json: bool, processes: int = 1) -> int:
    """Prove ``position`` with ``processes`` processes, print the answer on stdout, and return the
    exit status."""
    stop = threading.Event()
    latest: list[Progress] = []
    answer: list[SearchResult] = []
    done = threading.Event()  # Not Thread.join: once Ctrl+C has interrupted a join, another may not wait.

    def prove() -> None:
        solver = Solver(processes=processes)
        try:
            answer.append(solver.prove(position, time_limit=time_limit, stop=stop, progress=_keep(latest)))
        finally:
            solver.close()
            done.set()

    thread = threading.Thread(target=prove, name="solve", daemon=True)
    show = None if as_json or not sys.stderr.isatty() else _progress_line(time_limit)
    interrupted = False
    try:
        thread.start()
        empty = len(position.legal_moves)
        if (time_limit is None and empty > SURE_TO_FINISH and not proven_in_the_atlas(position.spec)
                and not _in_shipped_proof(position)):
            print(f"tictactoe-tui: {empty} empty cells: solving may take hours; it runs until proven, "
                  "Ctrl+C stops it with the best answer so far, --time-limit S bounds it", file=sys.stderr)
        while not done.wait(REFRESH):
            if show is not None and latest:
                show(latest[-1])
    except KeyboardInterrupt:
        interrupted = True
        stop.set()
        done.wait()
    finally:
        if show is not None:
            show(None)
    result = answer[0]
    if as_json:
        import json  # Only for --json: 7 ms of a plain solve's 70 otherwise.

        print(json.dumps(as_dict(position, result)))
    else:
        print(as_text(position, result, latest[-1].stage if latest else ""))
    if interrupted:
        print("stopped by Ctrl+C: that is the best answer proven so far", file=sys.stderr)
        return INTERRUPTED
    return 0


def _in_shipped_proof(position: Position) -> bool:
    """Whether the Gomoku proof in the package answers for ``position`` (read only for its board)."""
    if str(position.spec) != "15x15k5":
        return False
    from .engine.proof.book import shipped_win

    return shipped_win(position) is not None


def proven_in_the_atlas(spec: BoardSpec) -> bool:
    """True when the atlas proves this board's empty position within its minute: a proof from any
    position of the board is then likely to end in about that time, not in hours."""
    wide, tall = max(spec.width, spec.height), min(spec.width, spec.height)
    return wide <= ATLAS_PROVEN_UP_TO or (wide, tall, spec.k) in ATLAS_PROVEN_BIGGER


def _keep(latest: list[Progress]) -> Callable[[Progress], None]:
    """A progress callback that keeps only the latest report: the solver calls it every few
    hundred nodes, and the display reads it ten times a second."""

    def keep(progress: Progress) -> None:
        if latest:
            latest[0] = progress
        else:
            latest.append(progress)

    return keep


def _progress_line(time_limit: float | None) -> Callable[[Progress | None], None]:
    """A function that redraws Rich's progress display on stderr with a report, or closes it on None."""
    from rich.console import Console
    from rich.progress import BarColumn, ProgressColumn, SpinnerColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as ProgressDisplay

    columns: list[ProgressColumn] = [SpinnerColumn(), TimeElapsedColumn()]
    if time_limit is not None:
        columns.append(BarColumn(bar_width=20))
    columns.append(TextColumn("{task.description}"))
    display = ProgressDisplay(*columns, console=Console(stderr=True), transient=True)
    task = display.add_task("starting", total=time_limit)
    display.start()

    def show(report: Progress | None) -> None:
        if report is None:
            display.stop()
            return
        rate = report.nodes / report.seconds if report.seconds > 0 else 0.0
        display.update(task, completed=report.seconds,
                       description=f"{report.nodes:,} nodes, {rate:,.0f}/s · {report.stage}")

    return show


def as_dict(position: Position, result: SearchResult) -> dict[str, object]:
    """The answer as the JSON object ``--json`` prints."""
    return {
        "board": str(position.spec),
        "moves": [position.cell_name(cell) for cell in position.moves],
        "to_move": str(position.to_move),
        "value": result.value.value,
        "plies": result.plies,
        "plies_exact": result.plies_exact if result.plies is not None else None,
        "best_moves": [position.cell_name(cell) for cell in result.best_moves],
        "nodes": result.nodes,
        "seconds": round(result.seconds, 6),
        "from_proof": result.from_proof,
    }


def as_text(position: Position, result: SearchResult, stage: str = "") -> str:
    """The answer as lines for a person; ``stage`` says what was settled when it is unknown."""
    where = position.record if position.moves else f"{position.spec} (empty board)"
    outcome = position.outcome
    if outcome.is_over:
        line = " ".join(position.cell_name(cell) for cell in outcome.line)
        value = (f"the game is over: {outcome.winner} won ({line})" if outcome.winner is not None
                 else "the game is over: a draw")
    else:
        value = result.value.value
        if result.plies is not None:
            within = "in" if result.plies_exact else "in at most"
            value += f" {within} {result.plies} more move{'s' if result.plies != 1 else ''}"
        elif stage:  # The search stopped (its time ran out, or Ctrl+C) before it proved a value.
            value += f" (stopped before a proof; so far: {stage})"
    names = [position.cell_name(cell) for cell in result.best_moves]
    if len(names) > SHOWN_MOVES and len(names) == len(position.legal_moves):
        best = f"all {len(names)} moves are as good ({' '.join(names[:SHOWN_MOVES])} …)"
    else:
        best = " ".join(names) or "none (the game is over)"
    lines = [
        f"position:   {where}",
        f"to move:    {position.to_move}",
        f"value:      {value}",
        f"best moves: {best}",
        f"nodes:      {result.nodes:,}",
        f"seconds:    {result.seconds:.3f}",
    ]
    if result.from_proof:
        lines.append("source:     the proof of Gomoku that ships with tictactoe-tui, checked move by move "
                     "from the rules (docs/gomoku-proof.md)")
    return "\n".join(lines)
