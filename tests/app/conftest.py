"""Fixtures for the app's tests."""

from __future__ import annotations

import pytest
from driving import BlockingPlayer, GatedSolvers


@pytest.fixture
def blocking() -> BlockingPlayer:
    """A computer player that thinks until the app tells it to stop."""
    return BlockingPlayer()


@pytest.fixture
def solvers() -> GatedSolvers:
    """Solvers for the analyses and hints that answer only when released (pass to ``quick_app``)."""
    return GatedSolvers()
