"""Grow the proof that the first player wins free-style Gomoku, resuming where the last run stopped.

    python scripts/prove_gomoku.py [--minutes 60] [--processes N] [--nodes 3000000] [--quiet 2]
                                   [--plies 35] [--replies h1,a1] [--search depth|pn]
                                   [--leaf-cost 30000] [--retry]
                                   [--split 4 [--by-reply [--deeper 2 [--probe 5 [--narrowest 3]
                                                                      [--repick] [--open-at-most 1]
                                                                      [--advisor COMMAND
                                                                       [--advisor-ms 5000]]]
                                                           [--ends]]
                                                           [--deepest-nodes 30000000]]]
                                   [--transplant]
                                   [--memory GB] [--python] [--map] [--open]

X opens in the centre. For each of O's first replies (35 up to symmetry, the farthest first), X's
second move is fixed and every second reply of O (up to symmetry) is a unit of work: a proof, by
``engine.proof.prover``, that X wins from there. Units run side by side on every core. Proven units
go into the package's proof file, which is the checkpoint: a later run skips them, and once every
unit of a first reply is proven they fold into one branch for it, which names each unit's own branch
by a reference (and, at the end, into the proof from the empty board). A unit that is the same
position as one proven already (O's replies swapped, the board turned) is not searched: it takes
that proof, turned. Units that failed are kept with the budget they had, in
``bench/results/gomoku_proof.json`` with the time spent, and are tried again only with a bigger
budget (a run within another ``--plies`` keeps its own file, ``gomoku_proof_within_N.json``: a
failure within one limit is none within another). ``--search pn`` searches by proof numbers
(``engine.proof.pn_search``) instead of depth first; its failures are kept apart ("failed_pn"), for
a unit that fails one search may not fail the other. ``--leaf-cost`` weighs that search's leaves
otherwise (see ``pn_search.LEAF_COST``); a unit that failed with one weight is tried with another by
``--retry``. ``--split`` splits each unit still open by X's first move: each of the first few of X's
moves there (as the proof-number search orders them) is searched alone, with the whole budget, and
the first proven proves the unit; their failures are kept by move ("failed_first"). With
``--by-reply``, each of O's replies to those moves that needs a proof of its own is searched alone
instead, and kept as a branch once proven, so that the work on a hard unit grows over several runs
("failed_reply" keeps the replies' failures); once every reply to a first move is proven, the unit's
tree is written out whole. ``--deeper`` splits a reply that failed within the budget in the same
way, by X's first move there and O's replies to it, as many levels down as it says; ``--probe``
picks that move among X's first few there that threaten something, by how many of its replies short
searches leave open, and abandons X's move above a reply where none of them is left (a move after
which O wins by threats is refuted before any search, and so is a move picked before once that is
found); ``--narrowest`` adds to those the few of X's first dozen whose threats leave O the fewest
replies to prove, and ``--repick`` searches nothing but such probes of the positions split by a move
picked before, which a move leaving fewer replies open replaces (``repick_all``);
``--open-at-most`` lets a probe pick only a move whose replies its searches leave that few open, and
abandons X's move above a reply where none does, as where no move is left; ``--advisor`` asks
another Gomocup brain for X's move in each position a probe picks a move in, and picks its move
wherever the brain reports X's win within the limit, unless a search refutes it (``Advisor``; with
``--repick``, the positions probed again are those where it finds such a win by another move);
``--ends`` searches a reply split already only through the replies below it, never whole again
with a bigger budget; and
``--deepest-nodes`` searches a reply at the deepest level that failed within the budget again with a
bigger one, where it would otherwise stay open for good. ``--fours`` searches nothing but the
position after each of X's fours and O's block in every open end and every position split by a
picked move (``fours_all``). ``--transplant`` searches nothing: it
offers each open unit the proofs of units that differ from it by one of O's marks
(``engine.proof.transplant``), and keeps those the checker passes; a unit none passes is offered
again once it has more donors. Every line of the proof must
end within ``--plies`` plies of the empty board: a unit's proof is searched for within what is left,
a unit proven in more is proven again, and a first reply folds only when all its units are within
the limit. The threat searches are the compiled ones (``engine.proof.compiled``) where the machine
has a C compiler, which make the same proofs as the Python ones ten to sixteen times as fast
(``bench/prover_speed.py``); ``--python`` keeps to Python. Ctrl+C or ``--minutes`` stops the run
after saving. ``--map`` and ``--open`` search nothing and read only the proof file's header: the
board of first replies proven, and where the splits of the open units stand.

This script chooses what to search and keeps what it finds; the searches are
``engine.proof.unit_search``'s, run side by side by ``engine.proof.pool``, and what failed is kept by
``engine.proof.progress``.
"""

from __future__ import annotations

import argparse
import gc
import os
import shlex
import shutil
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, cast

from tictactoe_tui.engine import Mark, Position
from tictactoe_tui.engine.proof import pn_search, pool, store, unit_search
from tictactoe_tui.engine.proof import progress as progress_file
from tictactoe_tui.engine.proof.book import BOARD
from tictactoe_tui.engine.proof.campaign import (
    UNIT_MOVES,
    board_map,
    first_replies,
    moves_name,
    second_move,
    second_replies,
    unit_moves,
)
from tictactoe_tui.engine.proof.compiled import CompileError, compiled_searches
from tictactoe_tui.engine.proof.progress import (
    ABANDONED,
    ADVISED,
    COUNTER_LOOKED,
    FAILURES,
    FOURS_TRIED,
    PICKED,
    REFUTED,
    REPICKED,
    REPLY_FAILURES,
    SPLIT_FAILURES,
    TABLES,
    forget,
    many,
    open_ends,
    open_report,
    record,
    spend,
)
from tictactoe_tui.engine.proof.prover import Defence
from tictactoe_tui.engine.proof.transplant import candidates, donors
from tictactoe_tui.engine.proof.transpose import Proven, canonical_key, carried_over, proven_positions
from tictactoe_tui.engine.proof.unit_search import (
    COUNTER_NODES,
    COUNTER_THREATS,
    OUT_OF_MEMORY,
    PLIES,
    QUIET,
    Searched,
    Transplanted,
    counter_threat,
    first_defence,
    first_moves,
    fours_and_blocks,
    prove_first,
    prove_unit,
    transplant_unit,
)
from tictactoe_tui.gomocup.client import BrainFailure, BrainPlayer
from tictactoe_tui.gomocup.evaluation import evaluated_move

PROGRESS = Path(__file__).resolve().parent.parent / "bench" / "results" / "gomoku_proof.json"
PROBE_NODES = 500_000
"""The budget of each of a probe's searches: most replies that a budget a hundred times as big
proves, it proves (or shows X's move lost) in seconds, so the replies it leaves open are the hard ones."""
SCANNED_MOVES = 12
"""How many of X's moves, as the proof-number search orders them, a probe looks through for its
candidates: a threat that leaves O two or three replies may come seventh, behind quiet moves and
wide threats, and leave a handful open where the first leaves tens."""


ADVISOR_MS = 5_000
"""The advisor's time a position (``--advisor-ms``)."""


Advice = Callable[[tuple[int, ...]], int | None]
"""X's move an advisor finds winning within the proof's limit in a position, or None."""


def no_advice(position: tuple[int, ...]) -> int | None:
    """A probe's advice where no advisor is asked: none."""
    return None


