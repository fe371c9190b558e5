"""The prover and the parts around it, judged by the independent checker and by the rules.

Every tree the prover writes here must pass ``checker.check_branch``; the replies it calls needed are
compared with a brute force over O's every reply (``rules.scans.winning_cells``); folding and the
split of the work into units are checked against the format and the board's symmetries.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from proof_positions import FOUR_THREE, OPEN_THREE, QUIET, SPEC, VCF, fastest_win, game
from rules_only import loses_at_once

from tictactoe_tui.engine.bigboard.patternboard import PatternBoard
from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.bigboard.threats import vct
from tictactoe_tui.engine.budget import Budget, OutOfBudget
from tictactoe_tui.engine.proof import prover as prover_module
from tictactoe_tui.engine.proof import store
from tictactoe_tui.engine.proof.book import REFERENCE
from tictactoe_tui.engine.proof.bound import game_plies
from tictactoe_tui.engine.proof.campaign import CENTRE, first_replies, second_move, second_replies
from tictactoe_tui.engine.proof.checker import ProofError, check_branch, stated_bounds
from tictactoe_tui.engine.proof.prover import Prover, distinct_replies
from tictactoe_tui.engine.proof.threat_tree import THREATS, needed_replies
from tictactoe_tui.engine.rules.bits import bit_cells
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.scans import winning_cells
from tictactoe_tui.engine.rules.spec import BoardSpec
from tictactoe_tui.engine.rules.symmetry import symmetries

Node = Any
SMALL = BoardSpec.parse("9x9k5")
NODES = 100_000
"""The prover's budget in every test, far more than any position below needs."""


def cells(names: str, spec: BoardSpec = SPEC) -> set[int]:
    return {spec.parse_cell(name) for name in names.split()}


def prove(position: Position, quiet: int, kind: type[PatternBoard | ThreatBoard] = ThreatBoard) -> Node:
    """The prover's tree, on the board the proof is grown on unless ``kind`` says another."""
    return Prover(Budget(max_nodes=NODES)).prove_x(kind(position), quiet)


def empty_cells(x: int, o: int, spec: BoardSpec = SPEC) -> list[int]:
    return bit_cells(spec.full_mask & ~(x | o))


# X to move: the prover's trees pass the checker

@pytest.mark.parametrize(("position", "quiet", "plies"), [
    (OPEN_THREE, 0, 3),
    (FOUR_THREE, 0, 5),
    (VCF, 0, 5),
    (QUIET, 1, None),
], ids=["open three", "four-three", "vcf", "quiet"])
@pytest.mark.parametrize("kind", [ThreatBoard, PatternBoard], ids=["threat board", "pattern board"])
def test_the_prover_writes_trees_the_checker_accepts(position: Position, quiet: int, plies: int | None,
                                                     kind: type[PatternBoard | ThreatBoard]) -> None:
    tree = prove(position, quiet, kind)
    assert tree is not None
    _, bound = check_branch(SPEC, position.moves, tree)
    assert bound == game_plies(SPEC, tree, "x", position.x, position.o, {})
    fastest = fastest_win(position)
    assert bound >= fastest
    if plies is not None:
        assert fastest == bound == plies  # the threat search looks for the fewest threats first


def test_the_vcf_is_won_by_fours_alone() -> None:
    # Each X move leaves a five-cell, so O's one listed reply is the block, down to the double five.
    position, node = VCF, prove(VCF, 0)
    while len(node) == 2:
        position = position.play(node[0])
        assert winning_cells(SPEC, position.x, position.o), f"{position.record}: X's move is not a four"
        (o_node,) = node[1]
        if not o_node:
            assert len(winning_cells(SPEC, position.x, position.o)) >= 2
            return
        ((reply, node),) = o_node
        assert [reply] == list(winning_cells(SPEC, position.x, position.o))
        position = position.play(reply)
    raise AssertionError(f"{position.record}: the line ends in {node}")


def test_a_quiet_position_needs_its_quiet_move() -> None:
    assert prove(QUIET, 0) is None
    move, o_node = prove(QUIET, 1)
    # The move makes no four (no five-cell), and O's node has a zone: X does not threaten.
    assert not winning_cells(SPEC, QUIET.x | 1 << move, QUIET.o)
    assert len(o_node) == 3 and o_node[0] is not None and o_node[1] is not None


