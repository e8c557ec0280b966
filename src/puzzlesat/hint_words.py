"""A hint in words and on the board: where each decision is and what it decides, counting
from 1 as players do ("row 3, column 4 shaded", "the line between row 1, column 1 and row 1,
column 2 on the loop"), in the kind's own words where it has them (CELL_WORDS, VALUE_WORDS,
`said`), and the board with the step's cells marked (grid.looks.draw_step, or the kind's
own drawing of what is decided so far). The engine (puzzlesat.hints) decides; this module
says.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .grid.steps import ITEM, PATHS, Not, OneOf, Place, cell_words, is_cell

if TYPE_CHECKING:
    from .hints import Hints

SHADED_WORDS = ("unshaded", "shaded")  # a kind's CELL_WORDS say its own: ("water", "ship")
EDGE_WORDS = ("crossed out", "on the loop")


class Words(NamedTuple):
    """How a kind's decisions are said: its cells' two values when a cell is one variable
    (else a pattern for its values, "is {}"), and where its edges run: between lattice
    points said by the cells beside them (Slitherlink: `lattice`, the board's height
    below), or between cell centres (Masyu) or the points drawn (Shingoki's POINT_WORDS)."""

    cells: tuple[str, str] | None = SHADED_WORDS
    value: str = "is {}"
    lattice: tuple[int, int] | None = None  # the board's (height, width)
    own: Any = None  # the kind's `said(key, value)` -> (where, what), bound to its board
    # (`value` a OneOf where a step narrows a key's values without settling it)
    names: Mapping[Any, str] = {}  # the kind's VALUE_NAMES: a value's own words, before `value`


def words_of(board: Any, answer: Any, places: Sequence[Place | None]) -> Words:
    """A kind's Words, from its CELL_WORDS, VALUE_WORDS, VALUE_NAMES and POINT_WORDS where
    it has them, and its `said` (each in its module or its hints module: kind_hook)."""
    from .hints import kind_hook

    lattice = isinstance(answer, dict) and len(answer.get("horizontal", ())) > board.height \
        and not kind_hook(board.kind, "POINT_WORDS")
    bits = all(p.off is not None for p in places if p is not None and p.key[0] != ITEM)
    own = kind_hook(board.kind, "said")
    return Words((kind_hook(board.kind, "CELL_WORDS") or SHADED_WORDS) if bits else None,
                 kind_hook(board.kind, "VALUE_WORDS") or "is {}",
                 (board.height, board.width) if lattice else None,
                 own and (lambda key, value: own(board, key, value)),
                 kind_hook(board.kind, "VALUE_NAMES") or {})


def key_text(key: tuple, words: Words) -> str:
    """Where a decision is, counting from 1 as players do."""
    if key[0] == PATHS:
        return " and ".join(key_text(path, words) for path in key[1])
    if key[0] in ("horizontal", "vertical"):
        _, r, c = key
        if words.lattice is not None and key[0] == "horizontal":
            return (f"the edge above {cell_words(r, c)}" if r < words.lattice[0]
                    else f"the edge below {cell_words(r - 1, c)}")
        if words.lattice is not None:
            return (f"the edge left of {cell_words(r, c)}" if c < words.lattice[1]
                    else f"the edge right of {cell_words(r, c - 1)}")
        other = (r, c + 1) if key[0] == "horizontal" else (r + 1, c)
        return f"the line between {cell_words(r, c)} and {cell_words(*other)}"
    if is_cell(key):
        return cell_words(*key)
    return "/".join(str(k) for k in key)


def decision_parts(key: tuple, value: Any, words: Words) -> tuple[str, str]:
    """A decision in words, where and what: ("row 3, column 4", "shaded"), ("row 2,
    column 1", "is 7")."""
    if len(key) == 2 and isinstance(key[1], Not):
        return key_text(key[0], words), _negated(value_text(key[1].value, words))
    if len(key) == 2 and isinstance(key[1], OneOf):
        if words.own is not None:
            return words.own(key[0], key[1])
        return key_text(key[0], words), "is one of " + ", ".join(
            sorted(map(json.dumps, key[1].values)))
    if words.own is not None:
        return words.own(key, value)
    if key[0] == ITEM:
        cells = [cell_words(*cell) for cell in value if isinstance(cell, list) and len(cell) == 2
                 and all(type(k) is int for k in cell)] if isinstance(value, list) else []
        return (" and ".join(cells) if cells else json.dumps(value)), "placed"
    if key[0] in ("horizontal", "vertical") and value in (0, 1):
        return key_text(key, words), EDGE_WORDS[value]
    if words.cells is not None and value in (0, 1):
        return key_text(key, words), words.cells[value]
    if key[0] == PATHS:
        return key_text(key, words), ", ".join(map(str, value))
    return key_text(key, words), value_text(value, words)


def value_text(value: Any, words: Words) -> str:
    """A value in the kind's words: its own name (VALUE_NAMES: Pipes' "turned half round"),
    else its pattern ("is 7", "in galaxy 2")."""
    try:
        return words.names.get(value) or words.value.format(value)
    except TypeError:  # a mark that is no key of the names (a list where a count is)
        return words.value.format(value)


def _negated(value: str) -> str:
    """A value's words for a value ruled out: "is 7" -> "is not 7", "in galaxy 2" ->
    "not in galaxy 2"."""
    return "is not " + value[3:] if value.startswith("is ") else "not " + value


def decision_text(key: tuple, value: Any, words: Words) -> str:
    return " ".join(decision_parts(key, value, words))


def wrong_mark_text(key: tuple, value: Any, should_be: Any, words: Words) -> str:
    """A wrong mark as a player reads it: "row 2, column 5 should be empty, not filled";
    an item the answer lacks: "... : not in the answer" (a cell's null, Shakashaka's no
    triangle, is a value)."""
    where, marked = decision_parts(key, value if key[0] == ITEM else _shown(value), words)
    if should_be is None and key[0] == ITEM:
        return f"wrong mark: {where} {marked}: not in the answer"
    wanted = decision_parts(key, should_be, words)[1]
    return f"wrong mark: {where} should be {_bare(wanted)}, not {_bare(marked)}"


def _shown(mark: Any) -> Any:
    """A player's mark as it may be said: itself where it is a value a game has (a number,
    a word of printable ASCII; each of a PATHS key's), else its JSON, which escapes
    control characters and all beyond ASCII (a state file's "\x1b[2J" never reaches the
    terminal)."""
    if isinstance(mark, tuple):
        return tuple(map(_shown, mark))
    if mark is None or isinstance(mark, (int, float)) or isinstance(mark, str) and (
            mark.isascii() and mark.isprintable()):
        return mark
    return json.dumps(mark)


def _bare(what: str) -> str:
    """A value said without its verb: "is 7" -> "7" (after "should be")."""
    return what.removeprefix("is ")


def decisions_text(decided: Iterable[tuple[tuple, Any]], words: Words) -> str:
    """A step's decisions in words, those of one value together, a line each: "shaded:
    row 1, column 2; row 1, column 3"; one alone as "row 3, column 4 is 7"."""
    by_what: dict[str, list[str]] = {}
    for key, value in decided:
        where, what = decision_parts(key, value, words)
        by_what.setdefault(what, []).append(where)
    return "\n".join(f"{wheres[0]} {what}" if len(wheres) == 1 else f"{what}: "
                      + "; ".join(wheres) for what, wheres in by_what.items())


# --------------------------------------------------------------------------- on the board
def step_drawing(board: Any, said: Hints, style: Any) -> Any:
    """The board after the last step, its cells marked and the cells its rules speak of
    (grid.looks.draw_step, scope_cells), a counted game's counts around it, for the kinds
    that draw from a table of looks and decide cells; for a kind whose own drawing shows
    a half-decided answer (DRAWS_PARTLY), that drawing (`own_drawing`); None for the
    others (their steps are said in words alone)."""
    from .grid.looks import draw_step
    from .kinds import kind_of, looks_of

    table = looks_of(board)
    if said.steps and not table and _draws_partly(board):
        return own_drawing(board, said, style)
    if not (table and said.steps and isinstance(said.answer, list)
            and all(isinstance(row, list) for row in said.answer)):
        return None
    decided = {key: False for key in said.known if is_cell(key)}
    decided.update((key, True) for key, _ in said.steps[-1].decided if is_cell(key))
    answer = kind_of(board).decode(board, said.model)
    drawing = draw_step(board, answer, decided, style._replace(used=used_cells(board, said)),
                        *table)
    if not hasattr(board, "counted_lines"):
        return drawing
    from .grid.counts import with_counts  # the counts around, as the solve drawing has them

    return with_counts(drawing, board, table[2], style.compact)


def used_cells(board: Any, said: Hints) -> frozenset:
    """The cells the last step's rules speak of: the kind's `scope_cells(board, scope)`
    where it names them (a seam, a domino, a galaxy's centre), else grid.looks.scope_cells."""
    from .grid.looks import scope_cells
    from .hints import kind_hook

    own = kind_hook(board.kind, "scope_cells")

    def cells(scope: tuple) -> frozenset:
        found = own(board, scope) if own is not None else None
        return scope_cells(board, scope) if found is None else found

    return frozenset().union(*(cells(reason.scope) for reason in said.steps[-1].because))


def used_lines(said: Hints) -> frozenset:
    """The lines the last step's rules speak of, ("row", 3) or ("column", 0), a clue beside
    a line naming it as the line (("top", 0): Skyscrapers' clue above column 1)."""
    from .grid.looks import LINE_SIDES

    return frozenset((LINE_SIDES[reason.scope[0]], reason.scope[1])
                     for reason in said.steps[-1].because
                     if len(reason.scope) == 2 and reason.scope[0] in LINE_SIDES
                     and type(reason.scope[1]) is int)


# --------------------------------------------------------------------------- a kind's own drawing
STEP_LEGEND = re.compile(  # how a second answer's differences are said, to the end
    r"(the loop and .* solution 1's )?(the cells )?(where this answer('s \w+)?|that) differs? "
    r"from solution 1$")


def _draws_partly(board: Any) -> bool:
    """Whether the kind's own drawing shows a half-decided answer (its module's
    DRAWS_PARTLY): an undecided cell None, an edge not drawn."""
    from .hints import kind_hook

    return bool(kind_hook(board.kind, "DRAWS_PARTLY"))


def own_drawing(board: Any, said: Hints, style: Any) -> Any:
    """The kind's own drawing of what is decided after the last step, compared with what
    was decided before it: the renderer marks this step's cells as it marks a second
    answer's differences (by glyph too: `style.step`), and its legend says so; one that
    can marks the cells the step's rules speak of too (`style.used`)."""
    from .kinds import kind_of

    before = set(said.known)
    after = before | {key for key, _ in said.steps[-1].decided}
    draw = kind_of(board).draw
    crossed = frozenset(key for key, value in said.steps[-1].decided
                        if key[0] in ("horizontal", "vertical") and value == 0)
    drawing = draw(board, partial_answer(board, said, after), partial_answer(board, said, before),
                   style._replace(step=True, used=used_cells(board, said),
                                  lines=used_lines(said), crossed=crossed))
    return drawing._replace(legend=tuple(STEP_LEGEND.sub("decided by this step", line)
                                         for line in drawing.legend))


def partial_answer(board: Any, said: Hints, keys: set) -> Any:
    """The kind's answer with the decision variables at `keys` as the answer has them and
    every other off; where the answer is rows of cells, a cell not decided None."""
    from .kinds import kind_of

    values = [bool(value) and place is not None and place.key in keys
              for value, place in zip(said.model, said.places)]
    answer = kind_of(board).decode(board, values)
    if not _cell_rows(board, answer):
        return answer
    return [[value if (r, c) in keys else None for c, value in enumerate(row)]
            for r, row in enumerate(answer)]


def _cell_rows(board: Any, answer: Any) -> bool:
    """Whether an answer is rows of cells' values (not a Loop, not a list of dominoes)."""
    return type(answer) in (list, tuple) and len(answer) == board.height and all(
        isinstance(row, (list, tuple)) and len(row) == board.width
        and not any(isinstance(value, (list, tuple)) for value in row) for row in answer)
