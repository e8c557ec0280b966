"""The page cache as `puzzlesat cache list|clear` sees it, dated puzzles that expire with
their period, and the size limit. Real entries on a tmp folder, a clock we control, and
`responses` for the one end-to-end fetch. No network."""

from __future__ import annotations

import base64
import json
import os
from datetime import datetime, timezone

import pytest
import responses

from puzzlesat.core import Request
from puzzlesat.fetch import (
    CacheEntry,
    FetchOptions,
    PageCache,
    clear,
    entries,
    fetch,
    period_end,
    remember,
)
from puzzlesat.fetch import cache as cache_module
from puzzlesat.sources.puzzle_family import SHIKAKU

ORDINARY = "https://www.nonograms.org/nonograms/i/4353"
DATED_ID = "https://www.puzzle-shikaku.com/?specific=1&size=7&specid=123"  # 7: the daily


def ts(*args: int) -> float:
    """UTC seconds of a date and time: the clocks below read like calendars."""
    return datetime(*args, tzinfo=timezone.utc).timestamp()


class Clock:
    """A wall clock the test moves by hand."""

    def __init__(self, now: float):
        self.now = now

    def __call__(self) -> float:
        return self.now


def cache_at(directory, now: float, **kwargs) -> tuple[PageCache, Clock]:
    clock = Clock(now)
    return PageCache(directory, "site:x", clock=clock, **kwargs), clock


# --------------------------------------------------------------------------- periods


@pytest.mark.parametrize(
    "period, now, end",
    [
        ("daily", ts(2026, 3, 4, 13, 30), ts(2026, 3, 5)),
        ("daily", ts(2026, 3, 4), ts(2026, 3, 5)),  # at midnight: the whole day
        ("daily", ts(2025, 12, 31, 23, 59), ts(2026, 1, 1)),
        ("weekly", ts(2026, 3, 4, 13, 30), ts(2026, 3, 9)),  # Wednesday -> Monday
        ("weekly", ts(2026, 3, 8, 23, 59), ts(2026, 3, 9)),  # Sunday night
        ("weekly", ts(2026, 3, 9), ts(2026, 3, 16)),  # Monday 00:00: a whole week
        ("monthly", ts(2026, 3, 31, 23), ts(2026, 4, 1)),
        ("monthly", ts(2026, 12, 1), ts(2027, 1, 1)),
        ("monthly", ts(2024, 2, 29, 12), ts(2024, 3, 1)),
    ],
)
def test_a_period_ends_at_the_next_utc_boundary(period, now, end):
    assert period_end(period, now) == end


def test_an_unknown_period_is_refused_and_never_cached(tmp_path):
    with pytest.raises(ValueError, match="fortnightly"):
        period_end("fortnightly", ts(2026, 3, 4))
    cache, _ = cache_at(tmp_path, ts(2026, 3, 4))
    cache.put(Request(ORDINARY, expires="fortnightly"), ORDINARY, "page")
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- expiry


def test_a_dated_entry_is_served_until_its_period_ends_then_dropped(tmp_path):
    cache, clock = cache_at(tmp_path, ts(2026, 3, 4, 9))
    request = Request(ORDINARY, expires="daily")
    cache.put(request, ORDINARY, "today's")
    clock.now = ts(2026, 3, 4, 23, 59, 59)
    assert cache.get(request) == (ORDINARY, "today's")
    clock.now = ts(2026, 3, 5)
    assert cache.get(request) is None
    assert not cache.path(request).exists()


def test_an_entry_without_a_period_never_expires(tmp_path):
    cache, clock = cache_at(tmp_path, ts(2026, 3, 4))
    cache.put(Request(ORDINARY), ORDINARY, "page")
    clock.now = ts(2036, 3, 4)
    assert cache.get(Request(ORDINARY)) == (ORDINARY, "page")


def test_an_entry_from_before_expiry_existed_is_still_read(tmp_path):
    cache, _ = cache_at(tmp_path, ts(2026, 3, 4))
    request = Request(ORDINARY)
    old = {"request": ORDINARY, "url": ORDINARY, "text": "page"}
    old["sha256"] = __import__("hashlib").sha256(b"page").hexdigest()
    cache.path(request).write_text(json.dumps(old))
    os.utime(cache.path(request), (ts(2025, 1, 2), ts(2025, 1, 2)))
    assert cache.get(request) == (ORDINARY, "page")
    (entry,) = entries(tmp_path)
    assert entry.stored_at == datetime(2025, 1, 2, tzinfo=timezone.utc)
    assert entry.expires_at is None and entry.request_url == ORDINARY


@pytest.mark.parametrize(
    "field, value", [("stored", "yesterday"), ("stored", 1e300), ("expires", True),
                     ("expires", "tomorrow"), ("expires", -5)]
)
def test_an_entry_with_damaged_times_is_dropped(tmp_path, field, value):
    cache, _ = cache_at(tmp_path, ts(2026, 3, 4))
    request = Request(ORDINARY)
    cache.put(request, ORDINARY, "page")
    entry = json.loads(cache.path(request).read_text())
    entry[field] = value
    cache.path(request).write_text(json.dumps(entry))
    assert entries(tmp_path) == []
    assert cache.get(request) is None
    assert not cache.path(request).exists()


