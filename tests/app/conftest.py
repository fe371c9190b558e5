"""Fixtures for the app's tests."""

from __future__ import annotations

import pytest
from driving import BlockingPlayer


@pytest.fixture
def blocking() -> BlockingPlayer:
    """A computer player that thinks until the app tells it to stop."""
    return BlockingPlayer()
