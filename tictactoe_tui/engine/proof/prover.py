"""The prover: proofs that X wins a Gomoku position, written as ``docs/gomoku-proof.md`` defines.

At X's turn it looks for a win by threats and, failing that, tries a few quiet moves (at most
``quiet`` in a row), each of which must leave X a win by threats if O passed. At O's turn that
threat, written out as a threat tree, gives the zone: only O's replies inside it need a proof of
their own (the relevance-zone argument). Replies a symmetry of the position maps onto one already
proven are left out, and proven positions are remembered by their marks, so transpositions cost
one look-up.

A proof may be asked to end within so many plies: every node's bound (``docs/gomoku-proof.md``,
"The bound") is worked out as the tree is built, and a move whose proof would take longer is
passed over for the next. What is remembered keeps its bound, and a failure the limits it had:
a proof from memory is never longer than asked, and a remembered failure is one a cold search
would meet too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bigboard.lineboard import LineBoard, O, X
from ..budget import Budget
from ..rules.bits import bit_cells
from ..rules.spec import BoardSpec
from ..rules.symmetry import symmetries
from .threat_tree import PythonSearches, ThreatSearches

GameNode = list[object]
"""An X node ``[m]`` / ``[m, o]`` or an O node ``[zone, threat, replies]``, as the proof file has them."""
Bounded = tuple[GameNode, int]
"""A node and its bound: the most plies to X's five from it."""

QUIET_CANDIDATES = 6
"""How many quiet moves an X node tries, best first by the pattern board's scores, of those that
leave X a threat (``QUIET_POOL``)."""
QUIET_POOL = 16
"""How many of the best-scored cells an X node looks through for its quiet moves. A quiet move must
leave X a threat were O to pass, and the scores, which count O's lines as well as X's, put first
many cells that only block O: after ``h8 g5 i9 f6``, four of the six best (d8, h4, e7, i3)
threaten nothing. Looking further, ``h8 h5 g9 g5``, not proven in 20 million nodes, is proven in
4.4 million (README, "The proof of Gomoku")."""
VCT_NODES = 20_000
"""The threat search an X node makes before it tries quiet moves."""
THREAT_TREE_NODES = 10_000
"""What writing out one threat tree may cost; a tree that needs more is taken as not found, and the
move that needed it as no threat. Most trees cost a few hundred nodes; the dear ones belong to slow
threats, whose O nodes need the most replies proven. At 200,000, the searches for trees not found
(given up at the bound, or found to be none) took 34% to 42% of the nodes of three units beside
the centre; at 10,000, of eight units proven before, one more is proven within 4 million nodes and
the five proven both ways take 17% fewer (README, "The proof of Gomoku")."""


@dataclass(slots=True)
class Defence:
    """O to move in a proof: the replies that need a proof of their own, and what answers the rest."""

    needed: list[int]
    least: int
    """The most plies the replies not in ``needed`` take to X's five."""
    head: list[object]
    """What the O node holds before its replies: ``[zone, threat]``, or nothing when X's threat
    leaves every other reply lost at once."""

    def node(self, replies: list[object], longest: int) -> Bounded:
        """The O node with ``replies`` proven (the longest of them in ``longest`` plies), and its bound."""
        return [*self.head, replies], max(self.least, 1 + longest)


