"""Playing from the shipped proof: where a game stands in it, X's move, and the bound on the win.

The proof (``docs/gomoku-proof.md``) is a tree of moves from positions a game can reach. A game is
followed down it move by move, through rotations and reflections of the board: past a reply
outside a zone the game goes on in that zone's threat tree, and past a reply that loses at once the
rules give X's finishing moves. The file is read the first time a 15x15 five-in-a-row position
asks, never at import.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..rules.position import Position
from ..rules.scans import winning_cells
from ..rules.spec import BoardSpec, Cell
from ..rules.symmetry import permute, symmetries
from .archive import ArchiveError, open_archive, read_tree
from .bound import game_plies

BOARD = BoardSpec(15, 15, 5)
"""The board the proof is about: free-style Gomoku."""
FILE = "gomoku15.zip"
FORMAT, VERSION = "tictactoe-tui gomoku proof", 3
REFERENCE = "branch"
"""An X node proven by the branch at that position (``docs/gomoku-proof.md``): a branch made of
others names them so, and a game reads only the branches it reaches."""
EXACT_FROM = 4
"""Moves from which a node's bound is computed from its own tree; nearer the start (where a branch
names the branches of its units by references, which have no bound of their own) the branch's
stated bound, less the moves since, is the answer. A unit is four moves deep, so from there on every
node is a unit's own."""


@dataclass(frozen=True, slots=True)
class ProvenWin:
    """X wins the position, by the shipped proof, in at most ``plies`` more moves of both sides."""

    plies: int
    move: Cell | None
    """X's move when X is to move; None on O's turn (every O move loses)."""


@dataclass(slots=True)
class _Walk:
    """Where a game is in the tree: a node, its kind, the map from game cells to the tree's, and
    the zone of the threat tree it follows, if it left the game tree through one."""

    node: Any
    kind: str
    """"x" or "o" in the game tree, "tx" or "to" in a threat tree, "done" once O lost at once."""
    mapping: tuple[Cell, ...]
    plies: int
    """The bound the branch has at its start, less the moves played since: the most still to come."""


class Book:
    """The branches of the proof, found by their starting positions under every symmetry.

    The positions are kept as the file has them and a game's position is turned eight ways when
    it asks: turning the few positions a game asks about is cheaper than turning the thousands
    of branches when the file is read."""

    def __init__(self, document: dict[str, Any],
                 tree_reader: Callable[[dict[str, Any]], Any] | None = None) -> None:
        """``tree_reader``, when given, reads the tree of a branch that only says where it is (in
        the archive): a game reads only the branch it reaches."""
        if (document.get("format"), document.get("version"), document.get("board")) != (FORMAT, VERSION,
                                                                                         str(BOARD)):
            raise ValueError(f"not a version {VERSION} proof for 15x15k5")
        self._tree_reader = tree_reader
        self.starts: dict[tuple[int, int], dict[str, Any]] = {}
        """The branches by the marks (X's, O's) of their starting positions, as the file has them."""
        self._plies: dict[int, int] = {}
        """Bounds of game nodes already computed, by node."""
        self.deepest = max((len(branch["moves"]) for branch in document["branches"]), default=0)
        """The most moves before a branch starts: a game is looked for only that far back."""
        self.openings: dict[tuple[int, int], Cell] = {}
        """The positions on the way to a branch, X to move, by their marks: X's move there."""
        for branch in document["branches"]:
            if type(branch["plies"]) is not int:
                raise ValueError("a branch of the proof does not state its bound")
            moves = branch["moves"]
            self.starts[marks(moves)] = branch
            for ply in range(0, len(moves), 2):
                self.openings.setdefault(marks(moves[:ply]), moves[ply])

    def opening(self, position: Position) -> Cell | None:
        """X's move towards the proven part, on X's turn before the game reaches it; None elsewhere."""
        if position.spec != BOARD or position.to_move.index or len(position.moves) >= self.deepest:
            return None
        for index, marks in _images(position):
            cell = self.openings.get(marks)
            if cell is not None:
                return symmetries(BOARD).inverses[index][cell]
        return None

    @property
    def complete(self) -> bool:
        """Whether the proof starts from the empty board."""
        return (0, 0) in self.starts

    def lookup(self, position: Position) -> ProvenWin | None:
        """X's proven win in ``position`` (X's move when X is to move), or None outside the proof."""
        if position.spec != BOARD or position.is_over:
            return None
        moves = position.moves
        for start in range(min(len(moves) - len(moves) % 2, self.deepest), -1, -2):
            walk = self._start(Position.from_moves(BOARD, moves[:start]))
            if walk is None:
                continue
            found = self._follow(walk, Position.from_moves(BOARD, moves[:start]), moves[start:])
            if found is not None:
                return found
        return None

    def _start(self, position: Position) -> _Walk | None:
        found = next(((index, self.starts[marks]) for index, marks in _images(position)
                      if marks in self.starts), None)
        if found is None:
            return None
        index, branch = found
        if "tree" not in branch:  # read from the archive the first time a game needs it
            if self._tree_reader is None:
                raise ArchiveError("a branch of the proof has no tree")
            branch["tree"] = self._tree_reader(branch)
        # The symmetry that turns the game's position into the branch's turns its cells too.
        return _Walk(branch["tree"], "x", symmetries(BOARD).permutations[index], branch["plies"])

    def _follow(self, walk: _Walk, position: Position, moves: tuple[Cell, ...]) -> ProvenWin | None:
        for cell in moves:
            if not _step(walk, position, cell):
                return None
            position = position.play(cell)
            walk.plies -= 1
        found = _answer(walk, position)
        if found is None or walk.kind not in ("x", "o") or len(position.moves) < EXACT_FROM or not moves:
            return found  # at a branch's start, its stated bound is its tree's: the checker holds it so
        # Deep enough for the node's own tree to be small: its bound, exactly as the checker has it.
        x, o = permute(position.x, walk.mapping), permute(position.o, walk.mapping)
        return ProvenWin(game_plies(BOARD, walk.node, walk.kind, x, o, self._plies), found.move)


