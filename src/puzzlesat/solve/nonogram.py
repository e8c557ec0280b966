"""Nonogram to CNF with one small automaton per line, and an independent checker.

Line logic (lines.py) runs first and hands its forced cells over as unit clauses.

Each line's clue is the regular language 0* 1^b1 0+ 1^b2 ... 1^bk 0*. We run its
deterministic automaton (lines.py) over the cells and give a variable to every
(layer, state) that is both reachable from the start and can still reach the end. Every
state remembers the value of the cell just read, which keeps all clauses binary or short,
and unit propagation then fixes every cell a line solver would (as strong as line logic).
Size is O(cells x slack) instead of the seed's O(positions^2) block-pair clauses.
"""

from __future__ import annotations

from collections.abc import Sequence

from pysat.formula import IDPool

from ..board import Grid, InvalidPuzzle, Nonogram, runs
from .lines import UNKNOWN, LineAutomaton, propagate
from .sat import Encoding


def is_solution(board: Nonogram, grid: Grid) -> bool:
    """Check a grid against the clues from the rules alone (no SAT involved)."""
    if len(grid) != board.height or any(len(row) != board.width for row in grid):
        return False
    if any(v not in (0, 1) for row in grid for v in row):
        return False
    if any(runs(row) != clue for row, clue in zip(grid, board.rows)):
        return False
    return all(runs(col) == clue for col, clue in zip(zip(*grid), board.cols))


def validate(board: Nonogram) -> None:
    """Refuse clues that cannot fit before any solving; name the offending line."""
    if not board.rows or not board.cols:
        raise InvalidPuzzle("the puzzle has no rows or no columns")
    for name, lines, length in (
        ("row", board.rows, board.width),
        ("column", board.cols, board.height),
    ):
        for i, clue in enumerate(lines, 1):
            if any(b <= 0 for b in clue):
                raise InvalidPuzzle(
                    f"{name} {i} has a clue that is not a positive number: {list(clue)}"
                )
            need = sum(clue) + len(clue) - 1
            if need > length:
                raise InvalidPuzzle(
                    f"{name} {i} clue {list(clue)} needs {need} cells but the {name} has {length}"
                )
    row_total, col_total = sum(map(sum, board.rows)), sum(map(sum, board.cols))
    if row_total != col_total:
        raise InvalidPuzzle(
            f"the row clues add up to {row_total} filled cells but the column clues to {col_total}"
        )


def _bits(states: int) -> list[int]:
    out, q = [], 0
    while states:
        if states & 1:
            out.append(q)
        states >>= 1
        q += 1
    return out


def encode_line(
    dfa: LineAutomaton,
    cells: Sequence[int],
    known: Sequence[int],
    pool: IDPool,
    clauses: list[list[int]],
) -> None:
    """Append the clauses tying `cells` (variable ids) to the line's automaton.

    Only states alive given the `known` cells get a variable; the known cells themselves
    are unit clauses added by the caller.
    """
    layers = dfa.alive(known)
    if layers is None:
        clauses.append([])  # line logic already proved this line impossible
        return
    var = [{q: pool.id() for q in _bits(layer)} for layer in layers]
    clauses.append([var[0][0]])
    clauses.append(list(var[-1].values()))
    step, label = dfa.step, dfa.label
    for i, cell in enumerate(cells):
        here, nxt = var[i], var[i + 1]
        for q, x in here.items():
            on0, on1 = step[q]
            a, b = nxt.get(on0), nxt.get(on1)
            clauses.append([-x, cell, a] if a else [-x, cell])
            clauses.append([-x, -cell, b] if b else [-x, -cell])
            if a and b:
                clauses.append([-x, a, b])
        filled, empty = [-cell], [cell]
        for q, y in nxt.items():
            clauses.append([-y, cell] if label[q] else [-y, -cell])
            (filled if label[q] else empty).append(y)
            clauses.append([-y] + [x for p, x in here.items() if q in step[p]])
        clauses.append(filled)
        clauses.append(empty)


def encode(board: Nonogram) -> Encoding:
    """CNF of the whole puzzle and the cell variables (row-major).

    Line logic runs first: the cells it forces become unit clauses and fully decided lines
    need no automaton at all. If line logic finds a contradiction, the full CNF is built so
    that the SAT solver, not the shortcut, says there is no solution.
    """
    w, h = board.width, board.height
    forced = propagate(board.rows, board.cols)
    known = forced or [[UNKNOWN] * w for _ in range(h)]
    pool = IDPool(start_from=w * h + 1)
    clauses: list[list[int]] = [
        [r * w + c + 1 if v else -(r * w + c + 1)]
        for r, row in enumerate(known)
        for c, v in enumerate(row)
        if v != UNKNOWN
    ]
    for r, clue in enumerate(board.rows):
        if UNKNOWN in known[r]:
            cells = [r * w + c + 1 for c in range(w)]
            encode_line(LineAutomaton(clue), cells, known[r], pool, clauses)
    for c, clue in enumerate(board.cols):
        column = [known[r][c] for r in range(h)]
        if UNKNOWN in column:
            cells = [r * w + c + 1 for r in range(h)]
            encode_line(LineAutomaton(clue), cells, column, pool, clauses)
    line_solvable = forced is not None and all(UNKNOWN not in row for row in forced)
    return Encoding(clauses, list(range(1, w * h + 1)), facts={"line_solvable": line_solvable})


def decode(board: Nonogram, values: Sequence[bool]) -> Grid:
    w = board.width
    return tuple(tuple(int(values[r * w + c]) for c in range(w)) for r in range(board.height))
