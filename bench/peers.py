"""Time the same cold solves in this engine, in OpenSpiel's alpha-beta and in easyAI's negamax, side by side.

Each engine solves the empty board of each m,n,k game to the end, from a fresh process (so no table or
cache survives from one solve to the next), and prints a Markdown table: the time of each solve, the ratio
of each peer's time to ours, and the value found, which every engine must agree on (when they do not, the
table shows each engine's value and the script exits with status 1).

Install the peers and run it from the repository root; open-spiel is large, so a virtualenv of its own
keeps it out of the development one::

    python -m venv .venv-bench && .venv-bench/bin/pip install -e '.[bench]'
    .venv-bench/bin/python bench/peers.py                        # 3x3k3 4x3k3 4x4k3 4x4k4
    .venv-bench/bin/python bench/peers.py --boards 4x4k4 --cap 30 --repeat 1

The peers:

* OpenSpiel: ``open_spiel.python.algorithms.minimax.alpha_beta_search``, plain alpha-beta (no table) over
  the C++ game, on ``tic_tac_toe`` for 3x3k3 (the faster of its two games there) and ``mnk`` otherwise.
* easyAI: ``Negamax`` to the full depth with its ``TranspositionTable``, on the game in ``peers_easyai``.

Each solve is timed inside its process from the call of the search to its return, so the start-up of
Python and the imports count against no one. A solve that has not returned within the cap is killed and
shown as ``> cap``. Timings are only as quiet as the machine: run it on an otherwise idle one.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

import _arguments

from tictactoe_tui.engine import BoardSpec, Position, Value, solve

Outcome = Literal["X wins", "O wins", "draw"]

OURS = "tictactoe-tui"
OPENSPIEL = "openspiel"
EASYAI = "easyai"
ENGINES = (OURS, OPENSPIEL, EASYAI)
LABELS = {OURS: "tictactoe-tui", OPENSPIEL: "OpenSpiel alpha-beta", EASYAI: "easyAI Negamax + TT"}
# The distribution that provides each engine, for the versions line and the check that it is installed.
DISTRIBUTIONS = {OURS: "tictactoe-tui", OPENSPIEL: "open-spiel", EASYAI: "easyAI"}
MODULES = {OURS: "tictactoe_tui", OPENSPIEL: "pyspiel", EASYAI: "easyAI"}

DEFAULT_BOARDS = ("3x3k3", "4x3k3", "4x4k3", "4x4k4")
DEFAULT_CAP = 120.0
# Interpreter start-up and imports happen before the timed search; they must not eat into the cap.
STARTUP_ALLOWANCE = 15.0


@dataclass(frozen=True, slots=True)
class Measurement:
    """One finished solve, as a worker process reports it."""

    outcome: Outcome
    seconds: float


@dataclass(frozen=True, slots=True)
class Run:
    """The best of the cold solves of one board by one engine, or why there is none.

    A solve over the cap after one that finished only ends the repeats: the finished one stands.
    """

    measurement: Measurement | None
    timed_out: bool = False
    error: str = ""


def _outcome_for_x(score: float) -> Outcome:
    """Read a score for X (the first player) by its sign, the only part the engines agree on."""
    return "X wins" if score > 0 else "O wins" if score < 0 else "draw"


def measure_ours(spec: BoardSpec) -> Measurement:
    """Through the public ``solve``: what the app and the command line use, a new table each process."""
    position = Position.empty(spec)
    start = time.perf_counter()
    result = solve(position)
    seconds = time.perf_counter() - start
    scores = {Value.WIN: 1, Value.DRAW: 0, Value.LOSS: -1}
    if result.value not in scores:
        raise RuntimeError(f"solving {spec} without a time limit gave {result.value}")
    return Measurement(_outcome_for_x(scores[result.value]), seconds)


def measure_openspiel(spec: BoardSpec) -> Measurement:
    """The depth is the number of cells, as OpenSpiel's default of 30 would stop short on larger boards."""
    import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
        minimax,
    )

    if (spec.width, spec.height, spec.k) == (3, 3, 3):
        game = pyspiel.load_game("tic_tac_toe")
    else:
        # OpenSpiel's m is the number of columns and n the number of rows, as in our WxH.
        game = pyspiel.load_game("mnk", {"m": spec.width, "n": spec.height, "k": spec.k})
    start = time.perf_counter()
    value, _ = minimax.alpha_beta_search(game, maximum_depth=spec.cells, maximizing_player_id=0)
    seconds = time.perf_counter() - start
    return Measurement(_outcome_for_x(value), seconds)


def measure_easyai(spec: BoardSpec) -> Measurement:
    """Imported here, as the other peers are, so that the script runs without the peers it does not time."""
    from peers_easyai import solve_empty

    start = time.perf_counter()
    value, _ = solve_empty(spec.width, spec.height, spec.k)
    seconds = time.perf_counter() - start
    return Measurement(_outcome_for_x(value), seconds)


MEASURES: dict[str, Callable[[BoardSpec], Measurement]] = {
    OURS: measure_ours,
    OPENSPIEL: measure_openspiel,
    EASYAI: measure_easyai,
}


def run_cold(engine: str, spec: BoardSpec, *, cap: float, repeat: int) -> Run:
    """The fastest of ``repeat`` solves, each in a new process; a solve over the cap ends the repeats."""
    best: Measurement | None = None
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", engine, str(spec)]
    for _ in range(repeat):
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=cap + STARTUP_ALLOWANCE)
        except subprocess.TimeoutExpired:
            break
        if done.returncode != 0:
            lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
            return Run(None, error=lines[-1])
        measurement = Measurement(**json.loads(done.stdout.splitlines()[-1]))
        if measurement.seconds > cap:
            break
        if best is None or measurement.seconds < best.seconds:
            best = measurement
    return Run(best, timed_out=best is None)