@dataclass
class Advisor:
    """Another Gomocup brain, asked for X's move in each position a probe picks a move in
    (``--advisor``). Where it finds X's win ending within the proof's limit, its move is weighed
    first and picked unless a search refutes it.

    The probes pick by the replies short searches leave open, which says nothing of how long X's
    win takes, and a line that the limit cuts short never closes however deep it is split. Of the
    35 first-level replies the splits had left open, Rapfi (5 s a position) found X's win within
    35 plies of the empty board in 8, with another move than the one picked in 3; after
    ``h8 h7 g8 g10 i8 j8`` the move picked, g7, had stayed open six levels down, and the reply
    Rapfi's win took there after it, f6, Rapfi found won only in 37 plies. Its own move, f7, and
    its moves below were each proven by the searches within 3 million nodes.

    What it answered is kept in the progress file's "advised", asked again only within more time."""

    brain: BrainPlayer
    milliseconds: int
    progress: dict[str, Any]
    broken: bool = False

    @staticmethod
    def command_line(command: str) -> list[str] | None:
        """The program and arguments of ``command``, None when it names no program to run."""
        try:
            argv = shlex.split(command)
        except ValueError:  # quotes left open
            return None
        return argv if argv and shutil.which(argv[0]) else None

    def move(self, position: tuple[int, ...]) -> int | None:
        """X's move in ``position`` that the brain finds winning within the limit, or None."""
        kept = self.progress[ADVISED].get(moves_name(position))
        if kept is not None and kept[2] >= self.milliseconds:
            return None if kept[0] is None else BOARD.parse_cell(kept[0])
        if self.broken:
            return None
        started = time.monotonic()
        try:
            move, said = evaluated_move(self.brain, Position.from_moves(BOARD, list(position)))
        except BrainFailure as error:
            print(f"the advisor failed ({error}): the probes go on without it", flush=True)
            self.broken = True
            return None
        finally:
            spend(self.progress, time.monotonic() - started)
        limit = self.progress["plies"]
        wins = said.winner is Mark.X and said.plies is not None and len(position) + said.plies <= limit
        answer = [BOARD.cell_name(move), said.plies] if wins else [None, None]
        self.progress[ADVISED][moves_name(position)] = [*answer, self.milliseconds]
        return move if wins else None


def progress_path(plies: int) -> Path:
    """The progress file of the runs whose lines end within ``plies`` of the empty board. What a
    run remembers holds within its limit only: a reply that no search proved within 35 plies may be
    proven within 45 in under 100,000 nodes, and a move refuted within one limit may win within
    another, so each limit keeps its failures, refutations and picks in a file of its own."""
    return PROGRESS if plies == PLIES else PROGRESS.with_name(f"{PROGRESS.stem}_within_{plies}.json")


def read_progress(plies: int = PLIES) -> dict[str, Any]:
    return progress_file.read(progress_path(plies), plies)


def pending_units(document: dict[str, Any], progress: dict[str, Any], nodes: int, plies: int,
                  chosen: list[int] | None, failures: str = "failed") -> list[tuple[int, ...]]:
    """The units still to prove, first replies farthest first, skipping those failed within ``nodes``
    (by the search whose failures ``progress[failures]`` holds) and those proven already as the same
    position reached another way; a unit proven in more than ``plies`` from the empty board is still
    to prove. Of units that are one position (O's replies swapped, the board turned) only the first
    is listed, and none once one has failed within ``nodes``: the search is the same, and its proof
    serves them all."""
    known = store.branches(document)
    proven = proven_positions(document, UNIT_MOVES)
    taken = {canonical_key(unit_moves(name)) for name, budget in progress[failures].items()
             if budget >= nodes}
    units: list[tuple[int, ...]] = []
    for reply in first_replies():
        if chosen is not None and reply not in chosen:
            continue
        if (BOARD.centre, reply) in known or () in known:
            continue
        x_move = second_move(reply)
        for second in second_replies(reply, x_move):
            unit = (BOARD.centre, reply, x_move, second)
            if _proof_of(unit, proven, plies) is not None:
                continue
            key = canonical_key(unit)
            if key in taken:
                continue
            taken.add(key)
            units.append(unit)
    return units


def forget_proven_failures(document: dict[str, Any], progress: dict[str, Any], plies: int) -> None:
    """Drop the failed units that are proven now, as the same position reached another way: the
    progress file then lists only failures still open."""
    proven = proven_positions(document, UNIT_MOVES)
    for table in TABLES:
        for name in list(progress[table]):
            if _proof_of(unit_moves(name)[:UNIT_MOVES], proven, plies) is not None:
                del progress[table][name]


def _proof_of(unit: tuple[int, ...], proven: dict[tuple[int, int], Proven], plies: int) -> Proven | None:
    """The proof of ``unit``'s position (its own branch or one that reaches it another way) that
    ends within ``plies`` of the empty board, if there is one."""
    found = proven.get(canonical_key(unit))
    return found if found is not None and found.bound() + len(unit) <= plies else None


def _within(branch: dict[str, Any] | None, plies: int) -> bool:
    """Whether ``branch`` is there and its lines end within ``plies`` of the empty board."""
    return branch is not None and branch["plies"] + len(branch["moves"]) <= plies


