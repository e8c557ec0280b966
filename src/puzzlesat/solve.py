"""solve(board) -> Result: encode, run the SAT solver twice (uniqueness), check every answer.

Everything kind-specific comes through the board's Kind (`puzzlesat.kinds`): its cost bound,
validation, encoding, decoding and independent checker. Before the encoding, its memory is
bounded and what will not fit is refused (budget.py); only the kind's own search, which
needs no encoding, starts before that.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial

from . import site_check
from .budget import memory_allows_race, refuse_unless_fits
from .core import CheckFailed, PuzzleError, Result, Status, TooLarge, gc_paused
from .kinds import Board, Kind, kind_of
from .sat import Encoding, Progress, Racers, count_within, run_within, start_search

MAX_CELLS = 1_000_000  # 1000x1000: far beyond any puzzle a person solves


def solve(
    board: Board,
    timeout: float | None = None,
    isolate: bool = False,
    progress: Progress | None = None,
    spare_core: bool = True,
    racers: Racers | None = None,
    spare: Callable[[], bool] | None = None,
    limit: int = 2,
) -> Result:
    """Find up to two solutions; status says unique / multiple / none / unknown (timeout).
    `limit` asks for up to that many instead (each answer blocked in turn on the same
    solver): MiniSat then runs alone, since the kind's search and the racers stop at two,
    and a timeout keeps the answers counted so far (`complete` False; with one, the status
    is unknown: it is not proven unique).

    `isolate` runs the SAT calls in a child process even without a timeout, so that Ctrl-C
    is answered at once (the solvers do not look at Python signals while they run).

    `progress`, if given, is called in this process with a short name for each step as the
    work moves on: the kind's own (e.g. "line logic", "encoding"), then "SAT: MiniSat",
    "checking uniqueness", "racing CaDiCaL", ..., and "checking the answer" before the
    independent checker. It is the caller's (the CLI's spinner): it must not raise.

    `spare_core=False` says that every core is busy already (a batch runs a worker on each):
    neither the kind's own search nor a second MiniSat is started then, only the racer of
    the puzzles still open after a second (sat.run_within). `racers`: what the racers run
    and their timings (sat.Racers; tests pass stand-ins). `spare()`, where no core was
    spare, says when one has come free (sat.run_within).
    """
    kind = kind_of(board)
    cells = board.width * board.height
    if cells > MAX_CELLS:
        raise TooLarge(
            f"the puzzle is {board.width}x{board.height} ({cells:,} cells); "
            f"puzzlesat solves up to {MAX_CELLS:,} cells"
        )
    # The kind's own search needs neither the cost bound nor the encoding: started first, it
    # answers many puzzles before the encoding is done (benchmarks/README.md). It races only
    # where run_within races, which stops it where it may not.
    counting = limit != 2  # MiniSat alone counts past two (count_within)
    racing = not counting and spare_core and (timeout is not None or isolate)
    searching = start_search(kind.search_for(board)) if racing else None
    try:
        cost = refuse_unless_fits(kind.cost(board))  # before validate, which may build a lot
        kind.validate(board)
        race = kind.races and limit == 2 and memory_allows_race(cost.bytes)
        encode = partial(_encode, kind, board)  # encode(progress)
        if counting:
            outcome = count_within(encode, timeout, limit, progress)
        else:
            outcome = run_within(
                encode,
                timeout,
                isolate,
                race=race,
                progress=progress,
                partner=spare_core,
                search=searching,
                racers=racers,
                spare=spare,
            )
    finally:
        if searching is not None:  # on a refusal or an invalid board; else already stopped
            searching.stop()
    timings = {
        "encode": outcome.encode_time,
        "solve": outcome.solve_time,
        "prove": outcome.prove_time,
    }
    stats = {"variables": outcome.variables, "clauses": outcome.clauses, "facts": outcome.facts}
    if outcome.models is None:
        return Result(Status.UNKNOWN, (), timings, **stats)
    solutions = tuple(kind.decode(board, values) for values in outcome.models)
    if solutions and progress is not None:
        progress("checking the answer")
    for solution in solutions:
        if not kind.is_solution(board, solution):
            raise CheckFailed(f"the solver's answer breaks the {kind.name} rules")
    status = (Status.NONE, Status.UNIQUE, Status.MULTIPLE)[min(len(solutions), 2)]
    if not outcome.complete and status is Status.UNIQUE:  # one found; time ran out for more
        status = Status.UNKNOWN
    kind.after_solve(board, status, solutions)
    checked = site_check.check(board, solutions, kind.site_answer)
    return Result(
        status, solutions, timings, **stats, site_check=checked, complete=outcome.complete
    )


def _encode(kind: Kind, board: Board, progress: Progress | None) -> Encoding:
    """The kind's encoding, made with the cyclic collector paused: its clauses are many small
    lists that hold no cycles, and the collector would scan them again and again as they
    grow (benchmarks/README.md: what this saves). Encoding cannot be interrupted, so this
    is also what a short --timeout overruns by on a big puzzle."""
    with gc_paused():
        return kind.encode(board, progress)


def many(
    boards: Sequence[Board],
    timeout: float | None = None,
    spare_core: bool = True,
    spare: Callable[[], bool] | None = None,
    isolate: bool = False,
) -> Iterator[tuple]:
    """(board, Result, None) or (board, None, error) for each board, in order: one bad
    puzzle does not stop the others."""
    for board in boards:
        try:
            result = solve(board, timeout, isolate, spare_core=spare_core, spare=spare)
            yield board, result, None
        except PuzzleError as error:
            yield board, None, error
