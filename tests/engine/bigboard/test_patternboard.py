"""The pattern board: incremental tables that equal a full rescan, and pattern sets that agree with
the rules' own scans.

The rescan here reads every cell's neighbourhood straight off the moves, with none of the
board's lines or tables, so a slip in the incremental bookkeeping (or in its undo log) cannot hide
in both.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.engine.bigboard import linechanges, patterns
from tictactoe_tui.engine.bigboard.lineboard import LineBoard
from tictactoe_tui.engine.bigboard.patternboard import PASS, PatternBoard, X
from tictactoe_tui.engine.bigboard.patterns import (
    DEAD,
    FIVE,
    FOUR,
    OPEN_FOUR,
    OPEN_THREE,
    OPEN_TWO,
    THREE,
    TWO,
    cell_class,
    line_level,
    window_levels,
    window_shift,
)
from tictactoe_tui.engine.rules.lines import DIRECTIONS
from tictactoe_tui.engine.rules.scans import fork_cells, sides, winning_cells
from tictactoe_tui.engine.rules.spec import Cell


def rescan(spec: BoardSpec, moves: Sequence[Cell]) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Per side, every empty cell's four levels, read from the moves themselves (X first, a ``PASS``
    skipping a turn)."""
    k = spec.k
    marks = {cell: "XO"[ply & 1] for ply, cell in enumerate(moves) if cell != PASS}
    levels: tuple[list[tuple[int, ...]], list[tuple[int, ...]]] = ([], [])
    for cell in range(spec.cells):
        col, row = spec.coordinates(cell)
        for side, mine in ((0, "X"), (1, "O")):
            if cell in marks:
                levels[side].append(())
                continue
            found = []
            for d_col, d_row in DIRECTIONS:
                view = ""
                for offset in range(-(k - 1), k):
                    c, r = col + d_col * offset, row + d_row * offset
                    if not offset:
                        view += "S"
                    elif not (0 <= c < spec.width and 0 <= r < spec.height):
                        view += "#"
                    else:
                        other = marks.get(spec.cell_at(c, r))
                        view += "." if other is None else "S" if other == mine else "#"
                found.append(line_level(view))
            levels[side].append(tuple(found))
    return levels


def assert_matches_rescan(board: PatternBoard, moves: Sequence[Cell]) -> None:
    levels = rescan(board.spec, moves)
    _, scores = patterns.combinations()
    for side in (0, 1):
        total = 0
        for cell in range(board.spec.cells):
            expected = levels[side][cell]
            if not expected:
                assert board.scores[side][cell] == 0 and board.classes[side][cell] == 0
                continue
            assert board.cell_levels(side, cell) == expected, (side, board.spec.cell_name(cell))
            kind = cell_class(expected)
            assert board.classes[side][cell] == kind
            index = ((expected[0] * 9 + expected[1]) * 9 + expected[2]) * 9 + expected[3]
            assert board.scores[side][cell] == scores[index]
            total += scores[index]
        assert board.total[side] == total
        assert_sets_follow_classes(board, side)


def assert_sets_follow_classes(board: LineBoard, side: int) -> None:
    """The side's threat sets hold exactly the cells whose classes belong in them."""
    kinds = board.classes[side]
    assert board.fives[side] == {cell for cell, kind in enumerate(kinds) if kind == patterns.MAKES_FIVE}
    assert board.fours[side] == {cell for cell, kind in enumerate(kinds) if kind >= patterns.MAKES_FOUR}
    assert board.winning[side] == {cell for cell, kind in enumerate(kinds) if kind == patterns.WINS_NEXT}
    assert board.threes[side] == {cell for cell, kind in enumerate(kinds)
                                  if patterns.MAKES_THREE <= kind < patterns.MAKES_FOUR}


def logged(board: LineBoard) -> tuple[object, ...]:
    """The board's undo log as plain values (a class change as its cell and its class before and
    after), so that a later move that spoils an earlier entry shows."""
    return tuple((near, x_total, o_total, tuple(entry[2:] for entry in refiled), tuple(made))
                 for near, x_total, o_total, refiled, made in board.undo_log)


def snapshot(board: LineBoard) -> tuple[object, ...]:
    """Everything a board keeps, for comparing before a move and after its undo."""
    return (tuple(board.lines), tuple(board.combos[0]), tuple(board.combos[1]), tuple(board.classes[0]),
            tuple(board.classes[1]), tuple(board.scores[0]), tuple(board.scores[1]), tuple(board.total),
            *(frozenset(found) for sets in (board.fives, board.fours, board.winning, board.threes)
              for found in sets), bytes(board.filled), tuple(board.stones), board.key, board.near,
            tuple(board.moves), logged(board))


