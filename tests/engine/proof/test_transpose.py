"""A proven tree carried over to the same position reached another way: the checker, which knows
only the rules, accepts it with the bound it gives the original."""

from __future__ import annotations

from typing import Any

import pytest

from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.budget import Budget
from tictactoe_tui.engine.proof import store
from tictactoe_tui.engine.proof.book import BOARD
from tictactoe_tui.engine.proof.checker import check_branch
from tictactoe_tui.engine.proof.prover import Prover
from tictactoe_tui.engine.proof.transpose import carried_over, proven_positions
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.symmetry import symmetries

MOVES = tuple(BOARD.parse_cell(name) for name in ("h8", "a1", "i9", "a15"))
"""X's diagonal pair in the middle, O's marks in two corners: the prover needs a zone and a
threat tree for it, so its tree has every kind of node the format has."""


@pytest.fixture(scope="module")
def proven() -> tuple[Any, int]:
    """The tree the prover finds for ``MOVES`` and the checker's bound for it."""
    tree = Prover(Budget(1_000_000)).prove_x(ThreatBoard(Position.from_moves(BOARD, list(MOVES))), 1, 21)
    assert tree is not None
    return tree, check_branch(BOARD, list(MOVES), tree)[1]


def test_the_tree_carried_to_every_turn_and_mirror_of_its_position_checks_with_the_same_bound(
        proven: tuple[Any, int]) -> None:
    tree, plies = proven
    document = store.empty_document()
    store.add(document, MOVES, tree, plies)
    found = proven_positions(document, len(MOVES))
    assert len(found) == 1
    (source,) = found.values()
    assert any(len(node) == 3 and None not in node[:2] for node in _game_o_nodes(tree))  # zone, threat tree
    for permutation in symmetries(BOARD).permutations:
        # O's two replies swapped as well: the same position, reached in another order.
        turned = (permutation[MOVES[0]], permutation[MOVES[3]], permutation[MOVES[2]], permutation[MOVES[1]])
        carried = carried_over(source, turned)
        assert check_branch(BOARD, list(turned), carried)[1] == plies
        if permutation != tuple(range(BOARD.cells)):
            assert carried != tree


def test_a_tree_is_not_carried_to_a_different_position(proven: tuple[Any, int]) -> None:
    document = store.empty_document()
    store.add(document, MOVES, proven[0], proven[1])
    (source,) = proven_positions(document, len(MOVES)).values()
    other = (*MOVES[:3], BOARD.parse_cell("b15"))
    with pytest.raises(ValueError, match="not the same"):
        carried_over(source, other)


def test_a_position_inside_a_folded_branch_is_found_with_the_bound_the_checker_gives_it(
        proven: tuple[Any, int]) -> None:
    tree, plies = proven
    document = store.empty_document()
    store.add(document, MOVES[:2], [MOVES[2], [None, None, [[MOVES[3], tree]]]], plies + 2)
    found = proven_positions(document, len(MOVES))
    assert [entry.moves for entry in found.values()] == [MOVES]
    (entry,) = found.values()
    assert entry.tree is tree and entry.bound() == plies
    deeper = proven_positions(document, len(MOVES) + 2)  # down the tree's own game nodes
    assert deeper
    for entry in deeper.values():
        assert check_branch(BOARD, list(entry.moves), entry.tree)[1] == entry.bound()


def _game_o_nodes(node: Any) -> list[Any]:
    """The game nodes for O of an X node of the game, all the way down."""
    if len(node) == 1:
        return []
    o_node = node[1]
    replies = o_node[2] if len(o_node) == 3 else o_node[0]
    return [o_node, *(found for _, child in replies for found in _game_o_nodes(child))]
