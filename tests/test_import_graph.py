"""The package's imports point one way: no module imports (even for type hints) a module that imports it.

A loop of imports is a loop of knowledge: neither module can be read, tested
or moved without the other. The graph is read from the source with ``ast``, so
every ``import`` counts, those under ``if TYPE_CHECKING:`` and inside
functions included.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "tictactoe_tui"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(name: str, package: str, source_code: str, modules: set[str]) -> set[str]:
    """The ``modules`` that ``name`` imports from: the submodule where one is named, else its package."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source_code)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:
                    found.add(f"{source}.{alias.name}")
                elif source in modules:
                    found.add(source)
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    graph = {}
    for path in paths:
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        graph[name] = imported_modules(name, package, path.read_text(encoding="utf-8"), modules)
    return graph


def cycles(graph: Mapping[str, set[str]]) -> Iterator[list[str]]:
    """Each loop as a path that ends where it starts, one per strongly connected group (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group: set[str] = set()
            while module not in group:
                group.add(stack.pop())
            on_stack.difference_update(group)
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    for group in groups:
        yield loop_through(min(group), graph, group)


def loop_through(start: str, graph: Mapping[str, set[str]], group: set[str]) -> list[str]:
    """The shortest path from ``start`` back to itself inside its group, found breadth first."""
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for module in frontier:
            for other in sorted(graph[module] & group):
                if other == start:
                    return [*paths[module], start]
                if other not in paths:
                    paths[other] = [*paths[module], other]
                    following.append(other)
        frontier = following
    raise AssertionError(f"{start} is in a group with no loop through it")


def test_the_finder_names_a_loop_it_is_given() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": set()}
    assert list(cycles(graph)) == [["a", "b", "c", "a"]]
    assert list(cycles({"a": {"b"}, "b": set()})) == []


def test_every_kind_of_import_counts() -> None:
    modules = {"pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.sub", "pkg.sub.d", "pkg.sub.e"}
    source_code = (
        "from typing import TYPE_CHECKING\n"
        "import pkg.a\n"
        "from .. import b\n"
        "if TYPE_CHECKING:\n"
        "    from ..c import Thing\n"
        "def later():\n"
        "    from .e import other\n"
    )
    found = imported_modules("pkg.sub.d", "pkg.sub", source_code, modules)
    assert found == {"pkg.a", "pkg.b", "pkg.c", "pkg.sub.e"}


def test_no_module_imports_one_that_imports_it() -> None:
    loops = [" -> ".join(loop) for loop in cycles(import_graph())]
    assert not loops, "import loops:\n" + "\n".join(loops)
