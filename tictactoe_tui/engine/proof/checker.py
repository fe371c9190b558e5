"""The independent checker of the shipped Gomoku proof: it knows the rules and the format, nothing else.

A proof made by a program is only worth its check, so the check is written apart from the prover,
against the format alone (``docs/gomoku-proof.md``), on the rules alone: it redoes every claim the
data makes and computes each branch's bound in plies. Two bitboards and the mark counts of every
line, updated move by move (a line is refiled only when a mark changes its kind), keep a
proof of millions of positions to minutes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import or_
from pathlib import Path

from ..rules.position import Position
from ..rules.spec import BoardSpec
from .archive import read_document
from .checker_board import O_FOUR, O_LINE, O_THREE, X_FOUR, X_THREE, bits, permute
from .checker_board import state as line_state
from .checker_board import tables as board_tables

FORMAT = "tictactoe-tui gomoku proof"
VERSION = 3
REFERENCE = "branch"
"""An X node of the game proven by the branch of the document at that position."""
BOARD = "15x15k5"
"""The one board the shipped proof is about; ``check_branch`` takes any board (for the tests)."""
_DOCUMENT_KEYS = {"format", "version", "board", "branches"}
_BRANCH_KEYS = {"moves", "plies", "tree"}
Bounds = Mapping[tuple[int, ...], int]
"""The branches a reference may name: their moves and their stated bounds."""
Refiling = tuple[Callable[[int], None], ...]
"""The adds to and discards from the checker's sets of lines that a line's change of kind takes."""
_PASS = -1
"""O's pass before a threat tree, on the path of moves (where no reference looks: a threat tree has none)."""


class ProofError(Exception):
    """The proof is wrong or malformed; the message says what failed and after which moves."""


@dataclass(frozen=True)
class CheckReport:
    """What a whole check verified: the branches, every node checked (game nodes and threat-tree
    nodes), the longest bound over the branches, and each branch's bound."""

    branches: int
    positions: int
    plies: int
    branch_plies: tuple[int, ...]


def _items(node: object) -> Sequence[object] | None:
    """The items of a JSON array (a list, or a tuple from Python), or None for anything else."""
    return node if isinstance(node, (list, tuple)) else None


