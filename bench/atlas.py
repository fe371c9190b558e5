"""An atlas of the m,n,k family: every small empty board solved cold, beside the published values.

    .venv/bin/python bench/atlas.py [--limit SECONDS] [--boards SPEC ...] [--markdown PATH] [--jobs N]
                                    [--processes N]

Solves, from the empty board and cold (a fresh process and a new ``Solver`` per board, as
``solve_bench.py`` does), every board with 1 <= height <= width <= 7 and every k from 1 to the width,
then 8x4k4, 9x4k4, 10x4k4 and 8x8k5. Each solve gets ``--limit`` seconds, all of them spent on the
proof, through the engine's public API (``Solver().prove(position, time_limit=...)``); a board not
proven within it shows ``unknown``
with the time it used. Each row gives the value for the first player, the game's length with best
play, the nodes searched, the seconds, the solving process's peak memory, and the value published for
that game where one is known, marked ``agrees`` or ``DISAGREES`` (``—`` when there is nothing to
compare). The exit status is 1 when any value disagrees with the literature.

``--markdown PATH`` also writes the table as Markdown, headed by the machine, the date and the exact
command that made it, so that anyone can make it again. ``--jobs`` runs that many solves at once; the
default of 1 keeps the times honest, since solves sharing the processor run long. ``--processes``
gives each solve that many worker processes for its long proofs (``Solver(processes=N)``, as
``tictactoe-tui solve --jobs N``); the peak memory then counts them too.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shlex
import subprocess
import sys
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import _arguments
from _cold import Measurement, run_child

from tictactoe_tui import __version__
from tictactoe_tui.engine import BoardSpec, GameError

DEFAULT_LIMIT = 60.0
MAX_SIDE = 7
"""Every board up to this many cells a side is in the atlas, with every k up to its width."""
EXTRA_BOARDS = ("8x4k4", "9x4k4", "10x4k4", "8x8k5")
"""Bigger boards whose values were published: the edge of what is known for 4 and 5 in a row."""


# The literature

SOURCES: dict[str, str] = {
    "Gardner": (
        "E. W. Weisstein, \"Tic-Tac-Toe\", CRC Concise Encyclopedia of Mathematics and MathWorld, after "
        "M. Gardner (Scientific American, 1979; Wheels, Life, and Other Mathematical Amusements, 1983): "
        "for k = 1 and 2 the first player can always win (read here, for k = 2, on boards of at least "
        "2x2); on boards of at least 3x4 the first player wins with k = 3; 3x3k3 (tic-tac-toe) and 5x5k5 "
        "are draws."
    ),
    "Winning Ways": (
        "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical Plays (1982), as "
        "quoted in the rec.puzzles FAQ (competition/games/go-moku): 4 in a row is a draw on 5x5 "
        "(C. Y. Lee); N in a row is a draw on NxN for N > 4, by the pairing strategy of Hales and Jewett."
    ),
    "Hales-Jewett": (
        "The pairing strategy of Hales and Jewett (Winning Ways, as above) draws N in a row on NxN for "
        "N > 4. It is a strategy of the weak game (the second player only blocks), and a weak game that is "
        "a draw stays a draw on a smaller board (Wikipedia, \"m,n,k-game\", Applying results to different "
        "board sizes), so N in a row is a draw on every Nxh board too."
    ),
    "Charatsidis 2017": (
        "V. Charatsidis, \"Solving Four-in-a-Row on 9x4 and 10x4 Boards\", bachelor thesis, Maastricht "
        "University (supervisor J. W. H. M. Uiterwijk), 2017: with k = 4, the 1x4 to 8x4 boards are "
        "draws, 9x4 and 10x4 first-player wins; on mx5 boards, a draw for m = 5 and a win for m = 6, "
        "hence a win on every board larger than 6x5 (after Uiterwijk and van den Herik, \"The advantage "
        "of the initiative\", Information Sciences 122, 2000)."
    ),
    "Uiterwijk 2017": (
        "J. W. H. M. Uiterwijk, \"Set Matching: An Enhancement of the Hales-Jewett Pairing Strategy\", "
        "arXiv:1703.10678, 2017: the empty 4x4 board is a draw for 4 in a row."
    ),
    "Hsu et al. 2020": (
        "W.-Y. Hsu, C.-L. Ko, J.-C. Chen, T.-H. Wei, C.-H. Hsueh, I.-C. Wu, \"On solving the 7,7,5-game "
        "and the 8,8,5-game\", Theoretical Computer Science 815 (2020) 79-94: the 8,8,5-game is proven a "
        "draw, and the proof of the 7,7,5-game, a draw solved before (as summaries of the m,n,k games that "
        "cite the paper give it), takes 2.5 s."
    ),
    "Hsu et al. 2020 (smaller boards)": (
        "The draw of the 8,8,5-game (Hsu et al. 2020, as above), carried to every smaller board with k = 5: "
        "a weak game that is a draw stays a draw on a smaller board (Wikipedia, \"m,n,k-game\", Applying "
        "results to different board sizes)."
    ),
}
"""Each source of a published value, by the short name the table shows."""


@dataclass(frozen=True, slots=True)
class Claim:
    """Published: these boards (width and height in either order) have this value for the first player."""

    boards: tuple[str, ...]
    value: str
    """win or draw (no m,n,k game is a loss for the first player: strategy stealing)."""
    sources: tuple[str, ...]


def _boards(sides: Iterable[tuple[int, int]], k: int) -> tuple[str, ...]:
    return tuple(f"{width}x{height}k{k}" for width, height in sides)


_UP_TO_7 = [(width, height) for width in range(1, MAX_SIDE + 1) for height in range(1, width + 1)]

LITERATURE: tuple[Claim, ...] = (
    Claim(_boards(_UP_TO_7, 1), "win", ("Gardner",)),
    # Not on 2x1, where the second player takes the only other cell; nor on the other one-row boards.
    Claim(_boards([(w, h) for w, h in _UP_TO_7 if h >= 2], 2), "win", ("Gardner",)),
    Claim(("3x3k3",), "draw", ("Gardner",)),
    Claim(_boards([(w, h) for w, h in _UP_TO_7 if w >= 4 and h >= 3], 3), "win", ("Gardner",)),
    Claim(("4x1k4", "4x2k4", "4x3k4", "5x4k4", "6x4k4", "7x4k4", "8x4k4"), "draw", ("Charatsidis 2017",)),
    Claim(("4x4k4",), "draw", ("Charatsidis 2017", "Uiterwijk 2017")),
    Claim(("5x5k4",), "draw", ("Charatsidis 2017", "Winning Ways")),
    Claim(("9x4k4", "10x4k4", "6x5k4", "7x5k4", "6x6k4", "7x6k4", "7x7k4"), "win", ("Charatsidis 2017",)),
    Claim(("5x5k5",), "draw", ("Gardner", "Winning Ways")),
    Claim(("6x6k6", "7x7k7"), "draw", ("Winning Ways",)),
    Claim(tuple(f"{n}x{h}k{n}" for n in (5, 6, 7) for h in range(1, n)), "draw", ("Hales-Jewett",)),
    Claim(("7x7k5", "8x8k5"), "draw", ("Hsu et al. 2020",)),
    # Smaller boards with k = 5 inherit the draw of 8,8,5 (a weak-game draw stays a draw on a smaller board).
    Claim(_boards([(w, h) for w, h in _UP_TO_7 if w >= 5 and (w, h) != (7, 7) and not (h < 5 and w == 5)], 5),
          "draw", ("Hsu et al. 2020 (smaller boards)",)),
)
"""What has been published on the boards of the atlas, each claim with its sources."""


def canonical(spec: BoardSpec) -> str:
    """The board with its longer side first: a game's value does not change when the board is turned."""
    return f"{max(spec.width, spec.height)}x{min(spec.width, spec.height)}k{spec.k}"


