"""Sudoku of puzzle-sudoku.com: the task is Shikaku's letters-and-numbers grammar (digits
1..side); a jigsaw task adds `;` and the region of every cell. A board copy is
`div.cell.selectable`s placed by position, each given in a `div.number`, jigsaw regions drawn
by the cells' border classes `bt`/`bb`/`bl`/`br`. Jigsaw Sudoku (jigsaw_sudoku.py) is read by
this module's functions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import LazyPattern, Page, ParseError, UnsupportedPuzzle, as_grid, whole_number
from ....kinds.sudoku.board import Sudoku, default_box, out_of_range
from ...markup import soup_of
from ..board_copy import cell_grid, has_cell_div
from ..genres import decode_cells

if TYPE_CHECKING:
    from ..genres import Task

SPECIAL_SIZES = {"8": "daily", "9": "daily", "10": "weekly", "11": "monthly"}
# 1,238,537 is a real 9x9 of size 0 and 7,147,018 the 12x12 of a real share link
EXAMPLES = ((1238537, 0), (7147018, 6))

NUMBER = LazyPattern(r"[0-9]+")
SUDOKU_SIDES = (9, 12, 16)  # the classic sizes, whose boxes `default_box` knows (12: 3x4)
SANDWICH_SIZE = 8  # puzzle-sudoku.com's daily Sandwich Sudoku (sites.md 3a, [I])


def _decode_regions(text: str, side: int, what: str) -> list[list[int]]:
    """The 1-based region of every cell, comma-separated in reading order (jigsaw tasks)."""
    count = text.count(",") + 1
    if count != side * side:
        raise ParseError(
            f"the {what} gives regions for {count} cells but the board is {side}x{side}",
            hint="the page may be cut off; save the whole page source again",
        )
    ids = []
    for i, item in enumerate(text.split(",")):
        item = item.strip()
        value = whole_number(item, "a region id") if NUMBER.fullmatch(item) else 0
        if not 1 <= value <= side:
            row, col = divmod(i, side)
            raise ParseError(
                f"the {what} gives the cell at row {row + 1}, column {col + 1} the region "
                f"{item[:10]!r}; a {side}x{side} board has regions 1 to {side}"
            )
        ids.append(value)
    sizes = [0] * (side + 1)
    for value in ids:
        sizes[value] += 1
    uneven = next((r for r in range(1, side + 1) if sizes[r] != side), None)
    if uneven is not None:
        raise ParseError(
            f"the {what}'s region {uneven} has {sizes[uneven]} cells; each of a {side}x{side} "
            f"board's regions has {side}"
        )
    return [ids[r * side : (r + 1) * side] for r in range(side)]


def _refuse_sudoku(task: Task, why: str) -> UnsupportedPuzzle:
    """`why` follows "this Sudoku page (puzzle-sudoku.com)"; "it" is puzzlesat."""
    return UnsupportedPuzzle(
        f"this {task.genre.label} page ({task.genre.host}) {why}",
        hint="puzzlesat reads the classic 9x9, 12x12 (3x4 boxes) and 16x16 Sudoku and the "
        "jigsaw ones of puzzle-jigsaw-sudoku.com",
    )


def decode(task: Task) -> Sudoku:
    """Sudoku's task is Shikaku's grammar (digits 1..side); a jigsaw task adds `;` and the
    region of every cell. The page's puzzleWidth/Height give the size; the box of a classic
    one is its size's (3x3, 3 rows x 4 columns, 4x4), never guessed from the size code."""
    label = task.genre.label
    cells_text, has_regions, regions_text = task.task.partition(";")
    width, height = task.width, task.height
    period = task.genre.special_sizes.get(str(task.size))
    classic = task.genre.name == "sudoku"  # another game read here (jigsaw) has regions
    if classic and (
        task.size == SANDWICH_SIZE or "sandwich" in (task.title or "").lower()
    ):
        raise _refuse_sudoku(task, "is the daily Sandwich Sudoku, whose sums it does not read")
    if width != height:
        raise _refuse_sudoku(task, f"is {width}x{height}; a Sudoku is square")
    if not has_regions and not classic:
        raise ParseError(
            f"the {label} task has no regions (the ids after ';')",
            hint="the site's encoding may have changed; save the whole page source again",
        )
    if not has_regions and width not in SUDOKU_SIDES:
        size = f" (size {task.size}, the {period} puzzle)" if period else ""
        raise _refuse_sudoku(task, f"is {width}x{height}{size}, whose boxes puzzlesat cannot know")
    try:
        cells = decode_cells(cells_text, width, height, f"{label} task")
    except ParseError as error:
        if period is None:
            raise
        raise _refuse_sudoku(
            task, f"holds the {period} puzzle (size {task.size}), a kind of task puzzlesat "
            f"cannot read: {error}"
        ) from None
    too_big = out_of_range(cells, width)
    if too_big is not None:
        row, col, value = too_big
        raise ParseError(
            f"the {label} task puts {value} at row {row}, column {col}; "
            f"a {width}x{width} Sudoku holds 1 to {width}"
        )
    grid = as_grid(cells[r * width : (r + 1) * width] for r in range(height))
    if has_regions:
        regions = _decode_regions(regions_text, width, f"{label} task")
        return Sudoku(grid=grid, regions=as_grid(regions), **task.page)
    return Sudoku(grid=grid, box=default_box(width), **task.page)