def fold_all(document: dict[str, Any], plies: int) -> list[int]:
    """Give every unit not proven within ``plies`` of the empty board the tree of the same position
    proven within them another way, then fold every first reply whose units are all proven (a folded
    branch is not looked at again); the first replies now whole."""
    proven = proven_positions(document, UNIT_MOVES)
    whole = []
    for reply in first_replies():
        x_move = second_move(reply)
        units = second_replies(reply, x_move)
        known = store.branches(document)
        if (BOARD.centre, reply) in known:
            whole.append(reply)
            continue
        for second in units:
            unit = (BOARD.centre, reply, x_move, second)
            if _within(known.get(unit), plies):
                continue
            found = _proof_of(unit, proven, plies)
            if found is not None:
                store.add(document, unit, carried_over(found, unit), found.bound())
        known = store.branches(document)
        within = all(_within(known.get((BOARD.centre, reply, x_move, unit)), plies) for unit in units)
        if within and store.fold(document, (BOARD.centre, reply), x_move, units):
            whole.append(reply)
    store.fold(document, (), BOARD.centre, first_replies())
    return whole


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0, help="stop after this long (default 60)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--nodes", type=int, default=3_000_000, help="node budget a unit (default 3000000)")
    parser.add_argument("--replies", help="only these first replies of O, by name (a1,h1,...)")
    parser.add_argument("--quiet", type=int, default=QUIET, help=f"quiet moves in a row (default {QUIET})")
    parser.add_argument("--plies", type=int, default=PLIES,
                        help=f"the most plies a line may take from the empty board (default {PLIES})")
    parser.add_argument("--search", choices=tuple(FAILURES), default="depth",
                        help="depth first, with quiet moves in a row, or by proof numbers (default depth)")
    parser.add_argument("--leaf-cost", type=int, default=pn_search.LEAF_COST,
                        help="with pn: the nodes that weigh as one leaf in the proof number of a node "
                             f"whose threat search gave up (default {pn_search.LEAF_COST})")
    parser.add_argument("--retry", action="store_true", help="try failed units again, whatever their budget")
    parser.add_argument("--split", type=int, metavar="MOVES",
                        help="search each open unit once for each of the first MOVES of X's moves there, "
                             "by proof numbers")
    parser.add_argument("--by-reply", action="store_true",
                        help="with --split: search each of O's replies to those moves on its own")
    parser.add_argument("--deeper", type=int, default=0, metavar="LEVELS",
                        help="with --by-reply: split a reply that failed within --nodes by X's first move "
                             "there and O's replies to it, LEVELS levels down at most (default 0)")
    parser.add_argument("--probe", type=int, default=1, metavar="MOVES",
                        help="with --deeper: split a failed reply by the one of X's first MOVES moves "
                             "there whose replies searches of PROBE_NODES nodes leave the fewest open "
                             "(default 1: the first)")
    parser.add_argument("--narrowest", type=int, default=0, metavar="MOVES",
                        help="with --probe: weigh too the MOVES of X's first SCANNED_MOVES threatening "
                             "moves whose threats leave O the fewest replies that need a proof (default 0)")
    parser.add_argument("--repick", action="store_true",
                        help="with --narrowest: search nothing but a probe of each position split by a "
                             "picked move, the highest first, that replaces the move where another "
                             "leaves fewer replies open")
    parser.add_argument("--open-at-most", type=int, metavar="REPLIES",
                        help="with --probe: pick only a move whose replies the probe leaves at most "
                             "REPLIES open, and abandon X's move above a reply where none does (default: "
                             "any move)")
    parser.add_argument("--advisor", metavar="COMMAND",
                        help="with --probe: ask this Gomocup brain for X's move in each position a probe "
                             "picks a move in, and pick its move where it finds X's win within --plies, "
                             "unless a search refutes it")
    parser.add_argument("--advisor-ms", type=int, default=ADVISOR_MS, metavar="MS",
                        help=f"the advisor's time a position, in ms (default {ADVISOR_MS})")
    parser.add_argument("--ends", action="store_true",
                        help="with --deeper: search a reply split already only through its replies, "
                             "never whole again with a bigger budget")
    parser.add_argument("--deepest-nodes", type=int, metavar="NODES",
                        help="with --by-reply: search a reply at the deepest level (no level left to "
                             "split it by) that failed within --nodes again within NODES, not leave it open")
    parser.add_argument("--fours", action="store_true",
                        help="with --deeper: search nothing but the position after each of X's fours and "
                             "O's block in each open end and each position split by a picked move, within "
                             "PROBE_NODES nodes")
    parser.add_argument("--transplant", action="store_true",
                        help="search nothing: offer open units the proofs of units one O mark apart")
    parser.add_argument("--memory", type=float,
                        help="gigabytes each worker may take (default: a share of the free memory)")
    parser.add_argument("--python", action="store_true",
                        help="threat searches in Python only, not compiled (the same proofs, slower)")
    parser.add_argument("--map", action="store_true", help="only show the map of the proof so far")
    parser.add_argument("--open", action="store_true",
                        help="only show the open ends of the split units: the replies that failed "
                             "within a budget and are not split further")
    args = parser.parse_args(argv)
    if args.leaf_cost < 1:
        parser.error("--leaf-cost must be at least 1")
    if args.split is not None and args.split < 1:
        parser.error("--split must be at least 1")
    if args.by_reply and args.split is None:
        parser.error("--by-reply splits units by their replies after --split's first moves: give --split too")
    if args.deeper < 0 or args.deeper and not args.by_reply:
        parser.error("--deeper splits the replies of --by-reply further: give --by-reply, and no fewer "
                     "than 0 levels")
    if args.probe < 1 or args.probe > 1 and not args.deeper:
        parser.error("--probe picks the move a reply is split by deeper: give --deeper, and at least 1 move")
    if args.narrowest < 0 or args.narrowest and args.probe < 2:
        parser.error("--narrowest adds moves to a probe's: give --probe, and no fewer than 0 moves")
    if args.repick and not (args.narrowest or args.advisor):
        parser.error("--repick weighs the narrowest threats or an advisor's moves against the moves picked "
                     "before: give --narrowest or --advisor")
    if args.advisor is not None and (args.probe < 2 or args.fours or args.transplant):
        parser.error("--advisor suggests X's moves to a probe: give --probe, and neither --fours nor "
                     "--transplant")
    if args.advisor_ms < 1:
        parser.error("--advisor-ms must be at least 1")
    advisor_argv = None if args.advisor is None else Advisor.command_line(args.advisor)
    if args.advisor is not None and advisor_argv is None:
        parser.error(f"--advisor names no program to run: {args.advisor!r}")
    if args.open_at_most is not None and (args.open_at_most < 0 or args.probe < 2):
        parser.error("--open-at-most bounds the replies a probe's pick leaves open: give --probe, and no "
                     "fewer than 0 replies")
    if args.ends and not args.deeper:
        parser.error("--ends searches the open ends of deeper splits: give --deeper")
    if args.fours and not args.deeper:
        parser.error("--fours searches the open ends of deeper splits and the positions split by a picked "
                     "move: give --deeper")
    if args.deepest_nodes is not None and (not args.by_reply or args.deepest_nodes <= args.nodes):
        parser.error("--deepest-nodes searches again the deepest replies of --by-reply that failed within "
                     "--nodes: give --by-reply, and more nodes than --nodes")
    if args.memory is not None and not 0 < args.memory < 2**20:
        parser.error("--memory must be a positive number of gigabytes")
    chosen = None if args.replies is None else [BOARD.parse_cell(name) for name in args.replies.split(",")]
    if args.map or args.open:
        outline = store.outline()  # both need only the branches' moves: no tree is read
        progress = read_progress(args.plies)
        print(board_map(outline) if args.map else open_report(store.branches(outline), progress))
        return 0
    document, progress = store.read(), read_progress(args.plies)
    # The document is tens of millions of objects that live as long as the run: out of the cycle
    # collector's sight, a full collection no longer walks them (38 s each), nor do the forked
    # workers of a transplant run copy the pages they share with this process.
    gc.freeze()
    pool.stop_on_sigterm()
    splitter = (fours_all if args.fours else repick_all if args.repick else split_by_reply if args.by_reply
                else split_all)
    runner = transplant_all if args.transplant else splitter if args.split else search_all
    advisor = None if advisor_argv is None else Advisor(
        BrainPlayer(advisor_argv, time_limit=args.advisor_ms / 1000), args.advisor_ms, progress)
    if advisor is not None:  # only with --probe, which the splits by reply make
        runner = partial(repick_all if args.repick else split_by_reply, advised=advisor.move)
    try:
        runner(document, progress, chosen, args)
    except KeyboardInterrupt:  # a stop between two rounds, out of the pool's hands: saved all the same
        print("stopping: what was proven so far is saved", file=sys.stderr, flush=True)
    finally:
        if advisor is not None:
            advisor.brain.close()
    fold_all(document, args.plies)
    forget_proven_failures(document, progress, args.plies)
    size = save(document, progress)
    print(board_map(document))
    print(f"proof file {size / 1e6:.2f} MB; {progress['seconds'] / 3600:.2f} h of computing so far")
    return 0


def search_all(document: dict[str, Any], progress: dict[str, Any], chosen: list[int] | None,
               args: argparse.Namespace) -> None:
    """Search every unit still to prove for a proof, within the budget of ``args.nodes`` a unit."""
    failures = FAILURES[args.search]
    # A retry passes over the failures, but keeps them: a unit failing again is recorded anew.
    units = pending_units(document, {**progress, failures: {}} if args.retry else progress, args.nodes,
                          args.plies, chosen, failures)
    _announce(len(units), "prove", args)
    compiled = _compiled_for(args)
    tasks = [(unit, args.nodes, args.quiet, args.plies, args.search, args.leaf_cost, compiled)
             for unit in units]

    def recorded(result: Searched) -> None:
        record(document, progress, *result, args.nodes, failures)

    # Started afresh, not forked: a worker needs nothing of the proof, and a forked one would share
    # the main process's copy of it, which the main process's saves then copy page by page.
    run(document, progress, prove_unit, tasks, recorded, args, start="spawn")


