"""The threat board: what it keeps equals a full rescan cut to the threat levels, after every move,
pass and undo, and it reads the same threats, keys and quiet-move scores as the pattern board.

The rescan is the pattern board's test's, read straight off the moves, so neither board's tables
check the other's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from test_patternboard import assert_sets_follow_classes, rescan, snapshot, walk

from tictactoe_tui.engine import Position
from tictactoe_tui.engine.bigboard import linechanges, patterns
from tictactoe_tui.engine.bigboard.lineboard import LineBoard
from tictactoe_tui.engine.bigboard.patternboard import PatternBoard
from tictactoe_tui.engine.bigboard.patterns import DEAD, WEAKEST_THREAT, cell_class
from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.rules.spec import Cell


def combination(levels: Sequence[int]) -> int:
    return ((levels[0] * 9 + levels[1]) * 9 + levels[2]) * 9 + levels[3]


def assert_matches_rescan(board: ThreatBoard, moves: Sequence[Cell]) -> None:
    """Every empty cell's kept levels are its true levels with the weak ones read as ``DEAD``; its
    class and threat sets are those of its true levels; its score is the worth of the kept
    levels, and ``pattern_score`` the worth of the true ones."""
    levels = rescan(board.spec, moves)
    _, worths = patterns.combinations()
    for side in (0, 1):
        for cell in range(board.spec.cells):
            true = levels[side][cell]
            if not true:
                assert board.scores[side][cell] == 0 and board.classes[side][cell] == 0
                continue
            kept = tuple(level if level >= WEAKEST_THREAT else DEAD for level in true)
            assert board.cell_levels(side, cell) == kept, (side, board.spec.cell_name(cell))
            assert board.combos[side][cell] == combination(kept)
            assert board.classes[side][cell] == cell_class(true)
            assert board.scores[side][cell] == worths[combination(kept)]
            assert board.pattern_score(side, cell) == worths[combination(true)]
        assert_sets_follow_classes(board, side)


def threats_read(board: LineBoard) -> tuple[object, ...]:
    """What a threat search reads off a board, whichever board it is."""
    return (tuple(board.classes[0]), tuple(board.classes[1]),
            *(frozenset(found) for sets in (board.fives, board.fours, board.winning, board.threes)
              for found in sets),
            frozenset(board.defences(0)), frozenset(board.defences(1)), board.key, board.near,
            tuple(board.stones), tuple(board.candidates()))


WALKS = (*((spec, patterns.LINES_KEPT, True) for spec in ("7x7k4", "8x8k5", "10x6k4", "6x6k3", "10x10k6",
                                                          "12x5k5", "9x9k2", "15x15k5")),
         ("15x15k5", 3, True), ("15x15k5", 3, False), ("7x7k4", 3, False), ("20x20k6", 3, False),
         ("9x1k9", 3, False))
"""Boards to walk on, each with how many lines and line changes the tables keep (a handful makes
them start again over and over), and whether the moves crowd near the marks."""


@pytest.mark.parametrize(("spec", "kept", "near"), WALKS)
def test_kept_levels_equal_a_full_rescan_along_walks_of_plays_passes_and_undos(
        spec: str, kept: int, near: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(patterns, "LINES_KEPT", kept)
    monkeypatch.setattr(linechanges, "CHANGES_KEPT", kept)
    board = ThreatBoard(Position.empty(spec))
    walk(board, 300, f"threat walk {spec} {kept} {near}", snapshot, assert_matches_rescan, near=near)
    assert snapshot(board) == snapshot(ThreatBoard(Position.empty(spec)))


AGREEMENT_GAMES = [("15x15k5", seed) for seed in range(4)] + [("7x7k4", 0), ("9x9k3", 0)]


@pytest.mark.parametrize(("spec", "seed"), AGREEMENT_GAMES)
def test_a_threat_search_reads_the_same_off_both_boards(spec: str, seed: int) -> None:
    """Games played on both boards at once, with passes and undos as a search makes them:
    the threats, the keys and the candidates agree at every step, and a quiet move's full score
    on the threat board is the pattern board's score."""
    rng = random.Random(seed)
    position = Position.empty(spec)
    fast, full = ThreatBoard(position), PatternBoard(position)
    for _ in range(200):
        side = fast.side
        roll = rng.random()
        if fast.moves and roll < 0.35:
            fast.undo()
            full.undo()
        elif roll < 0.45:
            fast.pass_turn()
            full.pass_turn()
        else:
            cells = [cell for cell in fast.candidates() if cell not in fast.fives[side]]
            if not cells:
                continue
            cell = rng.choice(cells)
            fast.play(cell)
            full.play(cell)
        assert threats_read(fast) == threats_read(full)
        empty = [cell for cell in range(fast.spec.cells) if not fast.filled[cell]]
        for who in (0, 1):
            scores = [fast.pattern_score(who, cell) for cell in empty]
            assert scores == [full.scores[who][cell] for cell in empty]


def test_a_position_built_at_once_equals_one_played_move_by_move() -> None:
    position = Position.from_moves("15x15k5", "h8 h9 i9 g7 j10 k11 i8 i7 g9 f10 j8")
    played = ThreatBoard(Position.empty("15x15k5"))
    for cell in position.moves:
        played.play(cell)
    built = ThreatBoard(position)
    assert snapshot(built) == snapshot(played)
    assert {position.cell_name(cell) for cell in built.winning[0]} == {
        position.cell_name(cell) for cell in PatternBoard(position).winning[0]}
