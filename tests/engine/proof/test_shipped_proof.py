"""The proof that ships: its branches check, corruptions of them are caught, and X wins games played from it.

The prover rewrites the file while it grows (units of work added, then folded into bigger branches),
so nothing here depends on which branches it holds: a seeded sample is drawn from a snapshot of
whatever is there, and each expectation comes from the rules (``rules.scans.winning_cells``), the
checker or the format, never from the program's own answers.
"""

from __future__ import annotations

import copy
import json
import lzma
import math
import random
import shutil
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rules_only import double_five_moves, loses_at_once

from tictactoe_tui.engine.bigboard.strategy import search
from tictactoe_tui.engine.proof import store
from tictactoe_tui.engine.proof.archive import open_archive, read_tree
from tictactoe_tui.engine.proof.book import EXACT_FROM, REFERENCE, Book, ProvenWin
from tictactoe_tui.engine.proof.bound import game_plies
from tictactoe_tui.engine.proof.checker import ProofError, check_branch, check_entry, stated_bounds
from tictactoe_tui.engine.rules.bits import bit_cells
from tictactoe_tui.engine.rules.position import Position, Status
from tictactoe_tui.engine.rules.scans import winning_cells
from tictactoe_tui.engine.rules.spec import BoardSpec
from tictactoe_tui.engine.rules.symmetry import symmetries

Node = Any
"""A node of the proof as JSON gives it: nested lists of cells."""
Root = tuple[tuple[int, ...], Node]
"""A position with X to move, as the moves from the empty board, and X's node there."""

SPEC = BoardSpec.parse("15x15k5")
TARGET = 35
"""The issue's target: a first-player win within 35 plies from the empty board. A position reached
in n plies on the way must then be won within 35 - n more."""
UNIT_DEPTH = 4
"""The plies to a unit of the prover's work (the centre, O's first reply, X's second move, O's second
reply). Sampled roots are taken at least this deep, down a branch's own tree when units have been
folded into bigger branches, so that checking one stays a fraction of a second."""
SAMPLES = 4
SEED = 1126
ENGINE_NODES = 3_000
"""The engine's budget for each of O's moves: a few thousand nodes, the same on any machine."""


class Snapshot:
    """A copy of the shipped file, read as docs/gomoku-proof.md says and no further than asked: its
    header at once, a branch's tree when a test asks for it (the whole proof, parsed, is gigabytes)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with zipfile.ZipFile(path) as file:
            self.header: dict[str, Any] = json.loads(file.read("proof.json"))
        self.places = {tuple(branch["moves"]): branch for branch in self.header["branches"]}
        self._groups: dict[str, list[str]] = {}

    def tree(self, moves: tuple[int, ...]) -> Node:
        """The tree of the branch after ``moves``: line ``line`` of its member's LZMA stream."""
        place = self.places[moves]
        lines = self._groups.get(place["member"])
        if lines is None:
            with zipfile.ZipFile(self.path) as file:
                text = lzma.decompress(file.read(place["member"])).decode("utf-8")
            lines = self._groups[place["member"]] = text.split("\n")
        return json.loads(lines[place["line"]])


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory: pytest.TempPathFactory) -> Snapshot:
    """A copy of the shipped file: the prover may replace the original between two reads."""
    path = tmp_path_factory.mktemp("proof") / store.SHIPPED.name
    shutil.copyfile(store.SHIPPED, path)
    return Snapshot(path)


@pytest.fixture(scope="module")
def book(snapshot: Snapshot) -> Book:
    """The book as a game has it: the header, and each branch's tree read when a game reaches it."""
    return Book(copy.deepcopy(snapshot.header), lambda branch: snapshot.tree(tuple(branch["moves"])))


@pytest.fixture(scope="module")
def roots(snapshot: Snapshot) -> list[Root]:
    """A seeded sample of the file's branches, each taken down to a unit's depth."""
    rng = random.Random(SEED)
    return [descend(snapshot, moves, rng) for moves in rng.sample(branch_list(snapshot), SAMPLES)]


def branch_list(snapshot: Snapshot) -> list[tuple[int, ...]]:
    """Every branch's moves, in order, repeated up to ``SAMPLES`` if there are fewer."""
    found = sorted(snapshot.places)
    assert found, "the shipped proof holds no branch"
    return (found * SAMPLES)[:max(SAMPLES, len(found))]