def split_all(document: dict[str, Any], progress: dict[str, Any], chosen: list[int] | None,
              args: argparse.Namespace) -> None:
    """Search every open unit once for each of the first ``args.split`` of X's first moves there,
    the first moves of every unit before the second moves of any; the first move proven proves the
    unit, and its other moves are not searched."""
    failed = progress[SPLIT_FAILURES]
    compiled = _compiled_for(args)
    tasks = [(unit, first, args.nodes, args.plies, args.leaf_cost, compiled)
             for unit, first in _splits(document, progress, chosen, args)
             if failed.get(moves_name(unit), {}).get(BOARD.cell_name(first), 0) < args.nodes]
    searched = len({task[0] for task in tasks})
    print(f"{many(len(tasks), 'first move')} to search, in {many(searched, 'unit')}, {args.processes} "
          f"processes, {args.minutes:g} minutes", flush=True)
    proven: set[tuple[int, ...]] = set()

    def recorded(result: tuple[int, Searched]) -> None:
        first, (moves, tree, nodes, seconds) = result
        move = BOARD.cell_name(first)
        record(document, progress, moves, tree, nodes, seconds, args.nodes, None, f", X's first move {move}")
        if tree is None:  # kept by move, apart from the unit's own failures
            tried = failed.setdefault(moves_name(moves), {})
            tried[move] = max(args.nodes, tried.get(move, 0))
        elif tree != OUT_OF_MEMORY:
            proven.add(moves)

    run(document, progress, prove_first, tasks, recorded, args, start="spawn",
        wanted=lambda task: task[0] not in proven)


def split_by_reply(document: dict[str, Any], progress: dict[str, Any], chosen: list[int] | None,
                   args: argparse.Namespace, advised: Advice = no_advice) -> None:
    """Split every open unit by the first ``args.split`` of X's first moves there and then by O's
    replies to each that need a proof of their own: each reply's position is searched alone, by
    proof numbers, and kept as a branch once proven, so that a later run searches only the replies
    still open, those of the moves with the fewest open first. Once every reply to a first
    move is proven, the unit's tree is written out whole, the replies' trees in it, and their
    branches go.

    A reply that failed within ``args.nodes`` (in an earlier run, or in an earlier round of this
    one) is split in turn, ``args.deeper`` levels down at most: by X's first move there (as the
    proof-number search orders them, or as a probe of ``args.probe`` moves picks: ``probe``) and
    O's replies to that, each searched alone. Its proof is written out as a branch once they all
    are, as the unit's is, and so on up. A deep line weighs less against a search's budget than the
    whole reply does, and a worker's memory holds one line's positions, not all of them.

    A failed reply is searched whole again once the budget is bigger than the one it failed within,
    before its split is looked at; with ``args.ends``, a reply split already (a failure or a branch
    lies below it) never is, so that the whole budget goes to the open ends below it, those nearest
    to a proven position first (``open_report`` lists them).

    A round probes and searches one unit, the one with the fewest open ends of those with work
    left, so that a run drives its nearest units down to their ends before it opens others: a
    probe of every failed reply at once took all of a run's 75 minutes, and left every reply it
    had picked a move in for the next. The replies to pick a move in again go first (``rounds``).

    A reply at the deepest level that failed within ``args.nodes`` has no level left to split it by:
    with ``args.deepest_nodes`` it is searched again within those, after the unit's other searches,
    instead of staying open for good. Such a search may settle it either way: it proves the reply,
    or it ends without a proof and refutes X's move above it, which is then probed for another.

    ``advised`` gives X's move an advisor finds winning within the limit in a position to probe
    (``Advisor.move``), which the probe picks unless a search refutes it."""
    ReplySplits(document, progress, chosen, args, _compiled_for(args), advised).rounds()


def fours_all(document: dict[str, Any], progress: dict[str, Any], chosen: list[int] | None,
              args: argparse.Namespace) -> None:
    """Search, in every open end of the splits and every position split by a picked move, the
    position after each of X's fours there and O's one block (``fours_and_blocks``) within
    ``PROBE_NODES``, as a reply is searched; the first proven proves the position, with that four
    as X's move, and the positions above it that their replies then prove. The splits' searches
    leave such wins out: of 80 open ends, 3 million nodes (30 million for some) not proving them,
    a four proved 4, and 2 of 80 positions split by a picked move (``bench/four_first.py``). A
    position whose fours all fail is kept in the progress file's "fours_tried", not searched so
    again within as much; the units with the fewest open ends go first."""
    splits = ReplySplits(document, progress, chosen, args, _compiled_for(args))
    splits.queue()  # the moves split by, and their defences: what a position proven settles above it
    tried = progress[FOURS_TRIED]
    ends = open_ends(splits.known, progress)
    in_unit = ends_by_unit(ends)
    positions = sorted({*(moves for below in ends.values() for moves in below),
                        *map(unit_moves, progress[PICKED])},
                       key=lambda moves: (in_unit[moves[:UNIT_MOVES]], moves))
    tasks = [reply_search((*position, four, block), PROBE_NODES, args, splits.compiled)
             for position in positions if tried.get(moves_name(position), 0) < PROBE_NODES
             and (chosen is None or position[1] in chosen)
             for four, block in fours_and_blocks(position)]
    left = Counter(task[0][:-2] for task in tasks)
    print(f"{len(tasks):,} searches of {PROBE_NODES:,} nodes after X's fours, in {len(left):,} positions, "
          f"{args.processes} processes, {args.minutes:.0f} minutes", flush=True)

    def recorded(result: Searched) -> None:
        moves, tree = result[:2]
        position, first = moves[:-2], moves[:-1]
        if not splits.wanted((moves,)):  # searched while a position above it was proven: nothing to keep
            spend(progress, result[3], result[2])
            return
        record(document, progress, *result, PROBE_NODES, None)
        left[position] -= 1
        defence = splits.defence_of(first) if tree not in (None, OUT_OF_MEMORY) else None
        if defence is not None:
            splits.defences[first] = defence
            if splits.settle(first):
                store.drop_below(document, position)  # what the split of the position had proven
                return
        if not left[position] and position not in splits.settled:
            tried[moves_name(position)] = PROBE_NODES

    def wanted(task: tuple[Any, ...]) -> bool:
        if splits.wanted(task):
            return True
        left[task[0][:-2]] -= 1
        return False

    run(document, progress, prove_unit, tasks, recorded, args, start="spawn", wanted=wanted)


def repick_all(document: dict[str, Any], progress: dict[str, Any], chosen: list[int] | None,
               args: argparse.Namespace, advised: Advice = no_advice) -> None:
    """Probe again every position split by a move picked before ``--narrowest`` was asked for, one
    level at a time from the highest, with that move among the candidates and first: a candidate
    that leaves fewer replies open than the move leaves unproven takes its place, and what lay below
    the move goes; on a tie the move stays. The move's replies proven count as proven and the rest,
    split or not, as open: a reply the probe's search would prove, the runs' searches of more nodes
    had proven already. Positions weighed so are kept in the progress file's "repicked", not probed
    so again; those of a level are listed once the level above is done, for a move replaced there
    takes what lay below it.

    The probes of the runs that picked those moves weighed X's first three moves, quiet ones among
    them, and not the threats that leave O two or three replies where the move picked leaves tens.

    With an advisor (``advised``, ``Advisor.move``), the positions probed again are instead those
    where it finds X's win within the limit by another move than the one picked, asked level by
    level while the run's minutes last; its move is picked unless a search refutes it."""
    splits = ReplySplits(document, progress, chosen, args, _compiled_for(args), advised)
    weighed = progress[REPICKED]
    for level in range(1, args.deeper + 1):
        picked = sorted(moves for moves in map(unit_moves, progress[PICKED])
                        if len(moves) == UNIT_MOVES + 2 * level and (chosen is None or moves[1] in chosen))
        if advised is no_advice:
            positions = [moves for moves in picked if weighed.get(moves_name(moves), 0) < args.narrowest]
        else:
            positions = [moves for moves in picked if splits.rest().minutes > 0
                         and (move := advised(moves)) is not None
                         and BOARD.cell_name(move) != progress[PICKED][moves_name(moves)]]
        print(f"level {level}: {many(len(positions), 'position')} to probe again", flush=True)
        if positions and not Probe(document, progress, splits.defence_of, splits.countered, splits.rest(),
                                   splits.compiled, repicking=True, advised=advised).run(positions):
            return