@dataclass(slots=True)
class Prover:
    """Proves X's wins over one board, remembering the positions already settled.

    ``budget`` bounds the whole run.
    """

    budget: Budget
    proven: dict[tuple[int, int], Bounded] = field(default_factory=dict)
    failed: dict[tuple[int, int], list[tuple[int, int]]] = field(default_factory=dict)
    """Marks -> the quiet moves and the plies with which no proof was found; fewer of either find
    none either."""
    search: ThreatSearches = field(default_factory=PythonSearches)
    """X's threat searches, which share what they found: a search often meets a position an
    earlier one settled, one move of each side further on. Compiled ones
    (``compiled.compiled_searches``) give the same proofs sooner."""

    def prove_x(self, board: LineBoard, quiet: int, plies: int | None = None) -> GameNode | None:
        """X to move: the proof of X's win, within ``plies`` when given, or None when none is found
        (the board is left as it was). No line is longer than the board has cells, so that many
        plies is no limit at all."""
        found = self._prove_x(board, quiet, board.spec.cells if plies is None else plies)
        return None if found is None else found[0]

    def threats(self, board: LineBoard, plies: int, nodes: int | None = None) -> Bounded | None:
        """X to move: X's win by threats alone within ``plies`` (no quiet move), with its bound.

        With ``nodes``, a search that would spend more gives up and answers None, unless the whole
        budget is spent too (then it raises ``OutOfBudget``): a caller weighing many positions
        keeps one hard one from taking the budget of all the rest. What it settled on the way is
        remembered; the position it gave up on is not taken as failed."""
        if nodes is None:
            return self._prove_x(board, 0, plies)
        whole = self.budget

        def search(part: Budget) -> Bounded | None:
            self.budget = part
            try:
                return self._prove_x(board, 0, plies)
            finally:
                self.budget = whole

        return whole.try_part(nodes, search)

    def remember(self, board: LineBoard, found: Bounded) -> None:
        """Keep ``found``, a proof of X's win from ``board`` found by another search, unless a
        shorter one is known."""
        key = (board.stones[X], board.stones[O])
        known = self.proven.get(key)
        if known is None or known[1] > found[1]:
            self.proven[key] = found

    def prove_o(self, board: LineBoard, quiet: int, plies: int | None = None) -> GameNode | None:
        """O to move: the zone, its threat tree and a proof for each reply inside it (within
        ``plies`` when given), or None."""
        found = self._prove_o(board, quiet, board.spec.cells if plies is None else plies)
        return None if found is None else found[0]

    def _prove_x(self, board: LineBoard, quiet: int, plies: int) -> Bounded | None:
        self.budget.spend()
        key = (board.stones[X], board.stones[O])
        known = self.proven.get(key)
        if known is not None and known[1] <= plies:
            return known
        failures = self.failed.get(key, [])
        if any(quiet <= was_quiet and plies <= was_plies for was_quiet, was_plies in failures):
            return None
        found = self._attack(board, quiet, plies)
        if found is None:
            failures[:] = [(was_quiet, was_plies) for was_quiet, was_plies in failures
                           if was_quiet > quiet or was_plies > plies]
            failures.append((quiet, plies))
            self.failed[key] = failures
        else:
            self.proven[key] = found
        return found

    def _attack(self, board: LineBoard, quiet: int, plies: int) -> Bounded | None:
        if board.fives[X]:
            return ([min(board.fives[X])], 1) if plies > 0 else None
        if plies < 3:  # without a five-cell, X needs a move, O's reply and X's five at the least
            return None
        blocks = board.fives[O]
        if len(blocks) > 1:
            return None
        if blocks:
            return self._try(board, min(blocks), quiet, plies)
        start = self.budget.try_part(VCT_NODES, lambda part: self.search.win(board, part))
        tried = set()
        if start is not None:
            tried.add(start[0])
            node = self._try(board, start[0], quiet, plies)
            if node is not None:
                return node
        # O's threat to win next (an open three) must be answered first; the answer costs no quiet move.
        blocking = [cell for cell in sorted(board.defences(O) if board.winning[O] else ())
                    if cell not in tried]
        for move in blocking:
            node = self._try(board, move, quiet, plies)
            if node is not None:
                return node
        if blocking or quiet == 0:
            return None
        untried = [cell for cell in ranked(board) if cell not in tried]
        for move, defence in self._quiet_moves(board, untried, plies):
            node = self._try(board, move, quiet - 1, plies, defence)
            if node is not None:
                return node
        return None

    def _quiet_moves(self, board: LineBoard, cells: list[int], plies: int) -> list[tuple[int, Defence]]:
        """The first ``QUIET_CANDIDATES`` of the first ``QUIET_POOL`` of ``cells`` that leave X a
        threat were O to pass, each with O's defence against it."""
        found: list[tuple[int, Defence]] = []
        for cell in cells[:QUIET_POOL]:
            board.play(cell)
            try:
                defence = self.defence(board, plies - 1)
            finally:
                board.undo()
            if defence is not None:
                found.append((cell, defence))
                if len(found) == QUIET_CANDIDATES:
                    break
        return found

    def _try(self, board: LineBoard, move: int, quiet: int, plies: int,
             defence: Defence | None = None) -> Bounded | None:
        """X's ``move`` and its proof, O's ``defence`` against it given when it is known already."""
        if move in board.fives[X]:
            return [move], 1
        board.play(move)
        try:
            reply = self._prove_o(board, quiet, plies - 1, defence)
        finally:
            board.undo()
        return None if reply is None else ([move, reply[0]], 1 + reply[1])

    def _prove_o(self, board: LineBoard, quiet: int, plies: int,
                 found: Defence | None = None) -> Bounded | None:
        if found is None:
            found = self.defence(board, plies)
        if found is None:
            return None
        replies = self._replies(board, found.needed, quiet, plies - 1)
        return None if replies is None else found.node(replies[0], replies[1])

    def defence(self, board: LineBoard, plies: int, tree_nodes: int | None = None) -> Defence | None:
        """O to move: the replies that need a proof of their own and what answers the rest, or None
        when X does not threaten or the rest would take more than ``plies``. Writing out X's threat
        tree may cost ``tree_nodes`` (``THREAT_TREE_NODES`` when not given); a tree that needs more is
        taken as not found."""
        if board.fives[O] or plies < 2:  # O's reply and X's five at the least
            return None
        forced = self.search.forced(board)
        if forced is not None:
            # The replies not listed lose at once: in two plies to X's five-cell, else in four.
            unlisted = (board.spec.full_mask & ~board.occupied).bit_count() > len(forced)
            least = (2 if board.fives[X] else 4) if unlisted else 0
            return Defence(forced, least, []) if least <= plies else None
        zone: set[int] = set()
        board.pass_turn()
        try:
            most = THREAT_TREE_NODES if tree_nodes is None else tree_nodes
            found = self.budget.try_part(most, lambda part: self.search.tree(board, zone, part))
        finally:
            board.undo()
        if found is None:
            return None
        threat, bound = found
        # The threat tree answers the replies outside the zone, if there are any.
        least = 1 + bound if board.spec.full_mask & ~board.occupied & ~sum(1 << cell for cell in zone) else 0
        if least > plies:
            return None
        needed = [cell for cell in self._empty(board) if cell in zone]
        return Defence(distinct_replies(board.spec, board.stones[X], board.stones[O], needed), least,
                       [sorted(zone), threat])

    def _replies(self, board: LineBoard, needed: list[int], quiet: int,
                 plies: int) -> tuple[list[object], int] | None:
        """Each of O's ``needed`` replies with X's proof after it (within ``plies``) and the longest
        bound among them, or None when one has none."""
        replies: list[object] = []
        longest = 0
        for reply in needed:
            board.play(reply)
            try:
                node = self._prove_x(board, quiet, plies)
            finally:
                board.undo()
            if node is None:
                return None
            replies.append([reply, node[0]])
            longest = max(longest, node[1])
        return replies, longest

    @staticmethod
    def _empty(board: LineBoard) -> list[int]:
        return bit_cells(board.spec.full_mask & ~board.occupied)


def ranked(board: LineBoard) -> list[int]:
    """The candidates for a quiet move, best first by their full pattern scores for both sides."""
    return sorted(board.candidates(),
                  key=lambda cell: (-board.pattern_score(X, cell) - board.pattern_score(O, cell), cell))


def distinct_replies(spec: BoardSpec, x_marks: int, o_marks: int, cells: list[int]) -> list[int]:
    """``cells`` less those a symmetry of the position maps onto one kept earlier."""
    table = symmetries(spec)
    fixing = [index for index in range(1, len(table))
              if table.transform(x_marks, index) == x_marks and table.transform(o_marks, index) == o_marks]
    if not fixing:
        return cells
    kept: list[int] = []
    seen: set[int] = set()
    for cell in cells:
        if any(table.permutations[index][cell] in seen for index in fixing):
            continue
        kept.append(cell)
        seen.add(cell)
    return kept
