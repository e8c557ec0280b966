"""What the tests of the shading games (LITS, Tapa, Heyawake) share: the site's answer text
written apart from the package, and every shading a checker takes, tried one by one."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import product
from pathlib import Path
from typing import Any

from conftest import FIXTURES

LITS_PAGE = FIXTURES / "puzzle-lits.com" / "normal_6x6_7770001.source.html"


def marks(answer) -> str:
    """The site's text: `y` a shaded cell, row by row."""
    return "".join("y" if v else "n" for row in answer for v in row)


def every_shading(board: Any, is_solution: Callable[[Any, Any], bool]) -> list:
    """Every answer of rows of 0/1 that `is_solution` takes, by trying them all."""
    h, w = board.height, board.width
    every = (tuple(tuple(bits[r * w : (r + 1) * w]) for r in range(h))
             for bits in product((0, 1), repeat=h * w))
    return [answer for answer in every if is_solution(board, answer)]


def page_of(game: str, folder: Path) -> Path:
    """The LITS fixture page made a page of `game` (its host, plugin and ident; the task
    still LITS's, for a test to replace): a page of a game with no fixture of its own."""
    text = re.sub(r"\blits\b", game, LITS_PAGE.read_text(encoding="utf-8"))
    path = folder / f"{game}.html"
    path.write_text(text, encoding="utf-8")
    return path
