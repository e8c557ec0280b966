"""The hint engine (issue 48): every kind's unique example solved as steps, each step's
decisions following from the rules it names and the steps before it alone (checked by a
separate solve), none of its rules to spare, and the steps reaching the one answer."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, streams, written

from puzzlesat.cli import main
from puzzlesat.core import Status
from puzzlesat.grid.steps import OneOf, is_set, values_left
from puzzlesat.hint_words import decision_text
from puzzlesat.hints import Not, Reasoner, at, every_step, explain, kind_hook, partial
from puzzlesat.kinds import BY_NAME, kind_named
from puzzlesat.sat import find_two

OWN_ENGINES = {"nonogram", "sudoku", "shikaku"}  # their own reasoning comes first (issue 48)
KINDS = sorted(set(BY_NAME) - OWN_ENGINES)


def _unique(name: str):
    kind = kind_named(name)
    example = next(e for e in kind.examples if e.status is Status.UNIQUE)
    encoding = kind.encode(example.board)
    (model, *_) = find_two(encoding).models
    return encoding, dict(zip(encoding.decision_vars, map(bool, model)))


@pytest.mark.parametrize("name", KINDS)
def test_every_step_follows_from_its_rules_and_the_steps_before(name):
    encoding, solution = _unique(name)
    steps = every_step(encoding, solution)
    checker, known = Reasoner(encoding), []
    for step in steps:
        assert step.decided and step.rules
        assert checker.follows(step.decided, step.rules, known), step
        for rule in step.rules:  # none to spare
            rest = [r for r in step.rules if r != rule]
            assert not checker.follows(step.decided, rest, known), (step, rule)
        known += step.decided
    assert sorted(known, key=abs) == [v if solution[v] else -v
                                      for v in sorted(encoding.decision_vars)]


def test_a_step_names_the_rule_and_scope_a_person_would():
    encoding, solution = _unique("light-up")
    first = every_step(encoding, solution)[0]
    assert first.rules == (("every cell lit", ("cell", (0, 0))),)


# --------------------------------------------------------------------------- the command

HITORI = FIXTURES / "puzzle-hitori.com" / "easy_5x5_5550001.source.html"


def test_hint_says_the_next_step_and_its_rules():
    env = streams()
    assert main(["hint", str(HITORI)], env=env) == 0
    drawing, words = written(env).split("decided by this step\n")
    assert drawing.splitlines()[0] == "┌──────────┐" and len(drawing.splitlines()) == 9
    assert "▒" in drawing and "∘" in drawing  # this step's cells, marked by glyphs
    assert "▸ where the rules below apply" in drawing  # and its row 4, marked too
    assert words.startswith("next step:") and "\n  because: " in words
    assert "no number twice unshaded" in words
    assert words.count("because:") == 1 and all(len(line) <= 80 for line in words.splitlines())


def test_hint_all_reaches_the_answer_and_json_lists_every_step():
    env = streams()
    assert main(["hint", str(HITORI), "--all"], env=env) == 0
    assert written(env).splitlines()[-1] == "everything is decided: that is the answer"
    env = streams()
    assert main(["hint", str(HITORI), "--all", "--json"], env=env) == 0
    record = json.loads(written(env))
    assert record["status"] == "solved" and record["kind"] == "hitori"
    cells = {(c["row"], c["col"]) for step in record["steps"] for c in step["cells"]}
    assert cells == {(r, c) for r in range(5) for c in range(5)}
    assert all(step["because"] and step["because"][0]["rule"] for step in record["steps"])


def test_hint_of_a_puzzle_without_a_solution_is_exit_1(tmp_path):
    path = tmp_path / "none.json"
    path.write_text(json.dumps({"kind": "hitori", "puzzle": {"grid": [[1, 1], [1, 1]]}}))
    env = streams()
    assert main(["hint", str(path), "--json"], env=env) == 1
    assert json.loads(written(env))["status"] == "none"


STITCHES = next((FIXTURES / "puzzle-stitches.com").glob("*.source.html"))


def test_a_game_not_explained_is_refused_by_name_before_its_board_is_probed(monkeypatch):
    import puzzlesat.hints as engine

    probed = []

    def nothing(kind, board, count):  # variables that say nothing a player marks
        probed.append(board)
        return [None] * count

    monkeypatch.setattr(engine, "probed_places", nothing)  # Stitches' Places are probed
    engine._probing_explains.cache_clear()
    try:
        env = streams()
        assert main(["hint", str(STITCHES)], env=env) == 65
        assert "hints for stitches puzzles are not ready yet" in env.stderr.getvalue()
        env = streams()
        assert main(["hint", str(STITCHES), "--json"], env=env) == 65
        assert json.loads(written(env))["error"]["exit"] == 65
    finally:
        engine._probing_explains.cache_clear()
    example = next(e.board for e in kind_named("stitches").examples if e.status is Status.UNIQUE)
    assert probed == [example]  # its own small example, once: never the page's board


def test_a_kinds_declared_places_that_fail_are_a_bug_not_a_refusal(monkeypatch):
    import puzzlesat.kinds.galaxies as galaxies

    def broken(board):
        raise KeyError("a bug in the declaration")

    monkeypatch.setattr(galaxies, "places", broken)
    board = next(e.board for e in kind_named("galaxies").examples if e.status is Status.UNIQUE)
    with pytest.raises(KeyError, match="a bug in the declaration"):
        explain(board)


# --------------------------------------------------------------------------- every game, its words
@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_every_decision_said_is_the_answers_and_the_steps_reach_it(name):
    kind = kind_named(name)
    board = next(e for e in kind.examples if e.status is Status.UNIQUE).board
    said = explain(board, every=True)
    assert said.status in ("solved", "needs_search") and said.steps
    decided = {}
    for step in said.steps:
        assert step.decided and step.because and all(r.text for r in step.because)
        for key, value in step.decided:
            if isinstance(key[-1], Not):
                assert at(said.answer, key[0]) != key[-1].value
            elif isinstance(key[-1], OneOf):  # narrowed, not settled
                assert at(said.answer, key[0]) in key[-1].values and len(key[-1].values) > 1
            else:
                assert at(said.answer, key) == value, (key, value)
                decided[key] = value
            assert decision_text(key, value, said.words)
    if said.status == "solved":
        assert partial(said.answer, decided.items()) == said.answer or isinstance(
            said.answer, list)


MASYU = FIXTURES / "puzzle-masyu.com" / "easy_6x6_1044580.source.html"


def test_a_loop_game_says_its_edges():
    env = streams()
    assert main(["hint", str(MASYU)], env=env) == 0
    text = written(env)
    assert "the line between row " in text and "because: " in text


def test_a_wrong_mark_is_found_and_the_next_step_follows_from_the_right_ones(tmp_path):
    env = streams()
    assert main(["hint", str(HITORI), "--all", "--json"], env=env) == 0
    answer = [[None] * 5 for _ in range(5)]
    steps = json.loads(written(env))["steps"]
    for cell in steps[0]["cells"]:  # the first step's cells marked right
        answer[cell["row"]][cell["col"]] = cell["value"]
    wrong = next(c for c in steps[-1]["cells"])
    answer[wrong["row"]][wrong["col"]] = 1 - wrong["value"]
    state = tmp_path / "marks.json"
    state.write_text(json.dumps({"state": answer}))
    env = streams()
    assert main(["hint", str(HITORI), "--state", str(state), "--check", "--json"], env=env) == 0
    record = json.loads(written(env))
    assert record["wrong_marks"] == [{"row": wrong["row"], "col": wrong["col"],
                                      "value": 1 - wrong["value"], "should_be": wrong["value"]}]
    first = {(c["row"], c["col"]) for c in steps[0]["cells"]}
    assert not first & {(c["row"], c["col"]) for c in record["steps"][0]["cells"]}
    env = streams()
    assert main(["hint", str(HITORI), "--state", str(state), "--check"], env=env) == 0
    lines = written(env).split("decided by this step\n")[-1].splitlines()
    assert lines[0].startswith("wrong mark: row ") and lines[1] == (
        f"1 wrong mark, {len(first)} right mark" + ("s" if len(first) > 1 else ""))


def test_board_json_carries_the_players_state(tmp_path):
    env = streams()
    assert main(["parse", str(HITORI)], env=env) == 0
    board = json.loads(written(env))
    board["state"] = [[None] * 5 for _ in range(5)]
    board["state"][0][0] = 1
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    env = streams()
    assert main(["parse", str(path)], env=env) == 0
    assert json.loads(written(env))["state"] == board["state"]
    env = streams()
    assert main(["hint", str(path), "--check", "--json"], env=env) == 0
    assert "wrong_marks" in json.loads(written(env))


def test_check_without_marks_is_refused():
    env = streams()
    assert main(["hint", str(HITORI), "--check"], env=env) == 65
    assert "no marks to check" in env.stderr.getvalue()


def test_a_state_file_that_is_not_json_is_exit_65(tmp_path):
    bad = tmp_path / "marks.json"
    bad.write_text("{nope")
    env = streams()
    assert main(["hint", str(HITORI), "--state", str(bad)], env=env) == 65
    assert main(["hint", str(HITORI), "--state", str(tmp_path / "none.json")],
                env=streams()) == 66


def test_a_puzzle_past_the_stated_size_is_reported_as_needing_search(monkeypatch):
    import puzzlesat.hints as engine

    monkeypatch.setattr(engine, "MOST_RULES", 0)
    monkeypatch.setattr(engine, "_one_rule_step", lambda *args: None)
    env = streams()
    assert main(["hint", str(MASYU), "--json"], env=env) == 0
    record = json.loads(written(env))
    assert record["status"] == "needs_search" and record["smallest_found"] >= 1


DECLARED = ["futoshiki", "renzoku", "skyscrapers", "killer-sudoku", "masyu", "slitherlink",
            "shingoki", "kakuro", "pipes", "dominosa", "galaxies", "light-up"]


@pytest.mark.parametrize("name", DECLARED)
def test_declared_places_say_what_the_kinds_own_decode_says(name):
    import sys

    from puzzlesat.hints import probed_places

    kind = kind_named(name)
    for example in kind.examples:
        board = example.board
        declared = sys.modules[BY_NAME.modules[name]].places(board)
        probed = probed_places(kind, board, len(kind.encode(board).decision_vars))
        assert [(p.key, p.on) for p in declared] == [(p.key, p.on) for p in probed]
        assert all(d.off in (None, p.off) for d, p in zip(declared, probed))  # a lone one


@pytest.mark.parametrize("state", ['"x"', "5", '{"a": 1}'])
def test_marks_of_another_shape_are_exit_65(tmp_path, state):
    path = tmp_path / "marks.json"
    path.write_text(state)
    env = streams()
    assert main(["hint", str(HITORI), "--state", str(path)], env=env) == 65
    assert 'the marks ("state") are not a list' in env.stderr.getvalue()


def test_a_puzzle_of_several_answers_says_so_where_nothing_more_is_forced(tmp_path):
    path = tmp_path / "open.json"
    path.write_text(json.dumps({"kind": "hitori", "puzzle": {"grid": [[1, 2], [2, 1]]}}))
    env = streams()
    assert main(["hint", str(path), "--all"], env=env) == 0
    assert written(env).splitlines()[-1] == ("the puzzle has more than one answer: nothing "
                                             "more is forced")


@pytest.mark.parametrize("marked, wrong", [
    ([[0, 1], [1, 0]], 0),  # the answer found second: every mark right
    ([[1, 0], [0, 1]], 0),  # the answer found first
    ([[0, 1], [None, None]], 0),
    ([[1, 1], [None, None]], 1),  # no answer has both: one is wrong in either
])
def test_marks_that_some_answer_of_several_has_are_right(tmp_path, marked, wrong):
    """A puzzle of two answers (the diagonals of a 2x2 nonogram): the player's marks are
    checked against an answer that has them where one does, not against the first found."""
    board, state = tmp_path / "two.json", tmp_path / "marks.json"
    board.write_text(json.dumps({"puzzle": {"rows": [[1], [1]], "cols": [[1], [1]]}}))
    state.write_text(json.dumps(marked))
    env = streams()
    assert main(["hint", str(board), "--check", "--json", "--state", str(state)], env=env) == 0
    record = json.loads(written(env))
    assert len(record["wrong_marks"]) == wrong


@pytest.mark.parametrize("first", [0, 1])
def test_marks_no_answer_has_are_wrong_where_they_conflict_whichever_answer_came_first(
    monkeypatch, first
):
    """Two answers (the diagonals of the first two columns; the third column empty, the
    fourth full) and the marks of one of them but a cell of the full column: that cell is
    the one wrong mark, whichever answer was found first (the race's winner decides which
    answers come first, so the marks must not be judged against whichever that is)."""
    from puzzlesat import hints
    from puzzlesat.kinds.nonogram.board import Nonogram

    board = Nonogram(rows=((1, 1), (1, 1)), cols=((1,), (1,), (), (2,)))
    answers = ((True, False, False, True, False, True, False, True),
               (False, True, False, True, True, False, False, True))
    monkeypatch.setattr(hints, "_answers", lambda *args: answers[first:] + answers[:first])
    said = explain(board, state=[[1, 0, 0, 0], [0, 1, 0, 1]])
    assert [(mark.key, mark.value) for mark in said.wrong] == [((0, 3), 0)]


@pytest.mark.parametrize("site", ["puzzle-futoshiki.com", "puzzle-shakashaka.com"])
def test_a_marks_text_of_control_characters_is_said_escaped(tmp_path, site):
    """A state file's mark that is no value of the game's (a terminal's escape, a letter
    beyond ASCII) is said as its JSON: nothing it holds reaches the terminal as it is."""
    source = next((FIXTURES / site).glob("*.source.html"))
    state = tmp_path / "marks.json"
    state.write_text(json.dumps([["\x1b[2J\u00e9\x07", None]]))
    env = streams()
    assert main(["hint", str(source), "--check", "--ascii", "--state", str(state)],
                env=env) == 0
    text = written(env)
    assert text.isascii() and "\x1b" not in text and "\x07" not in text
    assert "wrong mark: row 1, column 1 " in text and '"\\u001b[2J' in text


# --------------------------------------------------------------------------- explain's own path
def _walked(board, state=None):
    """explain's every step, each checked by a separate solve: an engine step follows from
    the rules it names, a kind's own (line logic, singles) from the whole rules, both with
    what the marks, the givens and the steps before it decided alone."""
    from puzzlesat.hints import CONNECTED, _givens, _literals, _places, marks
    from puzzlesat.kinds import kind_of

    kind = kind_of(board)
    encoding = kind.encode(board)
    found = find_two(encoding).models
    places = _places(kind, board, encoding, found)
    said = explain(board, every=True, state=state)
    checker = Reasoner(encoding)
    every_rule = [*checker.rules, CONNECTED]
    known = marks(state, said.answer, places)[0] if state is not None else {}
    known.update(_givens(board, encoding, places))
    for step in said.steps:
        decided = _decision_literals(encoding, places, step.decided)
        claims = _set_claims(places, step.decided)
        own = any(reason.whole for reason in step.because)
        rules = every_rule if own else [(r.rule, r.scope) for r in step.because]
        before = _literals(encoding, places, known)
        assert (decided or claims) and checker.follows(decided, rules, before)
        assert all(_claim_follows(checker, encoding, places, key, values, rules, before)
                   for key, values in claims), step
        assert all(at(said.answer, key[0]) in key[-1].values if isinstance(key[-1], OneOf)
                   else at(said.answer, key) == value for key, value in step.decided
                   if not isinstance(key[-1], Not)), step
        known.update(step.decided)
    return said


def _set_claims(places, decided) -> list[tuple[tuple, frozenset]]:
    """The decisions at keys of set Places (Bridges, Shakashaka): each key and the values
    the step says are left there, one where it settles the key."""
    keys = {place.key for place in places if place is not None and is_set(place)}
    return [(key[0], key[1].values) if isinstance(key[-1], OneOf) else (key, frozenset((value,)))
            for key, value in decided
            if key in keys or isinstance(key[-1], OneOf) and key[0] in keys]


def _claim_follows(checker, encoding, places, key, values, rules, before) -> bool:
    """Whether "the value at `key` is one of `values`" follows from `rules` and `before`:
    none of the key's other values (its variables' literals) fits them. What the answer's
    notation cannot write (a leg with no triangle) is no value to rule out."""
    at_key = [(var, place) for var, place in zip(encoding.decision_vars, places)
              if place is not None and place.key == key]
    among = at_key[0][1].on | at_key[0][1].off
    return all(checker.unsatisfiable(rules, [*before, *(var if other in place.on else -var
                                                        for var, place in at_key)]) is not None
               for other in among - values)


def _decision_literals(encoding, places, decided) -> list[int]:
    """The literal each decision is: the variable saying that value holds (a value ruled
    out, or a cell's other value: it does not), not the others it rules out with it."""
    out = []
    for key, value in decided:
        for var, place in zip(encoding.decision_vars, places):
            if place is None:
                continue
            if isinstance(key[-1], Not) and (place.key, Not(place.on)) == key:
                out.append(-var)
            elif place.key == key and value in (place.on, place.off):
                out.append(var if value == place.on else -var)
    return out


@pytest.mark.parametrize("name", sorted(BY_NAME))
@pytest.mark.parametrize("half", [False, True], ids=["empty", "half-marked"])
def test_every_step_explain_takes_follows_from_what_it_names_and_what_came_before(name, half):
    from puzzlesat.core import UnsupportedPuzzle

    board = next(e for e in kind_named(name).examples if e.status is Status.UNIQUE).board
    try:
        said = explain(board, every=True)
    except UnsupportedPuzzle as refused:  # a kind refused by name: no step is taken at all
        assert "not ready" in str(refused)
        return
    state = None
    if half:  # every other decision of the whole solve marked
        decided = [d for step in said.steps for d in step.decided if not isinstance(d[0][-1], Not)]
        state = partial(said.answer, decided[::2])
    assert _walked(board, state).status == "solved"


# --------------------------------------------------------------------------- variables of a set
SET_GAMES = {"bridges": FIXTURES / "puzzle-bridges.com" / "easy_6x6_6060606.source.html",
             "shakashaka": FIXTURES / "puzzle-shakashaka.com" / "small_5x5_1234567.source.html"}


def _models(encoding, most: int = 64):
    """Up to `most` assignments of the encoding's clauses (connectivity aside), each a
    decode reads: every answer of a small example and then some."""
    from pysat.solvers import Solver

    with Solver(name="minisat22", bootstrap_with=encoding.clauses) as solver:
        for model in solver.enum_models():
            yield [model[var - 1] > 0 for var in encoding.decision_vars]
            most -= 1
            if not most:
                return


@pytest.mark.parametrize("name", sorted(SET_GAMES))
def test_declared_sets_settle_what_the_kinds_own_decode_says(name):
    from puzzlesat.hints import probed_places

    kind = kind_named(name)
    for example in kind.examples:
        board, encoding = example.board, kind.encode(example.board)
        declared = kind_hook(name, "places")(board)
        probed = probed_places(kind, board, len(encoding.decision_vars))
        assert [p.key for p in declared] == [p.key for p in probed]  # each alone: its key
        for model in _models(encoding):
            answer = kind.answer_json(kind.decode(board, model))
            by_key = {}
            for place, holds in zip(declared, model):
                by_key.setdefault(place.key, []).append((place, holds))
            for key, said in by_key.items():  # a key's variables together: its one value
                assert values_left(said) == {at(answer, key)}, (key, said)


def _solution(page):
    env = streams()
    assert main(["solve", str(page), "--json"], env=env) == 0
    return json.loads(written(env))["solution"]


@pytest.mark.parametrize("name", sorted(SET_GAMES))
def test_a_game_of_sets_says_its_next_step_every_step_and_a_wrong_mark(name, tmp_path):
    page = SET_GAMES[name]
    env = streams()
    assert main(["hint", str(page)], env=env) == 0
    assert written(env).startswith("next step") and "\n  because: " in written(env)
    env = streams()
    assert main(["hint", str(page), "--all"], env=env) == 0
    text = written(env)
    assert text.splitlines()[-1] == "everything is decided: that is the answer"
    env = streams()
    assert main(["hint", str(page), "--all", "--json"], env=env) == 0
    record, answer = json.loads(written(env)), _solution(page)
    assert record["status"] == "solved"
    narrowed = [n for step in record["steps"] for n in step.get("narrows", ())]
    assert narrowed and all(len(n["one_of"]) > 1 for n in narrowed)  # said only in part
    assert all(len(step["decides"]) == len(answer) for step in record["steps"])
    state = [[None] * len(row) for row in answer]
    r, c = next((r, c) for r, row in enumerate(answer) for c, v in enumerate(row)
                if v and v[0])  # a triangle; an island with a bridge to its right
    if name == "bridges":  # that count, another
        should_be = answer[r][c][0]
        state[r][c] = [should_be % 2 + 1, None]
        wrong = {"at": [r, c, 0], "value": should_be % 2 + 1, "should_be": should_be}
    else:  # a triangle turned
        should_be = answer[r][c]
        state[r][c] = "nw" if should_be != "nw" else "se"
        wrong = {"row": r, "col": c, "value": state[r][c], "should_be": should_be}
    path = tmp_path / "marks.json"
    path.write_text(json.dumps({"state": state}))
    env = streams()
    assert main(["hint", str(page), "--state", str(path), "--check", "--json"], env=env) == 0
    assert json.loads(written(env))["wrong_marks"] == [wrong]
    env = streams()
    assert main(["hint", str(page), "--state", str(path), "--check"], env=env) == 0
    text = written(env)
    assert text.startswith("wrong mark: ") and "\n1 wrong mark, 0 right marks\n" in text


@pytest.mark.parametrize("name", sorted(SET_GAMES))
def test_right_marks_of_a_game_of_sets_leave_only_what_is_unmarked(name):
    from puzzlesat.core import Page
    from puzzlesat.load import read_page

    path = SET_GAMES[name]
    board = read_page(Page(str(path), path.read_text(encoding="utf-8")))
    answer = _solution(SET_GAMES[name])
    said = explain(board, every=True, state=answer)  # every mark right; null: unmarked
    assert not said.wrong and said.marked and said.status == "solved"
    decided = [key for step in said.steps for key, _ in step.decided]
    assert all(at(answer, key) is None for key in decided)  # Shakashaka's empty cells
    assert not decided if name == "bridges" else decided


# --------------------------------------------------------------------------- time and signals
def _without_walls(tmp_path, size: int) -> str:
    """A Light Up without walls: MiniSat's first answer takes it many seconds (every line a
    pigeonhole problem to it), CaDiCaL's joins it after a fifth of a second."""
    path = tmp_path / f"empty{size}.json"
    path.write_text(json.dumps({"kind": "light-up", "puzzle": {"cells": ["." * size] * size}}))
    return str(path)


def test_a_time_limit_too_short_for_a_step_is_exit_3_with_one_line(tmp_path):
    slow = _without_walls(tmp_path, 20)
    env = streams()
    assert main(["hint", slow, "--timeout", "0.001"], env=env) == 3
    assert written(env) == ""
    assert env.stderr.getvalue() == ("puzzlesat: no step within 0.001 s (hint: give it more "
                                     "time with --timeout)\n")
    env = streams()
    assert main(["hint", slow, "--all", "--json", "--timeout", "0.001"], env=env) == 3
    record = json.loads(written(env))
    assert record["status"] == "unknown" and record["steps"] == []
    assert record["error"]["exit"] == 3 and "0.001 s" in record["error"]["message"]


def test_a_time_limit_reached_after_some_steps_keeps_them(monkeypatch):
    """The limit comes (an interrupted solve raises Interrupted) after two steps: --all
    says them, then the timeout; --json gives them with the timeout's status and error."""
    import puzzlesat.hints as engine

    forced, calls = engine._forced, []

    def two_then_out_of_time(*args):
        calls.append(1)
        if len(calls) > 2:
            raise engine.Interrupted
        return forced(*args)

    monkeypatch.setattr(engine, "_forced", two_then_out_of_time)
    env = streams()
    assert main(["hint", str(MASYU), "--all", "--json", "--timeout", "60"], env=env) == 3
    record = json.loads(written(env))
    assert record["status"] == "unknown" and len(record["steps"]) == 2
    assert record["error"] == {"message": "the steps stopped at the 60 s limit after 2 steps",
                               "hint": "give it more time with --timeout", "exit": 3}
    calls.clear()
    env = streams()
    assert main(["hint", str(MASYU), "--all", "--timeout", "60"], env=env) == 3
    assert written(env).startswith("step 1:") and "step 2:" in written(env)
    assert env.stderr.getvalue() == ("puzzlesat: the steps stopped at the 60 s limit after 2 "
                                     "steps (hint: give it more time with --timeout)\n")


def test_a_solve_of_the_reasoner_is_interrupted_at_the_deadline():
    """MiniSat takes minutes on a 20x20 Light Up without walls (every line a pigeonhole
    problem to it): in_thread_within interrupts the Reasoner's solve at the deadline."""
    import time

    from puzzlesat.hints import Interrupted
    from puzzlesat.kinds.light_up import stress
    from puzzlesat.sat import in_thread_within

    encoding = kind_named("light-up").encode(stress(20, 20))

    def find(encoding, progress, hold, stopped):
        reasoner = Reasoner(encoding, hold)
        try:
            reasoner.solve([reasoner.selector[rule] for rule in reasoner.rules])
        except Interrupted:
            return "interrupted"
        return "answered"

    assert in_thread_within(encoding, find, time.perf_counter() + 0.05) == "interrupted"


def test_sigterm_inside_a_hint_solve_ends_it_at_once(tmp_path):
    """The engine's solves, forced to MiniSat's slow way (a solve an open cell of the
    11x11 Light Up without walls), are interrupted by SIGTERM: 143 and one line."""
    import signal
    import subprocess
    import sys

    board = _without_walls(tmp_path, 11)
    script = ("import sys\nimport puzzlesat.hints as h\nfrom puzzlesat.cli import main\n"
              "walk = h._walked\n"
              "def walking(*a, **k):\n"
              "    print('walking', file=sys.stderr, flush=True)\n"
              "    return walk(*a, **k)\n"
              "h._walked, h._unforced = walking, lambda *a: set()\n"
              "sys.exit(main(['hint', sys.argv[1]]))\n")
    proc = subprocess.Popen([sys.executable, "-c", script, board], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stderr.readline() == "walking\n"
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 143 and err == "puzzlesat: stopped by SIGTERM\n" and out == ""


def test_nothing_is_forced_on_a_light_up_without_walls():
    """Every decision of the empty 11x11 Light Up is ruled out by some answer before the
    engine asks (MiniSat took a minute over it, a solve an open cell)."""
    from puzzlesat.kinds.light_up import stress

    said = explain(stress(11, 11), every=True)
    assert said.status == "needs_search" and said.multiple and said.steps == ()


def test_a_sudoku_past_its_own_reasoning_names_the_techniques_tried(tmp_path):
    escargot = ("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7"
                "...3..")
    grid = [[0 if ch == "." else int(ch) for ch in escargot[r * 9:r * 9 + 9]] for r in range(9)]
    path = tmp_path / "escargot.json"
    path.write_text(json.dumps({"kind": "sudoku", "puzzle": {"grid": grid, "box": [3, 3]}}))
    env = streams()
    assert main(["hint", str(path), "--all"], env=env) == 0
    text = " ".join(written(env).split())
    assert text.endswith("nothing more follows from singles, locked candidates or naked "
                         "pairs: the next step needs search (only these were tried, no set of "
                         "rules)")
    env = streams()
    assert main(["hint", str(path), "--all", "--json"], env=env) == 0
    record = json.loads(written(env))
    assert record["status"] == "needs_search" and "smallest_found" not in record
    assert record["tried"] == ["singles", "locked candidates", "naked pairs"]


def test_a_nonogram_past_its_own_reasoning_names_the_techniques_tried(tmp_path):
    """TAAI 2011 #66 (one answer): line logic and one cell's contradiction stop after 49
    steps, and its encoding names no rules for the engine."""
    from conftest import SHARED_DATA

    from puzzlesat.formats.taai import read_taai
    from puzzlesat.render import board_json

    taai = SHARED_DATA / "nonogram" / "taai" / "taai2011.question.txt"
    path = tmp_path / "taai66.json"
    path.write_text(json.dumps(board_json(read_taai(taai.read_text("utf-8"))[65])))
    env = streams()
    assert main(["hint", str(path), "--all"], env=env) == 0
    assert " ".join(written(env).split()).endswith(
        "nothing more follows from line logic or one cell's contradiction: the next step "
        "needs search (only these were tried, no set of rules)")


def test_shingokis_edges_are_said_between_the_points_its_circles_sit_on(capsys):
    """Its drawing shows the lattice's points, a circle on some: an edge is said between two
    of them, as the circle is named by its point (not by the cells beside it)."""
    path = FIXTURES / "puzzle-shingoki.com" / "easy_4x4_4040404.board.json"
    assert main(["hint", str(path)]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert ("on the loop: the line between row 5, column 4 and row 5, column 5; the line "
            "between row 4, column 5 and row 5, column 5 because: black: a turn (clue at row "
            "5, column 5)") in said


@pytest.mark.parametrize("name", ["galaxies", "pipes", "sudoku"])
def test_a_value_ruled_out_is_said_as_not_that_value(name):
    """A kind's words for a value (VALUE_WORDS) turned round for one a step rules out."""
    from puzzlesat.hint_words import Words, words_of

    board = next(e for e in kind_named(name).examples if e.status is Status.UNIQUE).board
    said = explain(board)
    words = words_of(board, said.answer, said.places)
    assert isinstance(words, Words)
    text = decision_text(((0, 0), Not(2)), None, words)
    assert text == {"galaxies": "row 1, column 1 not in galaxy 2",
                    "pipes": "row 1, column 1 not turned half round",
                    "sudoku": "row 1, column 1 is not 2"}[name]


@pytest.mark.parametrize("name, given", [
    ("yin-yang", lambda board, r, c: board.cells[r][c] != "."),  # its circles
    ("tapa", lambda board, r, c: (r, c) in {(r, c) for (r, c), _ in board.given()}),
    ("minesweeper", lambda board, r, c: (r, c) in {(r, c) for r, c, _ in board.givens()}),
])
def test_what_the_page_shows_is_given_not_a_step(name, given):
    """A circle's colour, a clue's white cell, a number's safe cell are known from the
    start as the page shows them (hints._givens), not steps of their own."""
    from puzzlesat.hints import _givens, _places

    kind = kind_named(name)
    board = next(e for e in kind.examples if e.status is Status.UNIQUE).board
    encoding = kind.encode(board)
    places = _places(kind, board, encoding, find_two(encoding).models)
    cells = {(r, c) for r in range(board.height) for c in range(board.width)
             if given(board, r, c)}
    assert cells and set(_givens(board, encoding, places)) == cells
    assert not any(key in cells for step in explain(board, every=True).steps
                   for key, _ in step.decided)


def test_yin_yangs_border_rule_says_the_border_once():
    from puzzlesat.grid.clauses import scope_text

    kind = kind_named("yin-yang")
    board = next(e for e in kind.examples if e.status is Status.UNIQUE).board
    said = {scope_text(scope) for rule, scope, _, _ in kind.encode(board).rules
            if rule == "both colours connected"}
    assert "the border" in said and "the the border" not in said