def test_quiet_moves_are_the_best_scored_cells_that_leave_x_a_threat_were_o_to_pass() -> None:
    # After h8 g5 i9 f6 most of the best-scored cells block O's diagonal and threaten nothing.
    board = ThreatBoard(game("h8 i9", "g5 f6"))
    prover = Prover(Budget(max_nodes=NODES))
    pool = prover_module.ranked(board)[:prover_module.QUIET_POOL]
    chosen = [cell for cell, _ in prover._quiet_moves(board, pool, 31)]
    assert len(chosen) == prover_module.QUIET_CANDIDATES
    assert any(cell not in pool[:prover_module.QUIET_CANDIDATES] for cell in chosen)

    def threatens_were_o_to_pass(cell: int) -> bool:
        board.play(cell)
        board.pass_turn()
        try:
            bound = Budget(max_nodes=prover_module.THREAT_TREE_NODES)
            return vct(board, bound, max_threats=THREATS) is not None
        finally:
            board.undo()
            board.undo()

    passed_over = pool[:pool.index(chosen[-1])]
    assert chosen == [cell for cell in passed_over + [chosen[-1]] if threatens_were_o_to_pass(cell)]


def test_no_proof_when_o_wins_next() -> None:
    o_open_four = game("h8 i8 a1 c1", "h9 i9 j9 k9")  # O's five-cells g9 and l9: X blocks one only
    assert Prover(Budget(max_nodes=NODES)).prove_x(ThreatBoard(o_open_four), 2) is None
    o_four = game("h8 i8 a1 c1 o15", "h9 i9 j9 k9")  # O to move, with a five-cell
    assert Prover(Budget(max_nodes=NODES)).prove_o(ThreatBoard(o_four), 2) is None


# Budgets

@pytest.mark.parametrize("position", [FOUR_THREE, VCF], ids=["four-three", "vcf"])
def test_a_budget_that_ends_inside_a_search_raises_and_never_passes_for_no_win(position: Position) -> None:
    # Every budget short of what the search needs: the search either finds the win or says it ran
    # out. Were a threat search cut short by the end of the budget taken as finding nothing, the
    # position would be remembered as failed.
    cold = Prover(Budget())
    assert cold.threats(ThreatBoard(position), 35) is not None
    for nodes in range(1, cold.budget.nodes + 1):
        try:
            found = Prover(Budget(max_nodes=nodes)).threats(ThreatBoard(position), 35)
        except OutOfBudget:
            continue
        assert found is not None, f"with {nodes} nodes"


def test_a_bounded_threat_search_gives_up_without_taking_its_position_for_failed() -> None:
    cold = Prover(Budget())
    assert cold.threats(ThreatBoard(VCF), 35) is not None
    prover = Prover(Budget(max_nodes=NODES))
    whole = prover.budget
    board = ThreatBoard(VCF)
    before = (board.stones, board.side, board.occupied)
    assert prover.threats(board, 35, cold.budget.nodes - 1) is None
    assert prover.budget is whole and 0 < whole.nodes < cold.budget.nodes
    assert (board.stones, board.side, board.occupied) == before
    # The position it gave up on is not taken as failed: the search without a bound still wins.
    tree = prover.threats(board, 35)
    assert tree is not None
    assert check_branch(SPEC, VCF.moves, tree[0])[1] <= 35


def test_a_bounded_threat_search_raises_when_the_whole_budget_ends_first() -> None:
    cold = Prover(Budget())
    assert cold.threats(ThreatBoard(VCF), 35) is not None
    prover = Prover(Budget(max_nodes=cold.budget.nodes - 1))
    with pytest.raises(OutOfBudget):
        prover.threats(ThreatBoard(VCF), 35, cold.budget.nodes)


def test_a_threat_tree_dearer_than_its_bound_leaves_the_o_node_undefended_and_the_budget_unspent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # After X's quiet move in QUIET, O's replies that need a proof come from X's threat tree as if O
    # had passed. A tree that would cost more than THREAT_TREE_NODES is taken as not found: the
    # move counts as no threat, and the rest of the budget is left to the other moves.
    move, _ = prove(QUIET, 1)
    after = QUIET.play(move)
    cold = Prover(Budget())
    assert cold.defence(ThreatBoard(after), 35) is not None
    cost = cold.budget.nodes
    monkeypatch.setattr(prover_module, "THREAT_TREE_NODES", cost - 1)
    bounded = Prover(Budget(max_nodes=NODES))
    board = ThreatBoard(after)
    before = (board.stones, board.side, board.occupied)
    assert bounded.defence(board, 35) is None
    assert not bounded.budget.exhausted
    assert (board.stones, board.side, board.occupied) == before
    monkeypatch.setattr(prover_module, "THREAT_TREE_NODES", cost)
    assert Prover(Budget(max_nodes=NODES)).defence(ThreatBoard(after), 35) is not None


# A limit on the plies


