"""Tactics the big-board engine must get right: blocks, wins by fours, four-threes, double threes and
the only defences that hold, each found within a fixed number of nodes.

A suite of known answers is only worth as much as the answers, so each one in ``tactics.txt`` is
proven here by searches that use nothing but the rules (``Position`` and the scans), never the engine
under test: a pure win by continuous fours is searched for and its line replayed move by move, and a
double three or a defence is settled by a small AND/OR proof in which the attacker plays fours and the
defender tries every move. On boards small enough, the exact solver values every move as well. The
engine's budget is counted in nodes, not seconds, so that what it finds does not depend on the machine.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from tictactoe_tui.engine import Position, Solver, Value
from tictactoe_tui.engine.bigboard.strategy import search
from tictactoe_tui.engine.rules.bits import bit_cells
from tictactoe_tui.engine.rules.lines import DIRECTIONS, win_lines
from tictactoe_tui.engine.rules.scans import immediate_wins, sides, threats_against, winning_cells
from tictactoe_tui.engine.rules.spec import BoardSpec, Cell

DATA = Path(__file__).with_name("tactics.txt")

CATEGORIES = ("must-block", "vcf", "four-three", "double-three", "defence")

NODE_BUDGETS = {"must-block": 1_000, "vcf": 20_000, "four-three": 10_000, "double-three": 20_000,
                "defence": 10_000}
"""Nodes the engine may visit per position: enough for a search that looks at forcing moves first,
and the same on every machine."""

VCF_FOURS = 10
"""The most fours a win by continuous fours may take here: every such win from a position is found,
so the answers of a ``vcf`` or ``four-three`` position are all its first moves, not just one."""

PROOF_FOURS = 8
"""The most fours the attacker may play after a double three, or against a defence."""

EXACT_CELLS = 100
"""Boards with fewer cells are small enough for the exact solver to value every move."""

EXACT_SECONDS = 60.0
"""Far beyond what each exact proof here takes: a solver grown slow then fails the test, not hangs it."""


@dataclass(frozen=True, slots=True)
class Tactic:
    """One line of ``tactics.txt``."""

    line: int
    category: str
    board: str
    moves: str
    answers: frozenset[str]
    note: str

    @property
    def position(self) -> Position:
        return Position.from_moves(self.board, self.moves)

    @property
    def label(self) -> str:
        return f"{self.category}-line{self.line}"


def read_tactics(path: Path) -> list[Tactic]:
    """The positions of ``path``, where a line is ``category | board | moves | answers | note`` and
    ``#`` starts a comment."""
    tactics = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        fields = [field.strip() for field in text.split("|")]
        assert len(fields) == 5, f"line {number} has {len(fields)} fields, not 5"
        category, board, moves, answers, note = fields
        tactics.append(Tactic(number, category, board, moves, frozenset(answers.split()), note))
    return tactics


TACTICS = read_tactics(DATA)


def of(category: str) -> list[Tactic]:
    return [tactic for tactic in TACTICS if tactic.category == category]


def ids(tactic: Tactic) -> str:
    return tactic.label


def names(position: Position, cells: Iterable[Cell]) -> set[str]:
    return {position.cell_name(cell) for cell in cells}


# Proofs from the rules alone. "Four" means a line one mark short of k with nothing of the other side
# in it, so that one cell completes it; "three" a line two short.


def four_moves(position: Position) -> list[Cell]:
    """The cells where the side to move would make a four: the empty cells of lines holding k-2 of
    its marks and none of the opponent's."""
    mine, theirs = sides(position)
    spec = position.spec
    found = 0
    for mask in win_lines(spec).masks:
        if not mask & theirs and (mask & mine).bit_count() == spec.k - 2:
            found |= mask & ~(mine | theirs)
    return bit_cells(found)


def vcf_line(position: Position, fours: int, first: Cell | None = None) -> list[Cell] | None:
    """A win for the side to move by at most ``fours`` fours in a row (starting with ``first`` if
    given), as its moves alternating with the forced replies; None when there is none.

    It tries every four at every turn, so None means that no such win exists.
    """
    refuted: dict[tuple[int, int], int] = {}

    def line_from(node: Position, left: int, start: Cell | None) -> list[Cell] | None:
        wins = immediate_wins(node)
        if wins:
            return [wins[0]] if start in (None, wins[0]) else None
        blocks = threats_against(node)
        key = (node.x, node.o)
        if len(blocks) > 1 or left == 0 or refuted.get(key, 0) >= left:
            return None
        for move in four_moves(node):
            if (blocks and move != blocks[0]) or start not in (None, move):
                continue
            after = node.play(move)
            if immediate_wins(after):
                continue  # the defender completes a line of its own first
            completions = threats_against(after)
            if len(completions) > 1:
                return [move]
            rest = line_from(after.play(completions[0]), left - 1, None)
            if rest is not None:
                return [move, completions[0], *rest]
        if start is None:
            refuted[key] = left
        return None

    return line_from(position, fours, first)