class _Checker:
    """One branch's board, with the lines that matter to the rules kept in sets as marks come and go."""

    def __init__(self, spec: BoardSpec, position: Position, bounds: Bounds) -> None:
        tables = board_tables(spec)
        self.masks, self.lines_of, self.names = tables.masks, tables.lines_of, tables.names
        self.symmetries, self.kinds = tables.symmetries, tables.kinds
        self.k, self.full = spec.k, spec.full_mask
        self.x, self.o = position.x, position.o
        self.x_fours, self.o_fours, self.x_threes, self.o_threes, self.o_lines = (
            set[int]() for _ in range(5))
        self.filed = tuple(zip((X_FOUR, O_FOUR, X_THREE, O_THREE, O_LINE),
                               (self.x_fours, self.o_fours, self.x_threes, self.o_threes, self.o_lines),
                               strict=True))
        self.steps = {key: tuple((after, self._refiling(was, kind)) for after, was, kind in table)
                      for key, table in tables.steps.items()}
        self.state = [line_state((mask & self.x).bit_count(), (mask & self.o).bit_count(), self.k)
                      for mask in self.masks]
        for line, at in enumerate(self.state):
            for change in self._refiling(0, self.kinds[at]):
                change(line)
        self.path = list(position.moves)
        self.bounds, self.start = bounds, len(position.moves)
        self.positions = 0

    def _o_marks(self, line: int) -> int:
        return self.state[line] % (self.k + 1)

    def _refiling(self, was: int, kind: int) -> Refiling:
        """What moves a line from the sets of kind ``was`` to those of ``kind``."""
        return tuple(lines.add if kind & bit else lines.discard for bit, lines in self.filed
                     if (kind ^ was) & bit)

    def _mark(self, cell: int, is_x: bool, step: int) -> None:
        """Put (step 1) or take back (step -1) a mark of X or O on ``cell``: each line through it
        takes its next state, and is refiled only when the mark changes its kind."""
        self.x, self.o = (self.x ^ 1 << cell, self.o) if is_x else (self.x, self.o ^ 1 << cell)
        state, steps = self.state, self.steps[is_x, step]
        for line in self.lines_of[cell]:
            state[line], changes = steps[state[line]]
            if changes:
                for change in changes:
                    change(line)

    def _play(self, cell: int, is_x: bool) -> None:
        self._mark(cell, is_x, 1)
        self.path.append(cell)

    def _undo(self, cell: int, is_x: bool) -> None:
        self._mark(cell, is_x, -1)
        self.path.pop()

    @property
    def _empty(self) -> int:
        return self.full & ~(self.x | self.o)

    def _five_cells(self, fours: set[int]) -> int:
        return reduce(or_, (self.masks[line] for line in fours), 0) & self._empty

    def _makes_five(self, cell: int) -> bool:
        return not self.x_fours.isdisjoint(self.lines_of[cell])

    def _error(self, problem: str) -> ProofError:
        trail = " ".join("(O passes)" if cell == _PASS else self.names[cell] for cell in self.path)
        where = f"after {trail}" if trail else "on the empty board"
        return ProofError(f"{where}: {problem}")

    def _cell(self, value: object, what: str, *, empty: bool = True) -> int:
        if type(value) is not int:
            raise self._error(f"{what} {str(value)[:40]!r} is not a cell number")
        if not 0 <= value < len(self.names):
            raise self._error(f"{what} {value} is off the board (cells 0 to {len(self.names) - 1})")
        if empty and (self.x | self.o) >> value & 1:
            raise self._error(f"{what} {self.names[value]} is already taken")
        return value

    def _replies(self, node: object, what: str) -> tuple[list[tuple[int, object]], int]:
        """The ``[r, x]`` pairs of an O node, checked, and the mask of their replies."""
        items = _items(node)
        if items is None:
            raise self._error(f"{what} is not a list of [r, x]: {str(node)[:60]}")
        pairs: list[tuple[int, object]] = []
        listed = 0
        for item in items:
            pair = _items(item)
            if pair is None or len(pair) != 2:
                raise self._error(f"{what}: {str(item)[:60]} is not a pair [r, x]")
            reply = self._cell(pair[0], "O's reply")
            if listed >> reply & 1:
                raise self._error(f"{what}: O's reply {self.names[reply]} is listed twice")
            listed |= 1 << reply
            pairs.append((reply, pair[1]))
        return pairs, listed

    def _zone(self, value: object) -> int:
        items = _items(value)
        if items is None:
            raise self._error(f"the zone {str(value)[:60]} is neither null nor a list of cells")
        zone = 0
        for item in items:
            cell = self._cell(item, "the zone's cell", empty=False)
            if zone >> cell & 1:
                raise self._error(f"the zone holds {self.names[cell]} twice")
            zone |= 1 << cell
        return zone

    def _o_to_move(self) -> int:
        """The empty cells, once it is certain that O has no five to make and a move to make."""
        fives = self._five_cells(self.o_fours)
        if fives:
            raise self._error(f"O is to move and makes five at {self.names[next(bits(fives))]}")
        if not self._empty:
            raise self._error("the board is full: the game is a draw, not a win")
        return self._empty

    def x_node(self, node: object, zone: int | None) -> int:
        """An X node of the game (``zone`` None) or of a threat tree against ``zone``: its bound."""
        if node == REFERENCE and zone is None and len(self.path) > self.start:
            # Proven by the branch at this position, which the whole check checks on its own.
            bound = self.bounds.get(tuple(self.path))
            if bound is None:
                raise self._error("X's node refers to the branch after these moves, and there is none")
            return bound
        self.positions += 1
        items = _items(node)
        if items is None or len(items) not in (1, 2):
            raise self._error(f"X's node is not [m, o] or [m]: {str(node)[:60]}")
        move = self._cell(items[0], "X's move")
        five = self._makes_five(move)
        if zone is not None:
            if not zone >> move & 1:
                raise self._error(f"the threat tree plays {self.names[move]}, outside its zone")
            self._guard(zone, self.k - 1 if five else self.k - 2, "X is to move")
        if len(items) == 1:
            if not five:
                raise self._error(f"X's {self.names[move]} ends the line ([m]) but does not make five")
            return 1
        if five:
            raise self._error(f"X's {self.names[move]} makes five: its node must be [m]")
        self._play(move, True)
        plies = 1 + (self.game_o(items[1]) if zone is None else self.tree_o(items[1], zone))
        self._undo(move, True)
        return plies

    def game_o(self, node: object) -> int:
        """A game node for O: ``[zone, threat, replies]``, or ``[replies]`` when X threatens."""
        items = _items(node)
        if items is not None and len(items) == 1:
            return self.tree_o(items[0], None)
        self.positions += 1
        if items is None or len(items) != 3:
            raise self._error(f"O's node is not [zone, threat, replies] or [replies]: {str(node)[:60]}")
        zone_data, threat, reply_data = items
        empty = self._o_to_move()
        zone = empty if zone_data is None else self._zone(zone_data)
        if zone_data is None and threat is not None:
            raise self._error("O's node has a threat tree but no zone")
        pairs, listed = self._replies(reply_data, "O's replies")
        if zone & empty & ~listed:
            self._by_symmetry(zone & empty & ~listed, listed)
        longest = 0
        for reply, after in pairs:
            self._play(reply, False)
            longest = max(longest, self.x_node(after, None))
            self._undo(reply, False)
        outside = empty & ~zone
        if outside and threat is None:
            raise self._error(f"O's reply {self.names[next(bits(outside))]}, outside the zone, "
                              "is answered by no threat tree")
        if threat is not None:
            self.path.append(_PASS)
            tree = self.x_node(threat, zone)
            self.path.pop()
            longest = max(longest, tree if outside else 0)
        return 1 + longest

    def _by_symmetry(self, missing: int, listed: int) -> None:
        """Every reply in ``missing`` is mapped onto a listed one by a symmetry of the position."""
        keeping = [image for image in self.symmetries
                   if permute(self.x, image) == self.x and permute(self.o, image) == self.o]
        for cell in bits(missing):
            if not any(listed >> image[cell] & 1 for image in keeping):
                raise self._error(f"O's reply {self.names[cell]} needs a proof, and neither it nor any "
                                  "symmetric reply is among the replies")

    def tree_o(self, node: object, tree_zone: int | None) -> int:
        """A threat tree's O node, or a game O node ``[replies]`` (``tree_zone`` None: no stray, no guard)."""
        self.positions += 1
        pairs, listed = self._replies(node, "the threat tree's O node" if tree_zone else "O's replies")
        empty = self._o_to_move()
        zone = self.full if tree_zone is None else tree_zone
        threats = self._five_cells(self.x_fours) & zone
        if tree_zone is not None:
            self._guard(zone, self.k - 2 if threats else self.k - 3, "O is to move")
        unlisted = empty & ~listed
        if threats.bit_count() == 1 and not threats & listed:
            raise self._error(f"O's block at {self.names[next(bits(threats))]}, X's one five-cell in the "
                              "zone, is not among the replies")
        if not threats:
            self._lose_in_four(unlisted, zone)
        longest = (2 if threats else 4) if unlisted else 0
        for reply, after in pairs:
            self._play(reply, False)
            longest = max(longest, 1 + self.x_node(after, tree_zone))
            self._undo(reply, False)
        return longest

    def _lose_in_four(self, unlisted: int, zone: int) -> None:
        """Every reply in ``unlisted`` leaves O no five-cell and X a move to two five-cells in the zone."""
        if not unlisted:
            return
        empty, masks = self._empty, self.masks
        fives_after: dict[int, int] = {}  # X's move, as a bit -> the five-cells it would leave
        for line in self.x_threes:
            pair = masks[line] & empty  # a three's two empty cells
            if pair & zone == pair:
                low = pair & -pair
                high = pair ^ low
                fives_after[low] = fives_after.get(low, 0) | high
                fives_after[high] = fives_after.get(high, 0) | low
        answered = 0
        for move, fives in fives_after.items():
            count = fives.bit_count()
            if count >= 2:
                answered |= empty & ~move & ~(fives if count == 2 else 0)
        for line in self.o_threes:
            answered &= ~masks[line]  # O's reply there would leave O a five-cell
        lost = unlisted & ~answered
        if lost:
            raise self._error(f"O's reply {self.names[next(bits(lost))]} is not among the replies, yet "
                              "it does not lose at once: it leaves O a five-cell, or X no move to two "
                              "five-cells in the zone")

    def _guard(self, zone: int, limit: int, when: str) -> None:
        """No line without X that reaches an empty cell outside the zone holds ``limit`` O marks."""
        outside = self._empty & ~zone
        for line in self.o_lines:
            if self._o_marks(line) >= limit and self.masks[line] & outside:
                cells = [self.names[cell] for cell in bits(self.masks[line])]
                stray = self.names[next(bits(self.masks[line] & outside))]
                raise self._error(f"the zone does not hold: {when} and O's line {cells[0]}-{cells[-1]} "
                                  f"holds {self._o_marks(line)} O marks (at most {limit - 1} allowed) and "
                                  f"an empty cell outside the zone, {stray}, where the stray may stand")