# --------------------------------------------------------------------------- list


def test_entries_lists_what_was_put_oldest_first(tmp_path):
    cache, clock = cache_at(tmp_path, ts(2026, 3, 4, 12))
    later = Request("https://www.puzzle-shikaku.com/", "POST", (("specid", "1"),), expires="weekly")
    cache.put(later, "https://www.puzzle-shikaku.com/", "second page")
    clock.now = ts(2026, 3, 4, 10)  # written after, stored earlier: the order is stored-at
    cache.put(Request(ORDINARY), ORDINARY + "?moved", "first")
    first, second = entries(tmp_path)
    assert first == CacheEntry(
        path=cache.path(Request(ORDINARY)),
        request_url=ORDINARY,
        url=ORDINARY + "?moved",
        size=cache.path(Request(ORDINARY)).stat().st_size,
        stored_at=datetime(2026, 3, 4, 10, tzinfo=timezone.utc),
        expires_at=None,
    )
    assert second.request_url == "https://www.puzzle-shikaku.com/"
    assert second.expires_at == datetime(2026, 3, 9, tzinfo=timezone.utc)
    assert not second.expired(ts(2026, 3, 8, 23)) and second.expired(ts(2026, 3, 9))
    assert not first.expired(ts(2099, 1, 1))


def test_entries_skips_damaged_and_foreign_files(tmp_path):
    cache, _ = cache_at(tmp_path, ts(2026, 3, 4))
    cache.put(Request(ORDINARY), ORDINARY, "page")
    (tmp_path / ("a" * 64 + ".json")).write_text("{not json")
    (tmp_path / ("b" * 64 + ".json")).mkdir()
    (tmp_path / "notes.json").write_text(json.dumps({"url": "u", "text": "t"}))
    (tmp_path / "README").write_text("mine")
    os.mkfifo(tmp_path / ("c" * 64 + ".json"))  # opening it would wait for ever
    assert [e.request_url for e in entries(tmp_path)] == [ORDINARY]
    assert (tmp_path / ("a" * 64 + ".json")).exists()  # listing never deletes


def test_entries_of_a_missing_folder_is_empty(tmp_path):
    assert entries(tmp_path / "nowhere") == []


# --------------------------------------------------------------------------- clear


def test_clear_removes_our_entries_and_leftovers_only(tmp_path):
    folder = tmp_path / "puzzlesat"
    cache, _ = cache_at(folder, ts(2026, 3, 4))
    cache.put(Request(ORDINARY), ORDINARY, "page one")
    cache.put(Request(ORDINARY + "0"), ORDINARY + "0", "page two")
    (folder / ".puzzlesat-0123456789ab.tmp").write_text("half a page")  # a run killed mid-write
    ours = sum(p.stat().st_size for p in folder.iterdir())
    foreign = ["notes.json", "README", "x.tmp", "tmpab12_x9z.tmp", "A" * 64 + ".json"]
    for name in foreign:
        (folder / name).write_text("keep me")
    (folder / "sub").mkdir()
    (folder / "sub" / ("d" * 64 + ".json")).write_text("keep me too")
    (tmp_path / "sibling.json").write_text("outside")
    assert clear(folder) == (2, ours)
    assert sorted(p.name for p in folder.iterdir()) == sorted([*foreign, "sub"])
    assert (folder / "sub" / ("d" * 64 + ".json")).exists()
    assert (tmp_path / "sibling.json").exists()
    assert clear(folder) == (0, 0)


def test_clear_leaves_a_symlink_and_its_target_alone(tmp_path):
    target = tmp_path / "precious"
    target.write_text("do not delete")
    folder = tmp_path / "cache"
    folder.mkdir()
    (folder / ("e" * 64 + ".json")).symlink_to(target)
    assert clear(folder) == (0, 0)
    assert target.read_text() == "do not delete"


def test_clear_of_a_missing_folder_is_nothing(tmp_path):
    assert clear(tmp_path / "nowhere") == (0, 0)
    assert not (tmp_path / "nowhere").exists()


# --------------------------------------------------------------------------- size limit


def _put_pages(cache: PageCache, clock: Clock, count: int, size: int) -> list[Request]:
    requests = []
    for i in range(count):
        request = Request(f"{ORDINARY}{i}")
        clock.now += 60
        cache.put(request, request.url, "x" * size)
        requests.append(request)
    return requests


def test_the_limit_evicts_the_oldest_entries_first(tmp_path):
    cache, clock = cache_at(tmp_path, ts(2026, 3, 4), max_total=4000)
    (tmp_path / "README").write_text("not ours" * 1000)  # neither counted nor evicted
    requests = _put_pages(cache, clock, 5, 1000)
    assert 1000 < cache.path(requests[-1]).stat().st_size < 1333  # so three fit in 4000
    kept = [r for r in requests if cache.get(r)]
    assert kept == requests[2:]
    assert sum(e.size for e in entries(tmp_path)) <= 4000
    assert (tmp_path / "README").exists()


