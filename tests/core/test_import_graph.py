"""The package's import graph has no cycle: every dependency points one way (docs/developing.md, "Layers").

Every ``import`` and ``from ... import`` in ``burgundy_cli`` counts, those inside functions
included (a start-up import put off until a command needs it is still a dependency);
only imports under ``if TYPE_CHECKING:`` are left out, since they never run. The graph is
read from the source with :mod:`ast`, so the test imports nothing of the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import burgundy_cli

PACKAGE = Path(burgundy_cli.__file__).parent


def _module_name(path: Path) -> str:
    parts = ["burgundy_cli", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` except those under an ``if TYPE_CHECKING:`` block."""
    found, stack = [], [tree]
    while stack:
        node = stack.pop()
        found.append(node)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))
    return found


def _imported(module: str, node: ast.AST) -> list[str]:
    """The package modules an import statement of ``module`` loads (besides parent packages)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        package = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
        package = package[:len(package) - node.level + 1]
        base = ".".join([*package, base] if base else package)
    # "from package import name" loads the submodule "name" when there is one
    return [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
    graph = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        graph[module] = {target for node in _runtime_nodes(tree) for target in _imported(module, node)
                         if target in MODULES and target != module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_the_graph_is_read_from_every_module():
    graph = import_graph()
    assert {"burgundy_cli.cli", "burgundy_cli.subcommands", "burgundy_cli.core.session"} <= set(graph)
    assert "burgundy_cli.core.verdicts" in graph["burgundy_cli.cli"]  # a lazy import counts
    assert "burgundy_cli.subcommands" in graph["burgundy_cli.cli"]


def test_cycles_are_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_package_has_no_import_cycle():
    assert cycles(import_graph()) == []
