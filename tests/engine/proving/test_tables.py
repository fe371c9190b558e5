"""A board's tables and the one step between nodes, held to the rules recomputed from scratch.

Every part of the exact solver moves from node to node with ``BoardTables.child`` and keeps only what
it changes, so a wrong threat, live line or key there would be a wrong proof everywhere.
"""

from __future__ import annotations

import random

import pytest
from positions import random_positions

from tictactoe_tui.engine.proving.node import Node
from tictactoe_tui.engine.proving.tables import BoardTables, tables_for
from tictactoe_tui.engine.rules.bits import bit_cells
from tictactoe_tui.engine.rules.lines import win_lines
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.spec import BoardSpec
from tictactoe_tui.engine.rules.symmetry import symmetries

BOARDS = ["3x3k3", "4x4k3", "5x4k4", "7x3k3", "6x6k5", "3x3k2"]


def _scratch(spec: BoardSpec, x: int, o: int, side: int) -> Node:
    """The node of X on ``x`` and O on ``o`` with ``side`` to move, from the lines and nothing else."""
    masks = win_lines(spec).masks
    me, opp = (x, o) if side == 0 else (o, x)

    def threats(mine: int, theirs: int) -> int:
        empty = spec.full_mask & ~(mine | theirs)
        return sum(1 << cell for cell in bit_cells(empty)
                   if any(mask >> cell & 1 and mask & ~mine == 1 << cell for mask in masks))

    def live(theirs: int) -> int:
        return sum(1 << index for index, mask in enumerate(masks) if not mask & theirs)

    return Node(me, opp, threats(me, opp), threats(opp, me), live(opp), live(me), symmetries(spec).keys(x, o),
                side)


def _after(node: Node, cell: int) -> tuple[int, int]:
    """X's and O's marks once the side to move at ``node`` has played ``cell``."""
    mine = node.me | 1 << cell
    return (mine, node.opp) if node.side == 0 else (node.opp, mine)


@pytest.mark.parametrize("board", BOARDS)
def test_a_child_is_the_node_of_the_position_after_the_move(board: str) -> None:
    for position in random_positions(board, 30, f"tables {board}"):
        tables = tables_for(position.spec)
        node = tables.node_at(position.x, position.o, position.to_move.index)
        assert node == _scratch(position.spec, position.x, position.o, position.to_move.index)
        for cell in position.legal_moves:
            child = tables.child(node, cell)
            assert isinstance(child, Node), "a node, not a bare tuple that compares equal to one"
            expected = _scratch(position.spec, *_after(node, cell), 1 - node.side)
            assert child == expected, (position.record, cell)


@pytest.mark.parametrize("board", ["4x4k3", "5x4k4", "6x6k5"])
def test_a_child_is_right_whoever_is_to_move_and_whatever_the_counts(board: str) -> None:
    """The zone prover asks what a side could do were the other to pass, so the side to move need not be
    the one the counts say, and it may already have a threat of its own."""
    spec = BoardSpec.parse(board)
    tables = tables_for(spec)
    masks = win_lines(spec).masks
    rng = random.Random(board)
    checked = with_threats = 0
    while checked < 300:
        cells = rng.sample(range(spec.cells), rng.randint(0, spec.cells - 1))
        split = rng.randint(0, len(cells))
        x, o = sum(1 << cell for cell in cells[:split]), sum(1 << cell for cell in cells[split:])
        if any(mask & x == mask or mask & o == mask for mask in masks):
            continue  # over already
        node = tables.node_at(x, o, rng.randint(0, 1))
        assert node == _scratch(spec, x, o, node.side)
        cell = rng.choice(bit_cells(spec.full_mask & ~(x | o)))
        assert tables.child(node, cell) == _scratch(spec, *_after(node, cell), 1 - node.side), (x, o, cell)
        checked += 1
        with_threats += node.my_threats != 0
    assert with_threats > 30


def test_the_tables_are_built_once_per_board() -> None:
    assert tables_for(BoardSpec.parse("5x4k4")) is tables_for(BoardSpec(5, 4, 4))
    assert tables_for(BoardSpec.parse("5x4k4")) is not tables_for(BoardSpec.parse("4x5k4"))


@pytest.mark.parametrize("board", BOARDS)
def test_the_tables_of_cells_agree_with_the_lines_and_the_symmetries(board: str) -> None:
    spec = BoardSpec.parse(board)
    tables: BoardTables = tables_for(spec)
    masks = win_lines(spec).masks
    assert tables.masks == masks
    for cell in range(spec.cells):
        through = [index for index, mask in enumerate(masks) if mask >> cell & 1]
        assert set(tables.lines_at[cell]) == {masks[index] for index in through}
        assert tables.line_bits_at[cell] == sum(1 << index for index in through)
        assert tables.key_add[0][cell] == symmetries(spec).keys(1 << cell, 0)
        assert tables.key_add[1][cell] == symmetries(spec).keys(0, 1 << cell)


@pytest.mark.parametrize("board", ["4x4k3", "5x4k4", "7x3k3"])
def test_the_ranked_moves_are_every_empty_cell_on_a_live_line_once(board: str) -> None:
    for position in random_positions(board, 40, f"ranked {board}"):
        tables = tables_for(position.spec)
        node = tables.node_at(position.x, position.o, position.to_move.index)
        live = node.my_live | node.opp_live
        ranked = tables.ranked(node.me, node.opp, live)
        on_live = {cell for cell in position.legal_moves
                   if any(live >> index & 1 and mask >> cell & 1 for index, mask in enumerate(tables.masks))}
        assert len(ranked) == len(set(ranked)) and set(ranked) == on_live, position.record


def test_a_line_near_completion_ranks_first() -> None:
    """X to move on 5x4k4 with three in a row on the bottom: the cell completing it ranks first."""
    position = Position.from_moves("5x4k4", ["a1", "a4", "b1", "b4", "c1", "e4"])
    tables = tables_for(position.spec)
    node = tables.node_at(position.x, position.o, position.to_move.index)
    assert position.spec.cell_name(tables.ranked(node.me, node.opp, node.my_live | node.opp_live)[0]) == "d1"
