"""Whether another second move of X's would leave the proof's hardest units easier.

    .venv/bin/python bench/second_move.py [--reply h7] [--moves g8,g7,g9,h9] [--reach 1]
                                          [--nodes 30000000] [--processes 2]

The proof answers O's first reply with one second move of X's (``campaign.second_move``), and the
units it has not proven are O's second replies beside the marks. This searches, for each second
move given, the units of O's second replies within ``--reach`` cells of a mark (up to the symmetries
of the position, as the proof has them), each whole by proof numbers as the prover does, within
the proof's 35 plies. It prints a line for each unit, then for each move how many of its units
were proven and the median nodes of those proven. A move whose nearest units fall far more often
than the proof's own would be worth a proof of its own.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor

from tictactoe_tui.engine.errors import GameError
from tictactoe_tui.engine.proof.book import BOARD
from tictactoe_tui.engine.proof.campaign import CENTRE, moves_name, second_move, second_replies
from tictactoe_tui.engine.proof.unit_search import PLIES, QUIET, prove_unit

LEAF_COST = 3_000
"""The weight of a leaf whose threat search gave up, as the prover's runs on the units have it."""


def nearest_units(reply: int, x_move: int, reach: int) -> list[tuple[int, ...]]:
    """The units after the centre, ``reply`` and ``x_move`` whose second reply of O's lies within
    ``reach`` cells (across, down or diagonally) of one of the three marks."""
    marks = (CENTRE, reply, x_move)
    return [(CENTRE, reply, x_move, second) for second in second_replies(reply, x_move)
            if within(second, marks, reach)]


def within(cell: int, marks: Iterable[int], reach: int) -> bool:
    """Whether ``cell`` lies within ``reach`` cells (across, down or diagonally) of one of ``marks``."""
    col, row = BOARD.coordinates(cell)
    return any(max(abs(col - other_col), abs(row - other_row)) <= reach
               for other_col, other_row in map(BOARD.coordinates, marks))


def search(unit: tuple[int, ...], nodes: int) -> tuple[tuple[int, ...], bool, int]:
    """Worker: the unit searched whole for a proof within ``nodes``: proven or not, and the nodes."""
    _, tree, spent, _ = prove_unit(unit, nodes, QUIET, PLIES, "pn", LEAF_COST)
    return unit, tree is not None, spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reply", default="h7", help="O's first reply (default h7)")
    parser.add_argument("--moves", default=None,
                        help="X's second moves to compare, by name (default: the proof's own alone)")
    parser.add_argument("--reach", type=int, default=1, help="cells from a mark (default 1)")
    parser.add_argument("--nodes", type=int, default=30_000_000, help="the budget of each search")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args(argv)
    if args.reach < 1 or args.nodes < 1 or args.processes < 1:
        parser.error("--reach, --nodes and --processes must be at least 1")
    try:
        reply = BOARD.parse_cell(args.reply)
        moves = ([BOARD.parse_cell(name.strip()) for name in args.moves.split(",")] if args.moves
                 else [second_move(reply)])
    except GameError as error:
        parser.error(f"cells are named as on the board, such as h7: {error}")
    if reply == CENTRE or CENTRE in moves or reply in moves:
        parser.error(f"O's reply and X's second moves must be cells other than the centre, "
                     f"{BOARD.cell_name(CENTRE)}, and other than each other")
    units = [unit for move in moves for unit in nearest_units(reply, move, args.reach)]
    print(f"{len(units)} units within {args.reach} of a mark, {args.nodes:,} nodes each", flush=True)
    with ProcessPoolExecutor(args.processes) as pool:
        results = list(pool.map(search, units, [args.nodes] * len(units)))
    for unit, proven, spent in results:
        print(f"{moves_name(unit)}: {'proven' if proven else 'not proven'}, {spent:,} nodes")
    for move in moves:
        found = [(proven, spent) for unit, proven, spent in results if unit[2] == move]
        proven_nodes = [spent for proven, spent in found if proven]
        median = f", median {statistics.median(proven_nodes):,.0f} nodes" if proven_nodes else ""
        print(f"X's {BOARD.cell_name(move)}: {len(proven_nodes)} of {len(found)} proven{median}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
