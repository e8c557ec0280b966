"""What each cell of a grid game shows, declared once as a table of `Look`s: the terminal
drawing (full, compact, ASCII, colour, a second answer's differences marked and named in
a legend) and the SVG picture are both made from it, so a game draws by declaring.

A kind gives its table (name -> Look) and `look(board, answer, r, c)`: the name of the
look a cell has in that answer (answer None: the puzzle alone), or (name, text) where
the cell shows its own text (a clue's number). The glyphs alone tell every look apart;
colour only adds. Imports rich only when something is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from math import cos, pi, sin
from typing import Any, NamedTuple

from ..drawing import DIFFERS, GREY, Drawing, Style, finish
from .geometry import Cell, Walls
from .steps import is_cell

CELL = 24  # the picture's cell, in px
TEXT_SIZE = 14


class Look(NamedTuple):
    """One look of a cell. `glyph`/`ascii` fill a column (`wide`: they fill the whole cell,
    as a wall's block does); `differs` are the glyphs a cell with this look shows where a
    second answer has another ("": this look never differs: a wall, a clue); `name` says
    what it is in the legend ("a bulb"). In the picture: the cell's `fill`, then a `mark`
    over it ("disc", "star", "text", "dot") in `ink` with a `rim`. The mark is classed by
    the look's name in the table, the fill by `css` (default: the same name)."""

    glyph: str
    ascii: str
    style: str = ""
    differs: tuple[str, str] = ("", "")
    name: str = ""
    wide: bool = False
    fill: str | None = None
    mark: str | None = None
    ink: str = "#000000"
    rim: str | None = None
    css: str | None = None


Looks = Mapping[str, Look]
# the two looks of every shading game's cell (LITS, Tapa, Heyawake): the glyphs tell them
# apart, the grey only adds
SHADED = Look("█", "#", GREY, ("▒", "%"), "a shaded cell", wide=True, fill="#404040",
              css="shaded")
WHITE = Look(" ", " ", "", ("∘", "o"), "a white cell")
SHADING = {"shaded": SHADED, "white": WHITE}  # the table of a game of shaded cells alone


LookOf = Callable[[Any, Any, int, int], "str | tuple[str, str]"]


def marked(on: str, off: str) -> LookOf:
    """The `look` of a game whose answer is rows of 0/1 and whose cells show nothing else:
    `on` a 1 (water, a star), `off` a 0 and every cell of the puzzle alone."""
    return lambda board, answer, r, c: on if answer is not None and answer[r][c] else off


shaded_or_white = marked("shaded", "white")  # Norinori's, LITS', Kakurasu's cells


def shaded_or_number(field: str) -> LookOf:
    """The `look` of a game of shaded cells whose other cells may show a number, rows of
    them in the board's `field` (Heyawake's rooms, Mosaic's clues): "shaded", else
    ("number", its number), else "white"."""

    def look(board: Any, answer: Any, r: int, c: int) -> str | tuple[str, str]:
        if answer is not None and answer[r][c]:
            return "shaded"
        k = getattr(board, field)[r][c]
        return "white" if k is None else ("number", str(k))

    return look


def _named(found: str | tuple[str, str]) -> tuple[str, str | None]:
    return (found, None) if isinstance(found, str) else found


def _glyph(look: Look, text: str | None, style: Style, width: int) -> str:
    glyph = text if text is not None else (look.ascii if style.ascii else look.glyph)
    return glyph * width if look.wide and text is None else glyph.rjust(width)


def draw_looks(
    board: Any, answer: Any, other: Any, style: Style, looks: Looks, look: LookOf,
    walls: Walls | None = None,
) -> Drawing:
    """The answer drawn cell by cell from the table: framed two columns a cell, compact one
    column; inside `walls` (regions) where given. Where `other` (a second answer) gives a
    cell another look, the cell shows its look's `differs` glyph and a legend says so;
    the cells a hint's rules speak of (`style.used`: Battleships' own drawing of a step)
    are marked as draw_step marks them."""
    from .draw import framed, walled

    painted = style.colour and not style.ascii
    width = 1 if style.compact else 2
    marked: dict[str, Look] = {}

    def label(r: int, c: int) -> tuple[str, str]:
        name, text = _named(look(board, answer, r, c))
        shown = looks[name]
        if other is not None and shown.differs[0] and name != _named(look(board, other, r, c))[0]:
            marked[name] = shown
            return shown.differs[style.ascii].rjust(width), DIFFERS if painted else ""
        return _glyph(shown, text, style, width), shown.style if painted else ""

    used = UsedMarks(label, style)  # a hint's rules' cells, where a kind draws its own
    if walls is None:
        text = framed(board.height, board.width, used, width, style)
    else:
        text = walled(walls, used, width, style)
    return Drawing(finish(text), used.legend() + (_legend(looks, style) if other is not None
                                                  else ()))


def draw_step(
    board: Any, answer: Any, decided: Mapping[tuple[int, int], bool], style: Style,
    looks: Looks, look: LookOf, walls: Walls | None = None,
) -> Drawing:
    """A hint's board: the cells decided so far as the answer has them, this step's
    (`decided` True) in their `differs` glyph (and colour), the rest as the puzzle shows
    them; the cells its rules speak of (`style.used`: scope_cells) with USED before them
    (and in reverse video) where no mark of the step's is; a legend names the marks."""
    from .draw import framed, walled

    painted = style.colour and not style.ascii
    width = 1 if style.compact else 2
    marked: dict[str, Look] = {}
    stepped: set[Cell] = set()  # the cells whose step's mark shows

    def shown(r: int, c: int) -> tuple[str, str]:
        if (r, c) not in decided:
            name, text = _named(look(board, None, r, c))
            return _glyph(looks[name], text, style, width), looks[name].style if painted else ""
        name, text = _named(look(board, answer, r, c))
        shown = looks[name]
        if not decided[(r, c)] or not shown.differs[0]:
            return _glyph(shown, text, style, width), shown.style if painted else ""
        marked[name] = shown
        stepped.add((r, c))
        mark = shown.differs[style.ascii]
        glyph = mark if text is None else (mark + text)[-width:] if len(text) < width else text
        return glyph.rjust(width), DIFFERS if painted else ""

    label = UsedMarks(shown, style, keep=stepped)
    text = framed(board.height, board.width, label, width, style) if walls is None \
        else walled(walls, label, width, style)
    said = [f"{shown.differs[style.ascii]} {shown.name}" for shown in marked.values()]
    legend = (f"{' and '.join(said)}: decided by this step",) if said else ()
    return Drawing(finish(text), label.legend() + legend)


# --------------------------------------------------------------------------- what a step uses
USED = ("▸", ">")  # before a cell the step's rules speak of: Unicode, ASCII
LINE_USED = {"row": USED, "column": ("▾", "v")}  # beside a row's clue, above a column's
AREA_WORDS = frozenset({"region", "box", "tank", "room", "cage", "unit"})
LINE_SIDES = {"row": "row", "left": "row", "right": "row",
              "column": "column", "top": "column", "bottom": "column"}


def used_glyph(glyph: str, style: Style) -> str:
    """A cell's glyph with USED in its first column, where that column is free (a blank,
    or a block that fills the cell); else the glyph alone (the colour tells)."""
    mark = USED[style.ascii]
    if glyph[:1] == " " or len(glyph) > 1 and len(set(glyph)) == 1:
        return mark + glyph[1:]
    return glyph


class UsedMarks:
    """A `label(r, c)` (grid.draw) with the cells a hint's rules speak of (`style.used`)
    marked: USED in a free first column (not where the cell's own mark is to stay:
    `keep`, read as each cell is drawn), reverse video in colour; `legend()` says so
    where some mark shows."""

    def __init__(self, label: Callable[[int, int], tuple[str, str]], style: Style,
                 keep: Collection[Cell] = ()) -> None:
        self.label, self.style, self.keep, self.seen = label, style, keep, set()
        self.painted = style.colour and not style.ascii

    def __call__(self, r: int, c: int) -> tuple[str, str]:
        text, paint = self.label(r, c)
        if (r, c) not in self.style.used:
            return text, paint
        marked = text if (r, c) in self.keep else used_glyph(text, self.style)
        if self.painted or marked != text:
            self.seen.add((r, c))
        return marked, f"{paint} reverse".strip() if self.painted else paint

    def legend(self) -> tuple[str, ...]:
        return used_legend(self.seen, self.style)


CROSSED = ("×", "x")  # on an edge a hint's step crosses out: Unicode, ASCII


def crossed_legend(shown: bool, style: Style) -> tuple[str, ...]:
    """The legend's line for CROSSED, when some edge has it."""
    return (f"{CROSSED[style.ascii]} crossed out by this step",) if shown else ()


def margin_lines(style: Style) -> tuple[frozenset[int], frozenset[int]]:
    """The rows and the columns to mark in a drawing's margin (LINE_USED at a row's start,
    above a column): the lines a hint's rules speak of (`style.lines`), and the row and
    the column of each other cell they speak of (a clue cell: a circle, a number)."""
    rows = {i for what, i in style.lines if what == "row"}
    cols = {i for what, i in style.lines if what == "column"}
    alone = [(r, c) for r, c in style.used if r not in rows and c not in cols]
    return frozenset(rows | {r for r, _ in alone}), frozenset(cols | {c for _, c in alone})


def marked_rule(rule: str, cols: Collection[int], first: int, step: int, style: Style) -> str:
    """A frame's top rule with LINE_USED's column glyph above each of `cols`: column c's
    glyph at `first + c * step`."""
    out = list(rule)
    for c in cols:
        if 0 <= first + c * step < len(out):
            out[first + c * step] = LINE_USED["column"][style.ascii]
    return "".join(out)


def framed_legend(style: Style) -> tuple[str, ...]:
    """The legend's lines for a hint's marks in a frame's margin (margin_lines) and on its
    crossed-out edges, where the full drawing shows them."""
    if style.compact:
        return ()
    rows, cols = margin_lines(style)
    lines = [("row", r) for r in rows] + [("column", c) for c in cols]
    return lines_legend(lines, style) + crossed_legend(bool(style.crossed), style)


def used_legend(used: Collection[Any], style: Style,
                marks: tuple[tuple[str, str], ...] = (USED,)) -> tuple[str, ...]:
    """The legend's line for USED (or the `marks` shown: LINE_USED's), when some cell or
    line has it."""
    glyphs = "/".join(mark[style.ascii] for mark in marks)
    return (f"{glyphs} where the rules below apply",) if used else ()


def lines_legend(lines: Collection[tuple[str, int]], style: Style) -> tuple[str, ...]:
    """The legend's line for the lines marked (LINE_USED), their sides' glyphs."""
    sides = sorted({what for what, _ in lines}, reverse=True)  # row before column
    return used_legend(lines, style, tuple(LINE_USED[what] for what in sides))


def scope_cells(board: Any, scope: tuple) -> frozenset[Cell]:
    """The cells a rule's scope (grid.clauses.Named) speaks of, to mark on a hint's board:
    a line ("row", 3), as a clue beside it names it (("left", 3): Skyscrapers); a cell,
    as a clue, a sign or the first cell of an area names it ("clue", (r, c)), the area
    where the board has a field of ids named after it (`cages`, `rooms`); a run ("across
    run", at) of a board's `runs()` (Kakuro's), the cell naming it and its cells; a 2x2 block
    from its corner; a line's segment from its first cell (the run of cells the board's
    grid holds alike: Light Up's white cells); the k-th area of a field named after it
    (`thermometers`) or of the board's regions in reading order (its boxes: Sudoku).
    Nothing for the board as a whole or what names no cells."""
    what, *where = scope
    if not where:
        return frozenset()
    at = where[0]
    if type(at) is int:
        if what in LINE_SIDES:
            return _line(board, LINE_SIDES[what], at)
        areas = _areas(board, what)
        return frozenset(areas[at]) if 0 <= at < len(areas) else frozenset()
    if not is_cell(at) or not _within(board, at):
        return frozenset()
    if what == "block":
        return frozenset((at[0] + dr, at[1] + dc) for dr in (0, 1) for dc in (0, 1)
                         if at[0] + dr < board.height and at[1] + dc < board.width)
    if what in ("row", "column"):
        return _segment(board, what, at)
    if what.endswith(" run") and hasattr(board, "runs"):  # Kakuro's: its clue and cells
        return frozenset(cell for run in board.runs() if (f"{run.way} run", run.at) == scope
                         for cell in (run.at, *run.cells))
    found = next((area for area in _areas(board, what, own=True) if at in area), (at,))
    return frozenset(found)


def _within(board: Any, at: Cell) -> bool:
    """Whether a cell is on the board: in the rows of its grid (GRID: Shingoki's lattice
    points, one more each way than its cells), else of its height and width."""
    grid = _grid(board)
    if not _ids(board, grid) and isinstance(grid, (list, tuple)) and all(
            isinstance(row, (list, tuple)) for row in grid):
        return 0 <= at[0] < len(grid) and 0 <= at[1] < len(grid[at[0]])
    return 0 <= at[0] < board.height and 0 <= at[1] < board.width


def _line(board: Any, what: str, i: int) -> frozenset[Cell]:
    if what == "row":
        return frozenset((i, c) for c in range(board.width)) if i < board.height else frozenset()
    return frozenset((r, i) for r in range(board.height)) if i < board.width else frozenset()


def _grid(board: Any) -> Any:
    """The board's grid: the field its GRID names (grid.board.GridBoard's), else `grid`;
    None where it has none (a nonogram's clues)."""
    return getattr(board, getattr(board, "GRID", "grid"), None)


def _segment(board: Any, what: str, at: Cell) -> frozenset[Cell]:
    grid = _grid(board)
    r, c = at
    dr, dc = (0, 1) if what == "row" else (1, 0)
    out = [at]
    while grid is not None and r + dr < board.height and c + dc < board.width \
            and grid[r + dr][c + dc] == grid[at[0]][at[1]]:
        r, c = r + dr, c + dc
        out.append((r, c))
    return frozenset(out)


def _areas(board: Any, what: str, own: bool = False) -> list[list[Cell]]:
    """The areas a scope's word names: the board's field named after it, a list of paths
    of cells (`thermometers`) or, for a word of AREA_WORDS, rows of ids (`cages`); else
    (not `own`) for a word of AREA_WORDS the board's regions (the field REGIONS names, or
    its boxes: Sudoku's), in reading order."""
    from .geometry import regions_from_ids

    field = getattr(board, what + "s", None)
    if _paths(field):
        return [list(path) for path in field]
    if what not in AREA_WORDS:
        return []
    if not _ids(board, field) and not own:
        field = getattr(board, getattr(board, "REGIONS", None) or "regions", None)
        if not _ids(board, field) and hasattr(board, "box"):
            field = _boxes(board)
    return list(regions_from_ids(field).values()) if _ids(board, field) else []


def _boxes(board: Any) -> Any:
    """Each cell's box of a board in boxes (its `box`, else the usual one of its size)."""
    from ..core import ParseError
    from .boxes import box_ids, default_box

    try:
        return box_ids(board.height, board.box or default_box(board.height))
    except ParseError:
        return None


def _paths(field: Any) -> bool:
    return isinstance(field, (list, tuple)) and bool(field) and all(
        isinstance(path, (list, tuple)) and path and all(is_cell(cell) for cell in path)
        for path in field)


def _ids(board: Any, field: Any) -> bool:
    return isinstance(field, (list, tuple)) and len(field) == board.height and all(
        isinstance(row, (list, tuple)) and len(row) == board.width for row in field)


def _legend(looks: Looks, style: Style) -> tuple[str, ...]:
    """What the marks of a second answer mean, one line: every look that can differ."""
    said = [f"{shown.differs[style.ascii]} {shown.name}" for shown in looks.values()
            if shown.differs[0]]
    return (f"{' and '.join(said)} where this answer differs from solution 1",)


def picture_looks(
    board: Any, answer: Any, looks: Looks, look: LookOf, walls: Walls | None = None,
    around: Any = None, over: Callable[[Any, float, float], None] | None = None,
) -> str:
    """The SVG picture from the same table: every cell's fill, the thin lines, the walls
    (or the frame), then every cell's mark on top; `around` (clues outside the grid:
    grid.counts.Around, grid.between.Clues) in its room on the sides it names (`left`,
    `top`, `right`, `bottom`); and last `over(page, x0, y0)`, what stands between cells
    (grid.between's marks)."""
    from ..svg import grid_page
    from .picture import frame, thin_lines, wall_lines

    room = [getattr(around, side, 0) for side in ("left", "top", "right", "bottom")]
    out, x0, y0 = grid_page(board.width, board.height, CELL, board.title, *room)
    if around is not None:
        around.draw(out, x0, y0)
    cells = [
        (r, c, *_named(look(board, answer, r, c)))
        for r in range(board.height) for c in range(board.width)
    ]
    for r, c, name, _ in cells:
        shown = looks[name]
        if shown.fill:
            out.rect(x0 + c * CELL, y0 + r * CELL, CELL, CELL, shown.fill, class_=shown.css or name)
    thin_lines(out, board.height, board.width, CELL, x0, y0)
    if walls is not None:
        wall_lines(out, walls, CELL, x0, y0)
    for r, c, name, text in cells:
        shown = looks[name]
        if shown.mark or text is not None:
            _mark(out, shown, text, x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL, name)
    if walls is None:
        frame(out, board.height, board.width, CELL, x0, y0)
    if over is not None:
        over(out, x0, y0)
    return out.document()


def _mark(out: Any, look: Look, text: str | None, x: float, y: float, css: str) -> None:
    """One cell's mark centred on (x, y)."""
    rim = {"stroke": look.rim, "stroke_width": 1.5} if look.rim else {}
    if text is not None or look.mark == "text":
        out.text(x, y, text or look.glyph, TEXT_SIZE, look.ink, bold=True)
    elif look.mark == "disc":
        out.element("circle", cx=x, cy=y, r=CELL * 0.32, fill=look.ink, class_=css, **rim)
    elif look.mark == "dot":
        out.element("circle", cx=x, cy=y, r=CELL * 0.08, fill=look.ink, class_=css)
    elif look.mark == "star":
        out.element("polygon", points=star_points(x, y, CELL * 0.4), fill=look.ink,
                    class_=css, **rim)


def star_points(x: float, y: float, radius: float) -> str:
    """The points of a five-pointed star centred on (x, y), its top point up."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.4
        angle = -pi / 2 + i * pi / 5
        points.append(f"{x + r * cos(angle):.2f},{y + r * sin(angle):.2f}")
    return " ".join(points)