def descend(snapshot: Snapshot, moves: tuple[int, ...], rng: random.Random) -> Root:
    """From the branch after ``moves``, follow X's moves and random listed replies of O until the
    position is a unit's depth deep, into the branch a reference names where there is one."""
    tree = snapshot.tree(moves)
    while len(moves) < UNIT_DEPTH and len(tree) == 2:
        move, o_node = tree
        replies = o_node[0] if len(o_node) == 1 else o_node[2]
        if not replies:
            break
        reply, tree = rng.choice(replies)
        moves = (*moves, move, reply)
        if tree == REFERENCE:
            tree = snapshot.tree(moves)
    return moves, tree


# Walking a tree with its positions


@dataclass(frozen=True)
class Visit:
    """A node of a tree with the board where it stands (threat trees: without the stray)."""

    kind: str
    """"x" and "o" for nodes of the game, "tx" and "to" for nodes of a threat tree."""
    node: Node
    x: int
    o: int
    zone: int = 0
    """The zone of a threat tree's nodes, as a mask."""


def visits(moves: tuple[int, ...], tree: Node) -> Iterator[Visit]:
    """Every node of ``tree`` (X to move after ``moves``), threat trees included, depth first."""
    position = Position.from_moves(SPEC, list(moves))
    return nodes_from(Visit("x", tree, position.x, position.o))


def nodes_from(start: Visit) -> Iterator[Visit]:
    """``start`` and every node below it, depth first."""
    stack = [start]
    while stack:
        visit = stack.pop()
        yield visit
        node, x, o, zone = visit.node, visit.x, visit.o, visit.zone
        if visit.kind in ("x", "tx"):
            if len(node) == 2:
                stack.append(Visit("o" if visit.kind == "x" else "to", node[1], x | 1 << node[0], o, zone))
        elif visit.kind == "to":
            stack.extend(Visit("tx", child, x, o | 1 << reply, zone) for reply, child in node)
        else:
            replies = node[0] if len(node) == 1 else node[2]
            stack.extend(Visit("x", child, x, o | 1 << reply) for reply, child in replies)
            if len(node) == 3 and node[1] is not None:
                stack.append(Visit("tx", node[1], x, o, mask(node[0])))


def mask(cells: list[int]) -> int:
    return sum(1 << cell for cell in cells)


def empty_cells(x: int, o: int) -> list[int]:
    return bit_cells(SPEC.full_mask & ~(x | o))


# The file and its branches


def test_the_package_reads_the_trees_the_format_describes(snapshot: Snapshot) -> None:
    assert (snapshot.header["format"], snapshot.header["version"], snapshot.header["board"]) == (
        "tictactoe-tui gomoku proof", 3, "15x15k5")
    opened, header = open_archive(snapshot.path)
    with opened:
        assert header == snapshot.header
        sample = random.Random(SEED).sample(header["branches"], min(4 * SAMPLES, len(header["branches"])))
        for branch in sample:
            assert read_tree(opened, branch) == snapshot.tree(tuple(branch["moves"]))
    for moves in snapshot.places:
        position = Position.from_moves(SPEC, list(moves))
        assert position.to_move.index == 0 and not position.is_over, position.record


def test_every_reference_names_a_branch_of_the_file(snapshot: Snapshot) -> None:
    # The branches made of others are those that start before a unit's depth; what they name is
    # there, one move of X and one reply of O further on.
    made_of_others = [moves for moves in snapshot.places if len(moves) < UNIT_DEPTH]
    for moves in made_of_others:
        x_move, o_node = snapshot.tree(moves)
        for reply, below in o_node[2]:
            assert below == REFERENCE and (*moves, x_move, reply) in snapshot.places
            # The book computes bounds from trees from EXACT_FROM moves on, never at a reference.
            assert len(moves) + 2 <= EXACT_FROM
        # Each states the bound its references and the bounds their branches state make: the check
        # of every branch holds those to their trees.
        branch = {key: snapshot.places[moves][key] for key in ("moves", "plies")}
        bounds = stated_bounds(snapshot.header["branches"])
        check_entry(SPEC, {**branch, "tree": snapshot.tree(moves)}, bounds)


def test_a_sample_of_branches_checks_within_the_target(roots: list[Root], book: Book) -> None:
    for moves, tree in roots:
        positions, plies = check_branch(SPEC, moves, tree)
        assert positions >= 1
        assert plies <= TARGET - len(moves), (moves, plies)
        # X wins on X's own move: the bound from X's turn is odd, an X node being one ply more than
        # the O node after it and an O node one more than an X node (or 2 or 4 plies, all even).
        assert plies % 2 == 1
        # The book's bound (``bound``) and the checker's are two readings of the same rule: a book of
        # this tree alone gives the checker's bound. The whole book may know a shorter proof of the
        # position from another branch: O's two replies in the other order, or a symmetric image of
        # them, can be a unit of another first reply.
        position = Position.from_moves(SPEC, list(moves))
        alone = Book({**store.empty_document(), "branches": [{"moves": list(moves), "plies": plies,
                                                              "tree": tree}]})
        assert alone.lookup(position) == ProvenWin(plies, tree[0])
        found = book.lookup(position)
        assert found is not None and found.plies <= plies