def marks(moves: Sequence[Cell]) -> tuple[int, int]:
    """X's and O's marks after ``moves`` (the proof's own, so not checked again)."""
    x = o = 0
    for ply, cell in enumerate(moves):
        if ply % 2:
            o |= 1 << cell
        else:
            x |= 1 << cell
    return x, o


def _images(position: Position) -> Iterator[tuple[int, tuple[int, int]]]:
    """Each symmetry of the board with the position's marks under it."""
    for index, key in enumerate(symmetries(BOARD).keys(position.x, position.o)):
        yield index, (key & BOARD.full_mask, key >> BOARD.cells)


def _answer(walk: _Walk, position: Position) -> ProvenWin | None:
    if walk.kind == "done":
        return _finishing(position)
    if walk.kind in ("o", "to"):
        return ProvenWin(walk.plies, None)
    back = {tree_cell: cell for cell, tree_cell in enumerate(walk.mapping)}
    return ProvenWin(walk.plies, back[walk.node[0]])


def _step(walk: _Walk, position: Position, cell: Cell) -> bool:
    """Move ``walk`` past the game's move ``cell``; False when the game has left the proof."""
    tree_cell = walk.mapping[cell]
    node, kind = walk.node, walk.kind
    if kind == "done":
        # O's moves are all lost here; X's must be the finishing ones the rules give.
        finish = _finishing(position)
        return position.to_move.index == 1 or (finish is not None and finish.move == cell)
    if kind in ("x", "tx"):
        if node[0] != tree_cell or len(node) == 1:
            return False
        walk.node, walk.kind = node[1], "o" if kind == "x" else "to"
        return True
    forcing = kind == "to" or len(node) == 1
    listed = node if kind == "to" else node[0] if forcing else node[2]
    replies = {reply: child for reply, child in listed}
    if tree_cell in replies:
        if replies[tree_cell] == REFERENCE:
            return False  # the game goes on in that branch, which a lookup tries first: it starts later
        walk.node, walk.kind = replies[tree_cell], "x" if kind == "o" else "tx"
        return True
    if not forcing:
        return _leave_game_tree(walk, position, cell, replies)
    walk.kind = "done"  # a reply that loses at once
    return True


def _leave_game_tree(walk: _Walk, position: Position, cell: Cell, replies: dict[Cell, Any]) -> bool:
    """O's reply is not listed: a symmetry of the position maps it onto one that is, or it is
    outside the zone and the threat tree answers it."""
    zone, threat, _ = walk.node
    table = symmetries(BOARD)
    tree_x = permute(position.x, walk.mapping)
    tree_o = permute(position.o, walk.mapping)
    for index in range(1, len(table)):
        if table.transform(tree_x, index) == tree_x and table.transform(tree_o, index) == tree_o:
            image = table.permutations[index][walk.mapping[cell]]
            if image in replies:
                if replies[image] == REFERENCE:
                    return False
                walk.mapping = tuple(table.permutations[index][walk.mapping[c]] for c in range(BOARD.cells))
                walk.node, walk.kind = replies[image], "x"
                return True
    if zone is None or walk.mapping[cell] in zone:
        return False
    walk.node, walk.kind = threat, "tx"
    return True


def _five_cells(mine: int, theirs: int) -> tuple[Cell, ...]:
    return winning_cells(BOARD, mine, theirs)


def _finishing(position: Position) -> ProvenWin | None:
    """After an O reply that loses at once, by the rules alone: X's five, or the move that leaves
    two five-cells, and O's turn between them; None if O could make five first."""
    fives = _five_cells(position.x, position.o)
    if position.to_move.index:
        return ProvenWin(2, None) if len(fives) >= 2 and not _five_cells(position.o, position.x) else None
    if fives:
        return ProvenWin(1, fives[0])
    if _five_cells(position.o, position.x):
        return None
    for cell in position.legal_moves:
        if len(_five_cells(position.x | 1 << cell, position.o)) >= 2:
            return ProvenWin(3, cell)
    return None


_LOCK = threading.Lock()


@cache
def _loaded() -> Book | None:
    try:
        data = resources.files(__package__).joinpath(FILE).read_bytes()
        archive, header = open_archive(io.BytesIO(data))
        return Book(header, lambda branch: read_tree(archive, branch))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def shipped_book() -> Book | None:
    """The proof that ships with the package, read once; None if it is missing or unreadable."""
    with _LOCK:
        return _loaded()


def shipped_win(position: Position) -> ProvenWin | None:
    """``lookup`` in the shipped proof: X's proven win in ``position``, or None outside the proof
    (and where a damaged branch cannot be read: then the game is played as if it had none)."""
    book = shipped_book()
    try:
        return None if book is None else book.lookup(position)
    except ArchiveError:
        return None


def shipped_opening(position: Position) -> Cell | None:
    """``Book.opening`` in the shipped proof: X's move towards its proven part, if any."""
    book = shipped_book()
    return None if book is None else book.opening(position)
