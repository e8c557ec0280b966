"""The next step of a puzzle and why: what a small group of the kind's named rules forces.

Every kind names its clause families by rule and scope (`Encoding.rules`, grid.clauses.
Named). Here each family gets a selector literal, added to its clauses, so that a solve
under assumptions switches rules on and off: a decision the rules force is one whose
opposite is unsatisfiable under them, and the solver's core says which families it
needed; dropping each in turn and solving again shrinks that to a set none of which can
go. The step is the decision with the fewest rules, and every other decision those same
rules force; a step follows from its rules and the decisions made before it alone
(`follows`, a separate solve, checks exactly that). Easiest first: what one family alone
gives by unit propagation comes before any core, placements before candidates ruled out;
a kind's own reasoning (kinds/<kind>/hints.py: nonogram lines, Sudoku singles) before all.

What a decision variable says of the answer (a `Place`) is the kind's declaration, else
learnt by probing its `decode` a variable at a time; the player's marks are read against
the answer in the same terms. A variable may say a set of a key's values (a Hashi span's
"a bridge at least"): a step then decides the key where its variables settle it, and
else says the values left (OneOf), which later steps start from.

Native at-most constraints take their selector through m copies of it (`AtMost(lits +
copies, k + m)`, each copy implied by the selector: with it on, at most k of `lits`; off,
any number; Gluecard's propagate corrupts its memory on a literal repeated so); the
connectivity cuts a kind finds while solving (`refine`) come under one family of their
own, "connected", which they follow from. Families the kind left unnamed are one family,
"the rules". `puzzlesat hint` (cli/commands.py) runs on this; hint_words.py says its steps.

A run is one thread of sat.in_thread_within's, which interrupts its solver at the time
limit or on a signal; the steps found by then are its answer (status TIMED_OUT). The
answers come from MiniSat as solve's do, from CaDiCaL (or the kind's own search, which races
it) where MiniSat needs more than FIRST_BUDGET conflicts; a puzzle of several answers first
drops what some answer breaks (`_unforced`), which no rules force, before the engine asks
about the rest.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from functools import partial as _bound
from typing import Any, NamedTuple

from .grid.steps import ITEM, PATHS, Not, OneOf, Place, is_set, item_key, values_left
from .sat import Encoding

Rule = tuple[str, tuple]  # (rule, scope), as grid.clauses.Named records them
UNNAMED: Rule = ("the rules", ("board",))
CONNECTED: Rule = ("connected", ("board",))


class Step(NamedTuple):
    """Decisions (literals of decision variables, as the solution has them) and the
    rules they follow from, with the decisions made before."""

    decided: tuple[int, ...]
    rules: tuple[Rule, ...]


class Interrupted(Exception):
    """A solve of the hint's was interrupted (its time was up, or a signal came): the steps
    found so far are all there is."""


Hold = Callable[[Any], None]  # racers.InThread's: each solver as it is built, None when done


class Reasoner:
    """One incremental solver holding the encoding with a selector a family of rules.

    Its solves can be interrupted from another thread: each is `solve_limited` expecting an
    interrupt (which lets go of the GIL, so that the thread waiting for it hears signals),
    its solver is handed to `hold` once built (in_thread_within's, which interrupts it), and
    an interrupted solve raises Interrupted."""

    def __init__(self, encoding: Encoding, hold: Hold | None = None) -> None:
        from pysat.solvers import Solver

        self.encoding = encoding
        top = max([abs(lit) for clause in encoding.clauses for lit in clause]
                  + [abs(lit) for lits, _ in encoding.atmosts for lit in lits]
                  + list(encoding.decision_vars) + [0])
        self.rules: list[Rule] = []
        self.selector: dict[Rule, int] = {}
        self.solver = Solver(name="gluecard4" if encoding.atmosts else "minisat22")
        self.top = top
        self.variables: dict[Rule, set[int]] = {}  # each family's, for `_one_rule_step`
        named = [UNNAMED] * len(encoding.clauses)
        for rule, scope, start, end in encoding.rules:
            named[start:end] = [(rule, scope)] * (end - start)
        for clause, rule in zip(encoding.clauses, named):
            self.solver.add_clause([*clause, -self._selector(rule)])
            self.variables.setdefault(rule, set()).update(map(abs, clause))
        for i, count in enumerate(encoding.atmosts):
            lits, k = count
            spare = len(lits) - k
            rule = getattr(count, "named", None) or ("a count", ("constraint", i))
            self.variables.setdefault(rule, set()).update(map(abs, lits))
            select = self._selector(rule)
            copies = list(range(self.top + 1, self.top + 1 + spare))  # each holds with select
            self.top += spare
            for copy in copies:
                self.solver.add_clause([-select, copy])
            self.solver.add_atmost([*lits, *copies], k + spare)
        if hold is not None:
            hold(self.solver)

    def solve(self, assumptions: Sequence[int]) -> bool:
        """Whether the clauses hold under `assumptions`; Interrupted when cut short."""
        from .sat import interruptible_solve

        holds = interruptible_solve(self.solver, assumptions)
        if holds is None:
            raise Interrupted
        return holds

    def _selector(self, rule: Rule) -> int:
        if rule not in self.selector:
            self.top += 1
            self.selector[rule] = self.top
            self.rules.append(rule)
        return self.selector[rule]

    def unsatisfiable(self, rules: Iterable[Rule], assumed: Sequence[int]) -> list[Rule] | None:
        """The rules of a core when `assumed` cannot hold under `rules` (the connectivity
        cuts found on the way added as "connected"), else None."""
        on = [self.selector[rule] for rule in rules if rule in self.selector]
        refine = self.encoding.refine
        while self.solve([*on, *assumed]):
            model = self.solver.get_model()
            cuts = refine(model + [-v for v in range(len(model) + 1, self.top + 1)]) \
                if refine and CONNECTED in rules else []
            if not cuts:
                return None
            select = self._selector(CONNECTED)
            for cut in cuts:
                self.solver.add_clause([*cut, -select])
            if select not in on:
                on.append(select)
        core = set(self.solver.get_core() or ())
        return [rule for rule in self.rules if self.selector[rule] in core]

    def propagated(self, rule: Rule, assumed: Sequence[int]) -> set[int]:
        """What unit propagation of one family of rules alone draws from `assumed`: the
        easiest steps, a rule applied once as a player applies it."""
        holds, lits = self.solver.propagate(assumptions=[self.selector[rule], *assumed])
        return set(lits) if holds else set()

    def shrunk(self, rules: list[Rule], assumed: Sequence[int]) -> list[Rule]:
        """A subset of `rules` under which `assumed` still cannot hold, none of whose
        rules can be dropped: each rule tried without, and where the rest still suffice,
        the solver's core of them kept (often far fewer)."""
        kept, i = list(rules), 0
        while i < len(kept):
            trial = kept[:i] + kept[i + 1:]
            core = self.unsatisfiable(trial, assumed)
            if core is None:
                i += 1
            else:
                needed = set(core)
                kept = [rule for rule in trial if rule in needed  # cuts not found yet: kept
                        or rule == CONNECTED and CONNECTED not in self.selector]
        return kept

    def follows(self, decided: Sequence[int], rules: Sequence[Rule],
                before: Sequence[int]) -> bool:
        """Whether each decision follows from `rules` and the decisions `before` alone."""
        return all(self.unsatisfiable(rules, [*before, -lit]) is not None for lit in decided)


MOST_RULES = 12  # a step needing more rule families than this is search, not a step
FEW = 2  # a core this small, once no rule alone propagates anything, is taken at once


def next_step(reasoner: Reasoner, solution: dict[int, bool], known: Sequence[int],
              tried: int = 8, easy: bool = True) -> Step | None:
    """The decision the fewest rules force from `known` (literals decided already), with
    every other decision those rules force: the first core of FEW rules or fewer, else
    the smallest of `tried` candidates of the smallest first cores, shrunk. `solution`
    holds the decisions to explain (every answer's value of each); None when none of
    them is left or none is forced. `easy`: what one rule gives by propagation first."""
    every: list[Rule] = [*reasoner.rules]
    if reasoner.encoding.refine is not None and CONNECTED not in every:
        every.append(CONNECTED)
    open_ = _open(solution, known)
    easiest = _one_rule_step(reasoner, open_, known) if easy else None
    if easiest is not None:
        return easiest
    cores, best = [], None
    for lit in open_:
        core = reasoner.unsatisfiable(every, [*known, -lit])
        if core is not None and len(core) <= FEW:  # as few as a step can be, nearly:
            shrunk = reasoner.shrunk(core, [*known, -lit])  # take it, look no further
            if len(shrunk) <= FEW:
                best = shrunk
                break
        if core is not None:
            cores.append((len(core), lit, core))
    if best is None and not cores:  # nothing left is forced (a puzzle of several answers)
        return None
    cores.sort(key=lambda item: item[0])
    for _, lit, core in cores[:tried] if best is None else ():
        shrunk = reasoner.shrunk(core, [*known, -lit])
        if best is None or len(shrunk) < len(best):
            best = shrunk
    decided = tuple(lit for lit in open_
                    if reasoner.unsatisfiable(best, [*known, -lit]) is not None)
    return Step(decided, tuple(best))


def _one_rule_step(reasoner: Reasoner, open_: list[int], known: Sequence[int]) -> Step | None:
    """The family of rules that alone, by unit propagation, decides the most of `open_`
    (placements first): a step of one rule, found without a core."""
    wanted, best = set(open_), None
    undecided = {abs(lit) for lit in open_}
    for rule in reasoner.rules:
        if reasoner.variables.get(rule, undecided).isdisjoint(undecided):
            continue  # a family none of whose variables is open decides none of them
        decided = reasoner.propagated(rule, known) & wanted
        score = (sum(lit > 0 for lit in decided), len(decided))
        if decided and (best is None or score > best[0]):
            best = (score, rule, decided)
    if best is None:
        return None
    return Step(tuple(lit for lit in open_ if lit in best[2]), (best[1],))


def every_step(encoding: Encoding, solution: dict[int, bool],
               known: Sequence[int] = ()) -> list[Step]:
    """The whole solve as steps, each from the rules it names and the steps before."""
    reasoner = Reasoner(encoding)
    steps, known = [], list(known)
    while (step := next_step(reasoner, solution, known)) is not None:
        steps.append(step)
        known += step.decided
    return steps


# --------------------------------------------------------------------------- what a variable says
def _differences(a: Any, b: Any, path: tuple = ()) -> Iterator[tuple]:
    """The shallowest paths at which two answers' JSON differ (a row of letters: its
    letters)."""
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        for key in a:
            yield from _differences(a[key], b[key], (*path, key))
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            yield from _differences(x, y, (*path, i))
    elif isinstance(a, str) and isinstance(b, str) and len(a) == len(b) > 1 and path:
        yield from ((*path, i) for i, (x, y) in enumerate(zip(a, b)) if x != y)
    elif a != b:
        yield path


def at(answer: Any, key: tuple) -> Any:
    """The answer's JSON at a Place's key: a value, the values of PATHS, an ITEM or None."""
    if key and key[0] == ITEM:
        return next((item for item in answer if item_key(item) == key), None)
    if key and key[0] == PATHS:
        return tuple(at(answer, path) for path in key[1])
    for step in key:
        answer = answer[step]
    return answer


def probed_places(kind: Any, board: Any, count: int) -> list[Place | None]:
    """Each decision variable's Place, learnt from the kind's own decode: the answer with
    that variable alone holding against the answer with none (a decode reads any values
    and says "no answer" where they are not one, so a digit shows where its variable
    alone holds). None for a variable that changes nothing on its own."""
    values = [False] * count
    blank = kind.answer_json(kind.decode(board, values))
    found: list[Place | None] = []
    for i in range(count):
        values[i] = True
        probe = kind.answer_json(kind.decode(board, values))
        values[i] = False
        found.append(_place(blank, probe))
    share = Counter(place.key for place in found if place is not None)
    return [place if place is None or share[place.key] == 1 else place._replace(off=None)
            for place in found]


def _place(blank: Any, probe: Any) -> Place | None:
    paths = list(_differences(blank, probe))
    if paths == [()] and isinstance(probe, list) and len(probe) == len(blank) + 1:
        item = next(x for x in probe if x not in blank)
        return Place(item_key(item), item)
    if len(paths) == 1:
        return Place(paths[0], at(probe, paths[0]), at(blank, paths[0]))
    if paths:
        return Place((PATHS, tuple(paths)), at(probe, (PATHS, paths)))  # a stitch, say
    return None


def _says(place: Place | None, holds: bool, answer: Any, items: frozenset) -> bool:
    """Whether a variable's Place agrees with the answer, holding or not. `items`: the
    keys of the answer's items (`item_key`), where it lists them, made once for all the
    variables (a 42x41 Dominosa's thousands of places each scanning its 861 dominoes took
    seconds)."""
    if place is None:
        return True
    if place.key[0] == ITEM:
        return (place.key in items) == holds
    value = at(answer, place.key)
    if is_set(place):
        return value in (place.on if holds else place.off)
    return value == place.on if holds else place.off is None and value != place.on \
        or value == place.off


# --------------------------------------------------------------------------- the player's marks
class Mark(NamedTuple):
    """A mark of the player's that the answer contradicts."""

    key: tuple
    value: Any
    should_be: Any


def marks(state: Any, answer: Any, places: Sequence[Place | None]) -> tuple[dict, list[Mark]]:
    """The keys the player's state marks as the answer has them, and the marks it
    contradicts. `state` is in the shape of the answer's JSON, None where unmarked (a
    list of items for the games whose answer is one); ParseError where it is not even
    that: another kind of JSON value."""
    from .core import ParseError

    if type(state) is not type(answer):
        shape = "an object" if isinstance(answer, dict) else "a list"
        raise ParseError(f"the marks (\"state\") are not {shape}, as this game's answer is",
                         hint="the marks are the answer's JSON with null where unmarked "
                         "(design.md)")
    keys = dict.fromkeys(place.key for place in places if place is not None)
    right, wrong = {}, []
    if any(key[0] == ITEM for key in keys):
        placed = [item for item in state if item is not None] if isinstance(state, list) else []
        answered = {item_key(item): item for item in answer}
        for item in placed:  # an item is right wherever the list has it, however written
            key = item_key(item)
            (right.__setitem__(key, answered[key]) if key in keys and key in answered
             else wrong.append(Mark(key, item, None)))
        return right, wrong
    for key in keys:
        try:
            mark = at(state, key)
        except (LookupError, TypeError):
            continue
        if mark is None or isinstance(mark, tuple) and None in mark:
            continue
        should_be = at(answer, key)
        (right.__setitem__(key, mark) if _same(mark, should_be)
         else wrong.append(Mark(key, mark, should_be)))
    return right, wrong


def _same(mark: Any, value: Any) -> bool:
    """Whether a mark is the answer's value as JSON says it: `true` is not the 1 of a
    shaded cell (Python's True == 1 would say it is)."""
    return mark == value and isinstance(mark, bool) == isinstance(value, bool)


# --------------------------------------------------------------------------- the steps
class Reason(NamedTuple):
    """A rule a step follows from, where it applies, and that said as a player would."""

    rule: str
    scope: tuple
    text: str
    whole: bool = False  # the text says the whole reason (a kind's own: a line's clue)


class Said(NamedTuple):
    """One step: what it decides (a Place's key and its value each) and why."""

    decided: tuple[tuple[tuple, Any], ...]
    because: tuple[Reason, ...]


class Hints(NamedTuple):
    """What `puzzlesat hint` says: its status ("step", "solved", "needs_search", "none"),
    the steps, the marks the answer contradicts, and the answer's JSON the steps reach."""

    status: str
    steps: tuple[Said, ...] = ()
    wrong: tuple[Mark, ...] = ()
    answer: Any = None
    smallest_found: int = 0
    marked: int = 0  # how many marks were right
    words: Any = None  # how its decisions are said (Words)
    known: Any = ()  # the keys decided before the last step (the marks, the givens)
    model: Any = None  # the answer's decision values, for drawing it
    multiple: bool = False  # the puzzle has more than one answer: only what all share is forced
    places: Any = ()  # each decision variable's Place, as `model` has them: a partial answer
    # needing search where the kind's own reasoning alone was tried (its encoding names no
    # rules for the engine): that reasoning's techniques (its hints module's TRIED)
    tried: tuple[str, ...] = ()


TIMED_OUT = "unknown"  # the status of a run its time limit cut short, as solve's is
# conflicts MiniSat gets for the answers before CaDiCaL looks for them instead: MiniSat
# finds the same answers solve's does, and most at once, but takes many seconds on boards
# CaDiCaL answers at once (an 11x11 Light Up without walls, a pigeonhole problem to it)
FIRST_BUDGET = 10_000
# conflicts CaDiCaL runs at a time, between looks at `stopped`: doubled each time up to
# MOST_BUDGET, since every call starts its search afresh (a steady 2000 took a hard 25x25
# nonogram's two answers from 2.4 s to 17 s)
BUDGET, MOST_BUDGET = 20_000, 160_000
POLL = 0.05  # seconds between looks at `stopped` while the search races CaDiCaL
WATCH = 0.01  # seconds between looks at the search while MiniSat spends its budget


class Puzzle(NamedTuple):
    """What a hint run works on: the board, its kind and encoding, the Place of each
    decision variable, the decisions to explain and the answers found (two: several)."""

    board: Any
    kind: Any
    encoding: Any
    places: list
    solution: dict[int, bool]
    found: tuple


def explain(board: Any, every: bool = False, state: Any = None,
            timeout: float | None = None) -> Hints:
    """The next step (with `every`, the whole solve as steps) from the player's `state`
    (the answer's JSON with None where unmarked; None: the empty board), after the marks
    the answer contradicts. A kind's own reasoning (its `easy_step`: nonogram line
    logic, Sudoku singles) comes first; then what the fewest named rules force.

    All but the encoding runs in a thread this one waits for, as solve --solutions' count
    does (sat.in_thread_within), so that a signal is heard inside a solve. `timeout`: the
    seconds the whole run may take; when they are up, the steps found so far, with the
    status TIMED_OUT."""
    from .kinds import kind_of
    from .sat import in_thread_within

    deadline = None if timeout is None else time.perf_counter() + timeout
    kind = kind_of(board)
    encoding = kind.encode(board)
    done = in_thread_within(encoding, _bound(_hints, board, kind, every, state), deadline)
    return Hints(TIMED_OUT) if done is None else done


def _hints(board: Any, kind: Any, every: bool, state: Any, encoding: Any, progress: Any,
           hold: Hold, stopped: Callable[[], bool]) -> Hints:
    """`explain`'s work, as in_thread_within's `find`: it hands each solver it builds to
    `hold` (which interrupts it at the deadline or on a signal) and stops at `stopped()`;
    interrupted, the steps found so far."""
    try:
        found = _answers(kind.search_for(board), encoding, hold, stopped)
    except Interrupted:
        return Hints(TIMED_OUT)
    if not found:
        return Hints("none")
    places = _places(kind, board, encoding, found)
    answer = kind.answer_json(kind.decode(board, found[0]))
    try:
        first = _marked_first(encoding, places, state, answer, found, stopped)
    except Interrupted:
        return Hints(TIMED_OUT)
    if first is not found:
        found, answer = first, kind.answer_json(kind.decode(board, first[0]))
    solution = _decisions(encoding, places, found)
    known, wrong = marks(state, answer, places) if state is not None else ({}, [])
    marked = len(known)
    known.update(_givens(board, encoding, places))
    from .hint_words import words_of

    said = Hints("step", (), tuple(wrong), answer, 0, marked, words_of(board, answer, places),
                 tuple(known), found[0], len(found) > 1, tuple(places))
    steps: list[Said] = []
    try:
        puzzle = Puzzle(board, kind, encoding, places, solution, found)
        return _walked(puzzle, every, said, known, steps, hold, stopped)
    except Interrupted:
        return said._replace(status=TIMED_OUT, steps=tuple(steps))
    finally:
        hold(None)


def _answers(search: Any, encoding: Any, hold: Hold, stopped: Callable[[], bool]) -> tuple:
    """Up to two answers (each the decision variables' values): MiniSat's, as solve finds
    them, where it finds them within FIRST_BUDGET conflicts; else CaDiCaL's (where the
    encoding has native counts, MiniSat's own Glucose goes on without a budget), or the
    kind's own `search`'s where it decides first. Interrupted when stopped.

    The search (a nonogram's probing search, kind.search_for) runs from the start in C
    without the GIL, on the other core, as in solve's race, and is stopped once MiniSat
    answers; MiniSat is interrupted once it decides (`_watching`). Past MiniSat's budget it
    races CaDiCaL, which holds the GIL and cannot be interrupted, so CaDiCaL runs in a
    forked child then: TAAI 2011 $713 has both answers
    from the search in 0.37 s where CaDiCaL takes 0.9 s, and $510 from CaDiCaL in 0.3 s
    where the search takes over 5 s."""
    from .sat import find_two
    from .sat.racers import start_search

    def held(solver: Any) -> None:
        hold(solver)
        if solver is not None and not encoding.atmosts:
            solver.conf_budget(FIRST_BUDGET)

    searching = start_search(search)
    try:
        with _watching(held, searching) as holding:
            outcome = find_two(encoding, hold=holding)
        if outcome is not None:
            return outcome.models
        if stopped():
            raise Interrupted
        if searching is None:
            return _past_budget(encoding, hold, stopped)
        return _raced(searching, encoding, hold, stopped)
    finally:
        if searching is not None:
            searching.stop()


def _raced(searching: Any, encoding: Any, hold: Hold, stopped: Callable[[], bool]) -> tuple:
    """The answers of whichever decides first: the search running, or `_past_budget` in a
    forked child. Interrupted when stopped (looked at every POLL seconds). A racer that
    ends without an answer (a child killed; a search's error too, as in solve's race: it
    only speeds the answers up) leaves the other to answer; with neither, or where no child
    can be forked (a process limit), `_past_budget` answers in this thread, as it does
    without a search, its solvers handed to `hold` (the deadline's)."""
    from .sat.racers import Child, wait

    child, racing = None, [searching.conn]
    try:
        if not searching.decided():  # else its answers are on their way: no child
            try:
                child = Child(lambda progress: _past_budget(encoding, lambda solver: None,
                                                            lambda: False), report=False)
            except OSError:
                return _past_budget(encoding, hold, stopped)
            racing.append(child.conn)
        while racing:
            for conn in wait(racing, POLL):
                ours = child is not None and conn is child.conn
                try:
                    verdict, value = conn.recv()
                except EOFError:
                    verdict = "gone"
                if verdict == "error" and ours:
                    raise value
                if verdict == "ok":
                    return value if ours else value.models
                racing.remove(conn)
            if stopped():
                raise Interrupted
    finally:
        if child is not None:
            child.stop()
    return _past_budget(encoding, hold, stopped)


@contextmanager
def _watching(hold: Hold, searching: Any) -> Iterator[Hold]:
    """`hold` (MiniSat's, as `_answers` gives it its budget), and where a search runs
    (`searching`), one that also interrupts the solver it holds once the search has
    decided, looked at every WATCH seconds from a thread of its own while the block runs:
    MiniSat then gives the rest of its budget up to the search's answers (on 15 of the 33
    TAAI 2011 puzzles that reach the race it spent it all)."""
    import threading

    if searching is None:
        yield hold
        return
    lock, over, held = threading.Lock(), threading.Event(), [None]

    def holding(solver: Any) -> None:
        hold(solver)
        with lock:
            held[0] = solver
            if solver is not None and searching.decided():
                solver.interrupt()

    def watch() -> None:
        while not over.wait(WATCH):
            if searching.decided():
                with lock:
                    if held[0] is not None:
                        held[0].interrupt()
                return

    watcher = threading.Thread(target=watch, name="puzzlesat-watch", daemon=True)
    watcher.start()
    try:
        yield holding
    finally:
        over.set()
        watcher.join()


def _past_budget(encoding: Any, hold: Hold, stopped: Callable[[], bool]) -> tuple:
    """The answers where MiniSat's budget ran out: CaDiCaL's first, from the encoding's
    hard phases, and a second next to it. Interrupted when stopped."""
    from .sat import find_models

    with _side_solver(encoding) as solver:
        solver.set_phases(_hard_phases(encoding))
        found = find_models(solver, encoding.decision_vars, refine=encoding.refine,
                            solve=_budgeted(solver, stopped), limit=1)
    return _next_to(encoding, found.models[0], hold, stopped) if found.answers else ()


def _hard_phases(encoding: Any) -> list[int]:
    """The phases the encoding gives a hard search, as solve's CaDiCaL takes them (a
    nonogram's: what line logic settles), else none: with them CaDiCaL's first answer to
    a hard 25x25 nonogram takes 0.1-0.4 s, without them up to 3.6."""
    try:
        return list(encoding.hard_phases() or ()) if encoding.hard_phases else []
    except MemoryError:
        return []


def _next_to(encoding: Any, model: list[int], hold: Hold,
             stopped: Callable[[], bool]) -> tuple:
    """The first answer `model` and a second where there is one: MiniSat from the first's
    phases finds a second next to it at once where CaDiCaL takes seconds (a hard 25x25
    nonogram: 0.001 s against 1.7), within FIRST_BUDGET conflicts; past them, the side
    solver, a budget at a time, to the end."""
    from .sat import find_models

    with _side_solver(encoding, interruptible=True) as solver:
        hold(solver)
        try:
            found = find_models(solver, encoding.decision_vars, refine=encoding.refine,
                                first=model, solve=_bound(_limited, solver))
        finally:
            hold(None)  # before the solver goes
    if found is not None:
        return found.answers
    if stopped():
        raise Interrupted
    with _side_solver(encoding) as solver:
        return find_models(solver, encoding.decision_vars, refine=encoding.refine,
                           first=model, solve=_budgeted(solver, stopped)).answers


def _limited(solver: Any, assumptions: Sequence[int]) -> bool | None:
    """One solve within FIRST_BUDGET conflicts: None past them, or interrupted."""
    solver.conf_budget(FIRST_BUDGET)
    return solver.solve_limited(assumptions=assumptions, expect_interrupt=True)


def _walked(puzzle: Puzzle, every: bool, said: Hints, known: dict, steps: list,
            hold: Hold, stopped: Callable[[], bool]) -> Hints:
    """The steps from `known`, appended to `steps` as they are found (`_hints`')."""
    board, encoding, solution = puzzle.board, puzzle.encoding, puzzle.solution
    keys = {place.key for var, place in zip(encoding.decision_vars, puzzle.places)
            if var in solution}
    own, reasoner, unforced = _own_reasoning(puzzle.kind), None, set()
    while not keys <= known.keys() and (every or not steps):
        if stopped():
            raise Interrupted
        step = own(board, known) if own is not None else None
        if step is None and (own is None or encoding.rules):
            if reasoner is None:
                unforced = _unforced(puzzle, _literals(encoding, puzzle.places, known),
                                     stopped)
                reasoner = Reasoner(encoding, hold)
            step, smallest = _forced(reasoner, puzzle, known, unforced)
            said = said._replace(smallest_found=smallest)
        if step is None:
            status = "needs_search" if keys - known.keys() else "solved"
            tried = () if reasoner is not None else _tried(puzzle.kind)
            return said._replace(status=status, steps=tuple(steps), tried=tried)
        said = said._replace(known=tuple(known))
        steps.append(step)
        known.update(step.decided)
    status = "solved" if keys <= known.keys() and (every or not steps) else "step"
    if status == "solved" and len(puzzle.found) > 1:  # what all answers share is decided
        status = "needs_search"
    return said._replace(status=status, steps=tuple(steps))


def _marked_first(encoding: Any, places: Sequence[Place | None], state: Any, answer: Any,
                  found: tuple, stopped: Callable[[], bool]) -> tuple:
    """The answers found (`answer`: the first's JSON), first one that has every mark of
    the player's where the puzzle has several and some answer has them all: a mark
    another answer has is not wrong. Where none has them all, first one that has all but
    the marks in conflict (`_holding_most`): which are wrong then depends on the marks, not
    on which two answers the race found first. Interrupted when stopped."""
    from .sat.models import answer_of

    if state is None or len(found) < 2:
        return found
    right, wrong = marks(state, answer, places)
    if not wrong:
        return found
    try:
        assumed = _literals(encoding, places, {**right, **{m.key: m.value for m in wrong}})
    except TypeError:  # a mark that is no value (a list where a count is)
        return found
    with _side_solver(encoding) as solver:
        model = _holding_most(solver, encoding, assumed, stopped)
    if not model:
        return found
    first = answer_of(model, encoding.decision_vars)
    return (first, found[1] if found[0] == first else found[0])


def _holding_most(solver: Any, encoding: Any, assumed: list[int],
                  stopped: Callable[[], bool]) -> list[int] | bool:
    """An answer with every literal `assumed` but those of the cores that rule them out,
    each core dropped in turn until the rest hold (False: no answer at all). Interrupted
    when stopped."""
    from .sat import refined_model

    top = max(encoding.decision_vars, default=0)
    while True:
        model = refined_model(_budgeted(solver, stopped), solver, encoding.refine, assumed, top)
        if model is not False:
            return model
        core = set(solver.get_core() or ())
        kept = [lit for lit in assumed if lit not in core]
        if len(kept) == len(assumed):
            return False
        assumed = kept


@contextmanager
def _side_solver(encoding: Any, interruptible: bool = False) -> Iterator[Any]:
    """A solver of the encoding for the questions besides the steps': CaDiCaL (Glucose
    for native counts), which answers at once where MiniSat can take seconds; it cannot
    be interrupted, so it is asked through `_budgeted`. `interruptible`: MiniSat (Glucose
    for native counts), which a deadline or a signal interrupts."""
    from pysat.solvers import Solver

    quick = "minisat22" if interruptible else "cadical195"
    with Solver(name="gluecard4" if encoding.atmosts else quick) as solver:
        solver.append_formula(encoding.clauses)
        for lits, k in encoding.atmosts:
            solver.add_atmost(lits, k)
        yield solver


def _unforced(puzzle: Puzzle, assumed: Sequence[int], stopped: Callable[[], bool]) -> set[int]:
    """The decisions to explain that some answer with `assumed` breaks, where the puzzle
    has several answers: no rules force them, and the engine need not ask (a unique
    puzzle's are all forced). Each solve asks for an answer that breaks one of those left,
    its phases set to break them all: a few solves rule out all that are not forced, and
    one proves the rest are. CaDiCaL (Glucose for native counts) answers them where
    MiniSat takes seconds each (an 11x11 Light Up without walls, every cell a pigeonhole
    problem to it); it cannot be interrupted, so it solves BUDGET conflicts at a time."""
    from .sat import refined_model

    if len(puzzle.found) < 2:
        return set()
    encoding = puzzle.encoding
    settled = {abs(lit) for lit in assumed}
    left = [var if value else -var for var, value in puzzle.solution.items()
            if var not in settled]
    top = max(encoding.decision_vars, default=0)
    with _side_solver(encoding) as solver:
        solve = _budgeted(solver, stopped)
        while left:
            some = max(solver.nof_vars(), top) + 1  # an answer breaking one of `left`
            solver.add_clause([-some, *(-lit for lit in left)])
            solver.set_phases([-lit for lit in left])  # and as many as it can
            model = refined_model(solve, solver, encoding.refine, [*assumed, some], top)
            solver.add_clause([-some])
            if not model:  # no answer breaks any: the rest are forced
                break
            left = [lit for lit in left if (model[abs(lit) - 1] > 0) == (lit > 0)]
    return {var if value else -var for var, value in puzzle.solution.items()
            if var not in settled} - set(left)


def _budgeted(solver: Any, stopped: Callable[[], bool]) -> Callable[[Sequence[int]], bool]:
    """`solver`'s solve under assumptions, BUDGET conflicts at first and twice as many
    each time after, Interrupted once `stopped()` between them."""
    def solve(assumptions: Sequence[int]) -> bool:
        budget = BUDGET
        while True:
            solver.conf_budget(budget)
            holds = solver.solve_limited(assumptions=assumptions)
            if holds is not None:
                return holds
            if stopped():
                raise Interrupted
            budget = min(2 * budget, MOST_BUDGET)  # each call restarts its search

    return solve


def _forced(reasoner: Reasoner, puzzle: Puzzle, known: dict,
            unforced: set[int]) -> tuple[Said | None, int]:
    """What the fewest named rules force next, easiest first: what one rule alone gives
    by propagation (a value placed, else one ruled out), then the fewest rules' core (a
    value placed, else, where none is within MOST_RULES rules, one ruled out); and the
    fewest rules a step took, when too many. `unforced`: decisions no rules force."""
    encoding, places, found = puzzle.encoding, puzzle.places, puzzle.found
    solution = {var: value for var, value in puzzle.solution.items()
                if (var if value else -var) not in unforced}
    assumed = _literals(encoding, places, known)
    every = {var: value for var, place, value
             in zip(encoding.decision_vars, places, map(bool, found[0]))
             if place is not None and _crossable(place) or var in solution}
    pools = [solution, every] if len(found) == 1 else [solution]
    for pool in pools:
        step = _one_rule_step(reasoner, _open(pool, assumed), assumed)
        if step is not None:
            return _said(step, encoding, places, assumed), 0
    best = None
    for pool in pools:
        step = next_step(reasoner, pool, assumed, easy=False)
        if step is not None and (best is None or len(step.rules) < len(best.rules)):
            best = step
        if best is not None and len(best.rules) <= MOST_RULES:
            return _said(best, encoding, places, assumed), 0
    return None, len(best.rules) if best else 0


def _open(solution: dict[int, bool], known: Sequence[int]) -> list[int]:
    """The literals of `solution` still to decide."""
    settled = {abs(lit) for lit in known}
    return [v if solution[v] else -v for v in solution if v not in settled]


def _crossable(place: Place) -> bool:
    """Whether a value can be ruled out at its key in words: a digit, a letter (not a
    rectangle, not a domino)."""
    return place.key[0] != ITEM and isinstance(place.on, (int, str))


def _decisions(encoding: Any, places: Sequence[Place | None], found: list) -> dict[int, bool]:
    """The decision variables a player decides (each key's one that holds, and both values
    of a key that is one variable), with the value every answer found gives them."""
    solution = {}
    for var, place, value in zip(encoding.decision_vars, places, map(bool, found[0])):
        if place is not None and (value or place.off is not None):
            solution[var] = value
    if len(found) > 1:  # only what every answer shares is forced
        for var, value in zip(encoding.decision_vars, map(bool, found[1])):
            if solution.get(var, value) != value:
                del solution[var]
    return solution


def _givens(board: Any, encoding: Any, places: Sequence[Place | None]) -> dict:
    """The keys the puzzle gives (a Latin square's given digits): the kind's own `givens`
    (kinds/<kind>/hints.py, for an encoding that decides more before solving), else the
    unit clauses of the families named for givens."""
    own = _hints_module(board.kind)
    if own is not None and hasattr(own, "givens"):
        return dict(own.givens(board))
    spans = [(start, end) for rule, _, start, end in encoding.rules if "given" in rule]
    units = {clause[0] for start, end in spans for clause in encoding.clauses[start:end]
             if len(clause) == 1}
    out = {}
    for var, place in zip(encoding.decision_vars, places):
        if place is None or is_set(place):  # a set alone settles no key
            continue
        if var in units:
            out[place.key] = place.on
        elif -var in units and place.off is not None:
            out[place.key] = place.off
    return out


def _places(kind: Any, board: Any, encoding: Any, found: list) -> list[Place | None]:
    """The Place of each decision variable (the kind's `places(board)`, in its module or
    its hints module, else probed), each checked against the answer: a kind whose
    variables say nothing a player marks, or say it otherwise than its answer, is refused
    (one whose probing fails on its own small example, before probing this board)."""
    from .core import UnsupportedPuzzle

    declared = kind_hook(kind.name, "places")
    places = None if declared is None and not _probing_explains(kind.name) else _checked(
        kind, board, declared, len(encoding.decision_vars), found[0])
    if places is None:
        raise UnsupportedPuzzle(f"hints for {kind.name} puzzles are not ready yet",
                                hint="`puzzlesat solve` solves it")
    return places


def _checked(kind: Any, board: Any, declared: Any, count: int,
             model: Sequence) -> list[Place | None] | None:
    """The Places of `board` (declared, else probed) where they agree with the answer
    `model` decodes to, else None. A declaration that fails is a bug, and raised as one;
    a probe that fails (a decode that cannot take one variable alone) is no Places."""
    if declared is not None:  # not caught: a failure is a bug of the kind's, not a refusal
        places = declared(board)
    else:
        try:
            places = probed_places(kind, board, count)
        except (LookupError, TypeError, ValueError, AttributeError):
            return None
    try:
        answer = kind.answer_json(kind.decode(board, model))
        items = frozenset(map(item_key, answer)) if isinstance(answer, list) else frozenset()
        agree = all(_says(p, bool(v), answer, items) for p, v in zip(places, model))
    except (LookupError, TypeError, ValueError, AttributeError):
        return None
    return places if agree and len(places) == count and any(places) else None


@cache
def _probing_explains(name: str) -> bool:
    """Whether a kind's probed Places agree with its answer, tried once on its own small
    example (milliseconds), so that a kind they cannot explain is refused before a board
    of thousands of variables is probed."""
    from .core import Status
    from .kinds import kind_named
    from .sat import find_two

    kind = kind_named(name)
    board = next((e.board for e in kind.examples if e.status is Status.UNIQUE), None)
    if board is None:  # nothing small to try: the board itself tells
        return True
    encoding = kind.encode(board)
    found = find_two(encoding).models
    return not found or _checked(kind, board, None, len(encoding.decision_vars),
                                 found[0]) is not None


def kind_hook(name: str, hook: str) -> Any:
    """A kind's declaration for hints (`places`, `said`, `scope_cells`, `VALUE_WORDS`,
    `DRAWS_PARTLY`...), in its module or its hints module, or None."""
    import sys

    from .kinds import BY_NAME

    module = sys.modules[BY_NAME.modules[name]]
    return getattr(module, hook, None) or getattr(_hints_module(name), hook, None)


def _hints_module(name: str) -> Any:
    """kinds/<kind>/hints.py, the kind's own reasoning, or None where it has none."""
    import importlib

    from .kinds import BY_NAME

    try:
        return importlib.import_module(BY_NAME.modules[name] + ".hints")
    except ImportError:
        return None


def _own_reasoning(kind: Any) -> Any:
    """The kind's own `easy_step(board, known)` (kinds/<kind>/hints.py), if it has one."""
    own = getattr(_hints_module(kind.name), "easy_step", None)
    if own is None:
        return None

    def step(board: Any, known: dict) -> Said | None:
        found = own(board, {key: value for key, value in known.items() if len(key) == 2})
        if found is None:
            return None
        return Said(tuple(((r, c), v) for r, c, v in found.cells),
                    (Reason(found.rule, found.scope, found.text, whole=True),))

    return step


def _tried(kind: Any) -> tuple[str, ...]:
    """The techniques of the kind's own reasoning (its hints module's TRIED), which alone
    were tried where its encoding names no rules."""
    return tuple(getattr(_hints_module(kind.name), "TRIED", ()))


def _literals(encoding: Any, places: Sequence[Place | None], known: dict) -> list[int]:
    """The literals the known keys give: a variable saying what is known holds; one saying
    another value at a key known (or its `off`) does not; a set's variable holds where
    every value left at its key is in its set, and not where none is."""
    left = _narrowed(known)
    out = []
    for var, place in zip(encoding.decision_vars, places):
        if place is not None and is_set(place):
            values = frozenset((known[place.key],)) if place.key in known else left.get(
                place.key)
            if values is not None and values <= place.on:
                out.append(var)
            elif values is not None and not values & place.on:
                out.append(-var)
        elif place is not None and place.key in known:
            out.append(var if known[place.key] == place.on else -var)
        elif place is not None and _crossable(place) and (place.key, Not(place.on)) in known:
            out.append(-var)
    return out


def _narrowed(known: dict) -> dict[tuple, frozenset]:
    """The values left at each key that `known` narrows but does not settle (OneOf)."""
    left: dict[tuple, frozenset] = {}
    for key in known:
        if len(key) == 2 and isinstance(key[1], OneOf):
            left[key[0]] = left.get(key[0], key[1].values) & key[1].values
    return left


def _said(step: Step, encoding: Any, places: Sequence[Place | None],
          assumed: Sequence[int]) -> Said:
    """A step's literals as decisions: each key's value, a candidate ruled out, or, where
    set Places' variables do not settle a key yet, the values left (OneOf)."""
    from .grid.clauses import scope_text

    place_of = dict(zip(encoding.decision_vars, places))
    decided: dict[tuple, Any] = {}
    settled = None
    for lit in step.decided:
        place = place_of[abs(lit)]
        if is_set(place):
            settled = settled or _set_keys(encoding, places, {*assumed, *step.decided})
            values = settled[place.key]
            if len(values) > 1:
                decided[(place.key, OneOf(values))] = True
            else:
                decided[place.key] = next(iter(values))
        elif lit < 0 and place.off is None:  # a candidate ruled out: its own key
            decided[(place.key, Not(place.on))] = True
        else:
            decided[place.key] = place.on if lit > 0 else place.off
    return Said(tuple(decided.items()),
                tuple(Reason(rule, scope, scope_text(scope)) for rule, scope in step.rules))


def _set_keys(encoding: Any, places: Sequence[Place | None],
              literals: set[int]) -> dict[tuple, frozenset]:
    """The values left at each key of set Places, from the `literals` decided."""
    by_key: dict[tuple, list[tuple[Place, bool]]] = {}
    for var, place in zip(encoding.decision_vars, places):
        if place is not None and is_set(place) and (var in literals or -var in literals):
            by_key.setdefault(place.key, []).append((place, var in literals))
    return {key: values_left(said) for key, said in by_key.items()}


def partial(answer: Any, decided: Iterable[tuple[tuple, Any]]) -> Any:
    """The answer's JSON with only the decided keys kept, None elsewhere (the answers that
    are lists of items: the items decided)."""
    decided = [(key, value) for key, value in decided if not _ruled_out(key)]
    if any(key[0] == ITEM for key, _ in decided) or isinstance(answer, list) and not answer:
        return [value for key, value in decided if key[0] == ITEM]
    keep = {path for key, _ in decided
            for path in (key[1] if key[0] == PATHS else (key,))}
    return _masked(answer, keep, (), 2 if isinstance(answer, dict) else 1)


def _ruled_out(key: tuple) -> bool:
    """Whether a decision is of a value ruled out or of values left, not a key's value."""
    return len(key) == 2 and isinstance(key[1], (Not, OneOf))


def _masked(answer: Any, keep: set, path: tuple, rows: int) -> Any:
    """The answer with only the paths of `keep`, None elsewhere; a string where the
    answer has its rows (`rows` deep) is a row of letters, a cell's string (a
    Shakashaka triangle's "nw") one value."""
    if path in keep:
        return answer
    if isinstance(answer, dict):
        return {k: _masked(v, keep, (*path, k), rows) for k, v in answer.items()}
    if isinstance(answer, list):
        return [_masked(v, keep, (*path, i), rows) for i, v in enumerate(answer)]
    if isinstance(answer, str) and len(answer) > 1 and len(path) == rows:
        return [ch if (*path, i) in keep else None for i, ch in enumerate(answer)]
    return None