def check_branch(spec: BoardSpec, moves: Sequence[int], tree: object,
                 bounds: Bounds | None = None) -> tuple[int, int]:
    """Check that X wins after ``moves`` by ``tree``: the nodes checked and the bound in plies. Its
    references may name the branches of ``bounds`` (none when it is not given), each with the bound
    it states: a whole check holds every branch to its statement."""
    position = Position.empty(spec)
    if _items(moves) is None:
        raise ProofError(f"the branch's moves {str(moves)[:60]} are not a list of cells")
    for number, move in enumerate(moves, start=1):
        if type(move) is not int:
            raise ProofError(f"the branch's move {number}, {str(move)[:40]!r}, is not a cell number")
        try:
            position = position.play(move)
        except ValueError as error:
            raise ProofError(f"the branch's move {number}: {error}") from None
    if len(moves) % 2:
        raise ProofError(f"after the branch's moves ({position.record}) O is to move, not X")
    if position.is_over:
        raise ProofError(f"the branch's moves end the game ({position.record})")
    checker = _Checker(spec, position, {} if bounds is None else bounds)
    plies = checker.x_node(tree, None)
    return checker.positions, plies


def check_entry(spec: BoardSpec, branch: object, bounds: Bounds | None = None) -> tuple[int, int]:
    """``check_branch`` for one entry of the document's branches, whose stated bound must be the tree's;
    its references may name the branches of ``bounds`` (``stated_bounds`` of the document)."""
    if not isinstance(branch, Mapping) or set(branch) != _BRANCH_KEYS:
        raise ProofError("the branch is not an object with exactly 'moves', 'plies' and 'tree'")
    count, bound = check_branch(spec, branch["moves"], branch["tree"], bounds)
    if type(branch["plies"]) is not int or branch["plies"] != bound:
        raise ProofError(f"the branch says {str(branch['plies'])[:20]} plies, its tree's bound is {bound}")
    return count, bound


