"""The puzzle kinds puzzlesat solves, each one package with the same contract (`Kind`).

Everything that differs between kinds is reached through the Kind record, so the layers
around them (solve, render, load, the CLI) never ask what type a board is. Adding a kind is
one package that declares `KIND` and one `register_kind(name, module)` call (here for the
kinds puzzlesat ships): a kind's package is imported only when a board of it is met or its
name is asked.
"""

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core import Result, Status, UnsupportedSource

if TYPE_CHECKING:  # annotations only: reading a board must not import rich or the solvers
    from rich.console import RenderableType

    from ..budget import Cost
    from ..drawing import Style
    from ..sat import Encoding, Search

Board = Any  # each kind's own board dataclass; all have kind, width, height, source, title, note
# (and puzzle_id), whose text core.made_safe makes safe to print in the board's __post_init__


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
    # hashed_answer(board, answer): the text a puzzle-*.com page hashes after its task for
    # this answer (site_check.yes_no for the games that mark cells), or None where the
    # game's hashed form is not known: its pages' `hashedSolution` is then never compared
    hashed_answer: Callable[[Board, Any], str] | None = None


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


class Registry(MutableMapping):
    """The kinds by name: each registered with its package's dotted path and imported on
    the first look-up. Setting a name (a test's stand-in) overrides the package."""

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


def register_kind(name: str, module: str) -> None:
    """Register the kind `name`, whose package `module` declares `KIND` (imported when a
    board of the kind is read or its name is asked)."""
    BY_NAME.modules[name] = module
    BY_NAME.loaded.pop(name, None)


def unregister_kind(name: str) -> None:
    """Take a kind out again (a test that declares a kind of its own)."""
    if name in BY_NAME.modules:
        del BY_NAME[name]


for _name in ("nonogram", "shikaku", "sudoku"):
    register_kind(_name, f"{__name__}.{_name}")
register_kind("light-up", f"{__name__}.light_up")
register_kind("star-battle", f"{__name__}.star_battle")
register_kind("shakashaka", f"{__name__}.shakashaka")
register_kind("binairo", f"{__name__}.binairo")
register_kind("masyu", f"{__name__}.masyu")
register_kind("slitherlink", f"{__name__}.slitherlink")
register_kind("dominosa", f"{__name__}.dominosa")


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
