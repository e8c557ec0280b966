"""Boards -> files of another format: what `puzzlesat convert` writes.

A format holds the kinds it names; one that cannot hold a board (a colour nonogram in
`.nin`, a Shikaku in `.non`) raises UnsupportedPuzzle before anything is written.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from .core import UnsupportedPuzzle
from .files import check_target, write_atomically
from .formats import Format, format_named
from .kinds import Board


def _format_holding(to: str, boards: Sequence[Board]) -> Format:
    """The format called `to`, once it is known to hold the kind of every board."""
    fmt = format_named(to)
    for board in boards:
        if fmt.kinds and board.kind not in fmt.kinds:
            raise UnsupportedPuzzle(
                f"the {fmt.name} format holds {' and '.join(fmt.kinds)} puzzles; this is a "
                f"{board.kind}",
                hint="pick a format of its kind: `puzzlesat convert --help` lists them",
            )
    return fmt


def write_text(boards: Sequence[Board], to: str) -> str:
    """Every board in one text: a format of many puzzles a file writes them all; any other
    takes one board, and a source of many is refused with how to split it."""
    fmt = _format_holding(to, boards)
    if len(boards) == 1:
        return fmt.write(boards[0])
    if fmt.write_all is None:
        raise UnsupportedPuzzle(
            f"the input holds {len(boards):,} puzzles and a {fmt.name} file holds one",
            hint="give `-o FOLDER/` to write one file per puzzle",
        )
    return fmt.write_all(boards)


def write_files(boards: Sequence[Board], to: str, folder: str, force: bool = False) -> list[str]:
    """One file per board in `folder` (made if missing), numbered in input order with the
    format's suffix. Nothing is written until every board converted and every name was
    found free (or `force` lets it be replaced); each file is written whole (files.py)."""
    fmt = _format_holding(to, boards)
    texts = [fmt.write(board) for board in boards]
    os.makedirs(folder, exist_ok=True)
    digits = max(4, len(str(len(texts))))
    suffix = fmt.suffix or ".txt"
    paths = [os.path.join(folder, f"{n:0{digits}d}{suffix}") for n in range(1, len(texts) + 1)]
    for path in paths:
        check_target(path, force)
    for path, text in zip(paths, texts):
        write_atomically(path, text.encode(), force)
    return paths