def test_the_limit_follows_stored_time_not_write_order(tmp_path):
    cache, clock = cache_at(tmp_path, ts(2026, 3, 4), max_total=3000)  # two fit
    old, new = Request(ORDINARY + "old"), Request(ORDINARY + "new")
    cache.put(new, new.url, "x" * 1000)
    clock.now -= 3600  # a page stored earlier (by its clock) is older, whenever written
    cache.put(old, old.url, "x" * 1000)
    clock.now += 7200
    cache.put(Request(ORDINARY), ORDINARY, "x" * 1000)
    assert cache.get(old) is None and cache.get(new) is not None


def test_the_entry_just_written_survives_even_alone_over_the_limit(tmp_path):
    cache, clock = cache_at(tmp_path, ts(2026, 3, 4), max_total=100)
    first, second = _put_pages(cache, clock, 2, 1000)
    assert cache.get(first) is None
    assert cache.get(second) == (second.url, "x" * 1000)


# --------------------------------------------------------------------------- the site


def share_link(size: int, puzzle_id: str) -> str:
    code = base64.b64encode(f"{size}:{puzzle_id}".encode()).decode()
    return f"https://www.puzzle-shikaku.com/?e={code}"


@pytest.mark.parametrize(
    "url, cacheable, expires",
    [
        (DATED_ID, True, "daily"),
        ("https://fr.puzzle-shikaku.com/?specific=1&size=6&specid=9", True, "weekly"),
        ("https://www.puzzle-shikaku.com/?specific=1&size=08&specid=9", True, "monthly"),
        ("https://www.puzzle-shikaku.com/?specific=1&size=0&specid=9366068", True, None),
        (share_link(7, "1,234"), True, "daily"),
        (share_link(0, "9,366,068"), True, None),
        ("https://www.puzzle-shikaku.com/?pl=190ae719", True, None),
        ("https://www.puzzle-shikaku.com/?size=7", False, None),  # no ID: random, as before
        ("https://www.puzzle-shikaku.com/?size=4", False, None),
    ],
)
def test_the_site_names_the_period_of_its_dated_puzzles(url, cacheable, expires):
    (request,) = SHIKAKU.requests(url)
    assert (request.cacheable, request.expires) == (cacheable, expires)


@responses.activate
def test_a_dated_puzzle_is_fetched_again_after_its_period_an_ordinary_one_is_not(
    tmp_path, monkeypatch
):
    clock = Clock(ts(2026, 3, 4, 20))
    monkeypatch.setattr("puzzlesat.fetch.cache._now", clock)
    options = FetchOptions(cache_dir=tmp_path / "c", sleep=lambda _: None)
    home = "https://www.puzzle-shikaku.com/"
    responses.post(home, body="the daily of the 4th")
    responses.post(home, body="the daily of the 5th")
    responses.get(ORDINARY, body="an ordinary puzzle")
    responses.get(ORDINARY, body="must never be asked")

    def solve(url: str, requests: tuple[Request, ...]) -> str:
        page = fetch(requests, url, options)
        remember(page, options)
        return page.text

    dated, ordinary = SHIKAKU.requests(DATED_ID), (Request(ORDINARY),)
    assert solve(DATED_ID, dated) == "the daily of the 4th"
    assert solve(ORDINARY, ordinary) == "an ordinary puzzle"
    clock.now = ts(2026, 3, 4, 23, 59)
    assert solve(DATED_ID, dated) == "the daily of the 4th"
    assert len(responses.calls) == 2
    clock.now = ts(2026, 3, 5, 0, 1)
    assert solve(DATED_ID, dated) == "the daily of the 5th"
    assert solve(ORDINARY, ordinary) == "an ordinary puzzle"
    assert len(responses.calls) == 3
    assert fetch(dated, DATED_ID, options).from_cache  # the new daily is cached in turn


@pytest.mark.parametrize(
    "damage", ["[" * 100_000, '{"text": ' + "{" * 50_000, '{"text": "x", "url": ["u"]}']
)
def test_a_nested_entry_is_dropped_before_it_is_parsed(tmp_path, monkeypatch, damage):
    """Every entry we write is one flat object: anything deeper is damage, and is never
    handed to json, which would recurse as deep as the nesting."""
    cache = PageCache(tmp_path, "site:x")
    request = Request("https://www.nonograms.org/nonograms/i/1")
    cache.path(request).write_text(damage, encoding="utf-8")
    parsed = []
    real_json = cache_module.json
    fake_json = type(
        "Json", (), {"loads": staticmethod(parsed.append), "dumps": staticmethod(real_json.dumps)}
    )
    monkeypatch.setattr(cache_module, "json", fake_json)
    assert cache.get(request) is None
    assert parsed == []
    monkeypatch.setattr(cache_module, "json", real_json)
    cache.put(request, request.url, 'a page with "[{" in it')
    assert cache.get(request) == (request.url, 'a page with "[{" in it')
