"""The Sudoku rules, checked from the grid alone: no SAT, no propagation."""

from __future__ import annotations

from ...core import Grid, InvalidPuzzle
from .board import Sudoku, default_box
from .layout import layout, region_cells


def _where(name: str, cells: list[int], n: int) -> str:
    """Where two cells of a unit are, in the words of that unit: the columns of a row, the
    rows of a column, row and column in a box or region."""
    if name.startswith("row"):
        return f"columns {cells[0] % n + 1} and {cells[1] % n + 1}"
    if name.startswith("column"):
        return f"rows {cells[0] // n + 1} and {cells[1] // n + 1}"
    a, b = ((i // n + 1, i % n + 1) for i in cells[:2])
    return f"row {a[0]}, column {a[1]} and row {b[0]}, column {b[1]}"


def _check_shape(board: Sudoku) -> None:
    n = board.size
    if not n:
        raise InvalidPuzzle("the Sudoku grid is empty")
    for r, row in enumerate(board.grid, 1):
        if len(row) != n:
            raise InvalidPuzzle(
                f"the Sudoku grid must be square: row {r} has {len(row)} cells, not {n}"
            )
    if board.regions is not None:
        _check_regions(board.regions, n)
        return
    height, width = board.box or default_box(n)
    if height <= 0 or width <= 0 or height * width != n:
        raise InvalidPuzzle(
            f"a box of {height}x{width} cells does not fit a {n}x{n} Sudoku "
            f"({height} x {width} is not {n})"
        )


def _check_regions(regions: Grid, n: int) -> None:
    if len(regions) != n or any(len(row) != n for row in regions):
        raise InvalidPuzzle(f"the regions do not cover the {n}x{n} grid cell by cell")
    groups = region_cells(regions)
    if len(groups) != n:
        raise InvalidPuzzle(f"a {n}x{n} Sudoku needs {n} regions, the board has {len(groups)}")
    for label, cells in groups.items():
        if len(cells) != n:
            raise InvalidPuzzle(f"region {label} has {len(cells)} cells; each needs {n}")


def validate(board: Sudoku) -> None:
    """Refuse a board that cannot hold before any solving: a bad shape, a given out of
    1..n, or the same digit twice in a row, column, box or region (named)."""
    _check_shape(board)
    n = board.size
    for r, row in enumerate(board.grid, 1):
        for c, v in enumerate(row, 1):
            if not 0 <= v <= n:
                raise InvalidPuzzle(
                    f"row {r}, column {c} holds {v}, but a {n}x{n} Sudoku takes 1 to {n}"
                )
    cells = [v for row in board.grid for v in row]
    lay = layout(board)
    for name, unit in zip(lay.names, lay.units):
        seen: dict[int, int] = {}
        for i in unit:
            v = cells[i]
            if not v:
                continue
            if v in seen:
                raise InvalidPuzzle(f"{name} has two {v}s ({_where(name, [seen[v], i], n)})")
            seen[v] = i


def group_box(boards: list[Sudoku], n: int, box, regions) -> tuple[int, int] | None:
    """The box of a group of boards of one shape (many.py); InvalidPuzzle for a grid that is
    not square, a box that does not tile it, or regions that are not n regions of n cells."""
    for board in boards:
        if not n or set(map(len, board.grid)) != {n}:
            raise InvalidPuzzle(f"the Sudoku grid must be square ({n} rows)")
    if regions is not None:
        groups = region_cells(regions) if len(regions) == n else {}
        if len(groups) != n or any(len(cells) != n for cells in groups.values()):
            raise InvalidPuzzle(f"the regions must be {n} regions of {n} cells each")
        return None
    box = box or default_box(n)
    if box[0] * box[1] != n or min(box) <= 0:
        raise InvalidPuzzle(f"a box of {box[0]}x{box[1]} cells does not fit a {n}x{n} Sudoku")
    return box


def is_solution(board: Sudoku, grid: Grid) -> bool:
    """Check a filled grid from the rules alone: n x n of 1..n, the givens kept, every row,
    column and box (or region) holding each digit once."""
    n = board.size
    if len(grid) != n or any(len(row) != n for row in grid):
        return False
    digits = set(range(1, n + 1))
    if any(v not in digits for row in grid for v in row):
        return False
    for given_row, row in zip(board.grid, grid):
        if any(g and g != v for g, v in zip(given_row, row)):
            return False
    if any(set(row) != digits for row in grid):
        return False
    if any(set(col) != digits for col in zip(*grid)):
        return False
    units = board.region_of()
    per_unit: dict[int, set[int]] = {}
    for unit_row, row in zip(units, grid):
        for label, v in zip(unit_row, row):
            per_unit.setdefault(label, set()).add(v)
    # n units of n distinct digits among n * n cells: each unit has exactly n cells
    return len(per_unit) == n and all(seen == digits for seen in per_unit.values())


def answers_hold(n: int, box: tuple[int, int], givens: bytes, answers: bytes) -> bool:
    """Whether every answer of `answers` (n*n bytes each, row after row) holds each digit
    1..n once in every row, column and box and keeps the givens of its puzzle (`givens`:
    the same length, 0 for an empty cell). All answers at once, for files of many: checking
    them one by one took longer than finding them.

    The cells of each unit are laid side by side (an answer's rows, columns and boxes: 3n
    runs of n cells), each cell as a field holding 2**(d-1) (0 for a value out of 1..n);
    one multiplication sums every n consecutive fields into the last of them, and a unit
    holds 1..n when its sum is 2**n - 1: n powers of two add up to n one-bits only when no
    two are equal (two equal ones carry, and a carry loses a one-bit). A field has room for
    n times the largest digit's bit, so that no sum spills into the next field."""
    cells = n * n
    if len(answers) != len(givens) or len(answers) % cells:
        return False
    order = _units_in_order(n, box)
    width = ((n << (n - 1)).bit_length() + 7) // 8  # bytes a field
    stride = len(order) * width  # an answer's runs
    fields = bytearray(stride * (len(answers) // cells))
    for j in range(width):  # byte j of every cell's field, every answer at once
        plane = answers.translate(
            bytes((1 << (v - 1)) >> (8 * j) & 255 if 1 <= v <= n else 0 for v in range(256))
        )
        for k, cell in enumerate(order):
            fields[k * width + j :: stride] = plane[cell::cells]
    sums = int.from_bytes(fields, "little") * sum(1 << (8 * width * k) for k in range(n))
    out = sums.to_bytes(len(fields) + n * width, "little")
    full = ((1 << n) - 1).to_bytes(width, "little")
    runs = len(fields) // (n * width)
    for j in range(width):  # byte j of the last field of every run
        if out[(n - 1) * width + j : len(fields) : n * width] != full[j : j + 1] * runs:
            return False
    given = givens.translate(bytes([0] + [255] * 255))  # 255 where a cell is given
    kept = int.from_bytes(answers, "big") & int.from_bytes(given, "big")
    return kept == int.from_bytes(givens, "big")


def _units_in_order(n: int, box: tuple[int, int]) -> list[int]:
    """The cells of every row, then every column, then every box, unit after unit."""
    rows, cols = box
    out = [r * n + c for r in range(n) for c in range(n)]
    out += [r * n + c for c in range(n) for r in range(n)]
    for top in range(0, n, rows):
        for left in range(0, n, cols):
            out += [(top + r) * n + left + c for r in range(rows) for c in range(cols)]
    return out