@pytest.mark.parametrize(("position", "quiet"), [
    (OPEN_THREE, 0), (FOUR_THREE, 0), (VCF, 0), (QUIET, 1), (QUIET, 2),
], ids=["open three", "four-three", "vcf", "quiet", "two quiet"])
def test_a_limit_on_plies_is_kept_and_memory_loses_no_proof(position: Position, quiet: int) -> None:
    # A warm prover (its first proof, unlimited, and every limit before remembered) proves each limit
    # a cold one proves, and every tree either gives is within the limit by the checker's count,
    # which is also the bound the prover worked out as it built the tree.
    warm = Prover(Budget(max_nodes=NODES * 10))
    _, longest = check_branch(SPEC, position.moves, warm.prove_x(ThreatBoard(position), quiet))
    for plies in range(longest + 1, -1, -1):
        cold = Prover(Budget(max_nodes=NODES)).prove_x(ThreatBoard(position), quiet, plies)
        remembered = warm.prove_x(ThreatBoard(position), quiet, plies)
        assert remembered is not None or cold is None, f"within {plies} plies"
        for tree in (cold, remembered):
            if tree is not None:
                assert check_branch(SPEC, position.moves, tree)[1] <= plies
    for (x_marks, o_marks), (tree, bound) in warm.proven.items():
        assert game_plies(SPEC, tree, "x", x_marks, o_marks, {}) == bound
        if plies < fastest_win(position):
            assert cold is None


def test_a_limit_finds_a_shorter_proof_than_the_first() -> None:
    _, first = check_branch(SPEC, QUIET.moves, prove(QUIET, 1))
    shorter = Prover(Budget(max_nodes=NODES)).prove_x(ThreatBoard(QUIET), 1, first - 1)
    assert shorter is not None
    assert check_branch(SPEC, QUIET.moves, shorter)[1] < first


# O to move with X threatening: the form [replies]


def test_the_forcing_node_lists_exactly_the_replies_that_do_not_lose_at_once() -> None:
    # The open three f8-h8 with X's f9 and d10 beside it, O to move: found by a search over such
    # positions for one where both blocks need a proof of their own.
    after = game("f8 g8 h8 f9 d10", "h12 d7 a1 o15")
    before = Position.from_moves(SPEC, after.moves[:-1])
    node: Node = Prover(Budget(max_nodes=NODES)).prove_o(ThreatBoard(after), 0)
    assert node is not None and len(node) == 1
    listed = [reply for reply, _ in node[0]]
    assert set(listed) == {reply for reply in after.legal_moves if not loses_at_once(after.x, after.o, reply)}
    assert set(listed) == cells("e8 i8")  # the two cells next to the three; d8 or j8 leave X an open four
    tree: Node = [after.moves[-1], node]
    check_branch(SPEC, before.moves, tree)
    for index, reply in enumerate(listed):
        broken = copy.deepcopy(tree)
        del broken[1][0][index]
        with pytest.raises(ProofError, match=f"O's reply {SPEC.cell_name(reply)} is not among the replies"):
            check_branch(SPEC, before.moves, broken)


@pytest.mark.parametrize(("xs", "os"), [
    ("f8 g8 h8", "a1 o1"),  # an open three
    ("f8 g8 i8", "a1 o1"),  # a broken three
    ("f8 g8 h8 o15", "c3 c4 c5"),  # an open three, O's open three beside it: O's fours answer
    ("f8 g8 h8 h6 h7", "a1 o1 a15 o15"),  # two open threes
])
def test_needed_replies_are_the_replies_that_do_not_lose_at_once(xs: str, os: str) -> None:
    position = game(xs, os)
    board = ThreatBoard(position)
    needed = needed_replies(board, None)
    assert needed is not None
    assert (board.stones[0], board.stones[1]) == (position.x, position.o)
    for reply in position.legal_moves:
        assert (reply in needed) is not loses_at_once(position.x, position.o, reply), SPEC.cell_name(reply)


def test_needed_replies_against_fives_and_without_a_threat() -> None:
    four = game("f8 g8 h8 i8", "e8 a1 o1")
    assert needed_replies(ThreatBoard(four), None) == list(winning_cells(SPEC, four.x, four.o)) == [
        SPEC.parse_cell("j8")]
    open_four = game("f8 g8 h8 i8", "a1 o1 a15")
    assert needed_replies(ThreatBoard(open_four), None) == []
    assert needed_replies(ThreatBoard(game("h8 j10", "a1")), None) is None


# Folding units into branches


