"""The package stays in small pieces: every module under 400 lines with a docstring for its job, no
function over 60 lines but the exact solver's inner loop (``negamax``, which says why), and the game
flow free of Textual, so that the screens only wire widgets to it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tictactoe_tui"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
TEXTUAL_FREE = sorted(path for layer in ("engine", "session", "profile", "network")
                      for path in (PACKAGE / layer).rglob("*.py"))
"""The layers beneath the screens: the rules and players, the game flow, what is remembered, and the
network an online game is played over."""
INNER_LOOP = {("engine/proving/negamax.py", "build_search"), ("engine/proving/negamax.py", "search")}
"""The one long function, and the closure it returns: locals are Python's fastest names (see negamax)."""


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_every_module_is_short_and_says_what_it_is_for(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    assert len(source.splitlines()) < MAX_MODULE_LINES
    assert ast.get_docstring(tree), "the module's docstring names its job"
    where = path.relative_to(PACKAGE).as_posix()
    long = [f"{node.name}: {node.end_lineno - node.lineno + 1} lines"
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
            and (where, node.name) not in INNER_LOOP]
    assert not long


@pytest.mark.parametrize("path", TEXTUAL_FREE, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_the_layers_beneath_the_screens_import_no_textual(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(module.split(".")[0] in {"textual", "rich"} for module in imported)
