"""Exact values: proofs of who wins a position, how fast, and with which moves.

Scores are from the side to move and encode how long the game lasts: a win
when the board holds ``t`` marks scores ``win - t``, a loss then ``t - win``
and a draw 0, where ``win = cells + 1`` exceeds any game's length. Counting
marks rather than plies from the node makes a score independent of the path
to the position, so it can be stored and reused at any depth, and negamax
just negates it; the fastest win and the slowest loss still score best. Every
score the search returns or stores is a true bound on the exact value, never
a guess, so the table serves any later search, whatever its window.

Every question here is a few null-window searches of the inner loop
(``negamax``): "win, draw or loss?" first, since the window (-1, 1) cuts off
every win and every loss at once; then "is there a faster win (a slower
loss)?" until the answer is no; then which other moves do as well. When
the first question does not settle soon, the zone prover (``zones``) first
settles whether the side to move can win at all: the half of a draw where
the search alone spends nearly all its work on a big board. On a big
board, "is there a forced win within d plies?" for d = 1, 2, 3, ... proves
short wins long before the whole game could be solved.
"""

from __future__ import annotations

from collections.abc import Callable

from ..budget import Budget, OutOfBudget
from ..rules.bits import bit_cells, lowest_cell
from ..rules.position import Mark, Position
from ..rules.spec import BoardSpec, Cell
from .negamax import build_search
from .node import Node, Proof
from .pairing import DEFAULT_BUDGET
from .tables import tables_for
from .transposition import TranspositionTable, pack, unpack
from .zones import Pool, ZoneProver

SOON = 200
"""Positions per cell the search alone gets for the outcome before the zone prover is asked."""