@dataclass
class ReplySplits:
    """A split run by reply, between its rounds: the proof and the progress it adds to, and what
    it has worked out on the way (X's moves' defences, the positions it proved or found dead, the
    searches it queued)."""

    document: dict[str, Any]
    progress: dict[str, Any]
    chosen: list[int] | None
    args: argparse.Namespace
    compiled: bool
    advised: Advice = no_advice
    """X's move an advisor finds winning within the limit in a position to probe, or None."""
    started: float = field(default_factory=time.monotonic)
    looked: dict[tuple[int, ...], Defence | None] = field(default_factory=dict)
    """``first_defence`` of X's move that ends the key, worked out once a run."""
    defences: dict[tuple[int, ...], Defence] = field(default_factory=dict)
    """The defences of the moves split by, by the moves up to X's."""
    settled: set[tuple[int, ...]] = field(default_factory=set)
    """The positions proven by this run."""
    dead: set[tuple[int, ...]] = field(default_factory=set)
    """X's moves refuted by this run, as the moves up to them."""
    tasks: list[tuple[Any, ...]] = field(default_factory=list)
    budgets: dict[tuple[int, ...], int] = field(default_factory=dict)
    """The budget of each queued search, by its moves: a search ended without a proof if it spent less."""
    to_probe: list[tuple[int, ...]] = field(default_factory=list)
    known: dict[tuple[int, ...], dict[str, Any]] = field(default_factory=dict)
    inner: set[tuple[int, ...]] = field(default_factory=set)
    """The replies split already: a failure or a branch lies below."""

    def rounds(self) -> None:
        """Rounds until nothing is new, a unit a round: a reply that fails in one is probed and
        split in the next. The replies to pick a move in again, their moves refuted or abandoned,
        are probed first, whatever their unit: each either finds a move or abandons the one above
        it, and with it every open end below that move."""
        probed: set[tuple[int, ...]] = set()
        searched: set[tuple[int, ...]] = set()
        while self.rest().minutes > 0:
            self.queue()
            fresh = [position for position in self.to_probe if position not in probed]
            again = [position for position in fresh if set_aside(self.progress, position)]
            if again:
                if not self.pick_moves(again, probed):
                    return
                continue
            new = [task for task in self.tasks if task[0] not in searched]
            focus = self.nearest({moves[:UNIT_MOVES] for moves in (*fresh, *(task[0] for task in new))})
            fresh = [position for position in fresh if focus and position[:UNIT_MOVES] == focus[0]]
            if fresh:
                if not self.pick_moves(fresh, probed):
                    return
                self.queue()  # the replies of the moves picked
                new = [task for task in self.tasks if task[0] not in searched]
            new = [task for task in new if focus and task[0][:UNIT_MOVES] == focus[0]]
            searched.update(task[0] for task in new)
            left = Counter(task[0][:UNIT_MOVES + 1] for task in new)
            where = "" if focus is None else f", in {moves_name(focus[0])} ({many(focus[1], 'open end')})"
            bigger = sum(task[1] > self.args.nodes for task in new)
            deepest = f" ({bigger:,} again within {self.args.deepest_nodes:,} nodes)" if bigger else ""
            print(f"{len(new)} of O's replies to search{deepest}, after {many(len(left), 'first move')}"
                  f"{where}, {self.args.processes} processes, {max(self.rest().minutes, 0):.0f} minutes",
                  flush=True)
            if focus is None:
                return
            if new and not run(self.document, self.progress, prove_unit, new, self.recorded, self.rest(),
                               start="spawn", wanted=self.wanted):
                return

    def pick_moves(self, positions: list[tuple[int, ...]], probed: set[tuple[int, ...]]) -> bool:
        """Probe ``positions`` within the minutes the run has left, adding them to ``probed``: a
        position is probed once a run. Whether the run went on to its end."""
        probed.update(positions)
        return probe(self.document, self.progress, positions, self.defence_of, self.countered, self.rest(),
                     self.compiled, self.advised)

    def rest(self) -> argparse.Namespace:
        """The run's arguments, with the minutes it has left."""
        spent = (time.monotonic() - self.started) / 60
        return argparse.Namespace(**vars(self.args) | {"minutes": self.args.minutes - spent})

    def nearest(self, units: set[tuple[int, ...]]) -> tuple[tuple[int, ...], int] | None:
        """Of ``units``, the one with the fewest open ends (``open_ends``), with their count."""
        ends = ends_by_unit(open_ends(self.known, self.progress))
        unit = min(units, key=lambda unit: (ends[unit], unit), default=None)
        return None if unit is None else (unit, ends[unit])

    def defence_of(self, first: tuple[int, ...]) -> Defence | None:
        """``first_defence`` of X's move that ends ``first``, worked out once a run. Its threat tree
        is built here, in the run's own process, while the workers wait: its time counts in the
        hours of computing the proof reports, as theirs does."""
        if first not in self.looked:
            started = time.monotonic()
            self.looked[first] = first_defence(first[:-1], first[-1], self.args.plies, self.compiled)
            spend(self.progress, time.monotonic() - started)
        return self.looked[first]

    def countered(self, first: tuple[int, ...]) -> bool:
        """``refuted_by_threats`` for X's move that ends ``first``; a move found lost joins those
        this run refuted."""
        if not refuted_by_threats(self.document, self.progress, first):
            return False
        self.dead.add(first)
        return True

    def queue(self) -> None:
        """Every reply still to search, those of the moves with the fewest replies still open first,
        those of the first moves with the fewest first: the nearest to a position proven, and to a
        whole unit."""
        self.tasks.clear()
        self.to_probe.clear()
        self.known.clear()
        self.known.update(store.branches(self.document))
        self.inner.clear()
        failed = map(unit_moves, self.progress[REPLY_FAILURES])
        self.inner.update(moves[:length] for moves in (*failed, *self.known)
                          for length in range(UNIT_MOVES + 2, len(moves), 2))
        refuted = self.progress[REFUTED]
        for unit, first in _splits(self.document, self.progress, self.chosen, self.args):
            if unit not in self.settled and BOARD.cell_name(first) not in refuted.get(moves_name(unit), []):
                self.split(unit, first, self.args.deeper)
        near = Counter(task[0][:-1] for task in self.tasks)
        left = Counter(task[0][:UNIT_MOVES + 1] for task in self.tasks)
        self.tasks.sort(key=lambda task: (task[1], near[task[0][:-1]], left[task[0][:UNIT_MOVES + 1]]))
        self.budgets = {task[0]: task[1] for task in self.tasks}

    def split(self, position: tuple[int, ...], first: int, deeper: int) -> None:
        """Queue the replies to X's ``first`` move after ``position`` that are still open, splitting
        those that failed within the budget ``deeper`` levels further at most."""
        if self.countered((*position, first)):
            return
        defence = self.defence_of((*position, first))
        if defence is None:
            return
        self.defences[(*position, first)] = defence
        if self.settle((*position, first)):
            return
        args, failed = self.args, self.progress[REPLY_FAILURES]
        for reply in defence.needed:
            moves = (*position, first, reply)
            if moves in self.known or moves in self.settled:
                continue
            failed_within = failed.get(moves_name(moves), 0)
            whole = not (args.ends and moves in self.inner)
            if failed_within < args.nodes and whole:
                self.tasks.append(reply_search(moves, args.nodes, args, self.compiled))
            elif deeper > 0 and (below := self.split_move(moves)) is not None:
                self.split(moves, below, deeper - 1)
            elif deeper == 0 and failed_within < (args.deepest_nodes or 0) and whole:
                self.tasks.append(reply_search(moves, args.deepest_nodes, args, self.compiled))

    def split_move(self, position: tuple[int, ...]) -> int | None:
        """X's move to split a failed reply by: the one a probe picked, or with no probe asked for,
        the first (as the proof-number search orders them) neither refuted nor abandoned; None
        while a probe is still to pick it."""
        picked = self.progress[PICKED]
        if moves_name(position) in picked:
            return BOARD.parse_cell(picked[moves_name(position)])
        if self.args.probe > 1:
            self.to_probe.append(position)
            return None
        return next(iter(live_moves(self.progress, position, 1)), None)

    def settle(self, first: tuple[int, ...]) -> bool:
        """Write out the position before X's move that ends ``first`` once every reply to it is
        proven, and then the position it is a reply in, and so on up: whether the first was."""
        if not _assemble(self.document, first, self.defences[first], self.args.plies):
            return False
        position = first[:-1]
        self.settled.add(position)
        forget(self.progress, position)
        if len(position) == UNIT_MOVES:
            print(f"{moves_name(position)}: proven by X's first move {BOARD.cell_name(first[-1])}",
                  flush=True)
        else:
            print(f"{moves_name(position)}: proven by X's move {BOARD.cell_name(first[-1])} and its replies",
                  flush=True)
            if position[:-1] in self.defences:
                self.settle(position[:-1])
        return True

    def recorded(self, result: Searched) -> None:
        """Keep a search's result: a failure, a proof that may settle the positions above it, or
        a search that ended without a proof, which refutes X's move before it (no budget proves
        its reply) and kills its split and the branches proven under it."""
        moves = result[0]
        budget = self.budgets[moves]
        record(self.document, self.progress, *result, budget, REPLY_FAILURES)
        if result[1] is None and result[2] < budget:  # the search ended, its budget not spent
            self.dead.add(moves[:-1])
            progress_file.refute(self.document, self.progress, moves[:-1])
        elif result[1] not in (None, OUT_OF_MEMORY):
            self.settle(moves[:-1])

    def wanted(self, task: tuple[Any, ...]) -> bool:
        """Whether a queued search is still to do: not below a position proven or a move refuted
        since it was queued."""
        moves = task[0]
        return not any(moves[:length] in self.settled for length in range(UNIT_MOVES, len(moves), 2)) \
            and not below(moves, self.dead)


