"""The import rules of the layout, checked on the source with `ast`.

core imports nothing of ours; no kind imports another kind; sources and formats never import
each other; load is imported only by the commands (cli, and batch once it exists); nothing
imports cli but its own modules and __main__; and the shared layers name no kind, no site,
and ask no board for its type.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "puzzlesat"
FILES = sorted(PACKAGE.rglob("*.py"))
KIND_PACKAGES = sorted(p.parent.name for p in (PACKAGE / "kinds").glob("*/__init__.py"))


def module_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    parts = parts[:-1] if parts[-1] == "__init__" else parts
    return ".".join(("puzzlesat", *parts))


def imports_of(path: Path) -> set[str]:
    """The puzzlesat modules a file imports, as absolute dotted names."""
    package = module_of(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            if module.startswith("puzzlesat"):
                found.add(module)
                found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("puzzlesat"))
    return found


def layer(module: str) -> str:
    """puzzlesat.kinds.nonogram.encode -> kinds.nonogram; puzzlesat.sources.x -> sources."""
    parts = module.split(".")[1:]
    if parts[:1] == ["kinds"] and len(parts) > 1:
        return ".".join(parts[:2])
    return parts[0] if parts else ""


GRAPH = {module_of(path): imports_of(path) for path in FILES}


def test_core_imports_nothing_of_ours():
    assert GRAPH["puzzlesat.core"] == set()


@pytest.mark.parametrize("kind", KIND_PACKAGES)
def test_no_kind_imports_another(kind):
    for module, imported in GRAPH.items():
        if layer(module) == f"kinds.{kind}":
            others = {layer(i) for i in imported if layer(i).split(".")[-1] in KIND_PACKAGES}
            assert others <= {f"kinds.{kind}"}, module


def test_sources_and_formats_never_import_each_other():
    for module, imported in GRAPH.items():
        pair = {"sources": "formats", "formats": "sources"}.get(layer(module))
        if pair:
            assert not {i for i in imported if layer(i) == pair}, module


def test_the_grid_toolkit_imports_no_kind_and_kinds_import_it():
    """grid/ is shared by the grid games: it may use core, the SVG primitives, the drawing
    style and the site's answer text (site_check, which imports nothing of ours), nothing
    else; Shikaku and Sudoku draw their walls with it."""
    allowed = {"core", "svg", "drawing", "grid", "site_check"}
    for module, imported in GRAPH.items():
        if layer(module) == "grid":
            assert {layer(i) for i in imported} <= allowed, module
    users = {layer(m) for m, imported in GRAPH.items() if any(layer(i) == "grid" for i in imported)}
    assert {"kinds.shikaku", "kinds.sudoku"} <= users


def test_only_the_commands_load_and_nothing_imports_cli():
    for module, imported in GRAPH.items():
        if layer(module) not in ("cli", "batch", "__main__"):
            assert not {i for i in imported if layer(i) in ("load", "batch")}, module
        if layer(module) not in ("cli", "__main__"):
            assert not {i for i in imported if layer(i) == "cli"}, module


SHARED = ["core", "solve", "render", "load", "cli", "budget", "sat", "drawing", "grid"]
KIND_OR_SITE = re.compile(r"Nonogram|Shikaku|nonograms\.org|isinstance\(board")


def sources_of(name: str) -> list[Path]:
    """A layer's files: a module, or every module of a package."""
    module = PACKAGE / f"{name}.py"
    return [module] if module.exists() else sorted((PACKAGE / name).rglob("*.py"))


@pytest.mark.parametrize("name", SHARED)
def test_the_shared_layers_name_no_kind_and_no_site(name):
    paths = sources_of(name)
    assert paths, name
    for path in paths:
        assert not KIND_OR_SITE.findall(path.read_text()), path
