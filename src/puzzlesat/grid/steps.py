"""What a hint's step is made of: what each decision variable says of the answer (Place,
declared by a kind or probed by the engine), and a step a kind's own reasoning finds
(nonogram line logic, Sudoku singles), with its words.

The hint engine (puzzlesat.hints) explains steps by small sets of named rules on the SAT
solver; a kind with cheaper reasoning a person would use first offers its step through
`kinds/<kind>/hints.py: easy_step(board, known) -> Found | None`, and the engine says it
as it stands. Counting from 1 in the words, as players do; from 0 in the cells.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

ITEM, PATHS = "item", "paths"  # the keys of Place that are not one path into the answer


class Place(NamedTuple):
    """What a decision variable says of the answer's JSON (as `solve --json` prints it):
    holding, the answer has `on` at `key`; not holding, `off` there where the key has this
    variable alone (a cell shaded or not), else nothing (one digit of nine: `off` None).
    `key` is a path into the answer ((row, column) of a grid, ("horizontal", r, c) of a
    loop's edges), (PATHS, paths) for a variable that sets several at once (a stitch), or
    `item_key(item)` in answers that are lists of what is placed (dominoes, rectangles).

    Where no one value says it, `on` and `off` are frozensets (`one_of`): holding, the
    value is one of `on`; not holding, one of `off`, the key's other values. A Hashi
    span's "a bridge at least" is {1, 2} of {0, 1, 2}, a Shakashaka cell's "a leg along
    the top" the two triangles with one: only the key's variables together settle it."""

    key: tuple
    on: Any
    off: Any = None


def item_key(item: Any) -> tuple[str, str]:
    """The key of an item an answer lists (a domino, a rectangle): the same for the same
    item however a player writes it, a domino's cells in either order, a rectangle's
    fields in any."""
    import json

    cells = isinstance(item, list) and all(isinstance(cell, list) for cell in item)
    try:
        return ITEM, json.dumps(sorted(item) if cells else item, sort_keys=True)
    except TypeError:  # cells of odd shape that do not sort: kept as written
        return ITEM, json.dumps(item, sort_keys=True)


def one_of(key: tuple, values: Iterable, among: Iterable) -> Place:
    """A variable that says the value at `key` is one of `values`, of all it takes (`among`)."""
    on = frozenset(values)
    return Place(key, on, frozenset(among) - on)


def is_set(place: Place) -> bool:
    """Whether a Place says a set of values (`one_of`), not one value."""
    return isinstance(place.on, frozenset)


class OneOf(NamedTuple):
    """What is known at a key of set Places that its variables decided so far do not
    settle: the values left (at least one bridge: 1 or 2)."""

    values: frozenset


def values_left(places: Iterable[tuple[Place, bool]]) -> frozenset:
    """The values a key can still take, from its set Places each holding or not."""
    left: frozenset | None = None
    for place, holds in places:
        left = (place.on | place.off) if left is None else left
        left &= place.on if holds else place.off
    return left if left is not None else frozenset()


def cell_places(board: Any) -> list[Place]:
    """The Places of a game with a variable a cell, in reading order, 1 where it holds."""
    return [Place(divmod(i, board.width), 1, 0) for i in range(board.height * board.width)]


class Not(NamedTuple):
    """A value ruled out at a key of several (row 3, column 4 is not 5): a candidate
    crossed out, the step a player takes where no value is forced yet."""

    value: Any


class Found(NamedTuple):
    """A step a kind's own reasoning found: the cells it decides, and why in the game's words."""

    cells: tuple[tuple[int, int, int], ...]  # (row, column, value), 0-based; values as `solution`
    rule: str  # a short rule name: "row clue", "once in a box", "contradiction" ...
    scope: tuple  # ("row", 6), ("column", 2), ("box", 3), ("cell", (r, c)): 0-based
    text: str  # the reason in words, counting from 1


def is_cell(key: object) -> bool:
    """Whether a key is a (row, column) pair: a cell of a grid answer, not an edge, an item
    or a value ruled out."""
    return (isinstance(key, tuple) and len(key) == 2 and type(key[0]) is int
            and type(key[1]) is int)


def known_cells(known: Mapping) -> Iterator[tuple[int, int, int]]:
    """(row, column, value) of each decided cell in `known`: keys that are a row and a
    column; others (the engine's candidates ruled out, keyed by a cell and what it is not)
    are passed over, which only ever means a step found later."""
    for key, value in known.items():
        if is_cell(key) and isinstance(value, int):
            yield key[0], key[1], value


def spans(numbers: Iterable[int]) -> str:
    """0-based indices as people count them, runs joined: [4, 5, 8] -> "5-6 and 9"."""
    ordered = sorted(set(numbers))
    parts: list[str] = []
    start = previous = None
    for n in [*ordered, None]:
        if n is not None and previous is not None and n == previous + 1:
            previous = n
            continue
        if start is not None:
            parts.append(str(start + 1) if start == previous else f"{start + 1}-{previous + 1}")
        start = previous = n
    return listed(parts)


def listed(words: Sequence[str], last: str = "and") -> str:
    """Words as a sentence lists them: "5-6, 9 and 12" ("a, b or c" with `last` "or")."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def plural(word: str, count: int) -> str:
    """"column" or "columns": the noun for `count` of them."""
    return word if count == 1 else word + "s"


def cell_words(r: int, c: int) -> str:
    """A cell as players say it: "row 3, column 4"."""
    return f"row {r + 1}, column {c + 1}"
