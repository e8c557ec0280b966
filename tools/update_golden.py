"""Rewrite the expected files beside the fixtures, then review the diff (`git diff fixtures`).

For every saved page or copy under `fixtures/<site>/` (tests/test_fixtures.py reads them all):
- `NAME.board.json`: the board that NAME's page source gives, as `puzzlesat parse` prints it
  (without the path it was read from). NAME's devtools copies must give the same board less
  what only a page carries (PAGE_ONLY_KEYS).
- `bad/FILE.error.json` (FILE: the bad page's name less its suffix): the error a page that
  holds no puzzle ends in, with its hint.
Then the drawings (`NAME.render.txt`, and `NAME.render.ansi` for a puzzle in colours) of every
`*.board.json`, which tests/test_render.py compares with the renderer at a fixed width.

A new fixture is a new page and a run of this tool: no test names its files. The expected
files are what the package gives today, so a change in them is a change in what it reads:
review every line of the diff before committing it.

tests/test_fixtures.py loads this file by its path (the helpers below are the one definition
of the inputs and of what each must give), and tools/make_*_fixtures.py put the puzzles they
built into the expected boards with `board_with_puzzle`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from puzzlesat.core import PuzzleError
from puzzlesat.fetch import read_file
from puzzlesat.kinds import board_record
from puzzlesat.load import read_page
from puzzlesat.render import Style, ansi_text, plain_text
from puzzlesat.solve import solve

WIDTH = 100
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EXPECTED = (".board.json", ".error.json", ".render.txt", ".render.ansi")
NOT_INPUTS = ("index.json", "README.md")  # what the fixture makers say about their pages
# Read from the text around the board (the heading, "Puzzle ID: ..."), and the script's
# hash of the answer with the task it covers, which a page source has and a devtools copy of
# the board or a grid text has not: every copy under fixtures/ differs from its page source
# in these keys and in no other.
PAGE_ONLY_KEYS = ("title", "puzzle_id", "hashed_solution", "site_task")


def site_dirs() -> list[Path]:
    """The folders of saved pages, one a site (named by its host, so with a dot)."""
    return sorted(p for p in FIXTURES.iterdir() if p.is_dir() and "." in p.name)


def inputs_in(folder: Path) -> list[Path]:
    """The pages and copies of a folder: every file that is not an expected file."""
    return sorted(
        p
        for p in folder.iterdir()
        if p.is_file() and p.name not in NOT_INPUTS and not p.name.endswith(EXPECTED)
    )


def every_input() -> list[Path]:
    """Every page and copy a good fixture has, over all sites."""
    return [p for site in site_dirs() for p in inputs_in(site)]


def every_bad_input() -> list[Path]:
    """Every page under a site's bad/: each must end in an error of ours."""
    return [p for site in site_dirs() if (site / "bad").is_dir() for p in inputs_in(site / "bad")]


def name_of(path: Path) -> str:
    """NAME of `NAME.source.html`, `NAME.table.html`, `NAME.txt`: what a page and its copies
    share."""
    return path.name.split(".", 1)[0]


def expected_board_of(path: Path) -> Path:
    """One expected board a NAME: its page and its copies hold one puzzle."""
    return path.with_name(f"{name_of(path)}.board.json")


def expected_error_of(path: Path) -> Path:
    """Named after the whole file (`deleted.ru.html`: `deleted.ru.error.json`): bad pages of
    one name differ by language."""
    return path.with_name(f"{path.name.rsplit('.', 1)[0]}.error.json")


def primary_of(path: Path) -> Path:
    """The input a NAME's expected board is written from: its page source when it has one
    (the most a page tells), else its only input."""
    source = path.with_name(f"{name_of(path)}.source.html")
    return source if source.exists() else path


def parsed(path: Path) -> dict:
    """The board of a page, as `puzzlesat parse` prints it, less the path it came from and
    the player's marks a devtools copy shows (the puzzle is the page's; the marks are the
    copy's own, tested with the hints)."""
    record = board_record(read_page(read_file(str(path))))
    del record["source"]
    record.pop("state", None)
    return record


def without_page_only(record: dict) -> dict:
    """What a copy must give: the page's board less what only a page carries."""
    return {key: value for key, value in record.items() if key not in PAGE_ONLY_KEYS}


def expected_for(path: Path, golden: dict) -> dict:
    """What `path` must give: the whole expected board for the primary input, the board less
    what only a page carries for a copy."""
    return golden if primary_of(path) == path else without_page_only(golden)


def refusal(path: Path) -> dict:
    """The error a bad page ends in: one of puzzlesat's (PuzzleError: any other exception
    goes on up, as a bug). A page that parses is a bad fixture no more."""
    try:
        read_page(read_file(str(path)))
    except PuzzleError as error:
        return {"error": type(error).__name__, "message": str(error), "hint": error.hint}
    where = path.relative_to(FIXTURES)
    raise AssertionError(f"{where} parses: a page under bad/ must be refused")


def dumped(data: dict) -> str:
    """One line of JSON, letters as they are (a title in Cyrillic stays readable in a diff)."""
    return json.dumps(data, ensure_ascii=False) + "\n"


def drawings(board_path: Path) -> tuple[str, str | None]:
    """A fixture board's plain drawing as the golden files hold it, and its colour drawing
    for a puzzle in colours (None for black and white): read and solved once for both."""
    board = read_page(read_file(str(board_path)))
    result = solve(board)
    plain = plain_text(board, result, Style(width=WIDTH, colour=False))
    if not getattr(board, "colors", ()):
        return plain, None
    return plain, ansi_text(board, result, Style(width=WIDTH))


def board_with_puzzle(path: Path, puzzle: dict) -> str:
    """The expected board at `path` with its "puzzle" made `puzzle`, the rest kept.

    A fixture maker knows the puzzle it built, not the whole record: putting its own puzzle
    in keeps the expected board tied to that puzzle (tests/test_fixtures.py then fails if the
    package reads the page otherwise), and a run of this tool completes a new fixture's."""
    record = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return dumped({**record, "puzzle": puzzle})


def write(path: Path, text: str) -> None:
    """Write only what changed, and name it: the list is what to review."""
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
        print(path.relative_to(FIXTURES.parent))


def main() -> int:
    """The expected boards and errors first: the drawings are made from the boards."""
    for path in every_input():
        if primary_of(path) == path:
            write(expected_board_of(path), dumped(parsed(path)))
    for path in every_bad_input():
        write(expected_error_of(path), dumped(refusal(path)))
    for path in sorted(FIXTURES.glob("*/*.board.json")):
        plain, coloured = drawings(path)
        write(path.with_name(path.name.replace(".board.json", ".render.txt")), plain)
        if coloured is not None:
            write(path.with_name(path.name.replace(".board.json", ".render.ansi")), coloured)
    return 0


if __name__ == "__main__":
    sys.exit(main())
