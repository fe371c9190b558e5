"""Threats: wins in one move, the replies they force, forks, and wins by continuous threats.

A *threat* is an empty cell that would complete a line of k for one side. A side with a threat wins
next move unless the opponent fills that cell, so threats take away the opponent's choice; a move
that makes two threats at once (a fork) cannot be answered at all. Chaining them gives the forced
wins Gomoku players look for: by continuous threats to win (VCF, each reply forced) and by threats
to win or to fork (VCT, each reply one of the few that spoil the fork). Every rule player and the
big-board search ask these questions, so they are answered here once.

Two layers serve two kinds of caller. The functions on a ``Position`` scan every line: simple, and
fast enough for a player that moves once. ``LineBoard`` keeps, for every line, how many marks each
side has in it and, per side and count, the set of lines the other side has not touched, updated by
``play`` and ``undo``: a search that visits thousands of positions then reads its threats off those
sets instead of rescanning the board.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from operator import itemgetter

from .lines import win_lines
from .position import Mark, Position
from .spec import BoardSpec, Cell

X, O = 0, 1  # noqa: E741 - the letter is the mark
"""Sides as indexes: X moves first, so the side to move is the parity of the move count."""

PASS: Cell = -1
"""A turn skipped: only ever on a ``LineBoard``, to look at the opponent's chances as if it moved."""

_PASS_KEY = 0x9E3779B97F4A7C15
"""Mixed into a position's key while a turn is skipped, so the same marks with the other side
to move never share a key."""

NEAR = 2
"""How far from an existing mark a move is worth considering on a big board, along the mark's
rows, columns and diagonals: a cell off them shares no line with the mark, so it neither builds
on it nor blocks it."""


# Whole-board scans on positions, for the rule players.


def sides(position: Position) -> tuple[int, int]:
    """(the bitboard of the side to move, the opponent's bitboard)."""
    return (position.x, position.o) if position.to_move is Mark.X else (position.o, position.x)


def winning_cells(spec: BoardSpec, mine: int, theirs: int) -> tuple[Cell, ...]:
    """The empty cells that would complete a line of ``mine`` (a bitboard), in increasing order."""
    empty = ~(mine | theirs) & spec.full_mask
    found: set[Cell] = set()
    for mask in win_lines(spec).masks:
        if mask & theirs:
            continue
        missing = mask & ~mine
        if missing & (missing - 1) == 0 and missing & empty:
            found.add(missing.bit_length() - 1)
    return tuple(sorted(found))


def fork_cells(spec: BoardSpec, mine: int, theirs: int) -> tuple[Cell, ...]:
    """The empty cells where ``mine`` would make two threats at once, in increasing order.

    A fork cell lies on at least two lines that hold k-2 of ``mine`` and nothing of ``theirs``
    whose other empty cells differ (two lines missing the same cell are one threat, not two).
    """
    occupied = mine | theirs
    others: dict[Cell, set[Cell]] = {}
    for mask in win_lines(spec).masks:
        if mask & theirs or (mask & mine).bit_count() != spec.k - 2:
            continue
        gaps = bit_cells(mask & ~occupied)
        if len(gaps) != 2:
            continue
        first, second = gaps
        others.setdefault(first, set()).add(second)
        others.setdefault(second, set()).add(first)
    return tuple(sorted(cell for cell, threats in others.items() if len(threats) >= 2))


def immediate_wins(position: Position) -> tuple[Cell, ...]:
    """The moves that win on the spot for the side to move."""
    if position.is_over:
        return ()
    mine, theirs = sides(position)
    return winning_cells(position.spec, mine, theirs)


def threats_against(position: Position) -> tuple[Cell, ...]:
    """The cells where the opponent of the side to move would win on their next move."""
    if position.is_over:
        return ()
    mine, theirs = sides(position)
    return winning_cells(position.spec, theirs, mine)


def forced_replies(position: Position) -> tuple[Cell, ...]:
    """The moves the side to move cannot sensibly avoid: its wins, else the blocks of the opponent's.

    Empty when neither side threatens anything. More than one block means the opponent has a fork
    and the game is lost against correct play, but any block is still better than none.
    """
    return immediate_wins(position) or threats_against(position)


