"""Proof-number search, judged by the independent checker: every tree it writes must pass
``checker.check_branch`` within the plies it was asked for, and it must leave the board as it found it."""

from __future__ import annotations

import pytest
from proof_positions import FOUR_THREE, OPEN_THREE, QUIET, SPEC, VCF, fastest_win, game

from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.budget import Budget, OutOfBudget
from tictactoe_tui.engine.proof import pn_search
from tictactoe_tui.engine.proof.bound import game_plies
from tictactoe_tui.engine.proof.checker import check_branch
from tictactoe_tui.engine.proof.prover import QUIET_POOL, Prover, ranked
from tictactoe_tui.engine.rules.bits import bit_cells
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.scans import winning_cells

NODES = 200_000
"""The budget of every search below, far more than any of them needs."""


def search(position: Position, plies: int, nodes: int = NODES) -> object:
    board = ThreatBoard(position)
    before = (board.stones, board.side, board.occupied)
    try:
        return pn_search.prove(Prover(Budget(max_nodes=nodes)), board, plies)
    finally:
        assert (board.stones, board.side, board.occupied) == before


@pytest.mark.parametrize("position", [OPEN_THREE, FOUR_THREE, VCF, QUIET],
                         ids=["open three", "four-three", "vcf", "quiet"])
def test_its_trees_pass_the_checker_with_the_bound_the_format_gives(position: Position) -> None:
    tree = search(position, 35)
    assert tree is not None
    _, bound = check_branch(SPEC, position.moves, tree)
    assert bound == game_plies(SPEC, tree, "x", position.x, position.o, {})
    assert fastest_win(position) <= bound <= 35


def test_a_quiet_position_is_proven_through_a_quiet_move() -> None:
    move, o_node = search(QUIET, 35)
    assert not winning_cells(SPEC, QUIET.x | 1 << move, QUIET.o)  # no four: a quiet move
    zone, threat, replies = o_node
    assert threat is not None and move not in zone and replies  # O's replies inside the zone, proven


@pytest.mark.parametrize("position", [FOUR_THREE, VCF], ids=["four-three", "vcf"])
def test_a_threat_search_that_gives_up_is_tried_again_with_more_before_any_quiet_move(
        position: Position, monkeypatch: pytest.MonkeyPatch) -> None:
    # With a first bound of one node, the root's search for a win by threats gives up, again and
    # again with a bound growing each time, until it is given enough: its win is the proof, with no
    # quiet move tried before it.
    monkeypatch.setattr(pn_search, "LEAF_NODES", 1)
    won = Prover(Budget(max_nodes=NODES)).threats(ThreatBoard(position), 35)
    assert won is not None
    assert search(position, 35) == won[0]


