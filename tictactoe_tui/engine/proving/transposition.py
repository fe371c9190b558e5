"""The solver's memory of positions it has already searched, within a fixed budget.

Each entry holds what is proven about one canonical position: a lower and an
upper bound on its score and the move that achieves the lower bound, if one is
known, packed into one int so that an entry costs a dict slot and two small ints
rather than a tuple of objects. A bound can be proven without a move (for every
move at once, by a pairing or by the zone prover), and a search in which every
move fails low proves no move better than another: such entries keep the move
of their lower bound, or none, so that a move read from the table, once the
bounds meet, is a best move.

The table never grows past its budget. It keeps two generations: new results
go into the young one, and when that fills up the old generation is dropped
and the young one takes its place. Entries still in use are copied forward on
their next hit, so the table forgets what the search stopped needing (the
positions of an earlier move, a finished subtree) and keeps what it revisits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BYTES_PER_ENTRY = 128
"""A measured upper estimate of one dict entry with an int key and an int value."""

DEFAULT_MEMORY_LIMIT_MB = 768
"""A solver's memory when none is given: two thirds for this table, a third for the zone prover's
(``Solver``), which proves 8x4k4 without forgetting what it needs and stays within a gigabyte."""

BOUND_BITS = 11
"""Bits for one bound: scores run from ``-(cells + 1)`` to ``cells + 1``, cells <= 676."""
MOVE_BITS = 10
"""Bits for the best move plus one (0 means no move)."""
BOUND_OFFSET = 1 << (BOUND_BITS - 1)
_BOUND_MASK = (1 << BOUND_BITS) - 1
_MOVE_MASK = (1 << MOVE_BITS) - 1


def pack(lower: int, upper: int, move: int) -> int:
    """An entry: ``lower <= score <= upper``, ``move`` achieving ``lower`` (-1 for none known)."""
    return ((lower + BOUND_OFFSET) << BOUND_BITS | (upper + BOUND_OFFSET)) << MOVE_BITS | (move + 1)


def unpack(entry: int) -> tuple[int, int, int]:
    """``(lower, upper, move)`` of a packed entry (move -1 when none was stored)."""
    move = (entry & _MOVE_MASK) - 1
    entry >>= MOVE_BITS
    return (entry >> BOUND_BITS) - BOUND_OFFSET, (entry & _BOUND_MASK) - BOUND_OFFSET, move


@dataclass(slots=True)
class TranspositionTable:
    """Packed entries by canonical key, capped at ``capacity`` entries in all."""

    capacity: int
    generations: list[dict[int, int]] = field(default_factory=lambda: [{}, {}])
    """``[young, old]``; the search reads this list directly, so it is never rebound."""

    @classmethod
    def with_memory_limit(cls, megabytes: int = DEFAULT_MEMORY_LIMIT_MB,
                          share: float = 1.0) -> TranspositionTable:
        """A table whose entries fit in about ``share`` of ``megabytes`` MB."""
        if megabytes <= 0:
            raise ValueError(f"memory limit must be positive, not {megabytes} MB")
        return cls(max(2, int(megabytes * 2**20 * share) // BYTES_PER_ENTRY))

    @property
    def generation_size(self) -> int:
        """How many entries the young generation takes before it becomes the old one."""
        return max(1, self.capacity // 2)

    def __len__(self) -> int:
        young, old = self.generations
        return len(young) + len(old)

    def get(self, key: int) -> int | None:
        """The packed entry for ``key``, refreshed into the young generation, or None."""
        young, old = self.generations
        entry = young.get(key)
        if entry is None:
            entry = old.get(key)
            if entry is not None:
                self.store(key, entry)
        return entry

    def store(self, key: int, entry: int) -> None:
        """Record ``entry``, ageing the table first when the young generation is full."""
        young = self.generations[0]
        if len(young) >= self.generation_size and key not in young:
            self.age()
            young = self.generations[0]
        young[key] = entry

    def age(self) -> None:
        """Drop the old generation; the young one becomes old."""
        self.generations[1] = self.generations[0]
        self.generations[0] = {}

    def clear(self) -> None:
        """Forget everything."""
        self.generations[0] = {}
        self.generations[1] = {}
