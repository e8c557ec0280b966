"""The puzzle kinds puzzlesat solves, each one module (or package) with the same contract
(`Kind`).

Everything that differs between kinds is reached through the Kind record, so the layers
around them (solve, render, load, the CLI) never ask what type a board is. A kind is found
by its file: `kinds/light_up.py` or `kinds/light_up/` is the kind "light-up" (its name with
`_` for `-`), listed without importing it and imported only when a board of it is met or its
name is asked. Its module ends with `KIND = declare(__name__, Board, examples)`, which finds
its parts by their names (`declare`): adding a kind edits nothing else.
"""

import importlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from inspect import ismodule
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
    where it has regions: grid/looks.py)."""
    homes = _homes(module)
    parts = {name: _found(homes, name) for name in PARTS}
    parts = {name: part for name, part in parts.items() if part is not None}
    parts.setdefault("answer_json", rows_json)
    parts["draw"] = _found(homes, "draw") or _drawing(module, homes)
    parts["svg"] = _found(homes, "svg") or _picture(module, homes)
    parts.update(given)
    return Kind(name=board_type.kind, board_type=board_type, examples=examples, **parts)


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


def _drawing(module: str, homes: list[Any]) -> Callable:
    if _has_module(module, "draw"):
        return drawing_of(module)
    looks, look, walls = (_found(homes, name) for name in ("LOOKS", "look", "walls"))

    def draw(board: Board, answer: Any, other: Any, style: "Style") -> Any:
        from ..grid.looks import draw_looks

        return draw_looks(board, answer, other, style, looks, look, walls and walls(board))

    return draw


def _picture(module: str, homes: list[Any]) -> Callable:
    if _has_module(module, "picture"):
        return picture_of(module)
    looks, look, walls = (_found(homes, name) for name in ("LOOKS", "look", "walls"))

    def svg(board: Board, answer: Any) -> str:
        from ..grid.looks import picture_looks

        return picture_looks(board, answer, looks, look, walls and walls(board))

    return svg


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
    if getattr(board, "state", None) is not None:  # the player's marks travel too
        out["state"] = board.state
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
