"""The puzzle kinds puzzlesat solves, each one module (or package) with the same contract
(`Kind`).

Everything that differs between kinds is reached through the Kind record, so the layers
around them (solve, render, load, the CLI) never ask what type a board is. A kind is found
by its file: `kinds/light_up.py` or `kinds/light_up/` is the kind "light-up" (its name with
`_` for `-`), listed without importing it and imported only when a board of it is met or its
name is asked. Its module ends with `KIND = declare(__name__, Board, examples=tiny(...))`,
which finds its parts by their names and fills in, by convention, what a grid game does not
write (`declare`): adding a kind edits nothing else.
"""

import importlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from inspect import ismodule, signature
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core import Result, Status, UnsupportedSource

if TYPE_CHECKING:  # annotations only: reading a board must not import rich or the solvers
    from rich.console import RenderableType

    from ..budget import Cost
    from ..drawing import Style
    from ..grid.board import BoardLike as Board
    from ..sat import Encoding, Search
else:
    Board = Any  # every kind's board is a grid.board.Board (page fields made safe once)


class Example(NamedTuple):
    """A tiny board a kind vouches for, with the status solving it must give: the contract
    test solves it, round-trips its JSON, mutates its answer and draws it."""

    name: str
    board: Board
    status: Status


class Kind(NamedTuple):
    """One kind of puzzle: its board, how it is encoded and checked, drawn, pictured and
    written."""

    name: str  # "nonogram": the "kind" of board JSON and of `solve --json`
    board_type: type
    from_json: Callable[[dict, str], Board]  # board JSON's "puzzle" object (and source)
    to_json: Callable[[Board], dict]
    answer_json: Callable[[Any], Any]
    cost: "Callable[[Board], Cost]"  # an upper bound on the encoding, before building it
    validate: Callable[[Board], None]  # InvalidPuzzle for clues that cannot hold
    # encode(board, progress=None): progress, when not None, is called with the name of each
    # step as it starts ("encoding"; a kind with more steps names each), never per clause
    encode: "Callable[..., Encoding]"
    decode: Callable[[Board, Sequence[bool]], Any]
    is_solution: Callable[[Board, Any], bool]  # the independent checker
    draw: "Callable[[Board, Any, Any, Style], RenderableType]"  # answer, other answer or None
    # svg(board, answer): the picture to share, an SVG document of the grid with its clues
    # and the answer drawn in (None: the empty puzzle); deterministic, and never needs cairo
    svg: Callable[[Board, Any], str]
    examples: tuple[Example, ...]
    remarks: Callable[[Result], list[str]] = lambda result: []  # for the verdict line
    after_solve: Callable[[Board, Status, tuple], None] = lambda board, status, answers: None
    races: bool = True  # whether a second solver strategy may race the first
    # search_for(board): a search of the kind's own that races MiniSat from the start on the
    # other core (sat.run_within), or None where it has none for this board
    search_for: "Callable[[Board], Search | None]" = lambda board: None
    # (board, Result or None, error or None) for each of many boards, in order: solve.many
    # by default; a kind with a faster way for many puzzles (Sudoku) gives its own
    solve_many: Callable[[Sequence[Board], float | None], Iterable[tuple]] | None = None
    # What the formats that hold a fixed set of games write this kind as: format name ->
    # that format's game ({"tatham": "solo"}); those formats ask here, never name kinds.
    written_as: Mapping[str, str] = MappingProxyType({})
    # site_answer(board, answer): the exact text a puzzle-*.com page hashes after its task
    # for this answer (genres.md section 2; site_check.yes_no for the games that mark
    # cells), or None where the game's form is not known: then nothing is compared
    site_answer: Callable[[Board, Any], str] | None = None
    # stress(height, width): the board of (about) that shape whose encoding costs the most,
    # the densest the kind reads: what `cost` must bound (tests/test_memory_bound.py)
    stress: Callable[[int, int], Board] | None = None


