"""Board JSON's rows of one character a cell (`{"cells": ["..B0", ...]}`), read once for
every game that keeps its board so (Light Up, Shakashaka, Masyu)."""

from __future__ import annotations

from ..core import ParseError, json_excerpt


def character_rows(
    puzzle: dict, game: str, example: str, legend: str, characters: str
) -> tuple[str, ...]:
    """The rows of `puzzle["cells"]`, each of `characters` only, all of one length, at least
    one cell; else a ParseError naming `game` (with `example` and its `legend`, or the row
    and the character that does not belong)."""
    cells = puzzle.get("cells")
    if not isinstance(cells, list) or not cells or not all(isinstance(r, str) for r in cells):
        raise ParseError(
            f'a {game}\'s board JSON needs "cells", a list of rows such as "{example}" '
            f"({legend})"
        )
    for r, row in enumerate(cells, 1):
        bad = next((ch for ch in row if ch not in characters), None)
        if bad is not None:
            raise ParseError(
                f"board JSON: {game} row {r} holds {bad!r}, not one of "
                f"{characters!r}: {json_excerpt(row)}"
            )
    if not cells[0] or any(len(row) != len(cells[0]) for row in cells):
        lengths = sorted({len(row) for row in cells})
        raise ParseError(
            f"board JSON: a {game} needs rows of one length, at least one cell "
            f"(its rows have {', '.join(map(str, lengths[:5]))} cells)"
        )
    return tuple(cells)