BOARDS = ("7x7k4", "8x8k5", "9x9k5", "10x6k4", "6x6k3", "10x10k6", "12x5k5", "9x9k2")
GAMES_PER_BOARD = 260
"""Over 2,000 random games in all, each rescanned after every move and compared after every undo."""


@pytest.mark.parametrize("spec", BOARDS)
def test_incremental_tables_equal_a_full_rescan_after_every_move_and_undo(spec: str) -> None:
    rng = random.Random(spec)
    for _ in range(GAMES_PER_BOARD):
        position = Position.empty(spec)
        board = PatternBoard(position)
        history = []
        for _ in range(rng.randrange(1, 18)):
            cell = rng.choice(position.legal_moves)
            after = position.play(cell)
            if after.is_over:
                break
            history.append(snapshot(board))
            board.play(cell)
            position = after
            assert_matches_rescan(board, position.moves)
        while history:
            board.undo()
            assert snapshot(board) == history.pop()


@pytest.mark.parametrize("seed", range(6))
def test_incremental_tables_equal_a_full_rescan_on_gomoku_boards(seed: int) -> None:
    rng = random.Random(seed)
    position = Position.empty("15x15k5")
    board = PatternBoard(position)
    while len(position.moves) < 70:
        cell = rng.choice(list(board.candidates()))
        after = position.play(cell)
        if after.is_over:
            break
        board.play(cell)
        position = after
        assert_matches_rescan(board, position.moves)
    assert snapshot(board) == snapshot(PatternBoard(position))


KEPT = patterns.LINES_KEPT
WALKS = (("15x15k5", KEPT), ("15x15k5", 3), ("7x7k4", 3), ("10x6k4", 3), ("6x6k3", KEPT), ("20x20k6", 3),
         ("9x1k9", 3))
"""Boards to walk on, each with how many lines ``patterns.line_table`` keeps, and how many line
changes each line keeps (``linechanges.CHANGES_KEPT``): a handful makes them start again over
and over."""
WALK_STEPS = 400


def walk(board: LineBoard, steps: int, seed: str, snapshot: Callable[[Any], tuple[object, ...]],
         check: Callable[[Any, list[Cell]], None], *, near: bool = False) -> None:
    """Moves, passes and undos in random order on ``board``, as a search makes them: after every step
    ``check`` the board against what has been played, and after every undo ``snapshot`` it against
    what it was before the move; at the end, everything is taken back. With ``near``, moves are
    drawn from the board's candidates, so that the marks crowd and make threats sooner."""
    rng = random.Random(seed)
    played: list[Cell] = []
    before: list[tuple[object, ...]] = []
    start = snapshot(board)
    for _ in range(steps):
        side = len(played) & 1
        # A move that completes a line would end the game, which the board does not play on from.
        cells = board.candidates() if near else range(board.spec.cells)
        open_cells = [cell for cell in cells if cell not in played and cell not in board.fives[side]]
        roll = rng.random()
        if played and roll < 0.4:
            board.undo()
            played.pop()
            assert snapshot(board) == before.pop()
        else:
            before.append(snapshot(board))
            if roll < 0.5 or not open_cells:
                board.pass_turn()
                played.append(PASS)
            else:
                cell = rng.choice(open_cells)
                board.play(cell)
                played.append(cell)
        assert board.moves == played
        check(board, played)
    while played:
        board.undo()
        played.pop()
    assert snapshot(board) == start


