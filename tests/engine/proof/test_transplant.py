"""A proof taken from a position one O mark apart: kept only when the checker, which knows only the
rules, passes it on the new position."""

from __future__ import annotations

from typing import Any

import pytest

from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.budget import Budget
from tictactoe_tui.engine.proof import store
from tictactoe_tui.engine.proof.book import BOARD
from tictactoe_tui.engine.proof.checker import check_branch
from tictactoe_tui.engine.proof.prover import Prover
from tictactoe_tui.engine.proof.transplant import candidates, cores, donors, transplant
from tictactoe_tui.engine.proof.transpose import proven_positions
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.symmetry import symmetries


def moves_of(names: str) -> tuple[int, ...]:
    return tuple(BOARD.parse_cell(name) for name in names.split())


DONOR = moves_of("h8 a1 g8 a3 f8 a5")
"""X's open three f8-h8, O's marks far away on the a-file: X wins in three plies."""


@pytest.fixture(scope="module")
def known() -> dict[Any, Any]:
    """The donors of a document that proves ``DONOR`` alone."""
    tree = Prover(Budget(100_000)).prove_x(ThreatBoard(Position.from_moves(BOARD, list(DONOR))), 0, 9)
    assert tree is not None
    document = store.empty_document()
    store.add(document, DONOR, tree)
    return donors(proven_positions(document, len(DONOR)))


def test_the_positions_without_one_o_mark_are_the_same_up_to_symmetry_whatever_the_mark() -> None:
    moved_far = moves_of("h8 a1 g8 a3 f8 o15")
    assert [core for core, _, _ in cores(DONOR)][2] == [core for core, _, _ in cores(moved_far)][2]
    assert [mark for _, _, mark in cores(DONOR)] == [DONOR[1], DONOR[3], DONOR[5]]
    mirrored = tuple(symmetries(BOARD).permutations[1][cell] for cell in DONOR)
    assert [core for core, _, _ in cores(mirrored)] == [core for core, _, _ in cores(DONOR)]
    # Three O marks, three cores, all different: no other mark stands where a5 stood.
    assert len({core for core, _, _ in cores(DONOR)}) == 3


def test_a_proof_is_taken_from_a_position_whose_o_mark_stood_elsewhere(known: dict[Any, Any]) -> None:
    target = moves_of("h8 a1 g8 a3 f8 o15")
    assert candidates(target, known) == 1
    found = transplant(target, known, 35)
    assert found is not None
    tree, plies, donor = found
    assert donor == DONOR and plies == 3
    assert check_branch(BOARD, list(target), tree)[1] == 3


def test_the_taken_proof_is_turned_onto_every_mirror_of_the_position(known: dict[Any, Any]) -> None:
    target = moves_of("h8 a1 g8 a3 f8 o15")
    for permutation in symmetries(BOARD).permutations:
        turned = tuple(permutation[cell] for cell in target)
        found = transplant(turned, known, 35)
        assert found is not None
        assert check_branch(BOARD, list(turned), found[0])[1] == found[1] == 3


def test_no_proof_is_taken_when_o_mark_blocks_the_donors_win(known: dict[Any, Any]) -> None:
    # O's third mark now ends X's three on one side or the other: no open four, no win in three.
    for block in ("e8", "i8"):
        assert transplant(moves_of(f"h8 a1 g8 a3 f8 {block}"), known, 35) is None


def test_no_proof_is_taken_that_ends_beyond_the_limit(known: dict[Any, Any]) -> None:
    target = moves_of("h8 a1 g8 a3 f8 o15")
    assert transplant(target, known, len(target) + 3) is not None
    assert transplant(target, known, len(target) + 2) is None


def test_a_position_sharing_no_core_has_no_donor(known: dict[Any, Any]) -> None:
    target = moves_of("h8 a1 g8 a3 e8 a5")  # X's third mark elsewhere
    assert candidates(target, known) == 0
    assert transplant(target, known, 35) is None