def known_values() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each board the literature covers (as ``canonical``) with its value and every source that gives it."""
    known: dict[str, tuple[str, tuple[str, ...]]] = {}
    for claim in LITERATURE:
        for board in claim.boards:
            key = canonical(BoardSpec.parse(board))
            value, sources = known.get(key, (claim.value, ()))
            if value != claim.value:
                raise ValueError(f"the literature table gives {key} as both {value} and {claim.value}")
            known[key] = (value, sources + tuple(s for s in claim.sources if s not in sources))
    return known


def literature_value(spec: BoardSpec) -> str | None:
    """The published value of ``spec`` for the first player, or None when none is known here."""
    found = known_values().get(canonical(spec))
    return found[0] if found else None


# The boards

def atlas_boards() -> tuple[list[BoardSpec], list[str]]:
    """Every board of the atlas, in order, and those ``BoardSpec`` rejects (described, to be noted)."""
    boards: list[BoardSpec] = []
    rejected: list[str] = []
    wanted = [(w, h, k) for w in range(1, MAX_SIDE + 1) for h in range(1, w + 1) for k in range(1, w + 1)]
    wanted += [(s.width, s.height, s.k) for s in map(BoardSpec.parse, EXTRA_BOARDS)]
    for width, height, k in wanted:
        try:
            boards.append(BoardSpec(width, height, k))
        except GameError as error:
            rejected.append(f"{width}x{height}k{k} ({error})")
    return boards, rejected


# The table

@dataclass(frozen=True, slots=True)
class Row:
    """One board's solve beside what the literature says of it."""

    spec: BoardSpec
    measurement: Measurement
    literature: str | None
    sources: tuple[str, ...]

    @property
    def check(self) -> str:
        if self.literature is None or self.measurement.value == "unknown":
            return "—"
        return "agrees" if self.measurement.value == self.literature else "DISAGREES"


