"""What proving runs remember of one another: the time and nodes spent, the budget each position
failed within, X's moves refuted or abandoned and X's moves picked to split by.

The proof file keeps what is proven; this keeps what is not, so that a run does not search again
what failed within the budget it has, and so that a proof found later clears what it answers. It is
a plain dictionary, written as JSON beside the benchmarks' results, each table keyed by a
position's name (``campaign.moves_name``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from . import store
from .book import BOARD
from .campaign import UNIT_MOVES, moves_name, unit_moves
from .unit_search import OUT_OF_MEMORY

FAILURES = {"depth": "failed", "pn": "failed_pn"}
"""Each search's table of failed units: one search's failure is not the other's."""
SPLIT_FAILURES = "failed_first"
"""Unit -> X's first move -> the biggest budget the unit, split by that move, failed within."""
REPLY_FAILURES = "failed_reply"
"""The position after a unit, X's first move and O's reply -> the biggest budget it failed within."""
REFUTED = "refuted"
"""A position split by reply -> X's moves there that are refuted: the search of one of O's replies
to the move ended without a proof before its budget ran out, as it would with a bigger one, or O
wins by threats after the move."""
ABANDONED = "abandoned"
"""A position split by reply -> X's moves there abandoned: a probe of one of O's replies to the move
found no move of X's there to split it by (each of the first few refuted, or threatening nothing),
so the split takes another move rather than go on below one whose reply it cannot finish."""
PICKED = "picked"
"""A reply split deeper after a probe -> X's move it is split by: of X's first few moves there, the
one whose replies the probe's searches left the fewest open."""
COUNTER_LOOKED = "counter_looked"
"""X's move (the moves up to it) -> the nodes and threats within which a look for O's win by threats
after it (``unit_search.counter_threat``) found none: a look within no more would find none either."""
FOURS_TRIED = "fours_tried"
"""A position of the splits, X to move -> the budget within which the search after each of X's fours
there and O's block (``unit_search.fours_and_blocks``) found no proof."""
REPICKED = "repicked"
"""A position split by a picked move -> how many of X's threats leaving O the fewest replies a probe
weighed there again against the move picked before (``prove_gomoku.py --repick``)."""
ADVISED = "advised"
"""A position a probe picked X's move in -> what another engine (``prove_gomoku.py --advisor``)
answered there within how many milliseconds: ``[move, plies, milliseconds]``, the move and the plies
of X's win it found when that ends within the proof's limit, None and None otherwise. A position is
not asked again within as much."""
TABLES = (*FAILURES.values(), SPLIT_FAILURES, REPLY_FAILURES, REFUTED, ABANDONED, PICKED, COUNTER_LOOKED,
          FOURS_TRIED, REPICKED, ADVISED)
"""Every table keyed by a position's name."""


def read(path: Path, plies: int) -> dict[str, Any]:
    """The progress kept at ``path`` by the runs whose lines end within ``plies`` of the empty board,
    or none yet."""
    progress: dict[str, Any] = {"seconds": 0.0, "nodes": 0, "untransplanted": {},
                                **{table: {} for table in TABLES}}
    if path.exists():
        progress.update(json.loads(path.read_text()))
    progress["plies"] = plies
    return progress


def write(path: Path, progress: dict[str, Any]) -> None:
    path.write_text(json.dumps(progress, indent=1, sort_keys=True) + "\n")


def record(document: dict[str, Any], progress: dict[str, Any], moves: tuple[int, ...], tree: Any,
           nodes: int, seconds: float, budget: int, failures: str | None = "failed", label: str = "") -> None:
    """Count what a search spent, add its proof to ``document`` or keep its failure in ``failures``
    (with the budget it had) unless that is None, and say which, the position named with ``label``
    after it."""
    spend(progress, seconds, nodes)
    name = moves_name(moves)
    if tree == OUT_OF_MEMORY:
        print(f"{name}{label}: out of memory ({nodes} nodes, {seconds:.1f} s)", flush=True)
        return
    if tree is None and failures is not None:  # a retry with less leaves the biggest budget it failed with
        progress[failures][name] = max(budget, progress[failures].get(name, 0))
    elif tree is not None:
        forget(progress, moves)
        store.add(document, moves, tree)
        store.drop_below(document, moves)  # a split's branches: the position's tree answers them all
    verdict = "proven" if tree else "not proven"
    print(f"{name}{label}: {verdict} ({nodes} nodes, {seconds:.1f} s)", flush=True)


def spend(progress: dict[str, Any], seconds: float, nodes: int = 0) -> None:
    """Add a search's cost to the totals every run reports, whether or not it proved anything."""
    progress["seconds"] += seconds
    progress["nodes"] += nodes


def forget(progress: dict[str, Any], moves: tuple[int, ...]) -> None:
    """A position proven (or X's move refuted) leaves every search's failures, and those of the
    positions below it, with the moves picked there to split by."""
    for table in TABLES:
        progress[table].pop(moves_name(moves), None)
    below = moves_name(moves) + " "
    for table in (REPLY_FAILURES, REFUTED, ABANDONED, PICKED, COUNTER_LOOKED, FOURS_TRIED, REPICKED, ADVISED):
        for name in [name for name in progress[table] if name.startswith(below)]:
            del progress[table][name]


