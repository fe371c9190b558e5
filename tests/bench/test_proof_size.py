"""The proof's size as a solution tree: a line of threats alone is one leaf, a quiet move is not.

The trees are written out move by move from positions one can draw (15x15k5, cells by name), so a
count that took a quiet move for a threat, or a threat for a quiet move, fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_atlas import _bench_module

from tictactoe_tui.engine.proof import archive, store
from tictactoe_tui.engine.rules.spec import BoardSpec

proof_size = _bench_module("proof_size")
check_proof = _bench_module("check_proof")

SPEC = BoardSpec.parse("15x15k5")
Node = list[object]


def cell(name: str) -> int:
    return SPEC.parse_cell(name)


def moves(xs: str, os: str) -> list[int]:
    """X's marks and O's marks (as many of each) as a game from the empty board, X to move after it."""
    return [cell(name) for pair in zip(xs.split(), os.split(), strict=True) for name in pair]


def x(name: str, *replies: tuple[str, Node]) -> Node:
    """An X node: ``name`` makes five when no reply follows, else O's listed replies follow."""
    return [cell(name)] if not replies else [cell(name), [[[cell(reply), node] for reply, node in replies]]]


CORNERS = "a1 o1 a15 o15"

OPEN_FOUR = x("i8", ("e8", x("j8")), ("j8", x("e8")))
"""From f8 g8 h8: i8 makes the open four f8-i8, and X makes five at whichever end O leaves."""

SEPARATE = ("f8 g8 c3 d3", CORNERS)
"""Two pairs of X: no threat on the board."""

THREE_THEN_QUIET = x("e3", ("f3", x("m13", ("n14", x("h8", ("a2", OPEN_FOUR))))))
"""e3 makes the open three c3-e3 (a threat), O blocks at f3, and X's m13 threatens nothing: O's n14
is a free move. Only then h8 (the open three f8-h8) and i8 (the open four) win by threats alone."""


def count(position: tuple[str, str], tree: Node) -> tuple[int, int]:
    """(game positions, solution-tree positions)."""
    played = moves(*position)
    return check_proof.game_positions(tree, "x"), len(proof_size.solution_positions(SPEC, played, tree))


def test_a_win_by_threats_alone_is_one_leaf() -> None:
    assert count(("f8 g8 h8", "a1 o1 a15"), OPEN_FOUR) == (4, 1)


def test_a_quiet_move_and_the_reply_it_allows_count() -> None:
    # X's quiet m13, O's node, and the leaf after O's reply n14: three positions.
    assert count(SEPARATE, x("m13", ("n14", x("h8", ("a2", OPEN_FOUR))))) == (8, 3)


def test_a_threat_above_a_quiet_move_counts_with_it() -> None:
    # e3 and its O node, m13 and its O node, and the leaf h8: the threat e3 is no leaf, since the
    # line below it gives O a free move.
    assert count(SEPARATE, THREE_THEN_QUIET) == (10, 5)


@pytest.mark.parametrize("name", ["m13", "e3"])
def test_the_threat_test_reads_the_board(name: str) -> None:
    # The same moves from a board where X already has an open three: any X move leaves a threat.
    threatened = ("f8 g8 h8 c3 d3", f"{CORNERS} n2")
    tree = x(name, ("a2", x("i8", ("e8", x("j8")), ("j8", x("e8")))))
    assert count(threatened, tree) == (6, 1)


MIRRORED = x("m8", ("n14", x("h8", ("a2", OPEN_FOUR))), ("n2", x("h8", ("a2", OPEN_FOUR))))
"""From f8 g8 against a1 a15 (a position the mirror between the rows maps onto itself): X's quiet m8
on the middle row, then O's n14 or its mirror image n2, each answered by h8, the open three that
wins by threats alone. Four positions; the two leaves are mirror images of each other."""


def figures_of(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    assert proof_size.main([str(path), "--processes", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()[1:]
    return {line[:22].strip(): line[22:].split()[0] for line in lines}


def test_the_script_counts_a_proof_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "proof.zip"
    branches = [{"moves": moves("f8 g8 h8", "a1 o1 a15"), "plies": 3, "tree": OPEN_FOUR},
                {"moves": moves(*SEPARATE), "plies": 9, "tree": THREE_THEN_QUIET}]
    archive.write(path, store.empty_document(), branches)
    figures = figures_of(path, capsys)
    assert (figures["branches"], figures["game positions"], figures["solution tree"]) == ("2", "14", "6")
    assert (figures["distinct"], figures["up to symmetry"]) == ("6", "6")


def test_a_position_met_twice_counts_once_and_mirror_images_once_up_to_symmetry(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The same position twice, its moves in another order: the tree's four positions twice over,
    # four of them distinct, three once the mirror images of the leaves count as one.
    path = tmp_path / "proof.zip"
    branches = [{"moves": moves("f8 g8", "a1 a15"), "plies": 9, "tree": MIRRORED},
                {"moves": moves("g8 f8", "a15 a1"), "plies": 9, "tree": MIRRORED}]
    archive.write(path, store.empty_document(), branches)
    figures = figures_of(path, capsys)
    assert (figures["solution tree"], figures["distinct"], figures["up to symmetry"]) == ("8", "4", "3")
