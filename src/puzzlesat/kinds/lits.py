"""LITS: shade one tetromino in every region so that two tetrominoes of the same letter (L, I,
T, S; mirror images and rotations alike) never share an edge, no 2x2 block is all shaded,
and all the shaded cells are connected.

A shade variable per cell and, per region, a variable for every tetromino that fits inside
it (exactly one holds; a cell is shaded exactly when a chosen tetromino covers it) and one
per letter (which the chosen one is): two cells of different regions that touch are never
both shaded under one letter. The O never fits (it is a full 2x2). Connectivity is the
lazy cuts of grid/connectivity.py. Board JSON: `{"regions": [[1, 1, 2], ...]}` (a region id
a cell, whole numbers); an answer is rows of 0/1, 1 shaded.
"""

from __future__ import annotations

from ..grid import clauses as rules
from ..grid.board import Regions, board
from ..grid.connectivity import connected, connected_cells
from ..grid.geometry import Cell, cells, squares, touching_pairs
from ..grid.rows import REGION_IDS, digit_rows
from ..sat import Encoding
from . import declare, tiny

Shape = frozenset[Cell]
LETTERS = {  # one placement of each, (row, column) from the top left
    "L": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "S": ((0, 1), (0, 2), (1, 0), (1, 1)),
    "O": ((0, 0), (0, 1), (1, 0), (1, 1)),
}


@board
class Lits(Regions):
    """Rows of region ids, one a cell."""

    kind = "lits"
    LABEL = "LITS"


JSON_FIELDS = {"regions": REGION_IDS}
PUZZLE_JSON = '`{"regions": rows of region ids}`'
SITE_CELLS = "yn"


# --------------------------------------------------------------------------- the shapes
def _normal(shape: Shape) -> Shape:
    top, left = min(r for r, _ in shape), min(c for _, c in shape)
    return frozenset((r - top, c - left) for r, c in shape)


def _variants(shape: Shape) -> set[Shape]:
    """The shape turned and mirrored, each moved to the top left."""
    out, now = set(), shape
    for _ in range(4):
        now = _normal(frozenset((c, -r) for r, c in now))
        out |= {now, _normal(frozenset((r, -c) for r, c in now))}
    return out


LETTER_OF = {variant: letter for letter, shape in LETTERS.items()
             for variant in _variants(frozenset(shape))}


def letter_of(shape: Shape) -> str | None:
    """The letter of four cells (O included), or None where they are not a tetromino."""
    return LETTER_OF.get(_normal(shape)) if len(shape) == 4 else None


def tetrominoes(area: list[Cell]) -> list[tuple[Shape, str]]:
    """Every tetromino inside `area` but the O, with its letter, each once."""
    inside, found = set(area), set()
    for r, c in area:
        for variant, letter in LETTER_OF.items():
            if letter == "O":
                continue
            for dr, dc in variant:  # the variant moved so that this cell of it is (r, c)
                placed = frozenset((r + vr - dr, c + vc - dc) for vr, vc in variant)
                if placed <= inside:
                    found.add((placed, letter))
    return sorted(found, key=lambda item: (sorted(item[0]), item[1]))


# Per cell its shade variable and at most 19 x 4 placements of a region cell's
# tetrominoes (a pair counter each, a covering clause), a share of the letters' border
# clauses (four of four literals a touching pair) and of the 2x2 blocks.
CELL_COST = (220, 120)  # literals, clauses


def stress(height: int, width: int) -> Lits:
    """Strips of 8 cells in 2 rows: the most tetrominoes a region cell sees, and many."""
    return Lits(tuple(tuple(1 + r // 2 * width + c // 4 for c in range(width))
                      for r in range(height)))


# --------------------------------------------------------------------------- the rules
def encode(board: Lits) -> Encoding:
    """Shade variables 1..N in reading order, then the placements and letters, and the
    shaded cells' connectivity as refine."""
    variables = rules.Variables()
    shade = {cell: variables.of(cell) for cell in cells(board.height, board.width)}
    region_of = {cell: i for i, area in enumerate(board.areas()) for cell in area}
    out = rules.Named()
    letter: list[dict[str, int]] = []
    for i, area in enumerate(board.areas()):
        letter.append(_one_tetromino(out, i, area, shade, variables))
    for a, b in touching_pairs(board.height, board.width):
        ra, rb = region_of[a], region_of[b]
        if ra != rb:
            out.add("equal letters never touch", ("cell", a), [
                [-shade[a], -shade[b], -letter[ra][x], -letter[rb][x]]
                for x in letter[ra].keys() & letter[rb].keys()])
    for block in squares(board.height, board.width):
        out.add("no 2x2 shaded", ("block", block[0]), [[-shade[cell] for cell in block]])
    rule = connected_cells(shade)
    return Encoding(out, list(shade.values()), refine=rule.refine, rules=out.names)


def _one_tetromino(out: rules.Named, i: int, area: list[Cell], shade: dict[Cell, int],
                   variables: rules.Variables) -> dict[str, int]:
    """Exactly one tetromino of the region chosen, its cells the region's shaded ones;
    returns the region's letter variables (letter -> its tetromino is that letter)."""
    placed = [(shape, letter, variables.new()) for shape, letter in tetrominoes(area)]
    chosen = [var for _, _, var in placed]
    out.add("one tetromino a region", ("region", i), rules.exactly_one(chosen, variables))
    for cell in area:
        covering = [var for shape, _, var in placed if cell in shape]
        out.add("shaded where the tetromino is", ("cell", cell),
                [[-shade[cell], *covering], *([-var, shade[cell]] for var in covering)])
    letters = {letter: variables.new() for letter in sorted({x for _, x, _ in placed})}
    for x, flag in letters.items():
        out.add("the region's letter", ("region", i),
                rules.any_of(flag, [var for _, letter, var in placed if letter == x]))
    return letters


# --------------------------------------------------------------------------- the checker
def is_solution(board: Lits, answer) -> bool:
    """Four shaded cells a region forming an L, I, T or S; equal letters never side by side
    across regions; no 2x2 shaded; the shaded cells connected. From the grid alone."""
    h, w = board.height, board.width
    shaded = [cell for cell in cells(h, w) if answer[cell[0]][cell[1]]]
    found = {}
    for i, area in enumerate(board.areas()):
        found[i] = letter_of(frozenset(cell for cell in area if answer[cell[0]][cell[1]]))
        if found[i] in (None, "O"):
            return False
    region_of = {cell: i for i, area in enumerate(board.areas()) for cell in area}
    return (
        all(region_of[a] == region_of[b] or found[region_of[a]] != found[region_of[b]]
            for a, b in touching_pairs(h, w) if answer[a[0]][a[1]] and answer[b[0]][b[1]])
        and not any(all(answer[r][c] for r, c in block) for block in squares(h, w))
        and connected(shaded)
    )


KIND = declare(__name__, Lits, examples=tiny(
    unique=Lits(digit_rows("2333 2213 2113 1111")),
    multiple=Lits(digit_rows("111 122 122 222")),
    none=Lits(digit_rows("1111 2222"))))