class ExactSearch:
    """The exact solver for one board size, remembering what it proved in ``table``.

    ``nodes`` counts every position visited since creation; ``stage`` says in words what the
    current proof has settled so far, for progress displays. ``on_poll``, when set, is called at
    every look at a budget (every ``tables.poll_interval`` nodes), with that budget.

    ``pairing_budget`` is the tries per pairing search (0 turns pairings off, for checking the
    solver without them); without ``zones`` the search alone proves everything; ``pool``, when
    given, proves the zone prover's long proofs in worker processes (``parallel``).
    """

    def __init__(self, spec: BoardSpec, table: TranspositionTable, *,
                 pairing_budget: int = DEFAULT_BUDGET, zones: bool = True, pool: Pool | None = None) -> None:
        self.spec = spec
        self.table = table
        self.tables = tables_for(spec)
        self.nodes = 0
        self.stage = ""
        self.settled = ""
        """What the shortest-first questions have settled about the current root, if anything."""
        self.on_poll: Callable[[Budget], None] | None = None
        self._budget = Budget()
        self._counted = 0
        self._search = build_search(self.tables, table, self, pairing_budget)
        self.zones = ZoneProver(self.tables, table.capacity, pairing_budget=pairing_budget,
                                on_poll=self._report, pool=pool) if zones else None
        """Settles first whether the side to move at a root can win at all (None: the search alone)."""

    # Nodes

    def root(self, position: Position) -> Node:
        """The search's view of ``position`` (which must not be over), where a new question starts."""
        self.settled = ""
        return self.tables.node_at(position.x, position.o, position.to_move.index)

    def marks(self, node: Node) -> int:
        """How many marks are on the board."""
        return (node.me | node.opp).bit_count()

    def empty(self, node: Node) -> int:
        """The empty cells as a bitboard."""
        return self.spec.full_mask ^ (node.me | node.opp)

    def plies(self, node: Node, score: int) -> int:
        """The moves from ``node`` to the end of the game that an exact ``score`` stands for."""
        end = self.tables.win - abs(score) if score else self.spec.cells
        return end - self.marks(node)

    # The questions

    def prove(self, node: Node, budget: Budget) -> Proof | None:
        """The exact score of ``node`` and every move achieving it, or None when out of budget first.

        Out of budget after the outcome was known but before the distance was pinned down, it
        answers with the win (or loss) found so far and the move that proved it, not ``exact``.
        """
        try:
            self.stage = f"{self.settled}; proving the outcome" if self.settled else "proving the outcome"
            score = None if self.zones is None else self._outcome_soon(node, budget)
            if self.zones is not None and not score:  # unknown yet, or a draw: the zone prover pays
                self._bound_by_zones(node, budget)
            if score is None:
                score = self.score(node, -1, 1, budget)
        except OutOfBudget:
            return None
        proven = self.proven_move(node, score)
        score, exact, proven = self._sharpen(node, score, proven, budget)
        if not exact:  # a loss may take any move, but a win takes the one that proved it
            if proven is None and score > 0:
                return None
            move = self.best_move(node) if proven is None else proven
            return Proof(score, (move,), exact=False, complete=False)
        return self._proof(node, score, proven, budget)

    def _outcome_soon(self, node: Node, budget: Budget) -> int | None:
        """The outcome's score if the search alone finds it within ``SOON`` positions a cell, else None.

        A win or a loss the search usually proves within that, faster than the zone prover finds
        out that the side to move can win; a draw is where the zone prover pays.
        """
        part = budget.part(max_nodes=SOON * self.spec.cells)
        try:
            return self.score(node, -1, 1, part)
        except OutOfBudget:
            return None
        finally:
            budget.nodes += part.nodes

    def _bound_by_zones(self, node: Node, budget: Budget) -> None:
        """Whether the side to move can win at all, proven by ``zones`` and put in the table as bounds.

        That half of a draw is where the search alone spends nearly all its work on a big board;
        the zone prover proves it with far fewer positions. Its "cannot win" covers every move,
        so each child gets the bound too, and checking which first moves keep a draw is left
        with the easy half: whether the opponent can win. A win goes in with its move and plies.
        """
        assert self.zones is not None
        mover, other = Mark.at_ply(self.marks(node)), Mark.at_ply(self.marks(node) + 1)
        settled = f"{self.settled}; " if self.settled else ""
        self.stage = f"{settled}proving whether {mover} can win at all"
        start = self.zones.nodes
        if self.zones.prove(node, budget) < 0:
            won = self.zones.winning_move(node)
            assert won is not None, "a win the prover just found is in its tables"
            move, plies = won
            self._bound(node.keys, lower=self.tables.win - self.marks(node) - plies, move=move)
            return
        self._bound(node.keys, upper=0)
        children = [self.tables.child(node, cell) for cell in bit_cells(self.empty(node))]
        for child in children:
            self._bound(child.keys, lower=0)
        # If the opponent could not win were the side to move to pass, it cannot win after any move
        # either, an extra mark never hurting its owner: every child is then a draw. On the empty
        # board that is the proof just made, with the colours swapped; elsewhere it gets as many
        # positions as that proof took.
        self.stage = f"{settled}{mover} cannot win; could {other} win after any move?"
        passed = Node(node.opp, node.me, node.opp_threats, node.my_threats, node.opp_live, node.my_live,
                      node.keys, 1 - node.side)
        part = budget.part(max_nodes=max(1000, self.zones.nodes - start))
        try:
            cannot = self.zones.prove(passed, part) >= 0
        except OutOfBudget:
            cannot = False
        budget.nodes += part.nodes
        if cannot:
            for child in children:
                self._bound(child.keys, upper=0)

    def _bound(self, keys: tuple[int, ...], lower: int | None = None, upper: int | None = None,
               move: Cell | None = None) -> None:
        """Narrow the table's bounds on the position with ``keys`` to ``lower`` and ``upper``; ``move``
        is the one proving ``lower`` (None: proven for the position, not by one move). An entry's
        move achieves the entry's lower bound (``proven_move``), so a higher one replaces it."""
        key = min(keys)
        entry = self.table.get(key)
        win = self.tables.win
        known_lower, known_upper, known = unpack(entry) if entry is not None else (-win, win, -1)
        if lower is not None and lower > known_lower:
            known_lower = lower
            known = -1 if move is None else self.tables.symmetries.permutations[keys.index(key)][move]
        self.table.store(key, pack(known_lower, known_upper if upper is None else min(upper, known_upper),
                                   known))

    def prove_short_first(self, node: Node, budget: Budget) -> tuple[int, Proof | None]:
        """``prove``, after asking "a forced win or loss within d plies?" for d = 1, 2, ...

        Returns the deepest d answered no, and the proof (None when out of budget first). A win
        can only come on the mover's plies (odd d) and a loss on the opponent's (even d), so each
        depth asks one null-window question; the first yes is exact, since the shorter ones said
        no. On a big board this proves short wins long before the whole game could be solved.
        """
        marks = self.marks(node)
        mover, waiter = Mark.at_ply(marks), Mark.at_ply(marks + 1)
        done = 0
        try:
            for depth in range(1, self.empty(node).bit_count() + 1):
                end = self.tables.win - marks - depth  # the score of a win ending ``depth`` plies from here
                if depth % 2:
                    if self.score(node, end - 1, end, budget) >= end:
                        return done, self._proof(node, end, self.proven_move(node, end), budget)
                elif self.score(node, -end, 1 - end, budget) <= -end:
                    # Every move loses that fast; a search just above finds one that loses no faster.
                    self.score(node, -end - 1, -end, budget)
                    return done, self._proof(node, -end, self.proven_move(node, -end), budget)
                done = depth
                self.stage = self.settled = (
                    f"no forced win for {mover} within {depth if depth % 2 else depth - 1} plies, "
                    f"none for {waiter} within {depth if depth % 2 == 0 else depth - 1}")
        except OutOfBudget:
            return done, None
        return done, self.prove(node, budget)

    def move_score(self, node: Node, cell: Cell, budget: Budget) -> tuple[int, bool]:
        """The score of playing ``cell`` for the player playing it, and whether it is exact.

        Raises ``OutOfBudget`` when even the outcome is not known in time; known but not pinned
        down, the score is a bound of the right sign, the distance an upper bound (see ``prove``).
        """
        if node.my_threats >> cell & 1:
            return self.tables.win - self.marks(node) - 1, True
        child = self.tables.child(node, cell)
        score, exact, _ = self._sharpen(child, self.score(child, -1, 1, budget), None, budget)
        return -score, exact

    def best_move(self, node: Node) -> Cell:
        """The move the search knows best, at no cost, as a guess: a win, a block, the table's move,
        else the cell on the most lines still live. Only ``proven_move`` says a move is best."""
        for forced in (node.my_threats, node.opp_threats):
            if forced:
                return lowest_cell(forced)
        stored = self.stored_move(node)
        if stored is not None:
            return stored[0]
        live = node.my_live | node.opp_live
        line_bits_at = self.tables.line_bits_at
        return max(bit_cells(self.empty(node)), key=lambda cell: (line_bits_at[cell] & live).bit_count())

    def proven_move(self, node: Node, score: int) -> Cell | None:
        """A move proven to score at least ``score`` for the side to move, if one is known at no cost:
        a win on the spot, a forced block, or the table's move when the lower bound it proved reaches
        ``score``. Bounds proven for the position as a whole (zones, pairings) come with no move."""
        for forced in (node.my_threats, node.opp_threats):
            if forced:
                return lowest_cell(forced)
        stored = self.stored_move(node)
        if stored is not None and stored[1] >= score:
            return stored[0]
        return None

    def stored_move(self, node: Node) -> tuple[Cell, int] | None:
        """The move the table holds for ``node``, if any, with the lower bound it proved."""
        key = min(node.keys)
        entry = self.table.get(key)
        if entry is None:
            return None
        lower, _, canonical = unpack(entry)
        if canonical < 0:
            return None
        return self.tables.symmetries.inverses[node.keys.index(key)][canonical], lower

    # Searching

    def score(self, node: Node, alpha: int, beta: int, budget: Budget) -> int:
        """A fail-soft alpha-beta score: exact inside ``(alpha, beta)``, a bound on the side it fell.

        Raises ``OutOfBudget`` once ``budget`` is spent (its nodes count this search's);
        everything proven until then stays in the table.
        """
        self._budget, self._counted = budget, self.nodes
        try:
            self.poll()
            return self._search(node, alpha, beta)
        finally:
            budget.nodes += self.nodes - self._counted
            self._counted = self.nodes

    def poll(self) -> None:
        """Count the nodes since the last look into the budget, raising ``OutOfBudget`` once it is spent."""
        budget = self._budget
        budget.nodes += self.nodes - self._counted
        self._counted = self.nodes
        self._report(budget)
        if budget.exhausted:
            raise OutOfBudget

    def _report(self, budget: Budget) -> None:
        """Show ``budget`` to ``on_poll``, if set: at every look, here or in the zone prover."""
        if self.on_poll is not None:
            self.on_poll(budget)

    def _sharpen(self, node: Node, score: int, proven: Cell | None,
                 budget: Budget) -> tuple[int, bool, Cell | None]:
        """From the outcome's score to the exact one: (the best bound proven, whether it is exact, a
        move proven to achieve that bound when one is known).

        A win's score is a lower bound: null windows just above it ask "is there a faster win?"
        until the answer is no, each faster win's move read from the table at once. A loss's score is
        an upper bound: null windows just below it ask "does the loss come sooner?" until it does
        not. Either way the distance found so far is an upper bound, and out of budget it comes back
        with False. ``proven`` achieves ``score`` as given.
        """
        try:
            if score > 0:
                while True:
                    self.stage = f"a win in at most {self.plies(node, score)} plies; looking for a faster one"
                    faster = self.score(node, score, score + 1, budget)
                    if faster <= score:
                        break
                    score, proven = faster, self.proven_move(node, faster)
            elif score < 0:
                while True:
                    self.stage = f"a loss in at most {self.plies(node, score)} plies; is it sooner?"
                    sooner = self.score(node, score - 1, score, budget)
                    if sooner >= score:
                        break
                    score, proven = sooner, None
                proven = self.proven_move(node, score)  # the last search failed high on it
        except OutOfBudget:
            return score, False, proven
        return score, True, proven

    def _proof(self, node: Node, score: int, proven: Cell | None, budget: Budget) -> Proof | None:
        """The proof of the exact ``score``: ``proven`` (a move known to achieve it, if any) and every
        other move achieving it; None when out of budget before any move was found to achieve it."""
        moves, complete = self._best_moves(node, score, proven, budget)
        if not moves:
            return None
        return Proof(score, moves, exact=True, complete=complete)

    def _best_moves(self, node: Node, score: int, proven: Cell | None,
                    budget: Budget) -> tuple[tuple[Cell, ...], bool]:
        """Every move scoring exactly ``score``, ``proven`` (known to) first, and whether all were checked;
        with no move known, each is checked, the likeliest first."""
        best = [] if proven is None else [proven]
        cells = bit_cells(self.empty(node))
        if proven is None:
            likely = self.best_move(node)
            cells.remove(likely)
            cells.insert(0, likely)
        try:
            for checked, cell in enumerate(cells, start=1):
                self.stage = f"value proven; checking which first moves keep it ({checked} of {len(cells)})"
                if cell != proven and self._achieves(node, cell, score, budget):
                    best.append(cell)
        except OutOfBudget:
            return tuple(best), False
        return tuple(best), True

    def _achieves(self, node: Node, cell: Cell, score: int, budget: Budget) -> bool:
        """True when playing ``cell`` scores exactly ``score`` (the best there is) for its player."""
        if node.my_threats >> cell & 1:
            return score == self.tables.win - self.marks(node) - 1
        reply = self.score(self.tables.child(node, cell), -score - 1, 1 - score, budget)
        return reply == -score
