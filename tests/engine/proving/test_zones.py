"""The zone prover against the exact search: the same answers, zones that hold, proofs with far less work."""

from __future__ import annotations

import random

import pytest
from positions import random_positions

from tictactoe_tui.engine.budget import Budget
from tictactoe_tui.engine.proving.exact import ExactSearch
from tictactoe_tui.engine.proving.node import Node
from tictactoe_tui.engine.proving.tables import tables_for
from tictactoe_tui.engine.proving.transposition import TranspositionTable
from tictactoe_tui.engine.proving.zones import ZoneProver
from tictactoe_tui.engine.rules.bits import bit_cells
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.scans import threat_mask
from tictactoe_tui.engine.solver import Progress, Solver, Value

QUICK = [("3x3k3", 300), ("4x3k3", 300), ("4x4k4", 300)]
SLOW = [("4x4k3", 1500), ("4x4k4", 1500), ("5x4k4", 800), ("5x5k4", 150)]


def _engine(position: Position, *, zones: bool = True) -> ExactSearch:
    return ExactSearch(position.spec, TranspositionTable(1 << 18), zones=zones)


def _prover(position: Position) -> ZoneProver:
    return ZoneProver(tables_for(position.spec), 1 << 18)


def _agree(board: str, count: int) -> None:
    """The prover says the side to move cannot win exactly when the exact search does, and a win
    comes within the plies the prover gives."""
    answers = {True: 0, False: 0}
    prover = _prover(Position.empty(board))  # one for all: its tables serve both sides
    for position in random_positions(board, count, f"zones {board}"):
        engine = _engine(position, zones=False)
        node = engine.root(position)
        cannot_win = engine.score(node, 0, 1, Budget()) <= 0
        result = prover.prove(node, Budget())
        assert (result >= 0) is cannot_win, position
        if not cannot_win:
            least = engine.tables.win - engine.marks(node) - prover.win_of(result)[1]  # see ``exact``
            assert engine.score(node, least - 1, least, Budget()) >= least, position
        answers[cannot_win] += 1
    assert min(answers.values()) > count // 20  # both answers were exercised


@pytest.mark.parametrize(("board", "count"), QUICK)
def test_the_prover_agrees_with_the_exact_search(board: str, count: int) -> None:
    _agree(board, count)


@pytest.mark.slow
@pytest.mark.parametrize(("board", "count"), SLOW)
def test_the_prover_agrees_with_the_exact_search_on_thousands_of_positions(board: str, count: int) -> None:
    _agree(board, count)


def _with_extra_marks(engine: ExactSearch, node: Node, extra: int, *, attacker: bool) -> Node:
    """``node`` with the side to move (``attacker``) or the other side holding the marks ``extra``
    too (not a legal count, and no matter)."""
    spec = engine.spec
    me, opp = (node.me | extra, node.opp) if attacker else (node.me, node.opp | extra)
    x, o = (me, opp) if node.side == 0 else (opp, me)
    live_of = [sum(1 << index for index, mask in enumerate(engine.tables.masks) if not mask & theirs)
               for theirs in (opp, me)]
    return Node(me, opp, threat_mask(spec, me, opp), threat_mask(spec, opp, me), *live_of,
                engine.tables.symmetries.keys(x, o), node.side)


@pytest.mark.parametrize("board", ["4x4k3", "4x4k4", "5x4k4", "5x5k4"])
def test_extra_marks_outside_the_zone_change_no_answer(board: str) -> None:
    """Outside a "cannot win" zone, extra marks of the attacker's do not let it win; outside a
    win's zone, extra marks of the defender's neither complete a line of its own nor stop the win,
    nor make it take more plies than the proof says."""
    rng = random.Random(board)
    checked = {True: 0, False: 0}
    for position in random_positions(board, 150, f"zone claim {board}"):
        engine = _engine(position, zones=False)
        node = engine.root(position)
        prover = _prover(position)
        result = prover.prove(node, Budget())
        wins = result < 0
        zone, plies = prover.win_of(result) if wins else (result, 0)
        outside = [cell for cell in bit_cells(engine.empty(node)) if not zone >> cell & 1]
        for _ in range(3 if outside else 0):
            extra = sum(1 << cell for cell in rng.sample(outside, rng.randint(1, len(outside))))
            bigger = _with_extra_marks(engine, node, extra, attacker=not wins)
            holder = bigger.opp if wins else bigger.me
            assert not any(mask & holder == mask for mask in engine.tables.masks), "no line is complete"
            if engine.empty(bigger):
                engine.table.clear()  # keys do not say who is to move, and the counts are off
                # A win ending ``plies`` plies from here scores this (see ``exact``); 1 is any win.
                least = engine.tables.win - engine.marks(bigger) - plies if wins else 1
                proven = engine.score(bigger, least - 1, least, Budget()) >= least
                assert proven is wins, (position, zone, extra)
                checked[wins] += 1
    assert min(checked.values()) > 30


