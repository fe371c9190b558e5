"""The transposition table: packed entries, and a size that never passes its cap."""

from __future__ import annotations

import pytest

from tictactoe_tui.engine.proving.transposition import BYTES_PER_ENTRY, TranspositionTable, pack, unpack


@pytest.mark.parametrize(("lower", "upper", "move"), [
    (0, 0, 0), (-677, 677, 675), (-5, -5, -1), (3, 676, 12), (-677, -677, -1),
])
def test_entries_round_trip(lower: int, upper: int, move: int) -> None:
    assert unpack(pack(lower, upper, move)) == (lower, upper, move)


def test_capacity_follows_the_memory_limit() -> None:
    assert TranspositionTable.with_memory_limit(1).capacity == 2**20 // BYTES_PER_ENTRY
    assert TranspositionTable.with_memory_limit(64).capacity == 64 * 2**20 // BYTES_PER_ENTRY
    with pytest.raises(ValueError, match="positive"):
        TranspositionTable.with_memory_limit(0)


def test_the_table_never_holds_more_than_its_capacity() -> None:
    table = TranspositionTable(100)
    for key in range(1000):
        table.store(key, key)
        assert len(table) <= 100
    assert table.get(999) == 999
    assert table.get(0) is None  # long forgotten


def test_entries_in_use_survive_ageing() -> None:
    table = TranspositionTable(10)
    table.store(-1, 7)
    for key in range(4):
        table.store(key, key)
    table.store(4, 4)  # the young generation is full: it becomes the old one
    assert table.get(-1) == 7  # found in the old generation, and carried forward
    for key in range(5, 10):  # ageing again on the way drops what was not used since
        table.store(key, key)
    assert table.get(-1) == 7
    assert table.get(0) is None


def test_storing_again_replaces_the_entry() -> None:
    table = TranspositionTable(10)
    table.store(1, 1)
    table.store(1, 2)
    assert (table.get(1), len(table)) == (2, 1)
    table.clear()
    assert (table.get(1), len(table)) == (None, 0)
