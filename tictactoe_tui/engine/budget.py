"""How much a search may still do: nodes, a deadline and a stop event, in one object every search
spends from."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

Found = TypeVar("Found")


class OutOfBudget(Exception):
    """Raised inside a search when its node, time or stop budget is spent."""


class StopSignal(Protocol):
    """What a stop event must offer: ``threading.Event``, or a ``multiprocessing`` event for a
    search in another process."""

    def is_set(self) -> bool: ...


@dataclass(slots=True)
class Budget:
    """How much a search may still do: a node count, a ``time.perf_counter`` deadline, a stop event."""

    max_nodes: int | None = None
    deadline: float | None = None
    stop: StopSignal | None = None
    nodes: int = 0
    whole: Budget | None = None
    """The budget this one is a part of, if any."""

    def spend(self) -> None:
        """Count one node, raising ``OutOfBudget`` instead once any limit is reached."""
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise OutOfBudget
        self.nodes += 1
        # A node costs tens of microseconds at least, so reading the clock at every one is cheap
        # and keeps the answer on time however slow the nodes of a particular board are.
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise OutOfBudget
        if self.stop is not None and self.stop.is_set():
            raise OutOfBudget

    @property
    def stopped(self) -> bool:
        """Whether the stop event is set: the caller wants an answer now, not a better one later."""
        return self.stop is not None and self.stop.is_set()

    @property
    def exhausted(self) -> bool:
        """Whether any limit has been reached (without counting a node)."""
        return ((self.max_nodes is not None and self.nodes >= self.max_nodes)
                or (self.deadline is not None and time.perf_counter() >= self.deadline)
                or self.stopped)

    def spent_with(self, part: Budget) -> bool:
        """Whether this budget is spent once ``part``'s nodes (not yet added) are counted: a part that
        ran out because its whole did must not pass for one that ran out of its own nodes, or what it
        did not finish would be taken for what it found."""
        return ((self.max_nodes is not None and self.nodes + part.nodes >= self.max_nodes)
                or self.exhausted)

    def part(self, max_nodes: int | None = None, deadline: float | None = None) -> Budget:
        """A budget for one part of this search, within both this one's limits and the given ones.

        The part counts its own nodes; add them to this budget once it is done.
        """
        if self.max_nodes is not None:
            remaining = max(0, self.max_nodes - self.nodes)
            max_nodes = remaining if max_nodes is None else min(max_nodes, remaining)
        if self.deadline is not None:
            deadline = self.deadline if deadline is None else min(deadline, self.deadline)
        return Budget(max_nodes, deadline, self.stop, whole=self)

    def try_part(self, max_nodes: int, search: Callable[[Budget], Found]) -> Found | None:
        """``search`` run on a part of this budget of at most ``max_nodes``, its nodes added here once
        it ends: None when the part ran out of its own nodes, ``OutOfBudget`` when this budget ran
        out too. One hard part gives up without its caller taking what it did not finish for an
        answer, and without its caller's own budget being taken for spent."""
        part = self.part(max_nodes)
        try:
            return search(part)
        except OutOfBudget:
            if self.spent_with(part):
                raise
            return None
        finally:
            self.nodes += part.nodes

    @property
    def total(self) -> int:
        """The nodes of the whole search so far, as a progress display wants them while this part runs.

        A part's nodes reach the budget it is part of only once the part is done, so a long part
        (a proof shared among workers, say) would otherwise show no progress at all while it ran.
        """
        budget: Budget | None = self
        nodes = 0
        while budget is not None:
            nodes += budget.nodes
            budget = budget.whole
        return nodes
