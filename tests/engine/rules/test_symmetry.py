"""Board symmetries: they permute cells, preserve winning lines and give one canonical form per class."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.engine.rules.lines import win_lines
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.spec import BoardSpec
from tictactoe_tui.engine.rules.symmetry import symmetries

SQUARES = ["3x3k3", "4x4k3", "5x5k4", "8x8k5"]
RECTANGLES = ["4x3k3", "3x4k3", "5x4k4", "7x2k2"]


def _random_position(spec: BoardSpec, rng: random.Random) -> Position:
    position = Position.empty(spec)
    for _ in range(rng.randint(0, spec.cells)):
        if position.is_over:
            break
        position = position.play(rng.choice(position.legal_moves))
    return position


@pytest.mark.parametrize(("text", "count"), [*((s, 8) for s in SQUARES), *((r, 4) for r in RECTANGLES),
                                             ("5x1k3", 2), ("1x4k2", 2), ("1x1k1", 1)])
def test_symmetry_count(text: str, count: int) -> None:
    group = symmetries(BoardSpec.parse(text))
    assert len(group) == count
    assert group.permutations[0] == tuple(range(group.spec.cells))
    assert len(set(group.permutations)) == count


@pytest.mark.parametrize("text", SQUARES + RECTANGLES)
def test_every_symmetry_is_a_permutation_with_its_inverse(text: str) -> None:
    group = symmetries(BoardSpec.parse(text))
    for permutation, inverse in zip(group.permutations, group.inverses, strict=True):
        assert sorted(permutation) == list(range(group.spec.cells))
        assert all(inverse[permutation[cell]] == cell for cell in range(group.spec.cells))


@pytest.mark.parametrize("text", SQUARES + RECTANGLES)
def test_symmetries_map_winning_lines_onto_winning_lines(text: str) -> None:
    spec = BoardSpec.parse(text)
    group = symmetries(spec)
    lines = set(win_lines(spec).masks)
    for index in range(len(group)):
        assert {group.transform(mask, index) for mask in lines} == lines


@pytest.mark.parametrize("text", SQUARES + RECTANGLES)
def test_canonical_form_is_shared_by_all_transforms(text: str) -> None:
    spec = BoardSpec.parse(text)
    group = symmetries(spec)
    rng = random.Random(text)
    for _ in range(40):
        position = _random_position(spec, rng)
        canonical = group.canonical(position.x, position.o)
        for index in range(len(group)):
            image = group.transform(position.x, index), group.transform(position.o, index)
            assert group.canonical(*image) == canonical
        assert canonical[0].bit_count() == position.x.bit_count()
        assert canonical[1].bit_count() == position.o.bit_count()


def test_canonical_form_separates_positions_that_are_not_symmetric() -> None:
    spec = BoardSpec.parse("3x3k3")
    group = symmetries(spec)
    corner = Position.from_moves(spec, "a1")
    edge = Position.from_moves(spec, "b1")
    centre = Position.from_moves(spec, "b2")
    forms = {group.canonical(p.x, p.o) for p in (corner, edge, centre)}
    assert len(forms) == 3
    assert group.canonical(corner.x, corner.o) == group.canonical(1 << 8, 0)  # a1 and c3


def test_keys_follow_the_packing_of_x_then_o() -> None:
    spec = BoardSpec.parse("4x3k3")
    group = symmetries(spec)
    position = Position.from_moves(spec, "a1 d3")
    assert group.keys(position.x, position.o)[0] == position.x | position.o << spec.cells