def solve_row(spec: BoardSpec, limit: float, processes: int = 1) -> Row:
    value, sources = known_values().get(canonical(spec), (None, ()))
    return Row(spec, run_child(str(spec), limit, processes), value, sources)


COLUMNS = ("board", "value", "plies", "nodes", "seconds", "peak MB", "literature", "check")


def cells(row: Row) -> list[str]:
    m = row.measurement
    return [
        str(row.spec),
        m.value,
        "" if m.plies is None else str(m.plies),
        f"{m.nodes:,}",
        f"{m.seconds:.3f}" if m.seconds < 10 else f"{m.seconds:.1f}",
        "?" if m.peak_mb is None else f"{m.peak_mb:.1f}",
        row.literature or "—",
        row.check,
    ]


WIDTHS = (7, 7, 5, 12, 8, 7, 10, 9)
RIGHT = {"plies", "nodes", "seconds", "peak MB"}


def text_line(values: Sequence[str]) -> str:
    padded = zip(values, WIDTHS, COLUMNS, strict=True)
    return " ".join(text.rjust(width) if column in RIGHT else text.ljust(width)
                    for text, width, column in padded)


def notes(limit: float, rejected: Sequence[str]) -> list[str]:
    skipped = "; ".join(rejected) if rejected else "none"
    return [
        "value: for the first player (X) on the empty board, from a cold solve in a fresh process. "
        f"unknown: not proven within the limit of {limit:g} s; the seconds show the time it used.",
        "plies: moves to the end of the game with best play from both sides; when a win is found just "
        "before the limit, it can be an upper bound.",
        "peak MB: the solving process's peak resident set size, the interpreter's own included "
        "(? when the process overran its limit and was stopped).",
        "literature: the published value for the first player, read with width and height in either "
        "order (a 4x7 board is a 7x4 board); check: agrees or DISAGREES with it, — when either is missing.",
        f"Boards BoardSpec rejects (left out of the table): {skipped}.",
    ]


