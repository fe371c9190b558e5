"""Positions of the proof that more than one line of play reaches, and proven trees carried over.

O's replies can come in either order and the board can be turned: after X's centre and X's second
move, ``h8 d1 i9 d7`` is ``h8 g4 i9 a4`` seen in a mirror. A position proven once needs no second
search: the proven tree, every cell in it moved by the symmetry that maps one position onto the
other, proves the other, and the checker checks that tree like any other. Of the campaign's 7,140
units, only 6,201 are different positions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..rules.position import Position
from ..rules.symmetry import Permutation, symmetries
from .book import BOARD, REFERENCE
from .bound import game_plies


@dataclass(slots=True)
class Proven:
    """A position a branch of the document proves: the moves that reach it, its tree, and the
    tree's bound, unknown (None) until asked when the tree is part of a folded branch."""

    moves: tuple[int, ...]
    tree: Any
    plies: int | None

    def bound(self) -> int:
        if self.plies is None:
            position = Position.from_moves(BOARD, list(self.moves))
            self.plies = game_plies(BOARD, self.tree, "x", position.x, position.o, {})
        return self.plies


def canonical_key(moves: tuple[int, ...]) -> tuple[int, int]:
    """One key for the position after ``moves`` and all its turns and mirrors."""
    position = Position.from_moves(BOARD, list(moves))
    return symmetries(BOARD).canonical(position.x, position.o)


def proven_positions(document: dict[str, Any], depth: int) -> dict[tuple[int, int], Proven]:
    """Canonical key -> a proven position ``depth`` moves from the empty board, X to move: every
    branch there, and every position that X's move and O's listed reply lead to below a branch
    nearer the start (a folded one). Of two branches of one position, the one with the shorter
    bound; a folded one is kept as found first (it folded within the limit of its day)."""
    found: dict[tuple[int, int], Proven] = {}
    for branch in document["branches"]:
        moves = tuple(branch["moves"])
        if len(moves) > depth or (len(moves) - depth) % 2:
            continue
        plies = branch["plies"] if len(moves) == depth else None
        for below, tree in _descend(moves, branch["tree"], depth):
            key = canonical_key(below)
            known = found.get(key)
            if known is None or plies is not None and known.plies is not None and plies < known.plies:
                found[key] = Proven(below, tree, plies)
    return found


def _descend(moves: tuple[int, ...], tree: Any, depth: int) -> Iterator[tuple[tuple[int, ...], Any]]:
    """The X nodes ``depth`` moves from the empty board below the X node ``tree`` after ``moves``,
    through the replies a game node lists."""
    if tree == REFERENCE:
        return  # its branch is in the document, and found there
    if len(moves) == depth:
        yield moves, tree
        return
    if len(tree) == 1 or len(tree[1]) != 3:
        return  # X makes five, or O's node is the forcing kind: no position this deep is listed
    for reply, child in tree[1][2]:
        yield from _descend((*moves, tree[0], reply), child, depth)


def carried_over(proven: Proven, moves: tuple[int, ...]) -> Any:
    """``proven``'s tree for the position after ``moves``, which must be the same up to symmetry."""
    table = symmetries(BOARD)
    target, source = (Position.from_moves(BOARD, list(line)) for line in (moves, proven.moves))
    target_keys, source_keys = table.keys(target.x, target.o), table.keys(source.x, source.o)
    key = min(target_keys)
    if key != min(source_keys):
        raise ValueError("the two positions are not the same up to symmetry")
    return moved(proven.tree, turning(source_keys.index(key), target_keys.index(key)))


def turning(source_turn: int, target_turn: int) -> Permutation:
    """The cells' moves that take a position to another: by symmetry ``source_turn`` to a common
    image, and from there back by the inverse of symmetry ``target_turn``."""
    table = symmetries(BOARD)
    return tuple(table.inverses[target_turn][table.permutations[source_turn][cell]]
                 for cell in range(BOARD.cells))


def moved(tree: Any, mapping: Permutation) -> Any:
    """An X node of the game, every cell moved by ``mapping``."""
    return _mapped_x(tree, mapping, game=True, seen={})


def _mapped_x(node: Any, mapping: Permutation, *, game: bool, seen: dict[int, Any]) -> Any:
    """An X node of the game or of a threat tree, every cell moved; a node shared in the tree stays
    shared in its image."""
    known = seen.get(id(node))
    if known is not None:
        return known
    if len(node) == 1:
        image: list[Any] = [mapping[node[0]]]
    elif not game:
        image = [mapping[node[0]], _mapped_replies(node[1], mapping, game=False, seen=seen)]
    elif len(node[1]) == 1:
        image = [mapping[node[0]], [_mapped_replies(node[1][0], mapping, game=True, seen=seen)]]
    else:
        zone, threat, replies = node[1]
        image = [mapping[node[0]], [
            None if zone is None else sorted(mapping[cell] for cell in zone),
            None if threat is None else _mapped_x(threat, mapping, game=False, seen=seen),
            _mapped_replies(replies, mapping, game=True, seen=seen),
        ]]
    seen[id(node)] = image
    return image


def _mapped_replies(replies: Any, mapping: Permutation, *, game: bool, seen: dict[int, Any]) -> list[Any]:
    return [[mapping[reply], _mapped_x(child, mapping, game=game, seen=seen)] for reply, child in replies]
