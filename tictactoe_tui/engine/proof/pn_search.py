"""Proof-number search over X's quiet moves and O's replies, for positions the prover's depth-first
search gives up on.

The depth-first search (``prover``) tries X's quiet moves in a fixed order, each to the end, and
spends its budget on the first that fails late. Proof-number search (Allis's, as in his proof of
Gomoku) grows one tree instead and always expands the node that would do most to settle the root:
the quiet move whose O replies are fewest and easiest. Its leaves are the prover's own steps: an X
node is proven when the prover finds a win by threats alone, and an X move gives an O node only if,
were O to pass, X would win by threats; that threat's zone names the replies that need a proof of
their own. So every tree found is one the checker reads, within the plies asked for.

A search for a win by threats alone can run on through threat after threat for millions of nodes.
Each is bounded (``LEAF_NODES`` at first): one that gives up leaves its node a leaf that looks
costlier, searched again with more only when it is the most proving once more. Unbounded, one such
search could take the budget of the whole tree; cut off for good, the wins it would have found
were lost. For the same reason an O node weighs at least what has been spent below it
(``EFFORT``): a reply whose proof number stays small however much its tree costs would otherwise
keep the search from its siblings.

Proof numbers can still lead the search the wrong way at the root, where a move that wins looks
dear beside moves that do not; ``prove`` may be given the root's move, so that a position can be
split by its first moves, each searched on a budget of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bigboard.lineboard import LineBoard, O, X
from .prover import QUIET_POOL, THREAT_TREE_NODES, Bounded, Defence, GameNode, Prover, ranked

INFINITE = 1 << 40
"""A proof or disproof number that no sum of real ones reaches."""
LEAF_NODES = 30_000
"""What an X node's first search for a win by threats alone may spend. Some of those searches run
on through threat after threat: one that gives up is tried again with ``GROWTH`` times as much only
when its node is the most proving again, and its proof number grows with what it has cost, so that
one hard node cannot take the budget of all the others."""
GROWTH = 4
LEAF_COST = LEAF_NODES
"""The nodes that weigh as one leaf in the proof number of an X node whose search for a win by
threats gave up: one that gave up at a bound of ``B`` nodes weighs ``1 + B // LEAF_COST``, beside
an O node that weighs its count of replies. At ``LEAF_NODES`` such a node stays cheap and is
searched again soon; at a few thousand (what a leaf's win costs) it grows dear at once. Each
proves units the other does not: ``h8 f2 i9 h4``, not proven in 50 million nodes at the default,
is proven in 4.0 million at 3,000; ``h8 g6 i9 j9``, proven in 2.9 million at the default, is not
in 20 million at 3,000."""

TREE_COST = 250
"""The nodes that weigh as one in the proof number of an O node whose threat tree gave up (at the
prover's ``THREAT_TREE_NODES`` at first): one that gave up at a bound of ``B`` nodes weighs
``1 + B // TREE_COST``, at the first bound 41, about what an O node with 40 replies to prove
weighs. Taken as no threat, some such moves were the ones that win: after ``h8 h7 g8 i7``, X's g7
(the first of ``x_moves``) leaves a threat whose tree takes 13,550 nodes, with 84 replies in its
zone. The unit was not proven in a billion nodes; with g7 its only first move, the tree given
more, it is proven in 135 million. Waiting, such a move is judged again, each time with
``GROWTH`` times the bound, once its siblings look as dear."""

WAITING = 1
"""The deepest O nodes that wait when their threat tree gives up; deeper ones are taken as no
threat. Waiting at every depth, five units proven before took 142 million nodes instead of 84
million; at the root's moves alone, 103 million."""

EFFORT = 30_000
"""The threat-search nodes spent below an O node that weigh as one in its proof number, which is
never less than that count. After ``h8 h7 g8 f7 i8 j8``, two of X's quiet moves leave 40 replies
each; the search took the first, g7, whose 39 easy replies were soon proven and whose last, g9,
kept a proof number near 10 while it took 200 million nodes and proved nothing. The other, g9, is
proven in 219,366. Weighed by what they cost, the search turns to g9 and proves the position in
3.2 million nodes (8.9 million at 100,000 a unit); five units proven before took 84 million nodes
instead of 191 million (132 million at 100,000)."""


@dataclass(slots=True, eq=False)
class _Node:
    move: int
    """The move that led here (-1 at the root)."""
    depth: int
    """Plies from the root."""
    proof: int = 1
    disproof: int = 1
    children: list[_Node] | None = None
    """None until expanded."""
    won: Bounded | None = None
    """An X node: the prover's proof by threats alone, if it found one."""
    gave_up: int = 0
    """The bound an X node's search for a win by threats, or an O node's for X's threat tree, last
    gave up at (0: none did)."""
    defence: Defence | None = None
    """An O node: the replies that need a proof, and what answers the rest."""
    spent: int = 0
    """The threat-search nodes spent below this node since it was made, as ``EFFORT`` weighs them."""


def prove(prover: Prover, board: LineBoard, plies: int, leaf_cost: int = LEAF_COST,
          first: int | None = None) -> GameNode | None:
    """X to move on ``board``: the proof of X's win within ``plies``, or None when the search ends
    without one (the board is left as it was). Raises ``OutOfBudget`` when the prover's budget runs
    out. ``leaf_cost`` is as ``LEAF_COST`` says. With ``first``, X's move at the root is that one
    alone, unless X wins by threats from the root."""
    root = _Node(-1, 0)
    _judge_x(prover, board, root, plies, leaf_cost)
    while root.proof and root.disproof:
        path = _most_proving(board, root)
        before = prover.budget.nodes
        try:
            moves = [first] if path[-1] is root and first is not None else None
            _expand(prover, board, path[-1], plies, leaf_cost, moves)
        finally:
            for node in reversed(path):
                node.spent += prover.budget.nodes - before
                _update(prover, board, node)
                if node is not root:
                    board.undo()
    return None if root.proof else _tree_x(root)[0]


def _most_proving(board: LineBoard, root: _Node) -> list[_Node]:
    """The path from the root to the leaf to expand next, its moves played on ``board``."""
    path = [root]
    node = root
    while node.children is not None:
        key = (lambda child: child.proof) if node.depth % 2 == 0 else (lambda child: child.disproof)
        node = min(node.children, key=key)
        board.play(node.move)
        path.append(node)
    return path


def _expand(prover: Prover, board: LineBoard, node: _Node, plies: int, leaf_cost: int,
            moves: list[int] | None = None) -> None:
    """Give ``node`` its children, each judged as it is made; an X node's are after ``moves`` when
    given, else after ``x_moves``."""
    children: list[_Node] = []
    if node.depth % 2 == 0:
        if node.gave_up:  # its search for a win by threats goes on before any quiet move
            _judge_x(prover, board, node, plies, leaf_cost)
            if node.gave_up or not (node.proof and node.disproof):
                return
        for move in x_moves(board) if moves is None else moves:
            child = _child(prover, board, node, move, plies, leaf_cost)
            if child.disproof:
                children.append(child)
    else:
        if node.gave_up:  # X's threat tree is looked for again, with more, before any reply
            _judge_o(prover, board, node, plies)
            if node.gave_up or not (node.proof and node.disproof):
                return
        assert node.defence is not None
        for reply in node.defence.needed:
            children.append(child := _child(prover, board, node, reply, plies, leaf_cost))
            if not child.disproof:  # the O node is lost, and its other replies need no look
                break
    node.children = children


def _child(prover: Prover, board: LineBoard, node: _Node, move: int, plies: int, leaf_cost: int) -> _Node:
    """``node``'s child after ``move``, judged."""
    child = _Node(move, node.depth + 1)
    board.play(move)
    try:
        if node.depth % 2 == 0:
            _judge_o(prover, board, child, plies)
        else:
            _judge_x(prover, board, child, plies, leaf_cost)
    finally:
        board.undo()
    return child


def x_moves(board: LineBoard) -> list[int]:
    """X's moves worth a node: O's five-cell if it has one, the answers to O's threat to win if
    it threatens, else the best-scored cells (``prover.QUIET_POOL``) but X's fours, and after them
    every other cell where X makes an open three. Those that leave X no threat were O to pass are
    dropped as they are judged (at the root, those whose threat tree gave up wait: ``WAITING``).

    The scores rank first the cells that block O as well as build, and an open three that only
    builds can rank below the pool: after ``h8 h7 g8 f7 i8 f8 i7 i9 j8 k8 h6 k9 j6 g9``, X's
    three j5, 18th, wins, and without it the search ends with no proof after 84 million nodes; with
    it, the position is proven in 300,363. A three leaves O three or four replies, so it costs
    little to look at.

    A four leaves O one reply, so its O node looks the cheapest of all, and a line of fours keeps
    its proof number small however deep it goes, while the four that won by threats alone is found
    by the threat search anyway. Let in, such lines took the search's nodes: ``h8 h7 g8 e6``, not
    proven in a billion nodes, is proven in 19 million without them. Nor is the pool filled up
    again from any cells after it: so widened, the search proved 6 of 9 units that this one proves
    within 100 million nodes (README, "The proof of Gomoku")."""
    blocks = board.fives[O]
    if blocks:
        return sorted(blocks) if len(blocks) == 1 else []
    if board.winning[O]:
        return sorted(board.defences(O))
    pool = ranked(board)
    return ([cell for cell in pool[:QUIET_POOL] if cell not in board.fours[X]]
            + [cell for cell in pool[QUIET_POOL:] if cell in board.threes[X]])


def _judge_x(prover: Prover, board: LineBoard, node: _Node, plies: int, leaf_cost: int) -> None:
    """An X node is proven when X wins by threats alone within the plies left, and lost when
    fewer are left than a quiet move and a win by threats need. When that search gives up, the
    node waits with a proof number that grows with what the search has cost."""
    left = plies - node.depth
    bound = node.gave_up * GROWTH or LEAF_NODES
    before = prover.budget.nodes
    node.won = prover.threats(board, left, bound)
    # Only a search that gave up spends its whole bound: the prover counts a node before it looks.
    node.gave_up = bound if node.won is None and prover.budget.nodes - before >= bound else 0
    if node.won is not None:
        node.proof, node.disproof = 0, INFINITE
    elif left < 5:  # a quiet move, O's reply, and then three plies at the least for a threat's win
        node.proof, node.disproof = INFINITE, 0
    elif node.gave_up:
        node.proof = 1 + node.gave_up // leaf_cost


def _judge_o(prover: Prover, board: LineBoard, node: _Node, plies: int) -> None:
    """An O node stands only if X threatens a win within the plies left; it is proven at once when
    no reply needs a proof of its own. When writing out X's threat tree gave up, the node waits,
    weighing what the tree has cost (``TREE_COST``), to be judged again with more."""
    bound = node.gave_up * GROWTH or THREAT_TREE_NODES
    before = prover.budget.nodes
    node.defence = prover.defence(board, plies - node.depth, bound)
    gave_up = node.defence is None and prover.budget.nodes - before >= bound and node.depth <= WAITING
    node.gave_up = bound if gave_up else 0
    if node.gave_up:
        node.proof = 1 + node.gave_up // TREE_COST
    elif node.defence is None:
        node.proof, node.disproof = INFINITE, 0
    elif not node.defence.needed:
        node.proof, node.disproof, node.children = 0, INFINITE, []
    else:
        node.proof = len(node.defence.needed)


def _update(prover: Prover, board: LineBoard, node: _Node) -> None:
    """``node``'s numbers from its children's, ``board`` at ``node``. An X node just proven gets its
    tree at once: the prover remembers it, so that the same marks reached by other moves are proven
    in one look-up, and the tree below it is of no further use."""
    children = node.children
    if children is None:
        return
    if node.depth % 2 == 0:
        node.proof = min((child.proof for child in children), default=INFINITE)
        node.disproof = min(INFINITE, sum(child.disproof for child in children))
        if not node.disproof:
            node.children = []  # a lost X node's tree is of no further use
        elif not node.proof and node.won is None:
            node.won = _tree_x(node)
            prover.remember(board, node.won)
            node.children = []
    else:
        node.proof = min(INFINITE, sum(child.proof for child in children))
        node.disproof = min((child.disproof for child in children), default=INFINITE)
        if node.proof and node.disproof:
            node.proof = max(node.proof, node.spent // EFFORT)


def _tree_x(node: _Node) -> Bounded:
    if node.won is not None:
        return node.won
    assert node.children
    move, (tree, bound) = min(((child.move, _tree_o(child)) for child in node.children if not child.proof),
                              key=lambda found: found[1][1])
    return [move, tree], 1 + bound


def _tree_o(node: _Node) -> Bounded:
    assert node.defence is not None and node.children is not None
    replies: list[object] = []
    longest = 0
    for child in node.children:
        tree, bound = _tree_x(child)
        replies.append([child.move, tree])
        longest = max(longest, bound)
    return node.defence.node(replies, longest)
