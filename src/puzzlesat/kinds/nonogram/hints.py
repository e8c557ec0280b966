"""The nonogram's own next step: line logic on one line, else the smallest probe.

What a player does first is read one line: every way to place its clue's blocks among the
cells known so far agrees on some cells (lines.LineAutomaton/ColourAutomaton decide
exactly that). The step is the line that decides the most new cells (ties: rows before
columns, top and left first). When no line decides anything alone, a player tries a cell:
if one value of it leaves some line impossible once line logic has run, it takes the other
(`contradiction`, the probe that needs the fewest lines solved, each probe bounded by the
best so far). Neither: None, the puzzle needs the engine's deeper reasoning (or search).

A cell is a bit set of the values still possible (bit 0 empty, bit k colour k; black and
white: bit 1 filled), the colour automaton's own representation; black-and-white lines
keep the faster 0/1/UNKNOWN automaton. Line answers are cached per line and cells, since
probing asks the same questions many times, and the last two boards' lines are kept
between calls: the engine asks step after step on one board. Probes tie on reading order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

from ...grid.steps import Found, cell_words, known_cells, plural, spans
from .board import Nonogram, colour_letter
from .lines import UNKNOWN, ColourAutomaton, LineAutomaton

Masks = list[int]
TRIED = ("line logic", "one cell's contradiction")  # what a stalled step has tried
CACHE_LINES = 1024  # answers kept a line (then forgotten): at most some 25 MB for a 25x25
Solver = Callable[[tuple[int, ...]], "tuple[int, ...] | None"]
_TO_KNOWN = {1: 0, 2: 1, 3: UNKNOWN}  # black and white: a cell's set as the automaton's cell
_TO_MASK = {0: 1, 1: 2, UNKNOWN: 3}


class Line(NamedTuple):
    """One row or column: its cells (flat indices), how it is said, its solver."""

    kind: str  # "row" or "column"
    index: int  # 0-based
    cells: tuple[int, ...]
    clue: str  # "3 1 4", or "3a 1b" with colour letters as the drawing shows them
    solve: Solver  # the cells' sets narrowed to what every placement agrees on, or None


class Impossible(Exception):
    """A line no placement of its clue fits, given the known cells."""


def easy_step(board: Nonogram, known: Mapping[tuple[int, int], int]) -> Found | None:
    """The next step from the cells decided in `known` (the rest open), or None when this
    reasoning finds nothing."""
    lines = _lines(board)
    try:
        grid = _grid(board, known)
        return line_step(board, lines, grid) or probe_step(board, lines, grid)
    except Impossible:
        return None  # the known cells break a line: no step (the engine reports the marks)


def every_line_step(board: Nonogram) -> list[Found]:
    """Line steps from the empty board until none is left (the benchmark's and the tests'
    walk; the engine loops `easy_step` itself)."""
    lines = _lines(board)
    grid = _grid(board, {})
    out: list[Found] = []
    while (found := line_step(board, lines, grid)) is not None:
        out.append(found)
        for r, c, v in found.cells:
            grid[r * board.width + c] = 1 << v
    return out


def line_step(board: Nonogram, lines: Sequence[Line], grid: Masks) -> Found | None:
    """The line whose clue alone decides the most open cells, as a step; None if none does.
    Raises Impossible when a line cannot be completed at all."""
    best: tuple[int, Line, tuple[int, ...]] | None = None
    for line in lines:
        before = tuple(grid[i] for i in line.cells)
        after = line.solve(before)
        if after is None:
            raise Impossible(f"{line.kind} {line.index + 1}")
        new = sum(1 for b, a in zip(before, after) if b & (b - 1) and not a & (a - 1))
        if new and (best is None or new > best[0]):
            best = (new, line, after)
    if best is None:
        return None
    _, line, after = best
    return _said_line(board, line, grid, after)


def _said_line(board: Nonogram, line: Line, grid: Masks, after: Sequence[int]) -> Found:
    """The cells a line decides, and "row 7 (3 1 4): every way to place the blocks fills
    columns 5-6 and leaves columns 1-2 empty"."""
    w = board.width
    decided = [
        (i, a.bit_length() - 1)
        for i, a in zip(line.cells, after)
        if grid[i] & (grid[i] - 1) and not a & (a - 1)
    ]
    cells = tuple((i // w, i % w, v) for i, v in decided)
    across = "column" if line.kind == "row" else "row"
    position = 1 if line.kind == "row" else 0
    by_value: dict[int, list[int]] = {}
    for cell in cells:
        by_value.setdefault(cell[2], []).append(cell[position])
    said = {value: f"{plural(across, len(where))} {spans(where)}"
            for value, where in sorted(by_value.items())}
    parts = [_value_words(board, said)] if set(said) - {0} else []
    if 0 in said:
        parts.append(f"leaves {said[0]} empty")
    text = (f"{line.kind} {line.index + 1} ({line.clue}): every way to place the blocks "
            + " and ".join(parts))
    return Found(cells, f"{line.kind} clue", (line.kind, line.index), text)


def _value_words(board: Nonogram, said: Mapping[int, str]) -> str:
    """What a line does to the cells it fills: "fills columns 5-6", "paints column 3 b
    (#4e79a7) and row 2 a (#e15759)"."""
    if not board.is_colour:
        return f"fills {said[1]}"
    return "paints " + " and ".join(
        f"{where} {colour_words(board, value)}" for value, where in said.items() if value)


def colour_words(board: Nonogram, value: int) -> str:
    """A colour as the lettered drawing names it: its letter and hex, "b (#4e79a7)"."""
    return f"{colour_letter(value)} (#{board.palette[value - 1]})"


def _state_words(board: Nonogram, value: int) -> str:
    if not value:
        return "empty"
    return colour_words(board, value) if board.is_colour else "filled"


# --------------------------------------------------------------------------- probing


class _Probe(NamedTuple):
    solves: int  # lines solved before the contradiction showed
    failed: Line  # the line that could not be completed


def probe_step(board: Nonogram, lines: Sequence[Line], grid: Masks) -> Found | None:
    """The cell whose other values each leave some line impossible after line logic, with
    the fewest lines solved in all; None when no probe decides a cell."""
    w = board.width
    crossing = _crossing(board)
    best: tuple[int, int, int, list[tuple[int, _Probe]]] | None = None
    for i, mask in enumerate(grid):
        if mask & (mask - 1):
            found = _probe_cell(lines, crossing, grid, i, None if best is None else best[0])
            if found is not None:
                best = (found[0], i, found[1], found[2])
    if best is None:
        return None
    _, i, kept, refuted = best
    r, c = divmod(i, w)
    reasons = "; ".join(
        f"if {cell_words(r, c)} were {_state_words(board, value)}, {probe.failed.kind} "
        f"{probe.failed.index + 1} ({probe.failed.clue}) could not be completed"
        for value, probe in refuted
    )
    text = f"{reasons}, so it is {_state_words(board, kept)}"
    return Found(((r, c, kept),), "contradiction", ("cell", (r, c)), text)


def _probe_cell(lines: Sequence[Line], crossing: Sequence[Sequence[int]], grid: Masks,
                cell: int, bound: int | None) -> tuple[int, int, list[tuple[int, _Probe]]] | None:
    """(lines solved, the value left, the refuted values) when every value of `cell` but
    one breaks a line, in fewer than `bound` line solves in all; else None."""
    mask = grid[cell]
    values = [v for v in range(mask.bit_length()) if mask >> v & 1]
    refuted: list[tuple[int, _Probe]] = []
    total = misses = 0
    for value in values:
        budget = None if bound is None else bound - 1 - total
        if budget is not None and budget <= 0:
            return None
        probe = _refute(lines, crossing, grid, cell, 1 << value, budget)
        if probe is None:
            misses += 1
            if misses > 1:
                return None
            continue
        refuted.append((value, probe))
        total += probe.solves
        if len(refuted) == len(values) - 1:
            break
    if len(refuted) != len(values) - 1:
        return None
    kept = (set(values) - {v for v, _ in refuted}).pop()
    return total, kept, refuted


def _refute(lines: Sequence[Line], crossing: Sequence[Sequence[int]], grid: Masks, cell: int,
            mask: int, budget: int | None) -> _Probe | None:
    """Line logic from `grid` with `cell` set to `mask`, its row and column first: the line
    that breaks and the lines solved until then, or None (a fixpoint, or over budget)."""
    trial = list(grid)
    trial[cell] = mask
    queue = deque(crossing[cell])
    queued = set(queue)
    solves = 0
    while queue:
        if budget is not None and solves >= budget:
            return None
        k = queue.popleft()
        queued.discard(k)
        line = lines[k]
        solves += 1
        before = tuple(trial[i] for i in line.cells)
        after = line.solve(before)
        if after is None:
            return _Probe(solves, line)
        for i, b, a in zip(line.cells, before, after):
            if a != b:
                trial[i] = a
                for other in crossing[i]:
                    if other != k and other not in queued:
                        queue.append(other)
                        queued.add(other)
    return None


def _crossing(board: Nonogram) -> list[tuple[int, int]]:
    """Per cell, its row's and its column's numbers among the lines (rows, then columns)."""
    h, w = board.height, board.width
    return [(i // w, h + i % w) for i in range(h * w)]


# --------------------------------------------------------------------------- set-up


def _grid(board: Nonogram, known: Mapping[tuple[int, int], int]) -> Masks:
    """Every cell's set: the known value's bit, else every value the puzzle has. Raises
    Impossible for a value the puzzle has not."""
    every = (1 << (len(board.colors) + 1 if board.is_colour else 2)) - 1
    grid = [every] * (board.height * board.width)
    for r, c, value in known_cells(known):
        if not 0 <= value < every.bit_length():
            raise Impossible(f"{cell_words(r, c)} holds {value}")
        grid[r * board.width + c] = 1 << value
    return grid


@lru_cache(maxsize=2)
def _lines(board: Nonogram) -> tuple[Line, ...]:
    """Rows then columns, each with its solver; kept for the last few boards, since the
    engine asks for one step after another on the same board and most lines' answers
    carry over from one step to the next."""
    h, w = board.height, board.width
    colours = (board.row_colours, board.col_colours) if board.is_colour else (None, None)
    out = []
    for kind, clues, paints, count, cells in (
        ("row", board.rows, colours[0], h, lambda k: tuple(range(k * w, k * w + w))),
        ("column", board.cols, colours[1], w, lambda k: tuple(range(k, h * w, w))),
    ):
        for k in range(count):
            paint = paints[k] if paints is not None else None
            out.append(Line(kind, k, cells(k), _clue_words(clues[k], paint),
                            _solver(clues[k], paint)))
    return tuple(out)


def _clue_words(clue: Sequence[int], paint: Sequence[int] | None) -> str:
    if not clue:
        return "0"
    if paint is None:
        return " ".join(map(str, clue))
    return " ".join(f"{n}{colour_letter(k)}" for n, k in zip(clue, paint))


def _solver(clue: tuple[int, ...], paint: tuple[int, ...] | None) -> Solver:
    """One line's solver over value sets, cached on the cells it is asked about."""
    cache: dict[tuple[int, ...], tuple[int, ...] | None] = {}
    if paint is None:
        dfa = LineAutomaton(clue)

        def solve(cells: tuple[int, ...]) -> tuple[int, ...] | None:
            out = dfa.solve_line([_TO_KNOWN[m] for m in cells])
            return None if out is None else tuple(_TO_MASK[v] for v in out)
    else:
        colour = ColourAutomaton(clue, paint)

        def solve(cells: tuple[int, ...]) -> tuple[int, ...] | None:
            swept = colour.sweep(cells)
            return None if swept is None else tuple(swept[0])

    def cached(cells: tuple[int, ...]) -> tuple[int, ...] | None:
        if cells not in cache:
            if len(cache) >= CACHE_LINES:
                cache.clear()
            cache[cells] = solve(cells)
        return cache[cells]

    return cached


def places(board: Nonogram) -> list:
    """What each decision variable says, for the engine (puzzlesat.hints): a cell filled
    (black and white), or a cell of a colour (one variable a colour, cell by cell)."""
    from ...grid.steps import Place

    w, cells = board.width, board.width * board.height
    if not board.is_colour:
        return [Place(divmod(i, w), 1, 0) for i in range(cells)]
    k = len(board.colors)
    return [Place(divmod(i // k, w), i % k + 1) for i in range(cells * k)]