def format_seconds(seconds: float) -> str:
    if seconds < 1:
        return f"{seconds * 1000:.3g} ms"
    return f"{seconds:,.0f} s" if seconds >= 100 else f"{seconds:.3g} s"


def _times(ratio: float) -> str:
    return f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.1f}x"


def format_ratio(peer: Run, ours: Run, cap: float) -> str:
    """How many times slower (or faster) a peer is than this engine, a bound when one of them hit the cap.

    Empty when there is nothing to compare: an error, or both over the cap.
    """
    if peer.measurement and ours.measurement:
        ratio = peer.measurement.seconds / ours.measurement.seconds
        return f"{_times(ratio)} slower" if ratio >= 1 else f"{_times(1 / ratio)} faster"
    if peer.timed_out and ours.measurement:
        return f"> {_times(cap / ours.measurement.seconds)} slower"
    if peer.measurement and ours.timed_out:
        return f"> {_times(cap / peer.measurement.seconds)} faster"
    return ""


def format_cell(run: Run, ours: Run | None, cap: float, *, disputed: bool = False) -> str:
    """One engine's time on one board, its ratio to ``ours`` (if given), and its value when values differ."""
    if run.measurement:
        text = format_seconds(run.measurement.seconds)
    else:
        text = f"> {cap:g} s" if run.timed_out else f"error: {run.error}"
    ratio = format_ratio(run, ours, cap) if ours else ""
    if ratio:
        text += f" ({ratio})"
    if disputed and run.measurement:
        text += f" **{run.measurement.outcome}**"
    return text


def outcomes(runs: Iterable[Run]) -> set[Outcome]:
    """The values found by the engines that finished: one, unless an engine is wrong."""
    return {run.measurement.outcome for run in runs if run.measurement}


def format_table(results: dict[BoardSpec, dict[str, Run]], engines: Sequence[str], cap: float) -> str:
    header = ["Board", "Value", *(LABELS[engine] for engine in engines)]
    rows = [header, ["---", "---", *("---:" for _ in engines)]]
    for spec, runs in results.items():
        found = outcomes(runs.values())
        disputed = len(found) > 1
        value = "**disputed**" if disputed else next(iter(found), "unknown")
        ours = runs.get(OURS)
        cells = [format_cell(runs[e], None if e == OURS else ours, cap, disputed=disputed) for e in engines]
        rows.append([str(spec), value, *cells])
    return "\n".join("| " + " | ".join(row) + " |" for row in rows)


def format_notes(engines: Sequence[str], cap: float, repeat: int) -> str:
    versions = ", ".join(
        f"{DISTRIBUTIONS[engine]} {importlib.metadata.version(DISTRIBUTIONS[engine])}" for engine in engines
    )
    runs = "one cold solve" if repeat == 1 else f"best of {repeat} cold solves"
    ratio = f"ratio = peer's time / {OURS}'s; " if OURS in engines and len(engines) > 1 else ""
    return (
        f"Time of the {runs} of the empty board, each in a new process; {ratio}cap {cap:g} s.\n"
        f"Python {platform.python_version()} on {platform.machine()}, {versions}."
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description="Time cold solves of m,n,k boards in tictactoe-tui, OpenSpiel and easyAI.",
    )
    parser.add_argument("--boards", nargs="+", type=_arguments.board,
                        default=[_arguments.board(b) for b in DEFAULT_BOARDS],
                        metavar="SPEC", help=f"boards as WxHkK (default: {' '.join(DEFAULT_BOARDS)})")
    parser.add_argument("--engines", nargs="+", choices=ENGINES, default=list(ENGINES), metavar="ENGINE",
                        help=f"engines to time, of {', '.join(ENGINES)}; ratios need {OURS} (default: all)")
    parser.add_argument("--cap", type=_arguments.positive, default=DEFAULT_CAP,
                        help="seconds before a solve is stopped, shown as '> cap' (default: %(default)g)")
    parser.add_argument("--repeat", type=int, choices=range(1, 11), default=3, metavar="N",
                        help="cold solves per board and engine, the fastest counts (default: %(default)s)")
    parser.add_argument("--worker", nargs=2, metavar=("ENGINE", "SPEC"), help=argparse.SUPPRESS)
    return parser


def work(engine: str, board: str) -> None:
    """Solve one board in this process and print the measurement as JSON for the parent to read."""
    print(json.dumps(asdict(MEASURES[engine](BoardSpec.parse(board)))))


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.worker:
        work(*args.worker)
        return 0
    engines = [engine for engine in ENGINES if engine in args.engines]
    missing = [DISTRIBUTIONS[e] for e in engines if importlib.util.find_spec(MODULES[e]) is None]
    if missing:
        parser.error(f"not installed: {', '.join(missing)}; run: pip install -e '.[bench]'")
    results: dict[BoardSpec, dict[str, Run]] = {}
    for spec in dict.fromkeys(args.boards):
        results[spec] = {}
        for engine in engines:
            print(f"{spec} {LABELS[engine]} ...", end=" ", file=sys.stderr, flush=True)
            run = run_cold(engine, spec, cap=args.cap, repeat=args.repeat)
            results[spec][engine] = run
            print(format_cell(run, None, args.cap), file=sys.stderr, flush=True)
    print(format_table(results, engines, args.cap))
    print()
    print(format_notes(engines, args.cap, args.repeat))
    return 1 if any(len(outcomes(runs.values())) > 1 for runs in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
