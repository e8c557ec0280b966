"""Every game of the family read, by the same checks, taken from the registry (a new game is
checked with no edit here): its URLs and shorthands, its dated specials, a cut task refused
naming its offset (exit 65 through the command), its board JSON's shape and round trip.
The per-game test files keep only each game's own rules and its brute-force agreement."""

from __future__ import annotations

import importlib
import json

import pytest
from conftest import SHARED_DATA, streams

from puzzlesat import sources
from puzzlesat.cli import main
from puzzlesat.core import ParseError
from puzzlesat.kinds import board_record, kind_of
from puzzlesat.sources.puzzle_family import Task
from puzzlesat.sources.puzzle_family.genres import games

GAMES = games()
IDS = [genre.name for genre in GAMES]


def _smallest_pair(genre) -> dict:
    """The game's smallest real pair (reading it needs ../shared: skipped without it)."""
    path = SHARED_DATA / "genres" / genre.name / "site-pairs.jsonl"
    if not path.exists():
        pytest.skip(f"no shared real task of {genre.name}")
    pairs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    pairs = [pair for pair in pairs if pair["width"]]
    return min(pairs, key=lambda pair: pair["width"] * pair["height"])


def _task(genre, pair: dict, task: str) -> Task:
    slug = pair["ident"].rpartition(".")[0]
    return Task(genre, task, pair["width"], pair["height"], "-", script_names=(slug,))


@pytest.mark.parametrize("genre", GAMES, ids=IDS)
def test_its_urls_and_shorthands_reach_its_site(genre):
    random = f"https://www.{genre.host}/?size=0"
    site = sources.site_for_url(random)
    assert site is not None and site.name == genre.host
    assert sources.site_for_url(f"https://fr.{genre.host}/?size=1") is site
    for prefix in genre.prefixes:
        url = sources.expand_shorthand(f"{prefix}:1,234,567@3")
        assert url == genre.specific_url(1234567, 3), prefix
    for period in set(genre.special_sizes.values()):
        url = sources.expand_shorthand(f"{genre.name}:{period}")
        assert genre.special_sizes[url.rpartition("size=")[2]] == period


@pytest.mark.parametrize("genre", GAMES, ids=IDS)
def test_a_cut_task_is_refused_naming_its_offset(genre, tmp_path):
    if getattr(importlib.import_module(genre.module), "OPEN_ENDED", False):
        pytest.skip(f"a {genre.label} task may end early: a cut one is another puzzle, which "
                    "the page's hash refuses (the game's own tests)")
    pair = _smallest_pair(genre)
    cut = pair["task"][: len(pair["task"]) // 2]
    with pytest.raises(ParseError, match="offset|cells|task") as info:
        genre.decode(_task(genre, pair, cut))
    assert "\n" not in str(info.value)
    page = tmp_path / "page.html"
    page.write_text(f"<script>var task = '{cut}'; $('#game').{genre.plugins[0]}({{ ident: "
                    f"'{pair['ident']}', puzzleWidth: {pair['width']}, puzzleHeight: "
                    f"{pair['height']} }});</script>", encoding="utf-8")
    env = streams()
    assert main(["solve", str(page)], env=env) == 65
    assert len(env.stderr.getvalue().strip().splitlines()) == 1


@pytest.mark.parametrize("genre", GAMES, ids=IDS)
def test_its_board_json_has_the_common_shape_and_round_trips(genre):
    pair = _smallest_pair(genre)
    board = genre.decode(_task(genre, pair, pair["task"]))
    record = json.loads(json.dumps(board_record(board)))
    assert {"kind", "source", "width", "height", "puzzle"} <= set(record)
    assert (record["width"], record["height"]) == (board.width, board.height)
    assert kind_of(board).from_json(record["puzzle"], "-") == board.__class__(
        **{**board.__dict__, "source": "-"})
