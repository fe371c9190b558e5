"""The search budget: it stops at its node count, or when asked."""

from __future__ import annotations

import threading

import pytest

from tictactoe_tui.engine.budget import Budget, OutOfBudget


def test_the_budget_stops_at_its_node_count() -> None:
    budget = Budget(max_nodes=5)
    for _ in range(5):
        budget.spend()
    with pytest.raises(OutOfBudget):
        budget.spend()
    assert budget.nodes == 5 and budget.exhausted


def test_the_budget_stops_when_asked() -> None:
    stop = threading.Event()
    budget = Budget(stop=stop)
    budget.spend()
    stop.set()
    with pytest.raises(OutOfBudget):
        budget.spend()