def imported_when_called(module: str, name: str) -> Callable:
    """The function `name` of `module`, which is imported on the first call: a kind's
    drawing and picture are needed only where something is drawn (not under -q, --json,
    or in a batch), and every other run would pay for their imports."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return call


def picture_of(package: str) -> Callable[[Board, Any], str]:
    """A kind's `svg`: its package's picture module, loaded on the first picture asked for
    (only `--svg` and `--png` draw one)."""
    return imported_when_called(f"{package}.picture", "svg")


def drawing_of(package: str) -> "Callable[..., RenderableType]":
    """A kind's `draw`: its package's draw module, loaded on the first drawing."""
    return imported_when_called(f"{package}.draw", "draw")


def _found_here() -> dict[str, str]:
    """Every kind of this package by its file, name -> dotted path, without importing one:
    a module or a package whose name does not start with `_`."""
    out = {}
    for entry in sorted(os.listdir(os.path.dirname(__file__))):
        stem, dot, suffix = entry.partition(".")
        if entry.startswith("_") or (dot and suffix != "py") or stem == "__pycache__":
            continue
        out[stem.replace("_", "-")] = f"{__name__}.{stem}"
    return out


class Registry(MutableMapping):
    """The kinds by name: each known by its module's dotted path and imported on the first
    look-up. Setting a name (a test's stand-in) overrides the module."""

    def __init__(self) -> None:
        self.modules: dict[str, str] = {}
        self.loaded: dict[str, Kind] = {}

    def __getitem__(self, name: str) -> Kind:
        if name not in self.loaded:
            module = self.modules[name]  # KeyError: no such kind
            self.loaded[name] = importlib.import_module(module).KIND
        return self.loaded[name]

    def __setitem__(self, name: str, kind: Kind) -> None:
        self.modules.setdefault(name, "")
        self.loaded[name] = kind

    def __delitem__(self, name: str) -> None:
        del self.modules[name]
        self.loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.modules))

    def __len__(self) -> int:
        return len(self.modules)


BY_NAME = Registry()
BY_NAME.modules.update(_found_here())


def register_kind(name: str, module: str) -> None:
    """Register a kind whose module lives outside this package (a plug-in, a test's own),
    imported when a board of the kind is read or its name is asked."""
    BY_NAME.modules[name] = module
    BY_NAME.loaded.pop(name, None)


def unregister_kind(name: str) -> None:
    """Take a kind out again (a test that declares a kind of its own)."""
    if name in BY_NAME.modules:
        del BY_NAME[name]


# Where a kind's parts are looked for, by name: its module, then the modules of its package
# named here, each imported if it exists (a kind that is one module has none of them).
PART_MODULES = ("board", "rules", "check", "encode", "cost")
PARTS = (
    "from_json", "to_json", "answer_json", "cost", "validate", "encode", "decode",
    "is_solution", "site_answer", "remarks", "after_solve", "search_for", "solve_many",
    "stress",
)


def declare(module: str, board_type: type, examples: tuple[Example, ...], **given: Any) -> Kind:
    """The Kind of `module` (a kind's `__name__`), its parts found by their names (PARTS)
    in the module and its package's part modules; `given` overrides or adds any field
    (`races=False`, `written_as={...}`). Its drawing and picture are, in order: functions
    `draw` and `svg` of the module; its package's `draw.py` and `picture.py`, loaded on the
    first drawing; or made from its table of looks (`LOOKS`, `look`, and `walls(board)`
    where it has regions, or its board's `REGIONS`: grid/looks.py), with the counts around
    a counted board (grid.counts). The grid conventions fill in what a grid game
    does not write (`_by_convention`). Its module also says `PUZZLE_JSON`, `SOLUTION_JSON`
    and `SITE_TEXT`: board JSON's puzzle and solution and the text its page hashes, in
    Markdown, as the README's table of kinds shows them (catalogue.kinds)."""
    homes = _homes(module)
    parts = {name: _found(homes, name) for name in PARTS}
    parts = {name: part for name, part in parts.items() if part is not None}
    parts.setdefault("answer_json", rows_json)
    _by_convention(homes, board_type, parts)
    parts["draw"] = _found(homes, "draw") or _drawing(module, homes, board_type)
    parts["svg"] = _found(homes, "svg") or _picture(module, homes, board_type)
    parts.update(given)
    return Kind(name=board_type.kind, board_type=board_type, examples=examples, **parts)


def tiny(unique: Board, multiple: Board, none: Board) -> tuple[Example, ...]:
    """A grid game's three tiny examples, as every kind vouches for them: one answer (given
    the page's title "Tiny" and puzzle ID "7", which its JSON round trip must carry),
    several answers, none; each named by its size."""
    from dataclasses import replace

    def size(board: Board) -> str:
        return f"{board.width}x{board.height}"

    return (Example(size(unique), replace(unique, title="Tiny", puzzle_id="7"), Status.UNIQUE),
            Example(f"{size(multiple)} open", multiple, Status.MULTIPLE),
            Example("none", none, Status.NONE))


