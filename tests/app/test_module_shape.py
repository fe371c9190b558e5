"""The app stays in small pieces: every module under 400 lines with a docstring for its job, no function
over 60 lines, and the screens free of game rules, which live in the Textual-free modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "tictactoe_tui" / "app"
MODULES = sorted(APP.rglob("*.py"))
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
TEXTUAL_FREE = ("game.py", "searches.py", "game_setup.py", "settings.py")


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(APP)))
def test_every_app_module_is_short_and_says_what_it_is_for(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    assert len(source.splitlines()) < MAX_MODULE_LINES
    assert ast.get_docstring(tree), "the module's docstring names its job"
    long = [f"{node.name}: {node.end_lineno - node.lineno + 1} lines"
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES]
    assert not long


@pytest.mark.parametrize("name", TEXTUAL_FREE)
def test_the_game_flow_imports_no_textual(name: str) -> None:
    tree = ast.parse((APP.parent / name).read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(module.split(".")[0] in {"textual", "rich"} for module in imported)