def check_proof(document: Mapping[str, object]) -> CheckReport:
    """Check a whole proof document (the parsed JSON): its format, version and board, then every branch."""
    branches = check_header(document)
    bounds = stated_bounds(branches)
    found = [_numbered(index, branch, bounds) for index, branch in enumerate(branches, start=1)]
    return CheckReport(len(found), sum(count for count, _ in found), max(bound for _, bound in found),
                       tuple(bound for _, bound in found))


def check_header(document: Mapping[str, object]) -> Sequence[object]:
    """Check a proof document's keys, format, version and board; its branches, yet to be checked."""
    if not isinstance(document, Mapping) or set(document) != _DOCUMENT_KEYS:
        keys = sorted(document) if isinstance(document, Mapping) else type(document).__name__
        raise ProofError(f"the document is not an object with exactly {sorted(_DOCUMENT_KEYS)}: {keys}")
    if document["format"] != FORMAT:
        raise ProofError(f"the format is {str(document['format'])[:60]!r}, not {FORMAT!r}")
    if type(document["version"]) is not int or document["version"] != VERSION:
        raise ProofError(f"version {str(document['version'])[:20]} is not version {VERSION}")
    if document["board"] != BOARD:
        raise ProofError(f"the board is {str(document['board'])[:20]!r}, not {BOARD!r}")
    branches = _items(document["branches"])
    if not branches:
        raise ProofError("the branches are not a non-empty list")
    return branches


def stated_bounds(branches: Sequence[object]) -> dict[tuple[int, ...], int]:
    """The moves and stated bound of each branch that has both as it should, for references to name:
    a branch that states them wrongly fails its own check, and with it the whole check."""
    bounds: dict[tuple[int, ...], int] = {}
    for branch in branches:
        if not isinstance(branch, Mapping):
            continue
        moves, plies = _items(branch.get("moves")), branch.get("plies")
        cells = tuple(move for move in moves or () if type(move) is int)
        if moves is not None and len(cells) == len(moves) and type(plies) is int:
            bounds[cells] = plies
    return bounds


def _numbered(index: int, branch: object, bounds: Bounds) -> tuple[int, int]:
    try:
        return check_entry(BoardSpec.parse(BOARD), branch, bounds)
    except ProofError as error:
        raise ProofError(f"branch {index}: {error}") from None


def load_document(path: Path) -> dict[str, object]:
    """The parsed proof document in ``path`` (a zip archive: ``archive``), every tree read."""
    try:
        return read_document(path)
    except (OSError, ValueError) as error:
        raise ProofError(f"cannot read the proof {path}: {error}") from None