def test_x_nodes_that_give_up_on_their_threat_searches_still_reach_the_proof(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # With the bound below what any of the quiet position's wins by threats costs, every X node
    # gives up at first; the proof is found all the same, and passes the checker.
    monkeypatch.setattr(pn_search, "LEAF_NODES", 10)
    tree = search(QUIET, 35, nodes=1_000_000)
    assert tree is not None
    assert check_branch(SPEC, QUIET.moves, tree)[1] <= 35


def test_the_limit_on_plies_is_kept() -> None:
    # Within the depth-first prover's shortest proof with one quiet move, the same quiet moves and
    # the same wins by threats are open to the proof-number search; below it, a proof may still be
    # found with more quiet moves (here one ply shorter, in about 1.1 million nodes), but never one
    # longer than asked.
    shortest = next(plies for plies in range(5, 36)
                    if Prover(Budget(max_nodes=NODES)).prove_x(ThreatBoard(QUIET), 1, plies) is not None)
    for plies in range(shortest + 1, shortest - 2, -1):
        tree = search(QUIET, plies, nodes=1_500_000)
        assert tree is not None or plies < shortest, f"within {plies} plies"
        if tree is not None:
            assert check_branch(SPEC, QUIET.moves, tree)[1] <= plies
    assert search(QUIET, fastest_win(QUIET) - 1) is None


def test_no_proof_when_o_wins_next() -> None:
    o_open_four = game("h8 i8 a1 c1", "h9 i9 j9 k9")  # O's five-cells g9 and l9: X blocks one only
    assert search(o_open_four, 35) is None


def test_a_spent_budget_stops_the_search_with_the_board_restored() -> None:
    with pytest.raises(OutOfBudget):
        search(QUIET, 35, nodes=2_000)


def test_a_position_it_proves_through_quiet_moves_is_remembered_and_proven_again_in_one_look_up() -> None:
    # The same marks reached by other moves are then proven at once, with the same tree and bound.
    prover = Prover(Budget(max_nodes=NODES))
    tree = pn_search.prove(prover, ThreatBoard(QUIET), 35)
    assert tree is not None
    assert prover.proven[QUIET.x, QUIET.o] == (tree, check_branch(SPEC, QUIET.moves, tree)[1])
    before = prover.budget.nodes
    assert pn_search.prove(prover, ThreatBoard(QUIET), 35) == tree
    assert prover.budget.nodes - before == 1


def test_every_proof_it_remembers_passes_the_checker_from_its_own_marks_with_its_bound() -> None:
    # What a warm prover answers from memory must hold as a cold search's answer does.
    prover = Prover(Budget(max_nodes=NODES))
    assert pn_search.prove(prover, ThreatBoard(QUIET), 35) is not None
    assert len(prover.proven) > 1
    for (x_marks, o_marks), (tree, bound) in prover.proven.items():
        xs, os = bit_cells(x_marks), bit_cells(o_marks)
        moves = [cell for pair in zip(xs, os, strict=False) for cell in pair] + xs[len(os):]
        assert check_branch(SPEC, moves, tree)[1] == bound


def test_the_weight_of_a_leaf_that_gave_up_steers_the_search_and_each_weight_finds_a_sound_proof(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Every X node gives up at first: weighed as a leaf a node spent, such a node is passed over for
    # any other; weighed as a leaf in ten thousand, it is searched again soon. The two searches go
    # different ways, and the proofs of both pass the checker.
    monkeypatch.setattr(pn_search, "LEAF_NODES", 10)
    spent = {}
    for leaf_cost in (1, 10_000):
        prover = Prover(Budget(max_nodes=1_000_000))
        tree = pn_search.prove(prover, ThreatBoard(QUIET), 35, leaf_cost)
        assert tree is not None
        assert check_branch(SPEC, QUIET.moves, tree)[1] <= 35
        spent[leaf_cost] = prover.budget.nodes
    assert spent[1] != spent[10_000]


BESIDE_FOURS = game("h8 g8 i8", "h7 e6 f8")
"""Gomoku after ``h8 h7 g8 e6 i8 f8``: X's three g8-i8, closed at f8, makes a four at j8 or k8,
and neither wins by threats alone; the win goes through a quiet move, i7 for one."""


THREE_BELOW_THE_POOL = game("h8 g8 i8 i7 j8 h6 j6", "h7 f7 f8 i9 k8 k9 g9")
"""Gomoku after ``h8 h7 g8 f7 i8 f8 i7 i9 j8 k8 h6 k9 j6 g9``: X's open three j5 (j5 j6 j8) wins,
and it ranks below the pool, behind cells that block O as well."""


def makes_four(position: Position, cell: int) -> bool:
    return bool(winning_cells(SPEC, position.x | 1 << cell, position.o))


def makes_open_three(position: Position, cell: int) -> bool:
    """By the rules alone: no four yet, and a next mark that makes two five-cells."""
    mine = position.x | 1 << cell
    empty = [other for other in position.legal_moves if other != cell]
    return (not makes_four(position, cell)
            and any(len(winning_cells(SPEC, mine | 1 << other, position.o)) >= 2 for other in empty))


@pytest.mark.parametrize("position", [BESIDE_FOURS, THREE_BELOW_THE_POOL], ids=["fours", "three"])
def test_x_tries_the_pool_less_its_fours_then_the_open_threes_below_it(position: Position) -> None:
    # A four leaves O one reply and so looks the cheapest move there is; the wins that go through
    # fours are the threat search's to find. An open three costs O's few replies to look at.
    board = ThreatBoard(position)
    cells = ranked(board)
    pool, below = cells[:QUIET_POOL], cells[QUIET_POOL:]
    fours = [cell for cell in pool if makes_four(position, cell)]
    threes = [cell for cell in below if makes_open_three(position, cell)]
    assert pn_search.x_moves(board) == [cell for cell in pool if cell not in fours] + threes
    assert fours if position is BESIDE_FOURS else SPEC.parse_cell("j5") in threes


def test_an_open_three_below_the_pool_is_tried() -> None:
    # Without j5 the search ended with no proof after 84 million nodes.
    move, o_node = search(THREE_BELOW_THE_POOL, 21, nodes=1_000_000)
    tree = [move, o_node]
    assert check_branch(SPEC, THREE_BELOW_THE_POOL.moves, tree)[1] <= 21


def test_a_position_whose_fours_lead_nowhere_is_proven_through_a_quiet_move() -> None:
    # With the fours among its moves the search followed them and was not done in 5 million nodes;
    # without them it is done in under 100,000.
    move, o_node = search(BESIDE_FOURS, 29, nodes=100_000)
    assert not winning_cells(SPEC, BESIDE_FOURS.x | 1 << move, BESIDE_FOURS.o)
    tree = [move, o_node]
    assert check_branch(SPEC, BESIDE_FOURS.moves, tree)[1] <= 29


def test_an_o_node_weighs_at_least_what_was_spent_below_it() -> None:
    # A reply whose proof number stays small however much its tree costs would keep the search
    # from its siblings: after h8 h7 g8 f7 i8 j8 the quiet move g7 took 200 million nodes so.
    board = ThreatBoard(QUIET)
    prover = Prover(Budget(max_nodes=NODES))
    first, second, reply = (SPEC.parse_cell(name) for name in ("h10", "i9", "h11"))
    costly = pn_search._Node(first, 1, children=[pn_search._Node(reply, 2, proof=3)],
                             spent=50 * pn_search.EFFORT)
    cheap = pn_search._Node(second, 1, children=[pn_search._Node(reply, 2, proof=40)])
    root = pn_search._Node(-1, 0, children=[costly, cheap])
    for node in (costly, cheap, root):
        pn_search._update(prover, board, node)
    assert (costly.proof, cheap.proof, root.proof) == (50, 40, 40)
    path = pn_search._most_proving(board, root)
    try:
        assert path[1] is cheap
    finally:
        for _ in path[1:]:
            board.undo()


def test_with_a_first_move_given_the_root_plays_it_or_is_not_proven() -> None:
    best, other = pn_search.x_moves(ThreatBoard(QUIET))[:2]
    for first in (best, other):
        tree = pn_search.prove(Prover(Budget(max_nodes=NODES)), ThreatBoard(QUIET), 35, first=first)
        assert tree is not None and tree[0] == first
        assert check_branch(SPEC, QUIET.moves, tree)[1] <= 35
    lost = SPEC.parse_cell("g5")  # leaves X a threat, but O's replies inside its zone hold
    assert lost in pn_search.x_moves(ThreatBoard(QUIET))
    assert pn_search.prove(Prover(Budget(max_nodes=NODES)), ThreatBoard(QUIET), 35, first=lost) is None


def test_a_move_whose_threat_tree_gave_up_waits_to_be_judged_again_with_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # With the first bound on writing out a threat tree below what any of the quiet position's
    # quiet moves needs, each of them gives up at first. Taken as no threat, as deeper O nodes are,
    # they would leave the root no move; waiting, they are judged again with more and one is proven.
    monkeypatch.setattr(pn_search, "THREAT_TREE_NODES", 5)
    tree = search(QUIET, 35)
    assert tree is not None and check_branch(SPEC, QUIET.moves, tree)[1] <= 35
    monkeypatch.setattr(pn_search, "WAITING", 0)
    assert search(QUIET, 35) is None