def vcf_starts(position: Position) -> dict[Cell, list[Cell]]:
    """Every first move of a win by at most ``VCF_FOURS`` fours, with its shortest line."""
    found = {}
    for move in four_moves(position):
        if vcf_line(position, VCF_FOURS, move) is None:
            continue
        for fours in range(1, VCF_FOURS + 1):
            line = vcf_line(position, fours, move)
            if line is not None:
                found[move] = line
                break
    return found


def wins_by_force(position: Position, line: Sequence[Cell]) -> bool:
    """Whether ``line`` (the side to move's moves alternating with the opponent's) wins whatever the
    opponent does: each attacker move but the last leaves one cell completing its line and the
    defender none of its own, the reply fills that cell, and the last move completes a line or leaves
    two cells that would."""
    for index, cell in enumerate(line):
        if index % 2:
            if threats_against(position) != (cell,):
                return False
            position = position.play(cell)
            if position.winning_line:
                return False
            continue
        if set(threats_against(position)) - {cell}:
            return False  # the defender's four is neither blocked nor beaten
        position = position.play(cell)
        last = index == len(line) - 1
        if position.winning_line:
            return last
        if immediate_wins(position):
            return False
        completions = len(threats_against(position))
        if (completions < 2) if last else (completions != 1):
            return False
    return len(line) % 2 == 1


class ForcingProof:
    """An AND/OR proof that the side to move (the attacker) wins: it plays only fours, each one free
    move of a budget, and blocks the defender's fours when it must; the defender answers a four by
    filling its cell (any other move loses at once unless it completes a line of its own) and, when
    the attacker threatens nothing, tries every legal move. True is a proof; False means only that
    no win with that many fours exists."""

    def __init__(self) -> None:
        self.known: dict[tuple[int, int, int], bool] = {}
        self.winners: set[Cell] = set()
        """Attacker moves that have won before: tried first, since nearby positions tend to share a
        line of attack (the order of the moves changes how fast the proof is, never what it proves)."""

    def attacker_wins(self, position: Position, fours: int) -> bool:
        if immediate_wins(position):
            return True
        blocks = threats_against(position)
        if len(blocks) > 1:
            return False
        key = (position.x, position.o, fours)
        if key not in self.known:
            if blocks:
                self.known[key] = self.defender_loses(position.play(blocks[0]), fours)
            elif fours == 0:
                self.known[key] = False
            else:
                # The moves leaving the most completions first: an open four ends the proof at once.
                afters = sorted((position.play(move) for move in four_moves(position)),
                                key=lambda after: (-len(threats_against(after)),
                                                   after.moves[-1] not in self.winners))
                winner = next((after for after in afters if self.defender_loses(after, fours - 1)), None)
                if winner is not None:
                    self.winners.add(winner.moves[-1])
                self.known[key] = winner is not None
        return self.known[key]

    def defender_loses(self, position: Position, fours: int) -> bool:
        if position.winning_line:
            return True
        if position.is_over or immediate_wins(position):
            return False
        completions = threats_against(position)
        if len(completions) > 1:
            return True
        if not completions and fours == 0:
            return False
        replies = completions or position.legal_moves
        return all(self.attacker_wins(position.play(reply), fours) for reply in replies)


def open_four_directions(spec: BoardSpec, mine: int, theirs: int, cell: Cell) -> set[tuple[int, int]]:
    """The directions through ``cell`` along which one more mark of ``mine`` would leave two cells
    completing lines of that direction: the threes that ``cell`` is part of."""
    found = set()
    empty = spec.full_mask & ~(mine | theirs)
    col, row = spec.coordinates(cell)
    for dx, dy in DIRECTIONS:
        along = [spec.cell_at(col + dx * step, row + dy * step) for step in range(1 - spec.k, spec.k)
                 if 0 <= col + dx * step < spec.width and 0 <= row + dy * step < spec.height]
        for extra in (spot for spot in along if empty >> spot & 1):
            if len(set(winning_cells(spec, mine | 1 << extra, theirs)) & set(along)) > 1:
                found.add((dx, dy))
                break
    return found


def exact_values(position: Position) -> dict[str, Value]:
    """Every legal move's value for the side making it, by the exact solver."""
    solver = Solver()
    flipped = {Value.WIN: Value.LOSS, Value.LOSS: Value.WIN, Value.DRAW: Value.DRAW}
    values = {}
    for move in position.legal_moves:
        after = position.play(move)
        if after.winning_line:
            values[position.cell_name(move)] = Value.WIN
            continue
        result = solver.prove(after, time_limit=EXACT_SECONDS)
        assert result.value in flipped, f"{position.cell_name(move)} is not settled"
        values[position.cell_name(move)] = flipped[result.value]
    return values


