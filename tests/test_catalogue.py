"""`puzzlesat games` and the README's table of games both come from the registries, and say
the same: a game read is listed with a source to paste, none kept by hand."""

from __future__ import annotations

import json
import re

from conftest import ROOT, streams, written

from puzzlesat import catalogue
from puzzlesat.cli import main
from puzzlesat.kinds import BY_NAME
from puzzlesat.sources.puzzle_family.genres import games as family

TABLE = re.compile(r"<!-- games:[^>]*-->\n(.*?)<!-- /games -->", re.S)
KINDS = re.compile(r"<!-- kinds:[^>]*-->\n(.*?)<!-- /kinds -->", re.S)


def test_the_readme_table_is_what_the_registries_give():
    found = TABLE.search((ROOT / "README.md").read_text(encoding="utf-8"))
    assert found, "README.md has no table of games between its markers"
    assert found.group(1) == catalogue.table(catalogue.games()), (
        "rerun: python tools/update_readme_tables.py")


def test_every_game_read_is_listed_with_a_source_to_paste():
    names = [game.name for game in catalogue.games()]
    assert names[0] == "nonograms.org" and names[1:] == [genre.name for genre in family()]
    env = streams()
    assert main(["games"], env=env) == 0
    said = written(env)
    assert all(f"puzzlesat solve '{game.example}'" in said for game in catalogue.games())
    assert max(map(len, said.splitlines())) <= 80


def test_games_json_is_one_object_a_game():
    env = streams()
    assert main(["games", "--json"], env=env) == 0
    records = [json.loads(line) for line in written(env).splitlines()]
    assert [record["name"] for record in records] == [g.name for g in catalogue.games()]


def test_the_readme_table_of_board_json_is_what_the_kinds_declare():
    """Every kind, a new one included, declares its board JSON and its site's answer text,
    and the README shows exactly that."""
    rows = catalogue.kinds()
    assert [row.name for row in rows] == sorted(BY_NAME)
    assert all(row.puzzle and row.solution and row.site for row in rows)
    found = KINDS.search((ROOT / "README.md").read_text(encoding="utf-8"))
    assert found, "README.md has no table of kinds between its markers"
    assert found.group(1) == catalogue.kinds_table(rows), (
        "rerun: python tools/update_readme_tables.py")
