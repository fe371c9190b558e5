"""The examples in the package's docstrings are run, so the README's library API and the docs cannot drift."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tictactoe_tui

MODULES = sorted(info.name for info in pkgutil.walk_packages(tictactoe_tui.__path__, "tictactoe_tui.")
                 if not info.name.endswith("__main__"))
WITH_EXAMPLES = [name for name in MODULES
                 if ">>>" in (importlib.util.find_spec(name).loader.get_source(name) or "")]  # type: ignore[union-attr]


def test_the_engine_and_the_game_flow_have_examples() -> None:
    assert "tictactoe_tui.engine" in WITH_EXAMPLES
    assert any(name.startswith("tictactoe_tui.engine.rules.") for name in WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_every_docstring_example_gives_what_it_shows(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, "the module's examples are found"
    assert result.failed == 0
