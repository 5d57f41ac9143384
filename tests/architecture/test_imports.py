"""The shape of the code, read from its imports: no module of ``app/`` imports itself back
through others, and each layer imports only the layers below it.

Every import counts, wherever it stands: at the top, inside a function, or only for the
type checker (``if TYPE_CHECKING:``). A circle hidden behind a late import is a circle
all the same: a reader of either module must read the other to understand it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "app"

# Each layer and the layers it may import: the cards and the one name check (with the
# look-alike key it compares by) at the bottom, the rules, the computer players, the store, the services, the web; the
# composition root (app.main), the settings and ``python -m app`` stand outside.
LAYERS = {
    "app.cards": set(),
    "app.confusables": set(),
    "app.names": {"app.confusables"},
    "app.recent": set(),
    "app.resources": set(),
    "app.golf": {"app.cards", "app.names"},
    "app.solitaire": {"app.cards"},
    "app.players": {"app.cards", "app.golf", "app.names"},
    "app.store": {"app.cards", "app.golf", "app.solitaire", "app.resources", "app.recent"},
    "app.service": {
        "app.cards",
        "app.golf",
        "app.solitaire",
        "app.players",
        "app.store",
        "app.names",
        "app.confusables",
        "app.recent",
    },
    "app.web": {
        "app.cards",
        "app.golf",
        "app.solitaire",
        "app.players",
        "app.service",
        "app.names",
        "app.recent",
        "app.resources",
        "app.settings",
    },
}


def module_name(path: Path) -> str:
    parts = path.relative_to(APP.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def all_modules() -> dict[str, Path]:
    return {module_name(path): path for path in APP.rglob("*.py")}


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``app`` that ``name`` imports, anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            found.add(source)
            found.update(f"{source}.{alias.name}" for alias in node.names)
    return {module for module in found if module in modules and module != name}


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def layer_of(module: str) -> str | None:
    return next((layer for layer in LAYERS if module == layer or module.startswith(layer + ".")), None)


def test_no_module_of_app_imports_itself_back():
    assert circles(import_graph()) == []


def test_each_layer_imports_only_the_layers_below_it():
    wrong = []
    for module, imported in import_graph().items():
        layer = layer_of(module)
        if layer is None:
            continue  # the composition root, the settings, the arena, python -m app
        for other in imported:
            other_layer = layer_of(other)
            if other_layer is not None and other_layer != layer and other_layer not in LAYERS[layer]:
                wrong.append(f"{module} imports {other}")
    assert sorted(wrong) == []


def test_the_checks_see_a_circle_and_a_late_import(tmp_path):
    """The reading of imports above finds a circle made by a late, in-function import."""
    graph = {"app.a": {"app.b"}, "app.b": {"app.c"}, "app.c": {"app.a"}, "app.d": {"app.a"}}
    assert circles(graph) == [["app.a", "app.b", "app.c"]]
    module = tmp_path / "late.py"
    module.write_text("def f():\n    from app.golf import engine\n    return engine\n")
    assert imports_of("app.late", module, {"app.golf": APP / "golf", "app.golf.engine": APP}) == {
        "app.golf",
        "app.golf.engine",
    }


@pytest.mark.parametrize("layer", ["app.golf", "app.solitaire", "app.players"])
def test_the_rules_and_the_players_do_no_input_or_output(layer):
    """The engine and the computer players are pure: no database, no web, no files' server."""
    banned = ("sqlalchemy", "fastapi", "starlette", "httpx", "jinja2")
    modules = {name: path for name, path in all_modules().items() if layer_of(name) == layer}
    used = []
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            used += [f"{name} imports {n}" for n in names if n.split(".")[0] in banned]
    assert used == []