def test_the_bound_of_every_game_node_of_the_sample_is_the_checkers(roots: list[Root]) -> None:
    # ``bound`` carries X's five-cells down the tree instead of scanning the board at each node: on
    # every X node of the game in the sampled trees it must still give what the checker computes.
    compared = 0
    for moves, tree in roots:
        memo: dict[int, int] = {}
        for visit in visits(moves, tree):
            if visit.kind != "x" or visit.node == REFERENCE:
                continue
            plies = game_plies(SPEC, visit.node, "x", visit.x, visit.o, memo)
            # Any order of the marks makes the position: the checker only needs X to move.
            xs, os = bit_cells(visit.x), bit_cells(visit.o)
            interleaved = [cell for pair in zip(xs, os, strict=True) for cell in pair]
            assert check_branch(SPEC, interleaved, visit.node)[1] == plies, (moves, interleaved)
            compared += 1
    assert compared > len(roots)


# Corruptions of real trees


def first(snapshot: Snapshot, matches: Callable[[Visit, random.Random], bool]) -> tuple[Root, Visit]:
    """The first node (branches in a seeded order, each taken to a unit's depth) that ``matches``,
    on a fresh reading of its tree, which ``matches`` may change."""
    rng = random.Random(SEED)
    candidates = branch_list(snapshot)
    rng.shuffle(candidates)
    for branch in candidates:
        moves, tree = descend(snapshot, branch, rng)
        for visit in visits(moves, tree):
            if matches(visit, rng):
                return (moves, tree), visit
    raise AssertionError("no node of the kind asked for in the shipped proof")


def test_a_wrong_x_move_is_rejected(snapshot: Snapshot) -> None:
    def corrupt(visit: Visit, rng: random.Random) -> bool:
        # X's move before a forcing O node ([replies]): replaced by a cell after which X has no
        # five-cell and no move to two of them, every reply O does not list must lose at once, and
        # none can: the checker has to refuse it.
        node = visit.node
        if visit.kind != "x" or len(node) != 2 or len(node[1]) != 1 or winning_cells(SPEC, visit.x, visit.o):
            return False
        listed = {reply for reply, _ in node[1][0]}
        cells = [cell for cell in empty_cells(visit.x, visit.o) if cell != node[0] and cell not in listed]
        rng.shuffle(cells)
        for cell in cells[:20]:
            x = visit.x | 1 << cell
            if not winning_cells(SPEC, x, visit.o) and not double_five_moves(x, visit.o):
                node[0] = cell
                return True
        return False

    (moves, tree), _ = first(snapshot, corrupt)
    with pytest.raises(ProofError):
        check_branch(SPEC, moves, tree)


def test_a_missing_reply_in_a_zone_is_rejected(snapshot: Snapshot) -> None:
    table = symmetries(SPEC)

    def corrupt(visit: Visit, rng: random.Random) -> bool:
        # A reply inside the zone that no symmetry of the position maps onto another listed reply.
        node = visit.node
        if visit.kind != "o" or len(node) != 3 or node[0] is None:
            return False
        x, o = visit.x, visit.o
        keeping = [permutation for index, permutation in enumerate(table.permutations)
                   if table.transform(x, index) == x and table.transform(o, index) == o]
        listed = [reply for reply, _ in node[2]]
        for index, reply in enumerate(listed):
            others = set(listed) - {reply}
            if reply in node[0] and not any(permutation[reply] in others for permutation in keeping):
                del node[2][index]
                return True
        return False

    (moves, tree), _ = first(snapshot, corrupt)
    with pytest.raises(ProofError, match="needs a proof"):
        check_branch(SPEC, moves, tree)


def test_a_missing_reply_that_does_not_lose_at_once_is_rejected(snapshot: Snapshot) -> None:
    def corrupt(visit: Visit, rng: random.Random) -> bool:
        node = visit.node
        if visit.kind != "o" or len(node) != 1:
            return False
        for index, (reply, _) in enumerate(node[0]):
            if not loses_at_once(visit.x, visit.o, reply):
                del node[0][index]
                return True
        return False

    (moves, tree), _ = first(snapshot, corrupt)
    with pytest.raises(ProofError, match="not among the replies"):
        check_branch(SPEC, moves, tree)


