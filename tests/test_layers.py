"""Data flows one way: fetch, parse, solve and render import only board (and libraries)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "puzzlesat"
LAYERS = ("fetch", "parse", "solve", "render")


def _imported_layers(path: Path, layer: str) -> set[str]:
    """Top-level puzzlesat modules a file imports, other than its own layer."""
    found = set()
    depth_of_package = len(path.relative_to(PACKAGE).parts) - 1
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level == 0:
                if node.module and node.module.startswith("puzzlesat"):
                    parts = node.module.split(".")[1:]
                    found.add(parts[0] if parts else "")
                continue
            if node.level <= depth_of_package:
                continue  # inside its own layer
            target = (node.module or "").split(".")[0]
            names = [a.name for a in node.names] if not target else [target]
            found.update(names)
    return found - {layer, "board", "__version__", ""}


@pytest.mark.parametrize("layer", LAYERS)
def test_layer_imports_only_board(layer):
    files = [PACKAGE / f"{layer}.py"] if (PACKAGE / f"{layer}.py").exists() else []
    files += sorted((PACKAGE / layer).glob("*.py")) if (PACKAGE / layer).is_dir() else []
    assert files
    for path in files:
        assert _imported_layers(path, layer) == set(), path