def _proofs_agree(board: str, count: int) -> None:
    """With zones or without, the solver proves the same score and the same best moves."""
    for position in random_positions(board, count, f"zoned proofs {board}"):
        proofs = []
        for zones in (True, False):
            engine = _engine(position, zones=zones)
            proofs.append(engine.prove(engine.root(position), Budget()))
        with_zones, without = proofs
        assert with_zones is not None and without is not None
        assert (with_zones.score, set(with_zones.moves), with_zones.complete) == (
            without.score, set(without.moves), without.complete), position
        assert with_zones.moves[0] in without.moves


def test_proofs_with_zones_are_the_proofs_without() -> None:
    _proofs_agree("4x4k4", 200)
    _proofs_agree("4x3k3", 200)


@pytest.mark.slow
@pytest.mark.parametrize(("board", "count"), [("4x4k3", 800), ("4x4k4", 800), ("5x4k4", 200)])
def test_proofs_with_zones_are_the_proofs_without_on_many_positions(board: str, count: int) -> None:
    _proofs_agree(board, count)


@pytest.mark.parametrize("board", ["6x6k5", "7x6k5"])
def test_zones_prove_five_in_a_row_draws_with_few_positions(board: str) -> None:
    position = Position.empty(board)
    engine = _engine(position)
    proof = engine.prove(engine.root(position), Budget())
    assert proof is not None and proof.score == 0 and proof.complete
    assert sorted(proof.moves) == list(range(position.spec.cells)), "every first move keeps the draw"
    assert engine.nodes < 20_000


def test_zones_take_a_fraction_of_the_work_of_the_search_alone() -> None:
    position = Position.empty("6x6k5")
    proofs, nodes = [], []
    for zones in (True, False):
        engine = _engine(position, zones=zones)
        proofs.append(engine.prove(engine.root(position), Budget()))
        nodes.append(engine.nodes)
    assert proofs[0] == proofs[1]
    assert nodes[1] > 4 * nodes[0]


def test_a_win_is_found_out_and_left_to_the_search() -> None:
    position = Position.empty("6x5k4")  # a first-player win
    engine = _engine(position)
    assert engine.zones is not None
    assert engine.zones.prove(engine.root(position), Budget()) < 0
    proof = engine.prove(engine.root(position), Budget())
    assert proof is not None and proof.score > 0 and engine.plies(engine.root(position), proof.score) == 11


@pytest.mark.parametrize("board", ["6x5k4", "6x6k4", "4x4k3"])
def test_a_win_the_search_finds_soon_never_waits_for_the_zone_prover(board: str) -> None:
    position = Position.empty(board)
    engine = _engine(position)
    proof = engine.prove(engine.root(position), Budget())
    assert proof is not None and proof.score > 0
    assert engine.zones is not None and engine.zones.nodes == 0


def test_the_colours_share_one_proof() -> None:
    """The empty board with either side to move is one question: the second proof is a table hit."""
    position = Position.empty("6x6k5")
    engine = _engine(position)
    assert engine.zones is not None
    node = engine.root(position)
    engine.zones.prove(node, Budget())
    before = engine.zones.nodes
    passed = Node(node.opp, node.me, node.opp_threats, node.my_threats, node.opp_live, node.my_live,
                  node.keys, 1 - node.side)
    assert engine.zones.prove(passed, Budget()) >= 0
    assert engine.zones.nodes == before + 1


def test_a_proof_reports_the_zone_stages() -> None:
    reports: list[Progress] = []
    result = Solver().prove(Position.empty("7x6k5"), progress=reports.append)
    assert (result.value, len(result.best_moves)) == (Value.DRAW, 42)
    assert any(report.stage == "proving whether X can win at all" for report in reports)


def test_a_long_win_is_proven_with_few_positions() -> None:
    """On 9x4 with four in a row, after e2 c4, X wins. Replies of the defender's outside the zones
    of the wins found so far, and the attacker's moves other than a needed block, get no proof of
    their own: without either, the prover visited about 121,000 positions."""
    position = Position.from_moves("9x4k4", ["e2", "c4"])
    engine = _engine(position)
    assert engine.zones is not None
    assert engine.zones.prove(engine.root(position), Budget()) < 0
    assert engine.zones.nodes < 80_000
