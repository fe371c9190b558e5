"""The exact search's pieces: nodes, the table entries its inner loop writes, and its proofs.

The inner loop (``negamax``) inlines ``transposition.pack`` and ``unpack`` for speed; these tests
hold the copies to the originals.
"""

from __future__ import annotations

import pytest
from positions import random_positions

from tictactoe_tui.engine.budget import Budget
from tictactoe_tui.engine.proving.exact import ExactSearch
from tictactoe_tui.engine.proving.transposition import TranspositionTable, pack, unpack
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.spec import BoardSpec


def _search(position: Position) -> ExactSearch:
    return ExactSearch(position.spec, TranspositionTable(10**6))


@pytest.mark.parametrize("board", ["3x3k3", "4x4k3", "5x4k4", "7x3k3"])
def test_a_child_node_is_the_root_of_the_position_after_the_move(board: str) -> None:
    for position in random_positions(board, 40, board):
        search = _search(position)
        node = search.root(position)
        for cell in position.legal_moves:
            after = search.tables.child(node, cell)
            assert after == search.root(position.play(cell)), (position.record, cell)


@pytest.mark.parametrize("board", ["4x4k3", "4x4k4", "5x4k4"])
def test_the_entries_the_inner_loop_writes_are_packed_bounds_around_the_exact_score(board: str) -> None:
    for position in random_positions(board, 15, board):
        search = _search(position)
        node = search.root(position)
        proof = search.prove(node, Budget())
        assert proof is not None and proof.exact
        for generation in search.table.generations:
            for entry in generation.values():
                lower, upper, move = unpack(entry)
                assert pack(lower, upper, move) == entry
                assert -search.tables.win <= lower <= upper <= search.tables.win
                assert -1 <= move < position.spec.cells
        root = search.table.get(min(node.keys))
        if root is not None:  # positions the rules settle at once are not stored
            lower, upper, _ = unpack(root)
            assert lower <= proof.score <= upper


@pytest.mark.parametrize("board", ["3x3k3", "4x4k3", "5x4k4"])
def test_every_proven_move_achieves_the_proof_and_no_other_does(board: str) -> None:
    for position in random_positions(board, 12, board):
        search = _search(position)
        node = search.root(position)
        proof = search.prove(node, Budget())
        assert proof is not None and proof.exact and proof.complete
        scores: dict[int, int] = {}
        for cell in position.legal_moves:
            scores[cell], exact = search.move_score(node, cell, Budget())
            assert exact
        assert max(scores.values()) == proof.score
        assert set(proof.moves) == {cell for cell, score in scores.items() if score == proof.score}


def test_a_spent_budget_stops_the_proof_and_counts_its_nodes() -> None:
    position = Position.empty("5x5k4")
    search = _search(position)
    budget = Budget(max_nodes=3000)
    assert search.prove(search.root(position), budget) is None
    assert 3000 <= budget.nodes <= 3000 + search.tables.poll_interval


def test_the_shortest_first_proof_finds_the_same_value_and_distance() -> None:
    for position in random_positions("5x4k4", 12, "short first"):
        direct, deepened = _search(position), _search(position)
        proof = direct.prove(direct.root(position), Budget())
        depth, short_first = deepened.prove_short_first(deepened.root(position), Budget())
        assert proof is not None and short_first is not None
        assert (short_first.score, set(short_first.moves)) == (proof.score, set(proof.moves))
        plies = direct.plies(direct.root(position), proof.score)
        # Every depth below the game's length was answered "no" before the proof.
        assert depth == (plies - 1 if proof.score else position.spec.cells - len(position.moves))


def test_moves_of_equal_weight_are_tried_nearest_the_centre_first() -> None:
    # On 9x4 with k=4 every middle cell lies on as many lines as any other of its column; the
    # winning first move is one of the two central ones, and the search tries those first.
    spec = BoardSpec.parse("9x4k4")
    engine = ExactSearch(spec, TranspositionTable(1 << 10))
    node = engine.root(Position.empty(spec))
    moves = engine.tables.ranked(node.me, node.opp, node.my_live)
    assert {spec.cell_name(cell) for cell in moves[:2]} == {"e2", "e3"}