def refute(document: dict[str, Any], progress: dict[str, Any], first: tuple[int, ...]) -> None:
    """Keep X's move that ends ``first`` as refuted (a search of one of its replies ended without a
    proof before its budget did, as it would with any budget), and take out what was proven below it."""
    _set_aside(document, progress, first, REFUTED, "refuted, a reply's search ended without a proof")


def refute_by_threats(document: dict[str, Any], progress: dict[str, Any], first: tuple[int, ...],
                      reply: int) -> None:
    """Keep X's move that ends ``first`` as refuted, O winning by threats from ``reply`` after it,
    and take out what was proven below it."""
    _set_aside(document, progress, first, REFUTED,
               f"refuted, O wins by threats from {BOARD.cell_name(reply)}")


def abandon(document: dict[str, Any], progress: dict[str, Any], first: tuple[int, ...]) -> None:
    """Keep X's move that ends ``first`` as abandoned (a reply to it has no move of X's to split it
    by), and take out what was proven below it: a split by the move cannot be finished."""
    _set_aside(document, progress, first, ABANDONED, "abandoned, a reply has no move to split by")


def _set_aside(document: dict[str, Any], progress: dict[str, Any], first: tuple[int, ...], table: str,
               why: str) -> None:
    """Keep X's move that ends ``first`` in ``table``, no longer the move its position is split by,
    and take out what was proven or kept below it."""
    position, name = first[:-1], BOARD.cell_name(first[-1])
    if name not in progress[table].setdefault(moves_name(position), []):
        progress[table][moves_name(position)].append(name)
    if progress[PICKED].get(moves_name(position)) == name:
        del progress[PICKED][moves_name(position)]
    store.drop_below(document, first)
    forget(progress, first)
    print(f"{moves_name(position)}: X's move {name} {why}", flush=True)


def open_ends(known: Mapping[tuple[int, ...], object],
              progress: dict[str, Any]) -> dict[tuple[int, ...], list[tuple[int, ...]]]:
    """The open ends of the splits by reply, by the first-level reply (a unit, X's first move and
    O's reply) they lie below. An open end is a reply that failed within a budget and is not split
    further: a reply split by a picked move is open only through the ends below it, and a reply
    under a proven position is not open."""
    ends: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for name in progress[REPLY_FAILURES]:
        moves = unit_moves(name)
        if name in progress[PICKED] or any(moves[:length] in known
                                           for length in range(UNIT_MOVES, len(moves) + 1, 2)):
            continue
        ends.setdefault(moves[:UNIT_MOVES + 2], []).append(moves)
    return ends


def open_report(known: Mapping[tuple[int, ...], object], progress: dict[str, Any]) -> str:
    """Where the splits by reply stand: for each open unit, each of its first-level replies still
    open with the open ends below it (``open_ends``), and the totals. Level 1 is a first-level
    reply, level 2 a reply to X's move after it, and so on down."""
    picked = progress[PICKED]
    ends = open_ends(known, progress)
    if not ends:
        return "no open ends: no unit is split by reply, or every split is proven"

    def level(moves: tuple[int, ...]) -> int:
        return (len(moves) - UNIT_MOVES) // 2

    def moves_set_aside(table: str) -> str:
        return f"{sum(map(len, progress[table].values())):,}"

    def by_level(found: list[tuple[int, ...]]) -> str:
        counts = Counter(level(moves) for moves in found)
        return ", ".join(f"level {depth}: {counts[depth]:,}" for depth in sorted(counts))

    lines: list[str] = []
    units = sorted({reply[:UNIT_MOVES] for reply in ends})
    for unit in units:
        replies = sorted(reply for reply in ends if reply[:UNIT_MOVES] == unit)
        below = [moves for reply in replies for moves in ends[reply]]
        lines.append(f"{moves_name(unit)}, split by X's {BOARD.cell_name(replies[0][UNIT_MOVES])}: "
                     f"{many(len(replies), 'open reply', 'open replies')}, "
                     f"{many(len(below), 'open end')} ({by_level(below)})")
        for reply in replies:
            split = f", split by {picked[moves_name(reply)]}" if moves_name(reply) in picked else ""
            lines.append(f"  {BOARD.cell_name(reply[-1])}{split}: {many(len(ends[reply]), 'open end')} "
                         f"({by_level(ends[reply])})")
    every = [moves for found in ends.values() for moves in found]
    budgets = Counter(progress[REPLY_FAILURES][moves_name(moves)] for moves in every)
    failed = ", ".join(f"{count:,} within {budget:,} nodes" for budget, count in sorted(budgets.items()))
    lines.append(f"{many(len(units), 'unit')} open, "
                 f"{many(len(ends), 'first-level reply', 'first-level replies')} open, "
                 f"{many(len(every), 'open end')} ({by_level(every)}); failed {failed}; "
                 f"{many(len(picked), 'reply', 'replies')} split by a picked move; of X's moves, "
                 f"{moves_set_aside(REFUTED)} refuted and {moves_set_aside(ABANDONED)} abandoned")
    return "\n".join(lines)


def many(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` of ``noun``, as a run's reports say it: ``1 unit``, ``2,259 open ends``."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"