def test_a_zone_without_a_cell_its_threat_tree_plays_is_rejected(snapshot: Snapshot) -> None:
    def corrupt(visit: Visit, rng: random.Random) -> bool:
        node = visit.node
        if visit.kind != "o" or len(node) != 3 or node[1] is None:
            return False
        threat = Visit("tx", node[1], visit.x, visit.o, mask(node[0]))
        played = {tree.node[0] for tree in nodes_from(threat) if tree.kind == "tx"}
        node[0].remove(rng.choice(sorted(played)))
        return True

    (moves, tree), _ = first(snapshot, corrupt)
    with pytest.raises(ProofError, match="zone"):
        check_branch(SPEC, moves, tree)


def test_a_line_that_does_not_end_in_five_is_rejected(snapshot: Snapshot) -> None:
    # The prover writes no final [m]: its lines end at an O node that lists no reply, X having two
    # five-cells. Such a node may still list a reply r with X's five after it ([m], one ply more:
    # the bound stays 2); with X's move there turned into a cell that is no five-cell, the line
    # does not end in five.
    def open_four(visit: Visit, rng: random.Random) -> bool:
        return visit.kind == "o" and visit.node == [[]] and len(winning_cells(SPEC, visit.x, visit.o)) >= 2

    (moves, tree), visit = first(snapshot, open_four)
    positions, plies = check_branch(SPEC, moves, tree)
    rng = random.Random(SEED)
    reply = rng.choice(empty_cells(visit.x, visit.o))
    after = visit.o | 1 << reply
    fives = winning_cells(SPEC, visit.x, after)
    final = [fives[0]]
    visit.node[0].append([reply, final])
    assert check_branch(SPEC, moves, tree) == (positions + 1, plies)
    final[0] = rng.choice([cell for cell in empty_cells(visit.x, after) if cell not in fives])
    with pytest.raises(ProofError, match="does not make five"):
        check_branch(SPEC, moves, tree)


# Games played from the proof

Chooser = Callable[[Position, Book, random.Random], int]


def random_player(position: Position, book: Book, rng: random.Random) -> int:
    return rng.choice(position.legal_moves)


def engine(position: Position, book: Book, rng: random.Random) -> int:
    return search(position, deadline=math.inf, max_nodes=ENGINE_NODES).ranked[0][0]


def adversary(position: Position, book: Book, rng: random.Random) -> int:
    """One of the replies after which the book promises the longest win: each must be in the proof."""
    longest: dict[int, list[int]] = {}
    for cell in position.legal_moves:
        after = position.play(cell)
        assert not after.is_over, f"O wins with {position.cell_name(cell)} after {position.record}"
        found = book.lookup(after)
        assert found is not None, f"{position.record} {position.cell_name(cell)} is outside the proof"
        longest.setdefault(found.plies, []).append(cell)
    return rng.choice(longest[max(longest)])


def play_out(book: Book, root: Position, o_player: Chooser, rng: random.Random) -> None:
    """X plays the book's moves from ``root`` against ``o_player``: X wins with a five within the
    book's bound, which never grows along the game, and every X move is legal."""
    found = book.lookup(root)
    assert found is not None and found.move is not None, root.record
    bound, position = found.plies, root
    for ply in range(bound):
        found = book.lookup(position)
        assert found is not None, f"{position.record} is outside the proof"
        assert found.plies <= bound - ply, position.record
        if position.to_move.index == 0:
            assert found.move is not None and position.is_legal(found.move), position.record
            position = position.play(found.move)
        else:
            assert found.move is None
            position = position.play(o_player(position, book, rng))
        if position.is_over:
            break
    assert position.outcome.status is Status.X_WINS, position.record
    assert len(position.outcome.line) == SPEC.k


def symmetric(moves: tuple[int, ...], rng: random.Random) -> Position:
    """The position after ``moves`` under a random symmetry of the board."""
    permutation = rng.choice(symmetries(SPEC).permutations)
    return Position.from_moves(SPEC, [permutation[cell] for cell in moves])


@pytest.mark.parametrize("o_player", [random_player, engine])
def test_x_wins_from_the_sampled_roots(roots: list[Root], book: Book, o_player: Chooser) -> None:
    rng = random.Random(SEED)
    for moves, _ in roots:
        play_out(book, Position.from_moves(SPEC, list(moves)), o_player, rng)
        play_out(book, symmetric(moves, rng), o_player, rng)


@pytest.mark.slow
def test_x_wins_against_the_replies_that_make_the_longest_lines(roots: list[Root], book: Book) -> None:
    rng = random.Random(SEED)
    moves, _ = roots[0]
    play_out(book, symmetric(moves, rng), adversary, rng)
