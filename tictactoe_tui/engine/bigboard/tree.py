"""The big-board search's tree: principal-variation search over a ``PatternBoard``.

Strong Gomoku programs search deep and narrow, and so does this one. Forced matters are settled
before any move is listed: a five on the spot wins, the opponent's four must be blocked (and the
block costs no depth, so lines of fours are followed to their end), an open four wins, and so
does a four-three or a double three when the opponent has no four to interrupt it. When the
opponent threatens to win next move (an open three, say), only the answers are searched: the
cells on the threat's line where it would make a four, and the side's own fours; an open three
costs no depth either, within a few plies, and beyond the horizon such threats are still followed
until the position is quiet. Otherwise the best-ranked cells by pattern score are searched, fewer
the deeper the tree, and the late ones among them a ply shallower first (a late move rarely turns
out best, and when it does it is searched again in full). A transposition table that lasts the
whole game, killer moves and a history table order the moves, so most nodes are cut after one or
two.
"""

from __future__ import annotations

from typing import TypeAlias

from ..budget import Budget
from ..rules.spec import Cell
from .patternboard import PatternBoard
from .scores import MATE

PROVEN = MATE - 100_000
"""Scores beyond this (either sign) are wins or losses seen in the tree, not estimates."""

INFINITY = MATE + 1

WIDTHS = (6, 7, 8)
"""How many moves a node searches by the depth left (more at the top, where a wrong cut costs
most); deeper nodes take the last width. Narrow, so that the search goes deep: with 8 to 14 it
completed shallower iterations and lost more games at a fifth of a second a move
(``bench/ladder.py``)."""

REDUCE_AFTER = 3
"""How many moves of a node are searched at full depth before the later quiet ones (neither a
four nor an open three, and not answers to a threat) are tried a ply shallower first."""

REDUCE_FROM_DEPTH = 3
"""The least depth left at which late moves are reduced: nearer the leaves a ply is all there is."""

QUIESCENCE_PLIES = 6
"""How far past its nominal depth the search follows the answers to threats to win next move."""

THREE_EXTENSION = 4
"""How many plies past an iteration's depth open threes may extend a line."""

MOVER_SHARE = 10
"""The side to move's patterns count ``MOVER_SHARE`` / 5 of the waiting side's: it acts first, so its
shapes turn into threats before the other side's do. Matches at a fixed number of positions a move
(README, "Gomoku strength") put twice as much ahead of 6/5, 5/5 behind, and 14/5 no further."""

_EXACT, _LOWER, _UPPER = 0, 1, 2
"""Kinds of transposition table score: exact, at least (a cut-off), at most (nothing beat alpha)."""

MAX_PLY = 256

Ranking: TypeAlias = list[tuple[Cell, int]]
"""Moves with their scores for the side to move, best first."""

Entry: TypeAlias = tuple[int, int, int, Cell]
"""A transposition table entry: depth, kind, score (wins and losses counted from the node), move."""


def evaluate(board: PatternBoard) -> int:
    """The static score of the position for the side to move: its cells' pattern scores against the
    opponent's, the mover's counting a little more since it makes the next threat."""
    side = board.side
    return board.total[side] * MOVER_SHARE // 5 - board.total[side ^ 1]


def to_table(score: int, ply: int) -> int:
    """A score as the table keeps it: wins and losses counted from the node, not from the root."""
    return score + ply if score > PROVEN else score - ply if score < -PROVEN else score


def from_table(score: int, ply: int) -> int:
    return score - ply if score > PROVEN else score + ply if score < -PROVEN else score