def ends_by_unit(ends: dict[tuple[int, ...], list[tuple[int, ...]]]) -> Counter[tuple[int, ...]]:
    """How many of ``ends`` (``open_ends``, by first-level reply) lie in each unit."""
    counts: Counter[tuple[int, ...]] = Counter()
    for reply, below in ends.items():
        counts[reply[:UNIT_MOVES]] += len(below)
    return counts


def reply_search(moves: tuple[int, ...], nodes: int, args: argparse.Namespace,
                 compiled: bool) -> tuple[Any, ...]:
    """``prove_unit``'s arguments for a search of O's reply that ends ``moves``, by proof numbers
    within ``nodes``: a split's and a probe's searches differ only in their budget."""
    return (moves, nodes, QUIET, args.plies, "pn", args.leaf_cost, compiled)


def refuted_by_threats(document: dict[str, Any], progress: dict[str, Any], first: tuple[int, ...]) -> bool:
    """Whether O wins by threats after X's move that ends ``first`` (``counter_threat``), which is
    then refuted, with what was split or proven below it: no budget proves it. A move that a look
    within as many nodes and threats found no such win after is not looked at again (the progress
    file's "counter_looked"). The look's time counts in the hours of computing, as a search's does."""
    name = moves_name(first)
    nodes, threats = progress[COUNTER_LOOKED].get(name, (0, 0))
    if nodes >= COUNTER_NODES and threats >= COUNTER_THREATS:
        return False
    started = time.monotonic()
    reply = counter_threat(first)
    spend(progress, time.monotonic() - started)
    if reply is None:
        progress[COUNTER_LOOKED][name] = [COUNTER_NODES, COUNTER_THREATS]
        return False
    progress_file.refute_by_threats(document, progress, first, reply)
    return True


def set_aside(progress: dict[str, Any], position: tuple[int, ...]) -> set[str]:
    """X's moves after ``position`` that a split no longer takes, by name: refuted or abandoned."""
    return {*progress[REFUTED].get(moves_name(position), []),
            *progress[ABANDONED].get(moves_name(position), [])}


def below(moves: tuple[int, ...], firsts: set[tuple[int, ...]]) -> bool:
    """Whether ``moves`` lie below one of X's moves in ``firsts`` (each as the moves up to it)."""
    return any(moves[:length] in firsts for length in range(UNIT_MOVES + 1, len(moves), 2))


def live_moves(progress: dict[str, Any], position: tuple[int, ...], count: int) -> list[int]:
    """The first ``count`` of X's moves after ``position`` (as the proof-number search orders them)
    neither refuted nor abandoned."""
    dead_here = set_aside(progress, position)
    moves = first_moves(position, len(dead_here) + count)
    return [move for move in moves if BOARD.cell_name(move) not in dead_here][:count]


def candidate_moves(progress: dict[str, Any], position: tuple[int, ...],
                    defence_of: Callable[[tuple[int, ...]], Defence | None], probe: int,
                    narrowest: int) -> list[int]:
    """X's moves a probe weighs in ``position``: of the first ``SCANNED_MOVES`` neither refuted nor
    abandoned that threaten something (``defence_of`` is not None: a move that threatens nothing
    cannot be split by), the first ``probe``, then the ``narrowest`` whose threats leave O the
    fewest replies that need a proof of their own, the first of those on a tie."""
    threats: list[tuple[int, int]] = []
    for move in live_moves(progress, position, max(SCANNED_MOVES, probe)):
        defence = defence_of((*position, move))
        if defence is not None:
            threats.append((move, len(defence.needed)))
        if not narrowest and len(threats) == probe:
            break
    first = [move for move, _ in threats[:probe]]
    narrow = [move for move, _ in sorted(threats, key=lambda threat: threat[1])[:narrowest]]
    return first + [move for move in narrow if move not in first]


def probe(document: dict[str, Any], progress: dict[str, Any], positions: list[tuple[int, ...]],
          defence_of: Callable[[tuple[int, ...]], Defence | None],
          countered: Callable[[tuple[int, ...]], bool],
          args: argparse.Namespace, compiled: bool,
          advised: Advice = no_advice) -> bool:
    """Pick X's move to split each of ``positions`` (failed replies) by: of X's ``candidate_moves``
    there (``args.probe`` and ``args.narrowest``) not found lost by ``countered`` (which refutes
    them, the next move taking the place of each), the one whose replies searches of
    ``PROBE_NODES`` nodes each leave the fewest open, the first of those on a tie. A reply proven
    already counts as proven, one failed within ``PROBE_NODES`` or more as open. The picked move's
    replies that a probe search proved become branches and the others' failures are kept, as a
    split's would be; what a split by another move had proven goes. A position whose searches the
    run did not finish, or did not reach in time, is probed again by the next. Whether the run went
    on to its end (not stopped).

    With ``args.open_at_most``, only a move that leaves at most that many replies open can be picked.
    Of the moves eleven runs' probes picked, those leaving one reply open were proven with all their
    replies one time in twenty-five (38 of 964), those leaving two one time in three hundred (2 of
    618), and those leaving more one time in nine hundred (1 of 922): a split by such a move spends
    the searches of the runs after it below a position it will not prove.

    A move's searches stop once it cannot be picked: once one ends without a proof (the move is
    refuted), once it leaves more replies open than ``args.open_at_most``, or once it leaves more
    than another move whose searches are all done (as many, if that one comes first). The pick is
    the one all its searches would make, for less; the move with the fewest replies left to leave
    open is searched first, to stop the others soonest.

    A position left with no move among them, or none that can be picked, abandons X's move above it
    (``progress.abandon``) unless that is a unit's first move: a split by that move could not be
    finished, so the reply above is probed again for another, and what lay below the move goes,
    with the searches still queued there.

    X's move that ``advised`` gives in a position (an advisor's, winning within the limit) is
    weighed first, whatever the rules above draw, and picked unless it is refuted, whatever the
    others leave open: the others' searches stop once its own are done."""
    return Probe(document, progress, defence_of, countered, args, compiled, advised=advised).run(positions)


