"""The package's layers: every import (module level or inside a function) points down the layer list, and no
modules import each other in a cycle.

Layers, top to bottom; a module may import from its own layer and the layers below it:

    cli > devloop > authoring > build > sim > checks > components > render > draw > engine > load > model
        > source > maths, files > errors, plugins

Imports under `if TYPE_CHECKING:` never run; they must still point down, and they count as edges of a cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pnpgen

PACKAGE = Path(pnpgen.__file__).resolve().parent

# Layer of each top-level module or package of pnpgen, top first.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("cli", ("cli", "__main__", "launch")),  # the command line and its entry points
    ("devloop", ("devloop",)),  # watch, rebuild, serve the preview, play in the browser
    ("authoring", ("authoring",)),  # new-pack scaffold, JSON schema, content reference
    ("build", ("build",)),  # the build's steps, change report, print profiles
    ("sim", ("sim",)),
    ("checks", ("checks",)),
    ("components", ("components",)),
    ("render", ("render",)),
    ("draw", ("draw",)),
    ("engine", ("engine",)),
    ("load", ("load",)),  # a pack's files linked into the model
    ("model", ("model",)),
    ("source", ("source",)),  # located mappings of YAML and sheets, read as declared
    ("utilities", ("maths", "files")),
    ("root", ("errors", "plugins", "__init__")),
)
# What stays at the package's root: the entry points, the errors every layer raises and plug-in discovery.
ROOT_MODULES = {"__init__", "__main__", "launch", "errors", "plugins"}
RANK = {top: rank for rank, (_, tops) in enumerate(LAYERS) for top in tops}


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package by dotted name: (file, whether it is a package's __init__)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if package else parts)] = (path, package)
    return out


def type_checking_lines(tree: ast.AST) -> set[int]:
    """Line numbers inside `if TYPE_CHECKING:` blocks."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def imports() -> list[tuple[str, str, int, bool]]:
    """(importer, imported module, line, whether it runs) for every import of a pnpgen module inside pnpgen."""
    known = modules()
    found = []
    for name, (path, package) in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        here = name if package else name.rpartition(".")[0]
        guarded = type_checking_lines(tree)
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = here.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
                # `from package import module` imports the module; `from module import name` the module
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            for target in targets:
                if target.split(".")[0] == "pnpgen" and target != name:
                    found.append((name, target, node.lineno, node.lineno not in guarded))
    return found


def layer(module: str) -> int:
    """The rank of a module's layer (0 is the top)."""
    top = module.split(".")[1] if "." in module else "__init__"
    assert top in RANK, f"{module}: not placed in a layer; add it to LAYERS in {Path(__file__).name}"
    return RANK[top]


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    part.append(top)
                    if top == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def test_only_entry_errors_and_plugin_discovery_stay_at_the_root():
    loose = {path.stem for path in PACKAGE.glob("*.py")}
    packages = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").is_file()}
    assert loose == ROOT_MODULES
    assert packages | loose == set(RANK)  # every package has its layer, and every layer's names exist


@pytest.mark.slow
def test_every_import_points_down_the_layers():
    found = imports()
    upward = [f"{path_of(a)}:{line}: {a} imports {b}" for a, b, line, _ in found if layer(b) < layer(a)]
    assert len(found) > 300  # the walk saw the package's imports
    assert upward == []


@pytest.mark.slow
def test_no_modules_import_each_other_in_a_cycle():
    # imports for annotations count too: an engine's helpers annotate with its protocols and records (leaf modules),
    # never with the game or state class that imports them
    edges: dict[str, set[str]] = {}
    for a, b, _, _ in imports():
        edges.setdefault(a, set()).add(b)
    assert sum(map(len, edges.values())) > 300
    assert cycles(edges) == []


@pytest.mark.slow
def test_render_does_not_import_components():
    assert [(a, b) for a, b, _, _ in imports() if a.startswith("pnpgen.render") and b.startswith(
        "pnpgen.components")] == []


def test_the_cycle_finder_finds_cycles():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert cycles(edges) == [["a", "b", "c"]]


def path_of(module: str) -> str:
    """A module's file, relative to the repository."""
    return str(modules()[module][0].relative_to(PACKAGE.parent))


@pytest.mark.slow
def test_only_a_games_own_modules_import_its_engine_package():
    games = sorted(p.name for p in (PACKAGE / "engine").iterdir() if (p / "__init__.py").is_file())
    assert len(games) >= 3
    found = imports()
    strays = []
    for game in games:
        package = f"pnpgen.engine.{game}"
        own = (package, f"pnpgen.checks.{game}")
        strays += [f"{path_of(a)}:{line}: {a} imports {b}" for a, b, line, _ in found
                   if (b == package or b.startswith(package + ".")) and not a.startswith(own)]
    assert strays == []