def _by_convention(homes: list[Any], board_type: type, parts: dict[str, Any]) -> None:
    """The parts a grid game need not write (docs/adding-a-genre.md): board JSON from the
    board's fields (`JSON_FIELDS` says how each is read), a check that its `GRID` is a
    rectangle (of the characters JSON_FIELDS reads there), the cost of
    `CELL_COST` (literals, clauses) a cell, and an `encode(board)` that takes no `progress`
    said as the one step "encoding"."""
    rows = _Rows()
    game = board_type.game() if hasattr(board_type, "game") else board_type.kind
    reads = _found(homes, "JSON_FIELDS")
    if reads is not None:
        parts.setdefault("from_json", lambda puzzle, source: board_type(
            *rows.read_fields(puzzle, game, reads), source=source))
    parts.setdefault("to_json", lambda board: rows.fields_json(board, reads))
    grid = reads and reads.get(getattr(board_type, "GRID", None))
    symbols = grid.accepts if grid and isinstance(grid.accepts, str) else None
    parts.setdefault("validate", lambda board: rows.rectangular(
        getattr(board, board.GRID), game, symbols))
    per_cell = _found(homes, "CELL_COST")
    if per_cell is not None:
        parts.setdefault("cost", lambda board: _grid_cost(board.height * board.width, *per_cell))
    encode = parts.get("encode")
    if encode is not None and "progress" not in signature(encode).parameters:
        parts["encode"] = _said(encode)
    marks = _found(homes, "SITE_CELLS")
    if marks is not None:
        _cells_marked(homes[0], marks, parts)
    if getattr(board_type, "COUNTS_MARKED", False):
        _counts_checked(game, parts)


def _counts_checked(game: str, parts: dict[str, Any]) -> None:
    """A counted game whose counts count the marked cells (grid.counts.Counted): its
    `validate` refuses a count its line cannot hold, after its own checks, and its checker
    asks every count held."""
    from ..grid.counts import check_counts, counts_hold

    validate, holds = parts["validate"], parts["is_solution"]

    def checked(board: Board) -> None:
        validate(board)
        check_counts(board, game)

    parts["validate"] = checked
    parts["is_solution"] = lambda board, answer: (
        holds(board, answer) and counts_hold(board, answer))


def _cells_marked(home: Any, marks: str, parts: dict[str, Any]) -> None:
    """A game whose answer is rows of 0/1, a variable a cell (numbered first, in reading
    order), and whose page hashes a character a cell: `SITE_CELLS`, the one of a 1, then
    the one of a 0 ("yn"). Its decode, its site answer, the checker's first question (rows
    of 0/1 of the board's shape) and the README's words for both, which say what a 1 is
    by CELL_WORDS (the hints' words too; "shaded" where it has none)."""
    rows = _Rows()
    on, off = marks
    word = vars(home).get("CELL_WORDS", ("", "shaded"))[1]
    vars(home).setdefault("SOLUTION_JSON", f"rows of 0/1, 1 {word}")
    vars(home).setdefault("SITE_TEXT", f"`{on}`/`{off}` a cell, `{on}` {word}")
    if "decode" not in parts:  # a variable a cell, in reading order
        from ..grid.steps import cell_places

        parts["decode"] = lambda board, values: rows.cell_answer(board, values)
        vars(home).setdefault("places", cell_places)  # what each variable says, for hints
    parts.setdefault("site_answer", lambda board, answer: "".join(
        on if cell else off for row in answer for cell in row))
    holds = parts["is_solution"]
    parts["is_solution"] = lambda board, answer: rows.is_bit_rows(
        answer, board.height, board.width) and holds(board, answer)


class _Rows:
    """grid.rows, imported when a part made by convention first runs: declaring a kind
    that has them all (a nonogram) does not import it."""

    def __getattr__(self, name: str) -> Any:
        from ..grid import rows

        return getattr(rows, name)


def _grid_cost(cells: int, literals: int, clauses: int) -> "Cost":
    from ..budget import grid_cost

    return grid_cost(cells, literals, clauses)


def _said(encode: Callable[[Board], "Encoding"]) -> "Callable[..., Encoding]":
    """`encode`, telling `progress` (where given) its one step first."""

    def encode_said(board: Board, progress: Callable[[str], None] | None = None) -> Any:
        if progress is not None:
            progress("encoding")
        return encode(board)

    return encode_said


def _homes(module: str) -> list[Any]:
    home = sys.modules[module]
    homes = [home]
    folder = os.path.dirname(home.__file__) if hasattr(home, "__path__") else None
    for part in PART_MODULES if folder else ():
        if os.path.exists(os.path.join(folder, f"{part}.py")):
            homes.append(importlib.import_module(f"{module}.{part}"))
    return homes


def _found(homes: list[Any], name: str) -> Any:
    """The first of `homes` to define `name` (a part module of the same name is no part)."""
    found = (vars(home).get(name) for home in homes)
    return next((part for part in found if part is not None and not ismodule(part)), None)


def _has_module(module: str, name: str) -> bool:
    home = sys.modules[module]
    return hasattr(home, "__path__") and os.path.exists(
        os.path.join(os.path.dirname(home.__file__), f"{name}.py"))


