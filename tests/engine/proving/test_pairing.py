"""Pairing strategies: found exactly when they exist, and a true proof that the attacker cannot win."""

from __future__ import annotations

import random
from functools import cache

import pytest

from tictactoe_tui.engine.proving.pairing import has_pairing, pairing_cells
from tictactoe_tui.engine.rules.lines import win_lines
from tictactoe_tui.engine.rules.spec import BoardSpec


def _pairing_by_brute_force(lines: list[int], empty: int) -> bool:
    """Try every set of disjoint pairs of empty cells."""
    cells = [1 << cell for cell in range(empty.bit_length()) if empty >> cell & 1]

    def extend(start: int, free: int, uncovered: list[int]) -> bool:
        if not uncovered:
            return True
        for index in range(start, len(cells)):
            for second in cells[index + 1:]:
                pair = cells[index] | second
                if pair & free == pair and any(line & pair == pair for line in uncovered) and extend(
                        index + 1, free & ~pair, [line for line in uncovered if line & pair != pair]):
                    return True
        return False

    return extend(0, empty, [line & empty for line in lines])


def test_simple_cases() -> None:
    assert has_pairing([], 0)
    assert has_pairing([0b1111], 0b1111)
    assert not has_pairing([0b1111], 0b1000)  # one empty cell left in the line: no pair fits
    assert has_pairing([0b0111, 0b1110], 0b1111)  # one pair in the middle covers both
    assert not has_pairing([0b0011, 0b0110, 0b1100], 0b1111)  # three lines, but only two disjoint pairs


def test_no_pairing_on_the_empty_tic_tac_toe_board() -> None:
    spec = BoardSpec.parse("3x3k3")
    assert not has_pairing(win_lines(spec).masks, spec.full_mask)


def test_agrees_with_brute_force_on_random_instances() -> None:
    rng = random.Random(7)
    found = {True: 0, False: 0}
    for _ in range(400):
        size = rng.randint(4, 9)
        empty = sum(1 << cell for cell in range(size) if rng.random() < 0.8)
        lines = [sum(1 << cell for cell in rng.sample(range(size), rng.randint(2, 4)))
                 for _ in range(rng.randint(1, 5))]
        expected = _pairing_by_brute_force(lines, empty)
        assert has_pairing(lines, empty, budget=10**6) is expected, (lines, empty)
        found[expected] += 1
    assert min(found.values()) > 40  # both answers were exercised


def test_a_small_budget_only_ever_misses_pairings() -> None:
    rng = random.Random(3)
    for _ in range(200):
        empty = (1 << 12) - 1
        lines = [sum(1 << cell for cell in rng.sample(range(12), 3)) for _ in range(6)]
        if has_pairing(lines, empty, budget=1):
            assert has_pairing(lines, empty, budget=10**6)


@pytest.mark.parametrize("board", ["3x3k3", "4x3k3"])
def test_a_pairing_means_the_attacker_cannot_win(board: str) -> None:
    spec = BoardSpec.parse(board)
    lines = win_lines(spec).masks

    @cache
    def mover_result(mine: int, theirs: int) -> int:
        """1, 0 or -1: the side to move (holding ``mine``) wins, draws or loses with best play."""
        empty = spec.full_mask & ~(mine | theirs)
        if not empty:
            return 0
        best = -1
        for cell in range(spec.cells):
            if empty >> cell & 1:
                after = mine | 1 << cell
                if any(line & after == line for line in lines):
                    return 1
                best = max(best, -mover_result(theirs, after))
        return best

    rng = random.Random(board)
    proofs = 0
    for _ in range(4000):
        cells = rng.sample(range(spec.cells), rng.randint(2, spec.cells - 2))
        x = sum(1 << cell for cell in cells[0::2])
        o = sum(1 << cell for cell in cells[1::2])
        if any(line & x == line or line & o == line for line in lines):
            continue
        x_to_move = len(cells) % 2 == 0
        empty = spec.full_mask & ~(x | o)
        for attacker, defender, attacker_moves in ((x, o, x_to_move), (o, x, not x_to_move)):
            if has_pairing([line for line in lines if not line & defender], empty):
                proofs += 1
                if attacker_moves:
                    assert mover_result(attacker, defender) <= 0, (x, o)
                else:
                    assert mover_result(defender, attacker) >= 0, (x, o)
    assert proofs > 100


def test_pairs_are_disjoint() -> None:
    assert not has_pairing([0b011, 0b110], 0b111)  # both lines would need cell 1
    assert has_pairing([0b0011, 0b1100], 0b1111)
    assert has_pairing([0b00111, 0b11100], 0b11111)  # {0,1} and {3,4}, or {0,1} and {2,3}...
    assert not has_pairing([0b00111, 0b11100, 0b01010], 0b11111)  # ...but not with a third line on 1 and 3


def test_the_cells_of_a_pairing_hold_a_pair_in_every_line() -> None:
    rng = random.Random(11)
    found = 0
    for _ in range(400):
        size = rng.randint(4, 10)
        empty = sum(1 << cell for cell in range(size) if rng.random() < 0.8)
        lines = [sum(1 << cell for cell in rng.sample(range(size), rng.randint(2, 4)))
                 for _ in range(rng.randint(1, 5))]
        cells = pairing_cells(lines, empty, budget=10**6)
        assert (cells >= 0) is has_pairing(lines, empty, budget=10**6)
        if cells >= 0:
            found += 1
            assert cells & ~empty == 0 and cells.bit_count() % 2 == 0
            assert all((line & cells).bit_count() >= 2 for line in lines)
    assert found > 40
