"""solve(board) -> Result: encode, run the SAT solver twice (uniqueness), check every answer.

Each puzzle kind is a module with the same contract: validate(board), encode(board) ->
Encoding, decode(board, values) -> solution, is_solution(board, solution). Before any of
it, cost.py bounds what the encoding will take in memory and refuses what will not fit.
"""

from __future__ import annotations

from types import ModuleType

from ..board import (
    Board,
    Nonogram,
    ParseError,
    PuzzleError,
    Result,
    Shikaku,
    Status,
    TooLarge,
)
from . import cost, nonogram, shikaku
from .sat import run_within

KINDS: dict[type, ModuleType] = {Nonogram: nonogram, Shikaku: shikaku}


class CheckFailed(PuzzleError):
    """The solver returned something the independent checker rejects: a bug of ours."""

    exit_code = 70
    hint = "this is a bug in puzzlesat; please report it with the input"


MAX_CELLS = 1_000_000  # 1000x1000; the largest real puzzles we know are 512x512


def solve(board: Board, timeout: float | None = None, isolate: bool = False) -> Result:
    """Find up to two solutions; status says unique / multiple / none / unknown (timeout).

    `isolate` runs the SAT calls in a child process even without a timeout, so that Ctrl-C
    is answered at once (the solvers do not look at Python signals while they run).
    """
    kind = KINDS[type(board)]
    cells = board.width * board.height
    if cells > MAX_CELLS:
        raise TooLarge(
            f"the puzzle is {board.width}x{board.height} ({cells:,} cells); "
            f"puzzlesat solves up to {MAX_CELLS:,} cells"
        )
    bound = cost.check(board)  # before validate: Shikaku's builds every candidate rectangle
    kind.validate(board)
    # The hard racer builds a second encoding: only when two fit in memory, and never for
    # Shikaku, whose at-most-one constraints only Gluecard takes (the racer would just skip).
    race = kind is nonogram and cost.memory_allows_race(bound.bytes)
    outcome = run_within(lambda: kind.encode(board), timeout, isolate, race=race)
    timings = {
        "encode": outcome.encode_time,
        "solve": outcome.solve_time,
        "prove": outcome.prove_time,
    }
    stats = {"variables": outcome.variables, "clauses": outcome.clauses, "facts": outcome.facts}
    if outcome.models is None:
        return Result(Status.UNKNOWN, (), timings, **stats)
    solutions = tuple(kind.decode(board, values) for values in outcome.models)
    for solution in solutions:
        if not kind.is_solution(board, solution):
            raise CheckFailed(f"the solver's answer breaks the {board.kind} rules")
    status = (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[len(solutions)]
    _check_picture(board, status, solutions)
    return Result(status, solutions, timings, **stats)


def _check_picture(board: Board, status: Status, solutions) -> None:
    """A picture decoded from the page must be the unique answer of its own clues."""
    picture = getattr(board, "picture", None)
    if picture is not None and status is Status.UNIQUE and solutions[0] != picture:
        raise ParseError(
            "the picture decoded from the page differs from the unique solution of its clues",
            hint="the page's encoding may have changed; pipe in the #nonogram_table copy instead",
        )