def _table(homes: list[Any], board_type: type) -> tuple[Any, Any, Callable[[Board], Any]]:
    """A kind's table of looks and its `look` (a game of marked cells with none: shaded or
    white), and its walls: `walls(board)`, or the regions of the board's field `REGIONS`
    names (grid.board), or none."""
    looks, look, walls = (_found(homes, name) for name in ("LOOKS", "look", "walls"))
    if looks is None and _found(homes, "SITE_CELLS"):  # marked cells: shaded or white
        from ..grid.looks import SHADING, shaded_or_white

        looks, look = SHADING, shaded_or_white
    regions = getattr(board_type, "REGIONS", None)
    if walls is None and regions:
        def walls(board: Board) -> Any:
            from ..grid.geometry import Walls

            return Walls(getattr(board, regions))
    return looks, look, walls or (lambda board: None)


def looks_of(board: Board) -> tuple[Any, Any, Any] | None:
    """(its table of looks, its `look`, its walls) of a board whose kind draws from a table
    (a hint marks cells on it: grid.looks.draw_step); None for a kind with a drawing of
    its own."""
    module = BY_NAME.modules[board.kind]
    kind_of(board)  # loaded
    homes = _homes(module)
    if _has_module(module, "draw") or _found(homes, "draw") is not None:
        return None
    looks, look, walls = _table(homes, type(board))
    return None if looks is None or look is None else (looks, look, walls(board))


def _counted(board_type: type, looks: Any, look: Any, walls: Callable) -> tuple | None:
    """A counted board's drawing and picture (the counts around: grid.counts), else None."""
    if not hasattr(board_type, "counted_lines"):
        return None
    from ..grid.counts import counted_drawing

    return counted_drawing(looks, look, walls)


def _drawing(module: str, homes: list[Any], board_type: type) -> Callable:
    if _has_module(module, "draw"):
        return drawing_of(module)
    looks, look, walls = _table(homes, board_type)
    counted = _counted(board_type, looks, look, walls)

    def draw(board: Board, answer: Any, other: Any, style: "Style") -> Any:
        from ..grid.looks import draw_looks

        return draw_looks(board, answer, other, style, looks, look, walls(board))

    return counted[0] if counted else draw


def _picture(module: str, homes: list[Any], board_type: type) -> Callable:
    if _has_module(module, "picture"):
        return picture_of(module)
    looks, look, walls = _table(homes, board_type)
    counted = _counted(board_type, looks, look, walls)

    def svg(board: Board, answer: Any) -> str:
        from ..grid.looks import picture_looks

        return picture_looks(board, answer, looks, look, walls(board))

    return counted[1] if counted else svg


def rows_json(answer: Any) -> list[list[Any]]:
    """An answer that is rows of cells, as board JSON and --json hold it."""
    return [list(row) for row in answer]


def __getattr__(name: str) -> Any:
    """`KINDS`: every kind, all loaded (the contract tests, Sugar's list of kinds)."""
    if name == "KINDS":
        return tuple(BY_NAME[kind] for kind in BY_NAME)
    raise AttributeError(name)


def kinds_written_as(fmt: str) -> tuple[str, ...]:
    """The kinds that say they can be written in the format `fmt` (all kinds loaded)."""
    return tuple(name for name in BY_NAME if fmt in BY_NAME[name].written_as)


def kind_of(board: Board) -> Kind:
    """The kind of a board, by the name it carries."""
    return BY_NAME[board.kind]


def board_record(board: Board, into: dict | None = None) -> dict:
    """The board as board JSON holds it: its kind, size and source, and its kind's puzzle;
    added to `into` when given (a batch's record, which starts with the puzzle's index)."""
    out = {} if into is None else into
    out["kind"] = board.kind
    out["source"] = board.source
    out["width"] = board.width
    out["height"] = board.height
    out["puzzle"] = kind_of(board).to_json(board)
    if board.title:
        out["title"] = board.title
    if getattr(board, "puzzle_id", None):
        out["puzzle_id"] = board.puzzle_id
    if getattr(board, "hashed_solution", None):  # the site's check travels with the board
        out["hashed_solution"] = board.hashed_solution
        out["site_task"] = getattr(board, "site_task", None)
    from ..grid.board import MarksUnread

    state = getattr(board, "state", None)
    if state is not None and not isinstance(state, MarksUnread):  # the marks travel too
        out["state"] = state
    return out


def kind_named(name: str) -> Kind:
    """The kind called `name`, or UnsupportedSource listing the kinds there are."""
    try:
        return BY_NAME[name]
    except (KeyError, TypeError):
        raise UnsupportedSource(  # the kinds in the hint: the one line grows with each game
            f"puzzlesat has no puzzle kind {str(name)[:40]!r}",
            hint=f"check the board JSON's \"kind\": one of {', '.join(BY_NAME)}",
        ) from None
