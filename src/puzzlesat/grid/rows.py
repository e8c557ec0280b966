"""Board JSON's rows of cells, read once for every grid game with one wording: rows of one
character a cell (`{"cells": ["..B0", ...]}`: Light Up, Shakashaka, Masyu) or rows of
values (`{"grid": [[null, 1, 0], ...]}`: Binairo, Star Battle's regions, Dominosa,
Slitherlink). Every fault names the game, the row and what does not belong. An answer of
rows of 0/1 (a digit, a star a cell) is decoded and checked for its shape here too."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any, NamedTuple

from ..core import InvalidPuzzle, ParseError, is_json_int, json_excerpt
from .board import PAGE_FIELDS


def character_rows(
    puzzle: dict, game: str, example: str, legend: str, characters: str, key: str = "cells"
) -> tuple[str, ...]:
    """The rows of `puzzle[key]`, each of `characters` only, all of one length, at least
    one cell; else a ParseError naming `game` (with `example` and its `legend`, or the row
    and the character that does not belong)."""
    cells = puzzle.get(key)
    if not isinstance(cells, list) or not cells or not all(isinstance(r, str) for r in cells):
        raise _missing(game, key, f'"{example}"', legend)
    for r, row in enumerate(cells, 1):
        bad = next((ch for ch in row if ch not in characters), None)
        if bad is not None:
            raise _holds(game, r, repr(bad), f"one of {characters!r}", row)
    return tuple(_of_one_length(cells, game))


def fields_json(board: Any, reads: Mapping[str, Any] | None = None) -> dict:
    """Board JSON's "puzzle" of a board whose fields are its puzzle: each field by its name,
    in order, tuples as lists, but a sparse Value of `reads` at its default: the `to_json`
    of a kind that declares none (`declare`)."""
    out = {f.name: _listed(getattr(board, f.name)) for f in fields(board)
           if f.name not in PAGE_FIELDS}
    for key, read in (reads or {}).items():
        if isinstance(read, Value) and read.sparse and out.get(key) == read.default:
            del out[key]
    return out


def _listed(value: Any) -> Any:
    return [_listed(v) for v in value] if isinstance(value, tuple) else value


class Read(NamedTuple):
    """How board JSON writes one field of rows: an `example` and the `legend` a fault
    quotes, and what a cell may be: values `accepts` takes (`value_rows`), or, a string,
    one of its characters a cell (`character_rows`). `line`: one list of values, not rows
    (a counted game's counts)."""

    example: str
    legend: str
    accepts: Callable[[Any], bool] | str
    line: bool = False


class Value(NamedTuple):
    """How board JSON writes one field that is a single value: what it may be (`accepts`),
    what a fault says it is (`says`: 'a Binairo's "distinct_lines" is true or false'), the
    value where board JSON leaves it out, and whether board JSON then leaves it out
    (`sparse`: written only where it differs)."""

    says: str
    accepts: Callable[[Any], bool]
    default: Any = None
    sparse: bool = False


ReadOwn = Callable[[dict, str, str], Any]  # (puzzle, game, key): a field read its own way


def read_fields(puzzle: dict, game: str, reads: Mapping[str, Read | Value | ReadOwn]
                ) -> list[Any]:
    """The fields `reads` names, in its order, read from board JSON's "puzzle" (a list
    in a cell as a tuple; a field of a shape of its own by the kind's function, called with
    the puzzle, the game and its key): the `from_json` of a kind that declares
    `JSON_FIELDS`."""
    out = []
    for key, read in reads.items():
        if isinstance(read, Value):
            out.append(_value(puzzle, key, read))
            continue
        if not isinstance(read, Read):
            out.append(read(puzzle, game, key))
            continue
        example, legend, accepts, line = read
        if isinstance(accepts, str):
            out.append(character_rows(puzzle, game, example, legend, accepts, key))
        elif line:
            out.append(value_rows({key: [puzzle.get(key)]}, game, key, example, legend,
                                  accepts)[0])
        else:
            out.append(_tupled(value_rows(puzzle, game, key, example, legend, accepts)))
    return out


def _value(puzzle: dict, key: str, read: Value) -> Any:
    value = puzzle.get(key, read.default)
    if not read.accepts(value):
        raise ParseError(f"board JSON: {read.says}, not {json_excerpt(value)}")
    return value


def _tupled(rows: tuple[tuple[Any, ...], ...]) -> tuple[tuple[Any, ...], ...]:
    if not any(isinstance(v, list) for row in rows for v in row):
        return rows
    return tuple(tuple(tuple(v) if isinstance(v, list) else v for v in row) for row in rows)

def value_rows(
    puzzle: dict, game: str, key: str, example: str, legend: str, accepts: Callable[[Any], bool]
) -> tuple[tuple[Any, ...], ...]:
    """The rows of `puzzle[key]`, lists of values `accepts` takes, all of one length, at
    least one cell; else a ParseError naming `game`, the row and the value (`legend` says
    what a value may be: "0, 1 or null")."""
    rows = puzzle.get(key)
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        raise _missing(game, key, example, legend)
    for r, row in enumerate(rows, 1):
        bad = next((v for v in row if not accepts(v)), _NOTHING)
        if bad is not _NOTHING:
            raise _holds(game, r, json_excerpt(bad), legend, row)
    return tuple(tuple(row) for row in _of_one_length(rows, game))


def natural(least: int = 0, most: int | None = None) -> Callable[[Any], bool]:
    """A whole number from `least` (to `most`): what `value_rows` accepts of a region id
    (natural(1)), a Dominosa number (natural()) or a clue 0-4 (natural(0, 4))."""
    return lambda v: is_json_int(v) and v >= least and (most is None or v <= most)


def or_null(accepts: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """`accepts`, or null for an empty cell."""
    return lambda v: v is None or accepts(v)


# board JSON's "regions" of a game of regions: rows of whole numbers, an id a cell
REGION_IDS = Read("[[1, 1, 2], [1, 2, 2]]", "a region id a cell, a whole number", natural())


def rectangular(rows: Sequence[Sequence[Any]], game: str, symbols: str | None = None) -> None:
    """What every grid game's `validate` asks first: at least one cell, rows of one length,
    and (rows of characters) only `symbols`; else InvalidPuzzle. Clues that cannot hold
    are the solver's to find (no solution)."""
    if not rows or not rows[0] or any(len(row) != len(rows[0]) for row in rows):
        raise InvalidPuzzle(f"the {game} grid is empty or its rows differ in length")
    if symbols is not None and any(ch not in symbols for row in rows for ch in row):
        raise InvalidPuzzle(f"a {game} grid holds only {symbols!r}")


Bits = tuple[tuple[int, ...], ...]  # rows of 0/1: the answer of a game of marked cells


def bit_rows(values: Sequence[Any], height: int, width: int) -> tuple[tuple[int, ...], ...]:
    """Rows of 0/1 from the values of the cells' variables, in reading order: the answer
    of a game with one variable a cell (a Binairo digit, a star), decoded from its model."""
    on = [int(bool(v)) for v in values]
    return tuple(tuple(on[r * width : (r + 1) * width]) for r in range(height))


def cell_answer(board: Any, values: Sequence[Any]) -> tuple[tuple[int, ...], ...]:
    """`bit_rows` of a board's cells: the `decode` of a game with one variable a cell, numbered
    first in reading order (grid.clauses.cell_variables), 1 where it holds (shaded, black, sea)."""
    return bit_rows(values, board.height, board.width)


def digits_text(board: Any, answer: Sequence[Sequence[int]]) -> str:
    """An answer's numbers, a digit a cell row by row with no separator: the text the pages
    of Futoshiki, Skyscrapers and Pipes hash (genres.md section 2)."""
    return "".join(str(v) for row in answer for v in row)


def digit_rows(text: str) -> tuple[tuple[int, ...], ...]:
    """Rows of one-digit values written as words, "2333 2213 1111": a tiny example's
    region ids."""
    return tuple(tuple(int(v) for v in row) for row in text.split())


def is_bit_rows(answer: Any, height: int, width: int) -> bool:
    """Whether an answer is `height` rows of `width` cells, each 0 or 1: what a checker
    asks first of an answer given to it."""
    return len(answer) == height and all(
        len(row) == width and all(v in (0, 1) for v in row) for row in answer)


_NOTHING = object()


def _missing(game: str, key: str, example: str, legend: str) -> ParseError:
    return ParseError(f'a {game}\'s board JSON needs "{key}", a list of rows such as '
                      f"{example} ({legend})")


def _holds(game: str, r: int, bad: str, legend: str, row: Any) -> ParseError:
    return ParseError(f"board JSON: {game} row {r} holds {bad}, not {legend}: "
                      f"{json_excerpt(row)}")


def _of_one_length(rows: Sequence[Any], game: str) -> Sequence[Any]:
    if not rows[0] or any(len(row) != len(rows[0]) for row in rows):
        lengths = sorted({len(row) for row in rows})
        raise ParseError(
            f"board JSON: a {game} needs rows of one length, at least one cell "
            f"(its rows have {', '.join(map(str, lengths[:5]))} cells)"
        )
    return rows

