"""Board JSON: what `puzzlesat parse` prints, and what `solve --json` carries, read back.

{"kind": "nonogram", "source": ..., "puzzle": {...}}: the "puzzle" object is the kind's own
(its Kind reads and writes it). A file without "kind", or a bare puzzle object, is read by
its keys: "rows" and "cols" are a nonogram, "grid" with "box" or "regions" a Sudoku, "grid"
alone a Shikaku (the three shapes files were written in before "kind"; a kind added since
is read by its "kind" only). "title" and "puzzle_id" are carried over to the board, so that
a board read back is the board written.
"""

from __future__ import annotations

import dataclasses
import json

from ..core import LazyPattern, Page, ParseError, json_excerpt, json_text
from ..kinds import Board, board_record, kind_named
from .format import Format, with_hint

HASHED = LazyPattern(r"[0-9a-fA-F]{32}")
HINT = (
    "check the board JSON against what `puzzlesat parse` prints: "
    '{"kind": "nonogram", "puzzle": {"rows": [...], "cols": [...]}} or '
    '{"kind": "shikaku", "puzzle": {"grid": [...]}} or '
    '{"kind": "sudoku", "puzzle": {"grid": [...], "box": [3, 3]}}'
)


def recognises(text: str) -> bool:
    return text.lstrip().startswith("{")


def _kind_by_keys(puzzle: dict) -> str:
    if "grid" in puzzle:
        return "sudoku" if "box" in puzzle or "regions" in puzzle else "shikaku"
    if "rows" in puzzle or "cols" in puzzle or "columns" in puzzle:
        return "nonogram"
    raise ParseError(
        'board JSON needs a "kind", or "rows" and "cols" (a nonogram), "grid" and "box" or '
        '"regions" (a Sudoku) or "grid" alone (a Shikaku)'
    )


@with_hint(HINT)
def read(page: Page) -> Board:
    try:
        data = json.loads(page.text)
    except ValueError as exc:
        raise ParseError(f"the input looks like JSON but is not valid: {exc}") from None
    except RecursionError:
        raise ParseError("the board JSON is nested too deep to be a puzzle") from None
    if not isinstance(data, dict):
        raise ParseError("board JSON must be an object")
    puzzle = data.get("puzzle", data)
    if not isinstance(puzzle, dict):
        raise ParseError('board JSON: "puzzle" must be an object')
    source = data.get("source")
    source = source if isinstance(source, str) and source else page.source
    kind = kind_named(data["kind"]) if "kind" in data else kind_named(_kind_by_keys(puzzle))
    return _with_names(kind.from_json(puzzle, source), data)


def _with_names(board: Board, data: dict) -> Board:
    """The board with the file's "title" and "puzzle_id", and the page's check
    ("hashed_solution", "site_task"), where its kind keeps them."""
    fields = {f.name for f in dataclasses.fields(board)}
    names = {
        key: data[key]
        for key in ("title", "puzzle_id")
        if key in fields and isinstance(data.get(key), str) and data[key]
    }
    if data.get("state") is not None and "state" in fields:  # the player's marks
        names["state"] = data["state"]
    if "hashed_solution" in data and "hashed_solution" in fields:
        names.update((k, v) for k, v in _site_hash(data).items() if k in fields)
    return dataclasses.replace(board, **names) if names else board


def _site_hash(data: dict) -> dict:
    """The page's hash of its answer and the task it covers, which go together: a saved
    board is checked against the site as its page was (site_check.py)."""
    hashed, task = data["hashed_solution"], data.get("site_task")
    if not (isinstance(hashed, str) and HASHED.fullmatch(hashed)):
        raise ParseError(
            f'board JSON: "hashed_solution" must be 32 hex digits, not {json_excerpt(hashed)}'
        )
    if not isinstance(task, str):
        raise ParseError('board JSON: "hashed_solution" needs the page\'s task in "site_task"')
    return {"hashed_solution": hashed.lower(), "site_task": task}


def write(board: Board) -> str:
    """The board alone, as `puzzlesat parse` prints it."""
    return json_text(board_record(board))


FORMAT = Format(
    name="board-json",
    recognises=recognises,
    read=read,
    write=write,
    hint=HINT,
    aliases=("json",),
    suffix=".json",
)