def test_fold_waits_for_every_reply_then_writes_the_documented_shape() -> None:
    # 9x9k5: X c5 d5 e5, O a1 a9 i5; X's f5 makes the four c5-f5, open at b5 and g5. Flipping the rows
    # keeps the position, so O's replies up to symmetry are the rows 1 to 5, each answered by a five.
    moves = game("c5 d5 e5", "a1 a9 i5", SMALL).moves
    after = Position.from_moves(SMALL, [*moves, SMALL.parse_cell("f5")])
    replies = distinct_replies(SMALL, after.x, after.o, list(after.legal_moves))
    assert len(replies) < len(after.legal_moves)
    b5, f5, g5 = (SMALL.parse_cell(name) for name in ("b5", "f5", "g5"))
    units = {reply: [g5 if reply == b5 else b5] for reply in replies}
    document = store.empty_document()
    store.add(document, [SMALL.parse_cell("a2")], [0], 1)  # another branch, left alone
    for reply in replies[:-1]:
        store.add(document, [*moves, f5, reply], units[reply], 1)
    unfolded = copy.deepcopy(document)
    assert not store.fold(document, moves, f5, replies)
    assert document == unfolded
    store.add(document, [*moves, f5, replies[-1]], units[replies[-1]], 1)
    assert store.fold(document, moves, f5, replies)
    # The units stay, each named in the folded branch by a reference.
    assert {key: branch["tree"] for key, branch in store.branches(document).items()} == {
        (SMALL.parse_cell("a2"),): [0],
        moves: [f5, [None, None, [[reply, REFERENCE] for reply in replies]]],
        **{(*moves, f5, reply): units[reply] for reply in replies},
    }
    # X's move and O's node, each reply's line in its unit; the longest line f5, any reply, the
    # five: the folded branch states the bound the checker finds from the units' bounds.
    folded = store.branches(document)[moves]
    bounds = stated_bounds(document["branches"])
    assert check_branch(SMALL, moves, folded["tree"], bounds) == (2, 3) and folded["plies"] == 3
    with pytest.raises(ProofError, match="refers to the branch after"):
        check_branch(SMALL, moves, folded["tree"])  # without the units


# The units of work


def orbits(cells_: list[int], keeping: list[tuple[int, ...]]) -> list[set[int]]:
    return [{permutation[cell] for permutation in keeping} for cell in cells_]


def test_the_first_replies_are_every_reply_to_the_centre_once_up_to_symmetry() -> None:
    table = symmetries(SPEC)
    assert all(permutation[CENTRE] == CENTRE for permutation in table.permutations)
    replies = first_replies()
    # Burnside: (225 + 3 turns fixing only the centre + 4 mirrors fixing 15 cells each) / 8 = 36
    # classes, the centre's own among them.
    assert len(replies) == 35 == len(set(replies))
    found = orbits(list(replies), list(table.permutations))
    assert sum(len(orbit) for orbit in found) == SPEC.cells - 1
    assert set().union(*found) == set(range(SPEC.cells)) - {CENTRE}


def test_the_second_replies_are_every_empty_cell_once_up_to_the_positions_symmetries() -> None:
    table = symmetries(SPEC)
    col, row = SPEC.coordinates(CENTRE)
    for reply in first_replies():
        x_move = second_move(reply)
        x_col, x_row = SPEC.coordinates(x_move)
        assert max(abs(x_col - col), abs(x_row - row)) == 1 and x_move != reply
        position = Position.from_moves(SPEC, [CENTRE, reply, x_move])
        keeping = [permutation for index, permutation in enumerate(table.permutations)
                   if table.transform(position.x, index) == position.x
                   and table.transform(position.o, index) == position.o]
        seconds = second_replies(reply, x_move)
        found = orbits(list(seconds), keeping)
        assert sum(len(orbit) for orbit in found) == len(position.legal_moves), SPEC.cell_name(reply)
        assert set().union(*found) == set(position.legal_moves)


def test_x_answers_a_reply_beside_the_centre_at_right_angles_and_a_far_one_from_afar() -> None:
    col, row = SPEC.coordinates(CENTRE)
    beside = 0
    for reply in first_replies():
        (o_col, o_row), (x_col, x_row) = SPEC.coordinates(reply), SPEC.coordinates(second_move(reply))
        o_step, x_step = (o_col - col, o_row - row), (x_col - col, x_row - row)
        if max(map(abs, o_step)) == 1:
            beside += 1
            assert o_step[0] * x_step[0] + o_step[1] * x_step[1] == 0, SPEC.cell_name(reply)
        else:
            farthest = max((o_col - col - dx) ** 2 + (o_row - row - dy) ** 2
                           for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
            assert (o_col - x_col) ** 2 + (o_row - x_row) ** 2 == farthest, SPEC.cell_name(reply)
    assert beside == 2  # one straight beside the centre, one diagonal, up to symmetry