class TreeSearch:
    """Principal-variation search from one root, with the table, killers and history it keeps.

    ``table`` may be shared between searches of one game: an entry is keyed by the position's
    Zobrist key (the marks; the side to move follows from their count) and holds the depth it was
    searched to, so a later search reuses it only where it asks no deeper.
    """

    __slots__ = ("board", "budget", "table", "table_limit", "killers", "history", "horizon", "cell_bits")

    def __init__(self, board: PatternBoard, budget: Budget, table: dict[int, Entry],
                 table_limit: int) -> None:
        self.board = board
        self.budget = budget
        self.table = table
        self.table_limit = table_limit
        self.killers = [[-1, -1] for _ in range(MAX_PLY)]
        self.history = ([0] * board.spec.cells, [0] * board.spec.cells)
        self.horizon = 0
        """The ply beyond which open threes cost depth again, so that extensions end."""
        self.cell_bits = board.spec.cells.bit_length()
        """Bits enough for any cell's number, below its rank in a sort key (``ordered``)."""

    def ordered(self, side: int, cells: list[Cell] | set[Cell], first: Cell = -1, ply: int = 0) -> list[Cell]:
        """``cells`` most promising first for ``side``: the table's move, the killers, then by the
        pattern scores of both sides (a cell that also spoils the opponent's shape is worth more)
        and the history of cut-offs."""
        board = self.board
        mine, theirs, history = board.scores[side], board.scores[side ^ 1], self.history[side]
        # One int a cell, its rank above its number, sorts in C; the table's move and the killers,
        # which come first whatever their rank, are moved up afterwards.
        shift, low = self.cell_bits, (1 << self.cell_bits) - 1
        ranked = [key & low for key in sorted([(-(mine[cell] + theirs[cell] + history[cell]) << shift) + cell
                                               for cell in cells])]
        killers = self.killers[ply] if ply < MAX_PLY else ()
        ahead = [cell for cell in ranked if cell in killers and cell != first]
        if first in cells:
            ahead.insert(0, first)
        if not ahead:
            return ranked
        return ahead + [cell for cell in ranked if cell not in ahead]

    def moves(self, side: int, depth: int, first: Cell = -1, ply: int = 0) -> list[Cell]:
        """The moves worth searching for ``side`` where it has no win and nothing is to be blocked.

        When the opponent could win next move by force (an open four or two fours), every answer
        is searched; otherwise the best few of the cells near the marks.
        """
        board = self.board
        other = side ^ 1
        if board.winning[other]:
            return self.ordered(side, board.defences(other) | board.fours[side], first, ply)
        width = WIDTHS[min(depth, len(WIDTHS) - 1)]
        return self.ordered(side, list(board.candidates()), first, ply)[:width]

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score of the board's position for the side to move, searching ``depth`` plies."""
        board = self.board
        self.budget.spend()
        side = board.side
        settled = self._settled(depth, alpha, beta, ply)
        if settled is not None:
            return settled
        entry = self.table.get(board.key)
        first = -1
        if entry is not None:
            stored_depth, kind, stored, first = entry
            if stored_depth >= depth:
                score = from_table(stored, ply)
                if (kind == _EXACT or (kind == _LOWER and score >= beta)
                        or (kind == _UPPER and score <= alpha)):
                    return score
        original_alpha = alpha
        best, best_move = -INFINITY, -1
        threes = board.threes[side]
        extend = ply + depth < self.horizon
        fours = board.fours[side]
        reducible = depth >= REDUCE_FROM_DEPTH and not board.winning[side ^ 1]
        for index, cell in enumerate(self.moves(side, depth, first, ply)):
            # An open three is nearly as forcing as a four: its answers are few, so it costs no depth.
            child = depth if extend and cell in threes else depth - 1
            reduced = reducible and index >= REDUCE_AFTER and cell not in threes and cell not in fours
            board.play(cell)
            try:
                if best == -INFINITY:
                    score = -self.negamax(child, -beta, -alpha, ply + 1)
                else:
                    # A late quiet move is first searched a ply shallower: only if it still beats
                    # the best so far does it get its full depth.
                    score = -self.negamax(child - 1, -alpha - 1, -alpha, ply + 1) if reduced else alpha + 1
                    if score > alpha:
                        score = -self.negamax(child, -alpha - 1, -alpha, ply + 1)
                    if alpha < score < beta:
                        score = -self.negamax(child, -beta, -score, ply + 1)
            finally:
                board.undo()
            if score > best:
                best, best_move = score, cell
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self._cut_by(side, cell, depth, ply)
                        break
        if best == -INFINITY:
            return evaluate(board)
        kind = _UPPER if best <= original_alpha else _LOWER if best >= beta else _EXACT
        self.store(board.key, (depth, kind, to_table(best, ply), best_move))
        return best

    def _settled(self, depth: int, alpha: int, beta: int, ply: int) -> int | None:
        """The score of a node that needs no list of moves: a win on the spot, a block (searched on
        at no cost in depth), a win next move, a fork that wins, a full board, or a quiet position
        at the horizon."""
        board = self.board
        side = board.side
        other = side ^ 1
        if board.fives[side]:
            return MATE - ply - 1
        blocks = board.fives[other]
        if blocks:
            if len(blocks) > 1:
                return -(MATE - ply - 2)
            (block,) = blocks
            board.play(block)
            try:
                return -self.negamax(depth, -beta, -alpha, ply + 1)
            finally:
                board.undo()
        if board.winning[side]:
            return MATE - ply - 3
        if board.fork(side) is not None:
            # At the horizon the evaluation would only score such a fork; above it, this saves
            # the plies of playing it out.
            return MATE - ply - 5
        if board.is_full:
            return 0
        quiet = not board.winning[other] or depth <= -QUIESCENCE_PLIES
        if ply >= MAX_PLY - 1 or (depth <= 0 and quiet):
            # Beyond the horizon only a threat to win next move keeps the position from being quiet:
            # its answers, which are few, are searched on until it settles.
            return evaluate(board)
        return None

    def _cut_by(self, side: int, cell: Cell, depth: int, ply: int) -> None:
        """Remember a move that cut the search off: as a killer of its ply, and in the history."""
        if ply < MAX_PLY:
            killers = self.killers[ply]
            if killers[0] != cell:
                killers[1], killers[0] = killers[0], cell
        self.history[side][cell] += depth * depth

    def store(self, key: int, entry: Entry) -> None:
        """Keep an entry, emptying the table first when it is full (a game's worth rarely fills it)."""
        table = self.table
        if len(table) >= self.table_limit and key not in table:
            table.clear()
        table[key] = entry

    def rank(self, moves: list[Cell], depth: int, margin: int, scored: Ranking) -> None:
        """Score every root move to ``depth`` into ``scored``, in the order given (``scored`` holds
        the moves done so far when the budget runs out).

        The first move gets a full window. The others are first tried against the best score so far
        less ``margin``, and searched fully only when they beat that: the moves within ``margin`` of
        the best get true scores (to choose among for variety), the others upper bounds.
        """
        board = self.board
        best = -INFINITY
        self.horizon = depth + THREE_EXTENSION
        for cell in moves:
            board.play(cell)
            try:
                if best == -INFINITY:
                    score = -self.negamax(depth - 1, -INFINITY, INFINITY, 1)
                else:
                    floor = best - margin
                    score = -self.negamax(depth - 1, -floor - 1, -floor, 1)
                    if score > floor:
                        score = -self.negamax(depth - 1, -INFINITY, -floor, 1)
            finally:
                board.undo()
            scored.append((cell, score))
            if score > best:
                best = score
