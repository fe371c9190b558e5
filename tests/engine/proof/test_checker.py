"""The proof checker against proofs built by hand from concrete positions, and against their corruptions.

Every proof here is written out from a position one can draw (cells by name), its bound worked out
in the comments, so that a checker that accepts too much (a wrong move, a missing reply, a zone that
does not hold) or counts wrongly fails a test. Boards are 15x15k5 unless said otherwise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tictactoe_tui.engine.proof import archive
from tictactoe_tui.engine.proof.checker import (
    REFERENCE,
    CheckReport,
    ProofError,
    check_branch,
    check_proof,
    load_document,
    stated_bounds,
)
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.spec import BoardSpec

Node = list[object]
SPEC = BoardSpec.parse("15x15k5")
SMALL = BoardSpec.parse("9x9k5")
CORNERS = "a1 o1 a15 o15"
SCATTERED = "a1 o1 a15 o15 a8 o8 h1"
"""O marks no two of which share a line of five cells, so that no guard ever counts two of them."""


def cell(name: str, spec: BoardSpec = SPEC) -> int:
    return spec.parse_cell(name)


def moves(xs: str, os: str, spec: BoardSpec = SPEC) -> list[int]:
    """X's marks and O's marks (as many of each) as a game from the empty board, X to move after it."""
    x_cells, o_cells = xs.split(), os.split()
    assert len(x_cells) == len(o_cells)
    return [cell(name, spec) for pair in zip(x_cells, o_cells, strict=True) for name in pair]


def five(name: str, spec: BoardSpec = SPEC) -> Node:
    return [cell(name, spec)]


def x_move(name: str, after: Node, spec: BoardSpec = SPEC) -> Node:
    return [cell(name, spec), after]


def game_o(zone: str | None, threat: Node | None, replies: dict[str, Node], spec: BoardSpec = SPEC) -> Node:
    cells = None if zone is None else [cell(name, spec) for name in zone.split()]
    return [cells, threat, [[cell(reply, spec), node] for reply, node in replies.items()]]


def tree_o(replies: dict[str, Node]) -> Node:
    return [[cell(reply), node] for reply, node in replies.items()]


def open_four_answer(one: str, other: str) -> Node:
    """O to move against an open four whose five-cells are ``one`` and ``other``: 2 plies, 4 nodes."""
    return game_o(f"{one} {other}", five(one), {one: five(other), other: five(one)})


def document(branches: list[tuple[list[int], Node, int]], /, **fields: object) -> dict[str, object]:
    found: dict[str, object] = {"format": "tictactoe-tui gomoku proof", "version": 3, "board": "15x15k5",
                                "branches": [{"moves": played, "plies": plies, "tree": tree}
                                             for played, tree, plies in branches]}
    found.update(fields)
    return found


def rejected(xs: str, os: str, tree: object, *words: str, spec: BoardSpec = SPEC) -> str:
    """Check that the proof is refused with a message naming every one of ``words``."""
    with pytest.raises(ProofError) as caught:
        check_branch(spec, moves(xs, os, spec), tree)
    message = str(caught.value)
    assert all(word in message for word in words), message
    return message


# Proofs that hold

OPEN_THREE = ("f8 g8 h8", "a1 o1 a15")
OPEN_THREE_PROOF = x_move("i8", open_four_answer("e8", "j8"))
"""X makes the open four f8-i8; whatever O does, X makes five: 3 plies; nodes: i8, O, two replies, tree."""


def test_an_open_four_is_one_ply() -> None:
    assert check_branch(SPEC, moves("f8 g8 h8 i8", CORNERS), five("e8")) == (1, 1)
    assert check_branch(SPEC, moves("f8 g8 h8 i8", CORNERS), five("j8")) == (1, 1)


def test_an_open_three_becomes_an_open_four() -> None:
    assert check_branch(SPEC, moves(*OPEN_THREE), OPEN_THREE_PROOF) == (5, 3)


FOUR_THREE = ("f8 g8 h8 i6 i7", "e8 a1 o1 a15 o15")
FOUR_THREE_PROOF = x_move("i8", game_o("j8", five("j8"), {"j8": x_move("i9", open_four_answer("i5", "i10"))}))
"""i8 makes the four f8-i8 (e8 is O's, so j8 is the one five-cell) and the open three i6-i8. O must block
j8 (every other reply loses to the tree j8), then i9 makes the open four i6-i9. Bound: the inner O node
2, i9 3, the O node 1 + max(3, 1) = 4, i8 5. Nodes: i8, O, tree, i9, O, tree, two replies: 8."""


def test_a_four_three() -> None:
    assert check_branch(SPEC, moves(*FOUR_THREE), FOUR_THREE_PROOF) == (8, 5)


def test_zone_null_lists_every_reply_on_a_small_board() -> None:
    # 9x9: c5-f5 is an open four (b5, g5). Every one of the 81 - 7 empty cells gets its own reply.
    position = Position.from_moves(SMALL, [*moves("c5 d5 e5", "a1 i1 a9", SMALL), cell("f5", SMALL)])
    replies = {SMALL.cell_name(reply): five("g5" if SMALL.cell_name(reply) == "b5" else "b5", SMALL)
               for reply in position.legal_moves}
    assert len(replies) == 81 - 7
    tree = x_move("f5", game_o(None, None, replies, SMALL), SMALL)
    assert check_branch(SMALL, moves("c5 d5 e5", "a1 i1 a9", SMALL), tree) == (2 + 74, 3)
    del replies["e9"]
    rejected("c5 d5 e5", "a1 i1 a9", x_move("f5", game_o(None, None, replies, SMALL), SMALL),
             "O's reply e9", "needs a proof", spec=SMALL)


def test_a_threat_tree_counts_in_the_bound_only_when_a_reply_lies_outside_the_zone() -> None:
    # The zone is every empty cell, each with its reply: the threat tree (a2, then two five-cells of X:
    # 1 + 2 = 3 plies) answers no reply, so it is checked and counted as nodes, not in the bound.
    position = Position.from_moves(SMALL, [*moves("c5 d5 e5", "a1 i1 a9", SMALL), cell("f5", SMALL)])
    names = [SMALL.cell_name(reply) for reply in position.legal_moves]
    replies = {name: five("g5" if name == "b5" else "b5", SMALL) for name in names}
    threat = x_move("a2", [], SMALL)
    tree = x_move("f5", game_o(" ".join(names), threat, replies, SMALL), SMALL)
    assert check_branch(SMALL, moves("c5 d5 e5", "a1 i1 a9", SMALL), tree) == (2 + 74 + 2, 3)
    # Leave b1 out of the zone: the stray there is answered by the tree, now the longest line.
    del replies["b1"]
    zone = " ".join(name for name in names if name != "b1")
    tree = x_move("f5", game_o(zone, threat, replies, SMALL), SMALL)
    assert check_branch(SMALL, moves("c5 d5 e5", "a1 i1 a9", SMALL), tree) == (2 + 73 + 2, 1 + 1 + 3)


def _lower_half_replies(xs: str, os: str) -> Node:
    """After X's f5 (open four c5-f5 on 9x9), replies for the empty cells of rows 1 to 5 only."""
    position = Position.from_moves(SMALL, [*moves(xs, os, SMALL), cell("f5", SMALL)])
    lower = [reply for reply in position.legal_moves if reply < 5 * 9]
    replies = {SMALL.cell_name(reply): five("g5" if SMALL.cell_name(reply) == "b5" else "b5", SMALL)
               for reply in lower}
    return x_move("f5", game_o(None, None, replies, SMALL), SMALL)


def test_zone_null_replies_may_be_left_to_a_symmetry() -> None:
    # X on row 5 and O on a1, a9, i5: the flip of the rows keeps the position, so the replies on rows 6
    # to 9 mirror those on rows 1 to 4. Listed: the 45 cells of rows 1-5 less a1, i5 and c5-f5.
    assert check_branch(SMALL, moves("c5 d5 e5", "a1 a9 i5", SMALL),
                        _lower_half_replies("c5 d5 e5", "a1 a9 i5")) == (2 + 45 - 6, 3)
    # O on a8 instead of a9: nothing maps the position onto itself any more, and a6 has no proof.
    rejected("c5 d5 e5", "a1 a8 i5", _lower_half_replies("c5 d5 e5", "a1 a8 i5"),
             "O's reply a6", "needs a proof", spec=SMALL)


def _double_three(corners: str) -> tuple[list[int], Node]:
    """h8 makes the threes f8-h8 and h6-h8 at once; every reply of O lets X make an open four.

    The zone is e8, i8, j8 (what the tree, i8 and its two five-cells, needs) and their mirror images
    h5, h9, h10 in the diagonal through h8; only e8, i8 and j8 are answered, by h9: the open four
    h6-h9. Bound: each answer 3 (h9, O, five), the tree 1 + 2 = 3, O's node 4, h8 5.
    Nodes: h8, O, the tree's two, and 5 for each of the three answers: 19.
    """
    answers = {reply: x_move("h9", open_four_answer("h5", "h10")) for reply in ("e8", "i8", "j8")}
    o_node = game_o("e8 i8 j8 h5 h9 h10", x_move("i8", []), answers)
    return moves("f8 g8 h6 h7", corners), x_move("h8", o_node)


def test_replies_in_the_zone_may_be_left_to_a_symmetry_of_the_position() -> None:
    assert check_branch(SPEC, *_double_three(CORNERS)) == (19, 5)
    # O on n1 instead of o1: the diagonal no longer maps O's marks onto O's marks.
    played, tree = _double_three("a1 n1 a15 o15")
    with pytest.raises(ProofError, match="O's reply h5 needs a proof"):
        check_branch(SPEC, played, tree)


A_ZONE = "h8 d8 e8 i8 j8 h4 h5 h9 h10"
"""With X on f8, g8, h6 and h7, h8 makes two open threes; these are the cells X's open fours need."""


def _b_double_three() -> Node:
    """X's l12 makes the threes j12-l12 and l10-l12; as the double three of ``_double_three``: 5 plies,
    nodes l12, O, the tree's two, and 5 for each of the three answers (l13, the open four l10-l13): 19."""
    answers = {reply: x_move("l13", open_four_answer("l9", "l14")) for reply in ("i12", "m12", "n12")}
    return x_move("l12", game_o("i12 m12 n12", x_move("m12", []), answers))


def test_threat_tree_replies_that_lose_in_four_plies() -> None:
    # X has two twos crossing at h8 (A) and two crossing at l12 (B) and plays h7. If O plays anywhere
    # outside A's zone, the tree plays h8: two open threes, and every reply of O leaves X an open four
    # (four plies, no reply listed): tree 1 + 4 = 5. A reply in the zone is answered by B's double
    # three (5). O's node 1 + 5 = 6, h7 7. Nodes: h7, O, the tree's two, 9 answers of 19: 175.
    answers = {reply: _b_double_three() for reply in A_ZONE.split()}
    tree = x_move("h7", game_o(A_ZONE, x_move("h8", []), answers))
    assert check_branch(SPEC, moves("f8 g8 h6 j12 k12 l10 l11", SCATTERED), tree) == (175, 7)


FLOOR = ("f8 g8 h6 h7 j12 k12 l12", SCATTERED)


def _floor_proof(tree: Node) -> Node:
    """X's m12 makes the open four j12-m12 (i12, n12, both outside the zone); replies in A's zone are
    answered by i12 at once, the others by ``tree``, which ignores the four."""
    return x_move("m12", game_o(A_ZONE, tree, {reply: five("i12") for reply in A_ZONE.split()}))


def test_the_bound_counts_four_plies_for_the_replies_a_threat_tree_does_not_list() -> None:
    # The answers are 1 ply; the tree h8 (the double three, no five-cell of X in the zone) is 1 + 4.
    # O's node is 1 + 5 and m12 7 (with 2 for the unlisted replies it would be 5). Nodes: m12, O,
    # the tree's two, 9 answers: 13.
    assert check_branch(SPEC, moves(*FLOOR), _floor_proof(x_move("h8", []))) == (13, 7)


def test_threat_tree_replies_that_make_o_a_four_must_be_listed() -> None:
    # O's a1-a3 (a6 is X's) leaves a4 and a5, both in the zone: O's reply on either makes a four, which
    # X must block before the double three, so both are listed. The tree's O node: 1 + (1 + 4) = 6
    # against 4 for the others; the tree 7, O's node 8, m12 9. Nodes: m12, O, the tree's X and O nodes,
    # two listed replies of two nodes each, and 11 answers: 19.
    played = moves("f8 g8 h6 h7 j12 k12 l12 a6", "a1 a2 a3 o1 a15 o15 o8 h1")
    zone = f"{A_ZONE} a4 a5"
    answers = {reply: five("i12") for reply in zone.split()}
    listed = x_move("h8", tree_o({"a4": x_move("a5", []), "a5": x_move("a4", [])}))
    assert check_branch(SPEC, played, x_move("m12", game_o(zone, listed, answers))) == (19, 9)
    with pytest.raises(ProofError, match="O's reply a4 is not among the replies, yet it does not lose"):
        check_branch(SPEC, played, x_move("m12", game_o(zone, x_move("h8", []), answers)))


def test_an_open_three_alone_must_have_its_blocks_listed() -> None:
    # h8 makes the open three f8-h8 and nothing else: O's e8 and i8 each leave X one five-cell at most.
    zone = "h8 d8 e8 i8 j8"
    tree = x_move("m12", game_o(zone, x_move("h8", []), {reply: five("i12") for reply in zone.split()}))
    rejected("f8 g8 j12 k12 l12", "a1 o1 a15 o15 h1", tree, "O's reply e8 is not among the replies")


def test_the_guard_is_read_before_x_moves_even_when_the_move_blocks() -> None:
    # O's a1-a3 with a5 outside the zone: the tree's first move a4 would block the line, but the doc
    # reads the guard where X is to move (at most 2 O marks), so the zone does not hold.
    answers = {"a4": five("e8"), "e8": five("j8"), "j8": five("e8")}
    rejected("f8 g8 h8", "a1 a2 a3", x_move("i8", game_o("a4 e8 j8", x_move("a4", []), answers)),
             "the zone does not hold: X is to move", "a1-a5 holds 3 O marks", "a5")


def test_a_whole_document_through_its_file(tmp_path: Path) -> None:
    path = tmp_path / "proof.zip"
    branches = [(moves(*OPEN_THREE), OPEN_THREE_PROOF, 3), (moves(*FOUR_THREE), FOUR_THREE_PROOF, 5)]
    whole = document(branches)
    archive.write(path, {**whole, "branches": []}, whole["branches"])  # type: ignore[arg-type]
    assert check_proof(load_document(path)) == CheckReport(branches=2, positions=13, plies=5,
                                                           branch_plies=(3, 5))


# Proofs that do not hold

def test_an_x_move_that_does_not_make_five() -> None:
    rejected("f8 g8 h8 i8", CORNERS, five("a2"), "X's a2", "does not make five")
    rejected("f8 g8 h8 i8", CORNERS, x_move("e8", open_four_answer("a2", "a3")), "X's e8 makes five",
             "must be [m]")


def test_an_x_move_that_is_no_threat() -> None:
    # X plays a2 instead of i8: after O's e8, X's j8 only makes a four.
    rejected(*OPEN_THREE, x_move("a2", open_four_answer("e8", "j8")), "a2 e8: X's j8", "does not make five")
    # The threat tree's d8 makes no double three: O's reply b1 (the first empty cell) does not lose at once.
    rejected(*FLOOR, _floor_proof(x_move("d8", [])), "(O passes) d8", "O's reply b1", "does not lose at once")


def test_a_missing_reply_in_the_zone() -> None:
    played, tree = _double_three(CORNERS)
    o_node = tree[1]
    assert isinstance(o_node, list) and isinstance(o_node[2], list)
    del o_node[2][1]  # i8, and with it h9, its mirror image
    with pytest.raises(ProofError, match="O's reply i8 needs a proof"):
        check_branch(SPEC, played, tree)
    rejected(*FOUR_THREE, x_move("i8", game_o("j8", five("j8"), {})), "O's reply j8", "needs a proof")


def test_a_zone_whose_guard_fails() -> None:
    # O on a3 rather than a8: a1-a5 holds two O marks and empty cells outside the zone. With O's
    # reply not listed and the stray there, O would have a five-cell while X plays on.
    message = rejected("f8 g8 h6 h7 j12 k12 l12", "a1 o1 a15 o15 a3 o8 h1", _floor_proof(x_move("h8", [])),
                       "the zone does not hold", "O is to move", "a1-a5", "holds 2 O marks")
    assert "(O passes) h8" in message


def test_a_threat_tree_that_plays_outside_its_zone() -> None:
    tree = x_move("i8", game_o("j8", five("e8"), {"j8": five("e8")}))
    rejected(*OPEN_THREE, tree, "plays e8, outside its zone")


def test_replies_outside_the_zone_need_a_threat_tree() -> None:
    rejected(*OPEN_THREE, x_move("i8", game_o("e8 j8", None, {"e8": five("j8"), "j8": five("e8")})),
             "outside the zone", "no threat tree")
    rejected(*OPEN_THREE, x_move("i8", game_o(None, five("e8"), {})), "threat tree but no zone")


def test_a_single_five_cell_of_x_must_be_blocked_in_the_tree() -> None:
    # The tree plays c8; O's e8 is listed, then X's d8 leaves one five-cell, j8, which O must block.
    tree = x_move("c8", tree_o({"e8": x_move("d8", [])}))
    replies = {"e8": five("j8"), "j8": five("e8"), "d8": five("e8"), "c8": five("e8")}
    rejected(*OPEN_THREE, x_move("i8", game_o("c8 d8 e8 j8", tree, replies)), "O's block at j8",
             "not among the replies")


def test_an_o_reply_that_makes_five() -> None:
    # O has a1-a4: X's open four does not stop O's five at a5.
    rejected("f8 g8 h8 c3", "a1 a2 a3 a4", x_move("i8", open_four_answer("e8", "j8")),
             "O is to move and makes five at a5")


def test_the_game_must_not_end_in_a_draw() -> None:
    tiny = BoardSpec.parse("3x1k3")
    with pytest.raises(ProofError, match="draw"):
        check_branch(tiny, [0, 1], [2, [None, None, []]])


@pytest.mark.parametrize(("tree", "words"), [
    ([], "X's node is not [m, o] or [m]"),
    ([cell("i8"), open_four_answer("e8", "j8"), 0], "X's node is not [m, o] or [m]"),
    (["i8"], "'i8' is not a cell number"),
    ([True], "'True' is not a cell number"),
    ([225], "X's move 225 is off the board"),
    ([-1], "X's move -1 is off the board"),
    ([cell("f8")], "X's move f8 is already taken"),
    ([cell("i8"), [None, None]], "O's node is not [zone, threat, replies]"),
    ([cell("i8"), ["e8 j8", None, []]], "the zone e8 j8 is neither null nor a list"),
    ([cell("i8"), [[cell("e8"), cell("e8")], [cell("e8")], []]], "the zone holds e8 twice"),
    ([cell("i8"), [None, None, {}]], "O's replies is not a list"),
    ([cell("i8"), [None, None, [[cell("e8")]]]], "is not a pair [r, x]"),
    ([cell("i8"), [None, None, [[cell("g8"), [cell("e8")]]]]], "O's reply g8 is already taken"),
    ([cell("i8"), [[cell("e8")], [cell("e8")], [[cell("e8"), [cell("j8")]], [cell("e8"), [cell("j8")]]]]],
     "O's reply e8 is listed twice"),
    ([cell("i8"), [[cell("e8")], [cell("e8")], [[cell("e8"), [cell("j8")]], [cell("j8"), "e8"]]]],
     "X's node is not [m, o] or [m]"),
])
def test_malformed_nodes(tree: object, words: str) -> None:
    message = rejected(*OPEN_THREE, tree, words)
    assert message.startswith("after f8 a1 g8 o1 h8 a15")


def test_malformed_branches() -> None:
    cases: list[tuple[Any, str]] = [
        ([cell("f8"), cell("f8")], "f8 is already taken"), ([cell("f8")], "O is to move"),
        (["f8", "a1"], "is not a cell number"), ([400, 0], "off the"), ("f8", "not a list"),
        (moves("f8 g8 h8 i8 j8", "a1 a2 a3 a4 a6"), "comes after the game ended"),
        (moves("f8 g8 h8 c3 n14", "a1 a2 a3 a4 a5"), "end the game")]
    for played, words in cases:
        with pytest.raises(ProofError, match=words):
            check_branch(SPEC, played, five("e8"))


def test_the_document_names_its_format_version_and_board() -> None:
    branches = [(moves(*OPEN_THREE), OPEN_THREE_PROOF, 3)]
    assert check_proof(document(branches)).positions == 5
    cases: list[tuple[dict[str, object], str]] = [
        ({"version": 2}, "version 2"), ({"version": True}, "version True"),
        ({"board": "9x9k5"}, "the board is '9x9k5'"), ({"board": "15x15k4"}, "the board is '15x15k4'"),
        ({"format": "something else"}, "the format"), ({"branches": []}, "non-empty"),
        ({"extra": 1}, "exactly"), ({"branches": [{"moves": []}]}, "branch 1: the branch is not an object")]
    for fields, words in cases:
        with pytest.raises(ProofError, match=words):
            check_proof(document(branches, **fields))


def test_a_failing_branch_is_named_with_its_path() -> None:
    broken = x_move("i8", game_o("e8 j8", five("e8"), {"e8": five("j8"), "j8": five("a2")}))
    with pytest.raises(ProofError) as caught:
        check_proof(document([(moves(*FOUR_THREE), FOUR_THREE_PROOF, 5), (moves(*OPEN_THREE), broken, 3)]))
    assert str(caught.value).startswith("branch 2: after f8 a1 g8 o1 h8 a15 i8 j8: X's a2")


def test_a_branch_must_state_its_trees_bound() -> None:
    # The open three's tree ends within 3 plies; a branch that says 2 (or 4) claims what it does not prove.
    for stated in (2, 4, "3"):
        with pytest.raises(ProofError, match="the branch says .* plies, its tree's bound is 3"):
            check_proof(document([(moves(*OPEN_THREE), OPEN_THREE_PROOF, stated)]))  # type: ignore[list-item]


def test_unreadable_files(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.zip"
    garbage.write_bytes(b"not a zip archive at all")
    whole = tmp_path / "whole.zip"
    proof = document([(moves(*OPEN_THREE), OPEN_THREE_PROOF, 3)])
    archive.write(whole, {**proof, "branches": []}, proof["branches"])  # type: ignore[arg-type]
    truncated = tmp_path / "truncated.zip"
    truncated.write_bytes(whole.read_bytes()[:-40])
    for path in (garbage, truncated, tmp_path / "missing.zip"):
        with pytest.raises(ProofError, match="cannot read the proof"):
            load_document(path)


# References: a branch made of others names them, and a whole check holds each to its statement

OPENED = moves(*OPEN_THREE)
I8 = cell("i8")
FOLDED = x_move("i8", game_o("e8 j8", five("e8"), {"e8": REFERENCE, "j8": REFERENCE}))  # type: ignore[dict-item]
"""The open three's proof with O's two replies proven in branches of their own."""
UNITS = [([*OPENED, I8, cell("e8")], five("j8"), 1), ([*OPENED, I8, cell("j8")], five("e8"), 1)]


def test_a_reference_takes_the_bound_its_branch_states_and_counts_its_positions_once() -> None:
    report = check_proof(document([(OPENED, FOLDED, 3), *UNITS]))
    # i8, O's node and the threat tree's five, then a five in each unit: the proof written out whole.
    assert (report.positions, report.plies) == (check_branch(SPEC, OPENED, OPEN_THREE_PROOF)[0], 3)
    assert report.branch_plies == (3, 1, 1)
    bounds = stated_bounds([{"moves": played, "plies": plies, "tree": tree} for played, tree, plies in UNITS])
    assert check_branch(SPEC, OPENED, FOLDED, bounds) == (3, 3)


def test_a_reference_to_a_branch_the_document_lacks_is_rejected() -> None:
    with pytest.raises(ProofError, match="after f8 a1 g8 o1 h8 a15 i8 j8: X's node refers to the branch"):
        check_proof(document([(OPENED, FOLDED, 3), UNITS[0]]))


def test_a_referenced_branch_that_states_the_wrong_bound_fails_the_whole_check() -> None:
    # The folded branch would take the unit at its word (3 plies becomes 4); the unit's own check
    # holds it to its tree, and the whole proof fails with it.
    wrong = (UNITS[1][0], UNITS[1][1], 2)
    with pytest.raises(ProofError, match="branch 3: the branch says 2 plies, its tree's bound is 1"):
        check_proof(document([(OPENED, FOLDED, 4), UNITS[0], wrong]))


def test_a_reference_stands_only_below_a_branch_s_start_and_only_in_the_game() -> None:
    itself = stated_bounds([{"moves": OPENED, "plies": 3, "tree": FOLDED}])
    with pytest.raises(ProofError, match="X's node is not"):
        check_branch(SPEC, OPENED, REFERENCE, itself)  # a branch proven by itself proves nothing
    in_threat = x_move("i8", game_o("e8 j8", REFERENCE, {"e8": five("j8"), "j8": five("e8")}))  # type: ignore[arg-type]
    with pytest.raises(ProofError, match="X's node is not"):
        check_proof(document([(OPENED, in_threat, 3), *UNITS]))