@pytest.mark.parametrize(("spec", "kept"), WALKS)
def test_incremental_tables_equal_a_full_rescan_along_walks_of_plays_passes_and_undos(
        spec: str, kept: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """After every step of a walk the tables equal a rescan, and after every undo everything
    equals what it was before the move."""
    monkeypatch.setattr(patterns, "LINES_KEPT", kept)
    monkeypatch.setattr(linechanges, "CHANGES_KEPT", kept)
    board = PatternBoard(Position.empty(spec))
    walk(board, WALK_STEPS, f"walk {spec}", snapshot, assert_matches_rescan)
    assert snapshot(board) == snapshot(PatternBoard(Position.empty(spec)))


def test_a_window_reads_the_line_from_its_low_end_and_only_around_an_empty_cell() -> None:
    k = 5
    # X three and four cells before the cell, O two after it, the last cell off the board.
    window = ((patterns.X_MARK << window_shift(k, -4)) | (patterns.X_MARK << window_shift(k, -3))
              | (patterns.O_MARK << window_shift(k, 2)) | (patterns.OFF << window_shift(k, 4)))
    assert window_levels(window, k) == (line_level("SS..S.#.#"), line_level("##..S.S.#"))
    with pytest.raises(ValueError, match="taken"):
        window_levels(window | patterns.O_MARK << window_shift(k, 0), k)


@pytest.mark.parametrize("spec", ["15x15k5", "7x7k4", "9x9k3", "20x20k6"])
def test_fives_and_wins_next_agree_with_the_rules(spec: str) -> None:
    rng = random.Random(spec)
    for _ in range(40):
        position = Position.empty(spec)
        board = PatternBoard(position)
        for _ in range(rng.randrange(4, 40)):
            cell = rng.choice(list(board.candidates()))
            after = position.play(cell)
            if after.is_over:
                break
            board.play(cell)
            position = after
        mine, theirs = sides(position)
        side = board.side
        for who, own, other in ((side, mine, theirs), (side ^ 1, theirs, mine)):
            assert board.fives[who] == set(winning_cells(position.spec, own, other))
            # Two completions at once, and not a five already: the rules' forks.
            assert board.winning[who] == set(fork_cells(position.spec, own, other)) - board.fives[who]


@pytest.mark.parametrize(("view", "level"), [
    ("SSSSS....", FIVE),
    ("..SSSS#..", FOUR),
    ("#SSSS....", FOUR),
    ("#.SSSS...", OPEN_FOUR),
    ("S.SSS.S..", OPEN_FOUR),  # two broken fours through one mark: two completions
    ("...SSS...", OPEN_THREE),
    ("..S.SS...", OPEN_THREE),
    ("S.SSS#...", FOUR),
    ("...SSS..#", OPEN_THREE),
    ("..#SSS..#", THREE),
    ("...SS....", OPEN_TWO),
    ("..#SS....", TWO),  # hemmed in on one side: no open four can come of it
    ("..#SS.#..", DEAD),
    ("#..SS..#.", OPEN_TWO),  # just room for .SSSS. between the walls
    ("#..SS.#..", TWO),
    ("...#S#...", DEAD),
])
def test_line_levels_name_the_shapes_players_know(view: str, level: int) -> None:
    assert line_level(view) == level


def test_levels_below_the_weakest_threat_never_change_a_class() -> None:
    """The board re-judges a cell's class only when a level at or above ``WEAKEST_THREAT`` comes or
    goes: any other change of one direction's level must leave every class as it was."""
    kinds, _ = patterns.combinations()
    weak = range(patterns.WEAKEST_THREAT)
    for index in range(patterns.LEVELS ** 4):
        for place in (1, 9, 81, 729):
            level = index // place % patterns.LEVELS
            if level in weak:
                assert {kinds[index + (other - level) * place] for other in weak} == {kinds[index]}


def test_a_pass_hands_the_move_to_the_opponent_and_undo_takes_it_back() -> None:
    board = PatternBoard(Position.from_moves("15x15k5", "h8 i9"))
    before, key = snapshot(board), board.key
    board.pass_turn()
    assert board.side == 1 and board.moves[-1] == PASS
    assert board.key != key
    board.undo()
    assert snapshot(board) == before


def test_an_open_three_is_seen_from_both_ends() -> None:
    position = Position.from_moves("15x15k5", "h8 a1 i8 a15 j8")
    board = PatternBoard(position)
    named = {position.cell_name(cell) for cell in board.winning[X]}
    assert named == {"g8", "k8"}
    assert {position.cell_name(cell) for cell in board.fours[X]} == {"f8", "g8", "k8", "l8"}
    assert not board.fives[X] and not board.fours[1]


def test_candidates_are_the_cells_up_to_two_steps_from_a_mark_along_a_line() -> None:
    assert list(PatternBoard(Position.empty("15x15")).candidates()) == [Position.empty("15x15").spec.centre]
    position = Position.from_moves("15x15k5", "h8")
    near = set(PatternBoard(position).candidates())
    assert len(near) == 16 and position.spec.parse_cell("h8") not in near
    position = Position.from_moves("9x1k9", "a1 b1 c1 d1 e1")
    assert {position.cell_name(cell) for cell in PatternBoard(position).candidates()} == {"f1", "g1"}