_BYTE_BITS = tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
"""The set bits of every byte value, for ``bit_cells``."""


def bit_cells(mask: int) -> list[Cell]:
    """The cells of a bitmask in increasing order.

    It reads the mask a byte at a time from a table, several times faster in Python than
    peeling off one bit at a time, which matters in searches that list candidates at every node.
    """
    cells: list[Cell] = []
    data = mask.to_bytes((mask.bit_length() + 7) // 8, "little")
    for index in range(len(data)):
        byte = data[index]
        if byte:
            base = index << 3
            for bit in _BYTE_BITS[byte]:
                cells.append(base + bit)
    return cells


def _bits(mask: int) -> Iterable[Cell]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# Incremental line counts, for searches.


@dataclass(frozen=True, slots=True)
class LineTable:
    """What a search needs to know about a board size, computed once per size."""

    spec: BoardSpec
    masks: tuple[int, ...]
    """Every line as a bitmask, indexed by line number."""
    lines_of: tuple[tuple[int, ...], ...]
    """For each cell, the numbers of the lines through it."""
    near: tuple[int, ...]
    """For each cell, the cells up to ``NEAR`` steps away from it along a line."""
    zobrist: tuple[tuple[int, ...], tuple[int, ...]]
    """Random 64-bit keys per side and cell; their XOR over the marks identifies a position."""
    states_of: tuple[Callable[[list[int]], tuple[int, ...]], ...]
    """For each cell, a getter of the states of its lines from ``LineBoard.states`` (always a tuple:
    a cell on a single line also reads the sentinel entry that ends the list)."""


@cache
def line_table(spec: BoardSpec) -> LineTable:
    """The ``LineTable`` of ``spec`` (cached: boards of one size share it)."""
    masks = win_lines(spec).masks
    index = {mask: number for number, mask in enumerate(masks)}
    lines_of = tuple(tuple(index[mask] for mask in through) for through in win_lines(spec).through)
    near = []
    for cell in range(spec.cells):
        col, row = spec.coordinates(cell)
        star = 0
        for d_col, d_row in ((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)):
            for step in range(1, NEAR + 1):
                near_col, near_row = col + d_col * step, row + d_row * step
                if 0 <= near_col < spec.width and 0 <= near_row < spec.height:
                    star |= 1 << (near_row * spec.width + near_col)
        near.append(star)
    keys = random.Random(f"zobrist {spec}")
    zobrist = (tuple(keys.getrandbits(64) for _ in range(spec.cells)),
               tuple(keys.getrandbits(64) for _ in range(spec.cells)))
    sentinel = len(masks)
    states_of = tuple(itemgetter(*lines, sentinel) if len(lines) < 2 else itemgetter(*lines)
                      for lines in lines_of)
    return LineTable(spec, masks, lines_of, tuple(near), zobrist, states_of)


def state_count(k: int) -> int:
    """How many line states there are for ``k`` (see ``LineBoard.states``), the sentinel included."""
    return (k + 1) ** 2 + 1


class LineBoard:
    """A mutable board that keeps per-line mark counts current as moves are played and undone.

    ``counts[side][line]`` is how many marks ``side`` has in ``line``, and ``states[line]`` packs
    both counts in one number, ``x_count * (k + 1) + o_count``, for table look-ups (an extra last
    entry, never changed, holds the sentinel state ``(k + 1) ** 2``). ``open[side][n]`` is the set
    of lines where ``side`` has exactly ``n`` marks and the other side none, the lines that side
    can still complete, kept only for the counts threats are made of (``tracked <= n < k``, where
    ``tracked`` is k-3 or 1): the many lines with fewer marks would cost more to track than the
    rare question about them costs to answer (``lines_with``). ``potential[side]`` sums
    ``weights[n]`` over all the lines ``side`` can still complete, an evaluation kept current for
    free. Playing a winning move sets ``won``; nothing may be played after it until it is undone.
    """

    __slots__ = ("table", "spec", "k", "counts", "states", "open", "tracked", "stones", "moves", "won",
                 "key", "near", "_near_stack", "weights", "steps", "potential")

    def __init__(self, position: Position, weights: Sequence[int] | None = None) -> None:
        if position.winning_line:
            raise ValueError("the game is already won")
        self.table = line_table(position.spec)
        self.spec = position.spec
        self.k = position.spec.k
        lines = len(self.table.masks)
        self.counts: tuple[list[int], list[int]] = ([0] * lines, [0] * lines)
        self.states = [0] * lines + [(self.k + 1) ** 2]
        self.open: tuple[list[set[int]], list[set[int]]] = (
            [set() for _ in range(self.k)], [set() for _ in range(self.k)])
        self.stones = [0, 0]
        self.moves: list[Cell] = []
        self.won = False
        self.key = 0
        self.near = 0
        self._near_stack: list[int] = []
        self.tracked = max(1, self.k - 3)
        self.weights = tuple(weights) if weights is not None else (0,) * (self.k + 1)
        if len(self.weights) != self.k + 1:
            raise ValueError(f"need {self.k + 1} weights, one per count of marks in a line")
        self.steps = tuple(self.weights[count + 1] - self.weights[count] for count in range(self.k))
        self.potential = [0, 0]
        for cell in position.moves:
            self.play(cell)

    @property
    def side(self) -> int:
        """The side to move: ``X`` (0) or ``O`` (1)."""
        return len(self.moves) & 1

    @property
    def occupied(self) -> int:
        return self.stones[X] | self.stones[O]

    @property
    def is_full(self) -> bool:
        return self.occupied == self.spec.full_mask

    def play(self, cell: Cell) -> bool:
        """Put the mark of the side to move on ``cell``; True when it completes a line."""
        side = len(self.moves) & 1
        other = side ^ 1
        mine, theirs = self.counts[side], self.counts[other]
        my_open, their_open = self.open[side], self.open[other]
        weights, steps, k, states, tracked = self.weights, self.steps, self.k, self.states, self.tracked
        step = k + 1 if side == X else 1
        gain = loss = 0
        won = False
        for line in self.table.lines_of[cell]:
            count = mine[line]
            mine[line] = count + 1
            states[line] += step
            against = theirs[line]
            if against == 0:
                gain += steps[count]
                if count >= tracked:
                    my_open[count].discard(line)
                if count + 1 == k:
                    won = True
                elif count + 1 >= tracked:
                    my_open[count + 1].add(line)
            elif count == 0:
                loss += weights[against]
                if against >= tracked:
                    their_open[against].discard(line)
        self.potential[side] += gain
        self.potential[other] -= loss
        self.stones[side] |= 1 << cell
        self.moves.append(cell)
        self.key ^= self.table.zobrist[side][cell]
        self._near_stack.append(self.near)
        self.near |= self.table.near[cell]
        self.won = won
        return won

    def pass_turn(self) -> None:
        """Let the side to move skip its turn (undone by ``undo``), to ask what the other could do."""
        self.moves.append(PASS)
        self._near_stack.append(self.near)
        self.key ^= _PASS_KEY

    def undo(self) -> None:
        """Take back the last move played (or the last pass)."""
        cell = self.moves.pop()
        if cell == PASS:
            self.near = self._near_stack.pop()
            self.key ^= _PASS_KEY
            return
        side = len(self.moves) & 1
        other = side ^ 1
        mine, theirs = self.counts[side], self.counts[other]
        my_open, their_open = self.open[side], self.open[other]
        weights, steps, k, states, tracked = self.weights, self.steps, self.k, self.states, self.tracked
        step = k + 1 if side == X else 1
        gain = loss = 0
        for line in self.table.lines_of[cell]:
            count = mine[line] - 1
            mine[line] = count
            states[line] -= step
            against = theirs[line]
            if against == 0:
                gain += steps[count]
                if tracked <= count + 1 < k:
                    my_open[count + 1].discard(line)
                if count >= tracked:
                    my_open[count].add(line)
            elif count == 0:
                loss += weights[against]
                if against >= tracked:
                    their_open[against].add(line)
        self.potential[side] -= gain
        self.potential[other] += loss
        self.stones[side] &= ~(1 << cell)
        self.key ^= self.table.zobrist[side][cell]
        self.near = self._near_stack.pop()
        self.won = False

    def lines_with(self, side: int, count: int) -> Iterable[int]:
        """The lines where ``side`` has ``count`` marks and the other side none."""
        if count >= self.tracked:
            return self.open[side][count]
        mine, theirs = self.counts[side], self.counts[side ^ 1]
        return [line for line in range(len(mine)) if mine[line] == count and theirs[line] == 0]

    def gaps(self, line: int) -> Iterable[Cell]:
        """The empty cells of ``line``."""
        return _bits(self.table.masks[line] & ~self.occupied)

    def win_cells(self, side: int) -> set[Cell]:
        """The cells where ``side`` would complete a line (its threats)."""
        if self.k == 1:
            return set(_bits(self.spec.full_mask & ~self.occupied))
        masks, stones = self.table.masks, self.stones[side]
        return {(masks[line] & ~stones).bit_length() - 1 for line in self.open[side][self.k - 1]}

    def threat_moves(self, side: int) -> dict[Cell, int]:
        """The cells where ``side`` would make a threat, with how many lines each would threaten."""
        if self.k == 1:
            return {}
        found: dict[Cell, int] = {}
        for line in self.lines_with(side, self.k - 2):
            for cell in self.gaps(line):
                found[cell] = found.get(cell, 0) + 1
        return found

    def fork_moves(self, side: int) -> dict[Cell, set[Cell]]:
        """The cells where ``side`` would make two threats at once, each with the cells that spoil it.

        Such a cell lies on two lines one mark short of a threat whose other gaps differ; filling
        the cell or one of those gaps is the only way to stop the fork short of a threat that
        forces ``side`` to answer instead.
        """
        if self.k == 1:
            return {}
        masks, empty = self.table.masks, ~(self.stones[X] | self.stones[O])
        others: dict[Cell, set[Cell]] = {}
        for line in self.lines_with(side, self.k - 2):
            gaps = masks[line] & empty
            low = gaps & -gaps
            first, second = low.bit_length() - 1, (gaps ^ low).bit_length() - 1
            if first in others:
                others[first].add(second)
            else:
                others[first] = {second}
            if second in others:
                others[second].add(first)
            else:
                others[second] = {first}
        return {cell: gaps for cell, gaps in others.items() if len(gaps) >= 2}

    def candidates(self) -> int:
        """The empty cells near a mark, as a bitmask.

        The centre when the board is empty, and every empty cell in the rare position where the
        cells near the marks are all taken.
        """
        if not self.stones[X] | self.stones[O]:
            spec = self.spec
            return 1 << spec.cell_at((spec.width - 1) // 2, (spec.height - 1) // 2)
        empty = self.spec.full_mask & ~self.occupied
        return self.near & empty or empty


# Victory by continuous fours.


class OutOfBudget(Exception):
    """Raised inside a search when its node, time or stop budget is spent."""


@dataclass(slots=True)
class Budget:
    """How much a search may still do: a node count, a ``time.perf_counter`` deadline, a stop event."""

    max_nodes: int | None = None
    deadline: float | None = None
    stop: threading.Event | None = None
    nodes: int = 0

    def spend(self) -> None:
        """Count one node, raising ``OutOfBudget`` instead once any limit is reached."""
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise OutOfBudget
        self.nodes += 1
        # A node costs tens of microseconds at least, so reading the clock at every one is cheap
        # and keeps the answer on time however slow the nodes of a particular board are.
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise OutOfBudget
        if self.stop is not None and self.stop.is_set():
            raise OutOfBudget

    @property
    def exhausted(self) -> bool:
        """Whether any limit has been reached (without counting a node)."""
        return ((self.max_nodes is not None and self.nodes >= self.max_nodes)
                or (self.deadline is not None and time.perf_counter() >= self.deadline)
                or (self.stop is not None and self.stop.is_set()))

    def part(self, max_nodes: int | None = None, deadline: float | None = None) -> Budget:
        """A budget for one part of this search, within both this one's limits and the given ones.

        The part counts its own nodes; add them to this budget once it is done.
        """
        if self.max_nodes is not None:
            remaining = max(0, self.max_nodes - self.nodes)
            max_nodes = remaining if max_nodes is None else min(max_nodes, remaining)
        if self.deadline is not None:
            deadline = self.deadline if deadline is None else min(deadline, self.deadline)
        return Budget(max_nodes, deadline, self.stop)


@contextmanager
def _unwound_on_abort(board: LineBoard) -> Iterator[None]:
    """Take back the moves a threat search left on ``board`` when its budget ran out mid-line."""
    start = len(board.moves)
    try:
        yield
    except OutOfBudget:
        while len(board.moves) > start:
            board.undo()
        raise


def vcf(board: LineBoard, budget: Budget, *, max_threats: int = 24) -> tuple[Cell, ...] | None:
    """A forced win for the side to move made of threats only, or None when there is none.

    Raises ``OutOfBudget`` (with the board restored) when the budget runs out before an answer.

    The answer is the whole line of play, moves alternating from the side to move and ending with
    its winning move: threats each answered by the only block, until a threat cannot be answered
    (two threats at once, or a line completed). Because every reply is forced, the line wins
    against any defence; the defender's last block before the final move is one of several that
    all lose. Deeper searches are tried only after shallower ones fail, so the line is the
    shortest found. The board is left as it was given.
    """
    attacker = board.side
    wins = board.win_cells(attacker)
    if wins:
        return (min(wins),)
    if board.k == 1 or len(board.win_cells(attacker ^ 1)) > 1:
        return None
    search = _ThreatSearch(board, budget)
    with _unwound_on_abort(board):
        for limit in range(1, max_threats + 1):
            search.cut_short = False
            line = search.run(limit)
            if line is not None or not search.cut_short:
                return line
    return None


class _ThreatSearch:
    """One ``vcf`` call: the board, the budget, and the positions already refuted."""

    __slots__ = ("board", "budget", "refuted", "cut_short")

    def __init__(self, board: LineBoard, budget: Budget) -> None:
        self.board = board
        self.budget = budget
        self.refuted: dict[int, int] = {}
        """Position key -> a number of threats within which it has no VCF."""
        self.cut_short = False
        """Whether the last run stopped a line at its limit (so a deeper run might succeed)."""

    def run(self, threats: int) -> tuple[Cell, ...] | None:
        """A VCF of at most ``threats`` attacking moves from the board's position."""
        board = self.board
        self.budget.spend()
        if self.refuted.get(board.key, 0) >= threats:
            return None
        attacker = board.side
        must_block = board.win_cells(attacker ^ 1)
        moves = board.threat_moves(attacker)
        if len(must_block) > 1:
            moves = {}
        elif must_block:
            (block,) = must_block
            moves = {block: moves[block]} if block in moves else {}
        for cell in sorted(moves, key=moves.__getitem__, reverse=True):
            board.play(cell)
            made = sorted(board.win_cells(attacker))
            if len(made) >= 2:
                board.undo()
                return cell, made[0], made[1]
            (reply,) = made
            rest = None
            if threats > 1:
                board.play(reply)
                rest = self.run(threats - 1)
                board.undo()
            else:
                self.cut_short = True
            board.undo()
            if rest is not None:
                return cell, reply, *rest
        self.refuted[board.key] = threats
        return None


def find_vcf(position: Position, *, max_nodes: int | None = 20_000, deadline: float | None = None,
             stop: threading.Event | None = None) -> tuple[Cell, ...] | None:
    """``vcf`` for a position: the side to move's forced win by continuous threats, if found in budget."""
    if position.is_over:
        return None
    try:
        return vcf(LineBoard(position), Budget(max_nodes, deadline, stop))
    except OutOfBudget:
        return None


# Victory by continuous threats, forks included (VCT).


def vct(board: LineBoard, budget: Budget, *, max_threats: int = 6) -> tuple[Cell, int] | None:
    """A forced win for the side to move by threats of either kind, or None when none is found.

    Besides threats to win at once (which force one reply), the attacker may threaten to fork:
    a move after which it has a fork move must be answered by spoiling every fork or by a
    counter-threat, and all of those answers are tried. The answer is the first attacking move
    and the number of plies to the win against the most stubborn defence. It is sound (every
    defence is refuted) but not complete: the attacker makes at most ``max_threats`` threats.
    Raises ``OutOfBudget`` (with the board restored) when the budget runs out first.
    """
    if board.k < 3:
        line = vcf(board, budget)
        return None if line is None else (line[0], len(line))
    search = _ForkSearch(board, budget)
    with _unwound_on_abort(board):
        for limit in range(1, max_threats + 1):
            search.cut_short = False
            found = search.attack(limit)
            if found is not None:
                return found
            if not search.cut_short:
                return None
    return None


class _ForkSearch:
    """One ``vct`` call: the board, the budget and the outcomes already known."""

    __slots__ = ("board", "budget", "attacker", "won", "refuted", "cut_short")

    def __init__(self, board: LineBoard, budget: Budget) -> None:
        self.board = board
        self.budget = budget
        self.attacker = board.side
        self.won: dict[int, tuple[int, tuple[Cell, int]]] = {}
        """Position key -> (threats used, the attack) for the wins found: they hold with more."""
        self.refuted: dict[int, int] = {}
        """Position key -> threats within which there is no win: then there is none with fewer."""
        self.cut_short = False

    def attack(self, threats: int) -> tuple[Cell, int] | None:
        """The attacker to move: its winning threat and the plies to the win, or None."""
        board, attacker = self.board, self.attacker
        self.budget.spend()
        wins = board.win_cells(attacker)
        if wins:
            return min(wins), 1
        blocks = board.win_cells(attacker ^ 1)
        if len(blocks) > 1:
            return None
        if blocks:
            (block,) = blocks
            board.play(block)
            plies = self.defend(threats)
            board.undo()
            return None if plies is None else (block, plies + 1)
        forks = board.fork_moves(attacker)
        if forks:
            return min(forks), 3
        if threats == 0:
            self.cut_short = True
            return None
        key = board.key
        if self.refuted.get(key, 0) >= threats:
            return None
        if key in self.won and self.won[key][0] <= threats:
            return self.won[key][1]
        for cell in self._threats():
            board.play(cell)
            plies = self.defend(threats - 1)
            board.undo()
            if plies is not None:
                self.won[key] = (threats, (cell, plies + 1))
                return cell, plies + 1
        self.refuted[key] = threats
        return None

    def defend(self, threats: int) -> int | None:
        """The defender to move: plies to the attacker's win against every defence, or None."""
        board, attacker = self.board, self.attacker
        defender = attacker ^ 1
        self.budget.spend()
        if board.win_cells(defender):
            return None
        wins = board.win_cells(attacker)
        if len(wins) > 1:
            return 2
        if wins:
            (block,) = wins
            board.play(block)
            found = self.attack(threats)
            board.undo()
            return None if found is None else found[1] + 1
        forks = board.fork_moves(attacker)
        if not forks:
            return None
        replies = set(forks)
        for gaps in forks.values():
            replies |= gaps
        replies |= board.threat_moves(defender).keys()
        longest = 0
        for cell in sorted(replies):
            board.play(cell)
            found = self.attack(threats)
            board.undo()
            if found is None:
                return None
            longest = max(longest, found[1] + 1)
        return longest

    def _threats(self) -> list[Cell]:
        """The attacker's moves that threaten to win or to fork, those that threaten most first."""
        board, attacker = self.board, self.attacker
        fours = board.threat_moves(attacker)
        scored: dict[Cell, int] = {cell: 100 * lines for cell, lines in fours.items()}
        for line in board.lines_with(attacker, board.k - 3):
            for cell in board.gaps(line):
                if cell not in fours:
                    scored[cell] = scored.get(cell, 0) + 1
        moves = []
        for cell in sorted(scored, key=scored.__getitem__, reverse=True):
            if cell in fours:
                moves.append(cell)
                continue
            board.play(cell)
            if board.fork_moves(attacker):
                moves.append(cell)
            board.undo()
        return moves