@dataclass
class Probe:
    """One probe's state: X's candidate moves in each failed reply, and what their replies'
    searches have left open so far. X's moves are keyed by the moves up to them."""

    document: dict[str, Any]
    progress: dict[str, Any]
    defence_of: Callable[[tuple[int, ...]], Defence | None]
    countered: Callable[[tuple[int, ...]], bool]
    """Whether O wins by threats after X's move that ends the key, which it then refutes."""
    args: argparse.Namespace
    compiled: bool
    candidates: dict[tuple[int, ...], list[int]] = field(default_factory=dict)
    """X's moves to choose from, by the failed reply they are moves in."""
    still_open: Counter[tuple[int, ...]] = field(default_factory=Counter)
    """How many of each X move's replies are open: failed within ``PROBE_NODES`` before, or by a
    search of this probe. The move with the fewest is picked."""
    unsearched: Counter[tuple[int, ...]] = field(default_factory=Counter)
    """The searches of each X move's replies not done yet."""
    found: dict[tuple[int, ...], list[tuple[tuple[int, ...], Any]]] = field(default_factory=dict)
    """What each X move's searches leave to keep once it is picked: a reply's proof, or None for a
    reply that failed within the whole budget (one out of memory is open but not kept as failed)."""
    cut: set[tuple[int, ...]] = field(default_factory=set)
    """X's moves whose searches stopped, beaten: what they left open is a lower bound."""
    lost: set[tuple[int, ...]] = field(default_factory=set)
    """X's moves a search of one of their replies refuted."""
    abandoned: set[tuple[int, ...]] = field(default_factory=set)
    """X's moves above a position with no move to split by."""
    skipped: list[tuple[Any, ...]] = field(default_factory=list)
    """The searches that could not change a pick."""
    repicking: bool = False
    """Whether the positions have a move picked before, weighed first against the others (``repick_all``)."""
    before: dict[tuple[int, ...], int] = field(default_factory=dict)
    """The move picked before in each position, while it is neither refuted nor abandoned."""
    advised: Advice = no_advice
    """X's move an advisor finds winning within the limit in a position, or None."""
    advice: dict[tuple[int, ...], int] = field(default_factory=dict)
    """The advisor's move in each position, while it threatens something and is not set aside."""

    def run(self, positions: list[tuple[int, ...]]) -> bool:
        """Search the candidates' replies of ``positions`` and pick a move in each whose searches
        are done: whether the run went on to its end."""
        tasks = self.tasks(positions)
        print(f"{len(tasks)} searches of {PROBE_NODES:,} nodes to pick X's move in {len(self.candidates)} of "
              f"the failed replies, among {self.weighed()}", flush=True)
        for position in self.candidates:
            if self.all_searched(position):
                self.pick(position)
        finished = run(self.document, self.progress, prove_unit, tasks, self.recorded, self.args,
                       start="spawn", wanted=self.wanted)
        if tasks:
            print(f"the probe skipped {many(len(self.skipped), 'search', 'searches')} of {len(tasks):,} "
                  "that could not change a pick", flush=True)
        return finished

    def tasks(self, positions: list[tuple[int, ...]]) -> list[tuple[Any, ...]]:
        """The searches of the candidates' replies, those of the move that can leave the fewest open
        first in each position: it bounds the others soonest. On the way it sets up what the picks
        count (``candidates``, ``still_open``, ``unsearched``, ``found``). Positions not reached in
        the run's minutes (each move's threat tree takes a while) wait for a later run."""
        failed, known = self.progress[REPLY_FAILURES], store.branches(self.document)
        tasks: list[tuple[Any, ...]] = []
        end = time.monotonic() + self.args.minutes * 60
        for position in positions:
            if time.monotonic() > end:
                break
            self.candidates[position] = self.live(position)
            searches: dict[int, list[tuple[Any, ...]]] = {}
            for move in self.candidates[position]:
                first = (*position, move)
                self.found[first] = []
                searches[move] = []
                for reply in cast(Defence, self.defence_of(first)).needed:
                    moves = (*first, reply)
                    if moves in known:
                        continue
                    if failed.get(moves_name(moves), 0) >= PROBE_NODES:
                        self.still_open[first] += 1
                        continue
                    searches[move].append(reply_search(moves, PROBE_NODES, self.args, self.compiled))
                self.unsearched[first] = len(searches[move])
            advised = self.advice.get(position)
            for move in sorted(searches, key=lambda move: (move != advised, self.still_open[(*position, move)]
                                                           + len(searches[move]))):
                tasks.extend(searches[move])
        return tasks

    def weighed(self) -> str:
        """The moves a probe weighs, in words."""
        narrowest, most = self.args.narrowest, self.args.open_at_most
        narrow = f" and the {narrowest} of its first {SCANNED_MOVES} moves leaving O fewest replies"
        bound = "" if most is None else f", leaving at most {many(most, 'reply', 'replies')} open"
        return f"X's first {self.args.probe} threats{narrow if narrowest else ''}{bound}"

    def open_enough(self, first: tuple[int, ...]) -> bool:
        """Whether X's move that ends ``first`` leaves few enough replies open to be picked
        (``args.open_at_most``), as far as its searches have gone."""
        most = self.args.open_at_most
        return most is None or self.still_open[first] <= most

    def live(self, position: tuple[int, ...]) -> list[int]:
        """``candidate_moves`` in ``position``, after refuting those O wins by threats after: each
        refuted makes room for the next."""
        picked = self.progress[PICKED].get(moves_name(position)) if self.repicking else None
        advised = self.advised(position)
        while True:
            moves = candidate_moves(self.progress, position, self.defence_of, self.args.probe,
                                    self.args.narrowest)
            kept = None if picked is None else BOARD.parse_cell(picked)
            if (kept is not None and picked not in set_aside(self.progress, position)
                    and self.defence_of((*position, kept)) is not None):
                self.before[position] = kept
                moves = [kept, *(move for move in moves if move != kept)]
            self.advice.pop(position, None)
            if (advised is not None and BOARD.cell_name(advised) not in set_aside(self.progress, position)
                    and self.defence_of((*position, advised)) is not None):
                self.advice[position] = advised
                moves = [advised, *(move for move in moves if move != advised)]
            lost = [move for move in moves if self.countered((*position, move))]
            if not lost:
                return moves

    def pick(self, position: tuple[int, ...]) -> None:
        """Refute the candidates lost, and split ``position`` by the best of the rest, keeping what
        its searches found; or, with none left, abandon X's move above it unless that is a unit's
        first move. A position below a move this probe abandoned went with it: nothing is kept."""
        if below(position, self.abandoned):
            return
        document, progress = self.document, self.progress
        for move in self.candidates[position]:
            if (*position, move) in self.lost:
                progress_file.refute(document, progress, (*position, move))
        alive = [move for move in self.candidates[position] if (*position, move) not in self.lost]
        advised = self.advice.get(position)
        if advised not in alive and not any(self.open_enough((*position, move)) for move in alive):
            print(f"{moves_name(position)}: no move to split by among {self.weighed()}", flush=True)
            if len(position) >= UNIT_MOVES + 4:  # below a move picked to split by, not a unit's first
                self.abandoned.add(position[:-1])
                progress_file.abandon(document, progress, position[:-1])
            return
        fewest = min(alive, key=lambda move: self.still_open[(*position, move)])
        best = advised if advised in alive else fewest
        progress[PICKED][moves_name(position)] = BOARD.cell_name(best)
        if self.repicking:
            progress[REPICKED][moves_name(position)] = self.args.narrowest
        for move in alive:
            if move != best:
                store.drop_below(document, (*position, move))
                forget(progress, (*position, move))
        failed = progress[REPLY_FAILURES]
        for moves, tree in self.found[(*position, best)]:
            if tree is None:
                failed[moves_name(moves)] = max(PROBE_NODES, failed.get(moves_name(moves), 0))
            else:
                forget(progress, moves)
                store.add(document, moves, tree)
        replies = len(cast(Defence, self.defence_of((*position, best))).needed)
        others = ", ".join(f"{BOARD.cell_name(move)}: {'at least ' * ((*position, move) in self.cut)}"
                           f"{self.still_open[(*position, move)]}" for move in alive if move != best)
        before = self.before.get(position, best)
        instead = "" if before == best else f" in place of {BOARD.cell_name(before)}"
        instead += ", the advisor's" if best == advised else ""
        print(f"{moves_name(position)}: X's move {BOARD.cell_name(best)} picked{instead}, the probe left "
              f"{self.still_open[(*position, best)]} of its {replies} replies open "
              f"({others or 'no other move'})", flush=True)

    def recorded(self, result: Searched) -> None:
        """Count a search's result against X's move above its reply."""
        moves, tree, nodes, seconds = result
        first = moves[:-1]
        spend(self.progress, seconds, nodes)
        if tree is None and nodes < PROBE_NODES:  # the search ended, its budget not spent
            self.lost.add(first)
        elif tree in (None, OUT_OF_MEMORY):  # open either way; only a failure within the budget is kept
            self.still_open[first] += 1
            if tree is None:
                self.found[first].append((moves, None))
        else:
            self.found[first].append((moves, tree))
        self.searched(first)

    def searched(self, first: tuple[int, ...]) -> None:
        """One search of a reply to X's move that ends ``first`` done (or skipped): the position's
        move is picked once all its searches are."""
        self.unsearched[first] -= 1
        if self.all_searched(first[:-1]):
            self.pick(first[:-1])

    def all_searched(self, position: tuple[int, ...]) -> bool:
        return not any(self.unsearched[(*position, move)] for move in self.candidates[position])

    def beaten(self, first: tuple[int, ...]) -> bool:
        """Whether X's move that ends ``first`` can no longer be picked."""
        position = first[:-1]
        advised = self.advice.get(position)
        if first[-1] == advised or first in self.lost:
            return first in self.lost
        if advised is not None and not self.unsearched[(*position, advised)] \
                and (*position, advised) not in self.lost:
            return True  # the advisor's move is picked
        if not self.open_enough(first):
            return True
        rank = self.candidates[position].index(first[-1])
        return any(not self.unsearched[other] and other not in self.lost
                   and (self.still_open[first], rank) > (self.still_open[other], index)
                   for index, other in enumerate((*position, move) for move in self.candidates[position])
                   if other != first)

    def wanted(self, task: tuple[Any, ...]) -> bool:
        """Whether a search may still change the pick; one that cannot is skipped, counted as done."""
        first = task[0][:-1]
        if not self.beaten(first) and not below(first, self.abandoned):
            return True
        self.cut.add(first)
        self.skipped.append(task)
        self.searched(first)
        return False