def machine() -> str:
    """The processor, its cores, Python and the package, for the table's header."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    commit = ""
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).resolve().parent, check=False)
        if done.returncode == 0:
            commit = f" (commit {done.stdout.strip()})"
    except OSError:
        pass
    return (f"{model}, {os.cpu_count()} cores; Python {platform.python_version()} on "
            f"{platform.system()} {platform.machine()}; tictactoe-tui {__version__}{commit}")


def markdown(rows: Sequence[Row], limit: float, rejected: Sequence[str], command: str, *, whole: bool,
             jobs: int) -> str:
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    boards = (
        "Every empty board with 1 <= height <= width <= 7 and every k from 1 to the width, then "
        f"{', '.join(EXTRA_BOARDS[:-1])} and {EXTRA_BOARDS[-1]}," if whole else "The empty boards asked for,"
    )
    at_once = "one solve at a time" if jobs == 1 else f"{jobs} solves at a time"
    lines = [
        "# An atlas of m,n,k games",
        "",
        f"{boards} solved cold by tictactoe-tui's solver with a limit of {limit:g} s a board, beside the "
        "values published for these games.",
        "",
        f"Made on {today} with `{command}`, {at_once}.",
        "",
        f"Machine: {machine()}.",
        "",
        "| board | value | plies | nodes | seconds | peak MB | literature | check | source |",
        "| --- | --- | ---: | ---: | ---: | ---: | --- | --- | --- |",
    ]
    for row in rows:
        check = "**DISAGREES**" if row.check == "DISAGREES" else row.check
        lines.append("| " + " | ".join([*cells(row)[:-1], check, ", ".join(row.sources) or "—"]) + " |")
    lines += ["", "Notes:", ""]
    lines += [f"- {note}" for note in notes(limit, rejected)]
    solved = sum(row.measurement.value != "unknown" for row in rows)
    compared = [row for row in rows if row.check != "—"]
    agreed = sum(row.check == "agrees" for row in compared)
    lines.append(f"- Proven: {solved} of {len(rows)} boards; {agreed} of the {len(compared)} with a "
                 "published value to compare agree with it.")
    lines += ["", "Sources:", ""]
    lines += [f"- **{name}**: {citation}" for name, citation in SOURCES.items()]
    return "\n".join(lines) + "\n"


def _jobs(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=_arguments.positive, default=DEFAULT_LIMIT, metavar="SECONDS",
                        help="time limit of each solve (default: %(default)g)")
    parser.add_argument("--boards", nargs="+", type=_arguments.board, metavar="SPEC",
                        help="solve only these boards, as WxHkK (default: the whole atlas)")
    parser.add_argument("--markdown", type=Path, metavar="PATH", help="also write the table as Markdown")
    parser.add_argument("--jobs", type=_jobs, default=1, metavar="N",
                        help="solves at once (default: %(default)s; more distorts the times)")
    parser.add_argument("--processes", type=_jobs, default=1, metavar="N",
                        help="worker processes of each solve (default: %(default)s, the solve alone)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_given = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(args_given)
    rejected: list[str] = []
    if args.boards:
        boards = list(args.boards)
    else:
        boards, rejected = atlas_boards()
    print(text_line(COLUMNS))
    print("-" * len(text_line(COLUMNS)))
    rows: list[Row] = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for row in pool.map(lambda spec: solve_row(spec, args.limit, args.processes), boards):
            rows.append(row)
            print(text_line(cells(row)), flush=True)
    print()
    for note in notes(args.limit, rejected):
        print(note)
    if args.markdown:
        command = shlex.join(["python", "bench/atlas.py", *args_given])
        try:
            args.markdown.parent.mkdir(parents=True, exist_ok=True)
            args.markdown.write_text(markdown(rows, args.limit, rejected, command, whole=not args.boards,
                                                      jobs=args.jobs), encoding="utf-8")
        except OSError as error:
            print(f"atlas: cannot write {args.markdown}: {error.strerror or error}", file=sys.stderr)
            return 2
    return 1 if any(row.check == "DISAGREES" for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
