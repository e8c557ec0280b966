"""Rewrite the expected drawings (`*.render.txt`) next to every `*.board.json` fixture, and
for a puzzle drawn in colours also `*.render.ansi` (truecolor escape codes).

Run after a deliberate change to the drawing, then review the diff: the tests compare the
renderer against these files at a fixed width, without timings.
"""

from __future__ import annotations

import sys
from pathlib import Path

from puzzlesat.fetch import read_file
from puzzlesat.load import read_page
from puzzlesat.render import Style, ansi_text, plain_text
from puzzlesat.solve import solve

WIDTH = 100
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def golden_text(board_path: Path) -> str:
    """The plain drawing of a fixture board as the golden files hold it."""
    board = read_page(read_file(str(board_path)))
    return plain_text(board, solve(board), Style(width=WIDTH, colour=False))


def golden_ansi(board_path: Path) -> str | None:
    """The colour drawing of a fixture board drawn in colours; None for black and white."""
    board = read_page(read_file(str(board_path)))
    if not getattr(board, "colors", ()):
        return None
    return ansi_text(board, solve(board), Style(width=WIDTH))


def main() -> int:
    for path in sorted(FIXTURES.glob("*/*.board.json")):
        target = path.with_name(path.name.replace(".board.json", ".render.txt"))
        target.write_text(golden_text(path), encoding="utf-8")
        print(target.relative_to(FIXTURES.parent))
        coloured = golden_ansi(path)
        if coloured is not None:
            ansi = path.with_name(path.name.replace(".board.json", ".render.ansi"))
            ansi.write_text(coloured, encoding="utf-8")
            print(ansi.relative_to(FIXTURES.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