# The data file.


def test_the_suite_holds_enough_positions_of_every_kind() -> None:
    counts = Counter(tactic.category for tactic in TACTICS)
    assert set(counts) == set(CATEGORIES)
    assert len(TACTICS) >= 60
    assert min(counts.values()) >= 10
    assert len({(tactic.board, tactic.moves) for tactic in TACTICS}) == len(TACTICS)
    assert sum(tactic.board == "15x15k5" for tactic in TACTICS) > len(TACTICS) // 2


@pytest.mark.parametrize("tactic", TACTICS, ids=ids)
def test_each_position_is_a_game_in_progress_with_empty_cells_for_answers(tactic: Tactic) -> None:
    position = tactic.position
    assert not position.is_over
    assert tactic.answers
    for answer in tactic.answers:
        assert position.is_legal(position.spec.parse_cell(answer))


# The answers, proven.


@pytest.mark.parametrize("tactic", of("must-block"), ids=ids)
def test_a_must_block_answer_is_the_one_cell_completing_the_opponents_four(tactic: Tactic) -> None:
    position = tactic.position
    assert not immediate_wins(position)
    assert names(position, threats_against(position)) == tactic.answers
    assert len(tactic.answers) == 1


@pytest.mark.parametrize("tactic", of("vcf") + of("four-three"), ids=ids)
def test_a_win_by_fours_starts_from_the_answers_and_nowhere_else(tactic: Tactic) -> None:
    position = tactic.position
    assert not immediate_wins(position) and not threats_against(position)
    starts = vcf_starts(position)
    assert names(position, starts) == tactic.answers
    for line in starts.values():
        assert wins_by_force(position, line)
    shortest = min(len(line) + 1 for line in starts.values()) // 2
    if tactic.category == "vcf":
        assert shortest >= 3, "a four-three or less is not a long win by fours"
    else:
        assert shortest == 2
        # The answer's second four is open only because of the answer: it made the three.
        line = min(starts.values(), key=len)
        mine, theirs = sides(position)
        without = winning_cells(position.spec, mine | 1 << line[2], theirs | 1 << line[1])
        assert len(without) < 2


@pytest.mark.parametrize("tactic", of("double-three"), ids=ids)
def test_a_double_three_wins_against_every_reply(tactic: Tactic) -> None:
    position = tactic.position
    assert not immediate_wins(position) and not threats_against(position)
    assert not vcf_starts(position), "a win by fours alone belongs to another category"
    for answer in tactic.answers:
        cell = position.spec.parse_cell(answer)
        after = position.play(cell)
        assert not threats_against(after), "the answer is a three, not a four"
        mine, theirs = sides(position)
        assert len(open_four_directions(position.spec, mine | 1 << cell, theirs, cell)) >= 2
        assert ForcingProof().defender_loses(after, PROOF_FOURS)


@pytest.mark.parametrize("tactic", of("defence"), ids=ids)
def test_every_move_but_the_answers_loses_to_fours(tactic: Tactic) -> None:
    position = tactic.position
    assert not immediate_wins(position) and not threats_against(position)
    assert not vcf_starts(position), "the side to move has a win of its own"
    proof = ForcingProof()
    for move in position.legal_moves:
        loses = proof.attacker_wins(position.play(move), PROOF_FOURS)
        assert loses is (position.cell_name(move) not in tactic.answers), position.cell_name(move)


@pytest.mark.parametrize("tactic", [tactic for tactic in TACTICS if BoardSpec.parse(tactic.board).cells
                                    < EXACT_CELLS], ids=ids)
def test_the_exact_solver_agrees_on_small_boards(tactic: Tactic) -> None:
    values = exact_values(tactic.position)
    best = max(values.values(), key=[Value.LOSS, Value.DRAW, Value.WIN].index)
    assert {cell for cell, value in values.items() if value is best} == tactic.answers
    if tactic.category in ("must-block", "defence"):
        assert best is not Value.LOSS
    else:
        assert best is Value.WIN


# The engine.


@pytest.mark.parametrize("tactic", TACTICS, ids=ids)
def test_the_engine_finds_an_answer_within_its_node_budget(tactic: Tactic) -> None:
    position = tactic.position
    budget = NODE_BUDGETS[tactic.category]
    result = search(position, deadline=time.perf_counter() + 3600, max_nodes=budget)
    played = position.cell_name(result.ranked[0][0])
    assert played in tactic.answers, f"played {played} within {budget} nodes ({tactic.note})"