def claims_copy(text: str) -> bool:
    """Any board copy of positioned cells: asked after Shikaku's (numbers in the cells), a
    copy of this game's site with no givens is refused here as no Sudoku board."""
    return has_cell_div(text)


BORDERS = {"bt": (-1, 0), "bb": (1, 0), "bl": (0, -1), "br": (0, 1)}
FACING = {"bt": "bb", "bb": "bt", "bl": "br", "br": "bl"}


def _regions_of_borders(classes: list[list[set[str]]]) -> list[list[int]] | None:
    """The regions a jigsaw board copy draws with its cells' border classes (bt/bb/bl/br),
    numbered 1.. in reading order of their first cell; None when it draws none."""
    side = len(classes)
    if not any(cls & BORDERS.keys() for row in classes for cls in row):
        return None
    region = [[0] * side for _ in range(side)]
    sizes = []
    for r0 in range(side):
        for c0 in range(side):
            if region[r0][c0]:
                continue
            sizes.append(0)
            region[r0][c0] = len(sizes)
            todo = [(r0, c0)]
            while todo:
                r, c = todo.pop()
                sizes[-1] += 1
                for border, (dr, dc) in BORDERS.items():
                    r2, c2 = r + dr, c + dc
                    if not (0 <= r2 < side and 0 <= c2 < side) or region[r2][c2]:
                        continue
                    if border in classes[r][c] or FACING[border] in classes[r2][c2]:
                        continue
                    region[r2][c2] = len(sizes)
                    todo.append((r2, c2))
    if len(sizes) != side or any(size != side for size in sizes):
        raise ParseError(
            f"the region borders of the board copy (classes bt, bb, bl, br) cut it into "
            f"{len(sizes)} regions of {sorted(set(sizes))[:6]} cells, not {side} of {side}",
            hint="pipe in the page source (Ctrl-U) instead: its task lists the regions",
        )
    return region


def _sudoku_digit(cell, side: int, r: int, c: int) -> int:
    """The given of a Sudoku cell: its div.number's text, 1-9 then A, B, ... for 10, 11, ..."""
    number = cell.find("div", class_="number")
    text = number.get_text().strip() if number else ""
    if not text:
        return 0
    if text.isascii() and text.isdigit():
        value = whole_number(text, "a board cell")
    elif len(text) == 1 and text.isascii() and text.isalpha():
        value = int(text, 36)  # A = 10, ..., G = 16: how 12x12 and 16x16 boards show them
    else:
        raise ParseError(f"the board cell at row {r + 1}, column {c + 1} holds {text[:10]!r}")
    if not 1 <= value <= side:
        raise ParseError(
            f"the board cell at row {r + 1}, column {c + 1} holds {text!r}; a {side}x{side} "
            f"Sudoku holds 1 to {side}"
        )
    return value


def read_copy(page: Page, jigsaw: bool = False) -> Sudoku:
    """A Sudoku from the devtools copy of its board: `div.cell.selectable`s placed by
    position, each given in a `div.number`; jigsaw regions from the cells' border classes
    (a copy whose borders draw the usual boxes is a classic Sudoku)."""
    soup = soup_of(page.text)
    cells = soup.find_all("div", class_="cell")
    selectable = [cell for cell in cells if "selectable" in (cell.get("class") or [])]
    grid_cells = cell_grid(selectable or cells)
    height, width = len(grid_cells), len(grid_cells[0])
    if height != width:
        raise ParseError(
            f"the board copy places its cells in {height} rows and {width} columns; "
            "a Sudoku is square",
            hint="copy the outerHTML of the whole board (div.board-back)",
        )
    if soup.find("div", class_="number") is None:
        raise ParseError(
            "the board copy holds no div.number: no givens, so not a Sudoku board",
            hint="copy the outerHTML of the whole board (div.board-back)",
        )
    side = width
    grid = as_grid(
        [_sudoku_digit(cell, side, r, c) for c, cell in enumerate(row)]
        for r, row in enumerate(grid_cells)
    )
    classes = [[set(cell.get("class") or ()) for cell in row] for row in grid_cells]
    regions = _regions_of_borders(classes)
    if regions is None and jigsaw:
        raise ParseError(
            "the board copy draws no regions (the border classes bt, bb, bl, br of its cells)",
            hint="pipe in the page source (Ctrl-U) instead: its task lists the regions",
        )
    box = default_box(side) if side in SUDOKU_SIDES else None
    if regions is None and box is None:
        raise UnsupportedPuzzle(
            f"the board copy is a {side}x{side} Sudoku with no regions drawn, whose boxes "
            "puzzlesat cannot know",
            hint="pipe in the page source (Ctrl-U) instead",
        )
    if box is not None and not jigsaw:
        classic = Sudoku(grid=grid, box=box, source=page.source)
        if regions is None or as_grid(regions) == classic.region_of():
            return classic
    return Sudoku(grid=grid, regions=as_grid(regions), source=page.source)