def _splits(document: dict[str, Any], progress: dict[str, Any], chosen: list[int] | None,
            args: argparse.Namespace) -> list[tuple[tuple[int, ...], int]]:
    """(unit, X's first move) for the first ``args.split`` of X's first moves of every open unit,
    whatever its failures as a whole: the first moves of every unit before the second moves of any."""
    units = pending_units(document, {**progress, "failed_pn": {}}, args.nodes, args.plies, chosen,
                          "failed_pn")
    moves = {unit: first_moves(unit, args.split) for unit in units}
    return [(unit, moves[unit][rank]) for rank in range(args.split) for unit in units
            if rank < len(moves[unit])]


def _assemble(document: dict[str, Any], first: tuple[int, ...], defence: Defence, plies: int) -> bool:
    """Write out the tree of the position before X's move (the last of ``first``) once that move
    has every reply of ``defence`` proven, each as a branch of its own, and take those branches
    out: whether it did."""
    known = store.branches(document)
    found = [known.get((*first, reply)) for reply in defence.needed]
    below = [branch for branch in found if _within(branch, plies) and branch is not None]
    if len(below) < len(found):
        return False
    replies: list[object] = [[branch["moves"][-1], branch["tree"]] for branch in below]
    node, bound = defence.node(replies, max((branch["plies"] for branch in below), default=0))
    store.add(document, first[:-1], [first[-1], node], 1 + bound)
    taken = {tuple(branch["moves"]) for branch in below}
    document["branches"] = [branch for branch in document["branches"] if tuple(branch["moves"]) not in taken]
    return True


def _compiled_for(args: argparse.Namespace) -> bool:
    """Whether a run's threat searches are the compiled ones (built once, before the workers), as
    it says."""
    compiled = not args.python and _compiled_here()
    print(f"threat searches {'compiled' if compiled else 'in Python'}", flush=True)
    return compiled


def _compiled_here() -> bool:
    """Whether the compiled searches run here; a build that fails says why and leaves Python's."""
    try:
        return compiled_searches(BOARD) is not None
    except CompileError as error:
        print(f"the compiled threat searches cannot run here, so the Python ones will ({error})",
              file=sys.stderr, flush=True)
        return False


def transplant_all(document: dict[str, Any], progress: dict[str, Any], chosen: list[int] | None,
                   args: argparse.Namespace) -> None:
    """Offer every open unit, failed or not, the proofs of units differing from it by one of O's
    marks; a unit that no donor proves is offered again only once it has more donors."""
    unit_search.DONORS.clear()
    unit_search.DONORS.update(donors(proven_positions(document, UNIT_MOVES)))
    tried = progress["untransplanted"]
    units = [unit for unit in pending_units(document, {"failed": {}}, 1, args.plies, chosen)
             if tried.get(moves_name(unit), -1) < candidates(unit, unit_search.DONORS)]
    _announce(len(units), "transplant", args)

    def recorded(result: Transplanted) -> None:
        moves, tree, bound, donor, seconds = result
        spend(progress, seconds)
        if tree is None:
            tried[moves_name(moves)] = candidates(moves, unit_search.DONORS)
            print(f"{moves_name(moves)}: no donor proves it ({seconds:.1f} s)", flush=True)
            return
        tried.pop(moves_name(moves), None)
        forget(progress, moves)
        store.add(document, moves, tree, bound)
        print(f"{moves_name(moves)}: proven by the tree of {moves_name(donor)} ({seconds:.1f} s)", flush=True)

    run(document, progress, transplant_unit, [(unit, args.plies) for unit in units], recorded, args)


def _announce(units: int, verb: str, args: argparse.Namespace) -> None:
    print(f"{many(units, 'unit')} to {verb}, {args.processes} processes, {args.minutes:g} minutes",
          flush=True)


def run(document: dict[str, Any], progress: dict[str, Any], worker: Callable[..., Any],
        tasks: list[tuple[Any, ...]], recorded: Callable[[Any], None], args: argparse.Namespace,
        start: str = "fork", wanted: Callable[[tuple[Any, ...]], bool] = lambda task: True) -> bool:
    """``pool.run`` with the run's arguments, saving the proof and the progress file as it goes;
    whether it went on to its end, not stopped by Ctrl+C or SIGTERM."""
    memory = None if args.memory is None else int(args.memory * 2**30)
    return pool.run(worker, tasks, recorded, lambda: save(document, progress), processes=args.processes,
                    minutes=args.minutes, memory=memory, start=start, wanted=wanted)


def save(document: dict[str, Any], progress: dict[str, Any]) -> int:
    """Write the proof and the progress file of the run's limit; the proof file's size."""
    size = store.write(document)
    progress_file.write(progress_path(progress["plies"]), progress)
    return size


if __name__ == "__main__":
    sys.exit(main())
