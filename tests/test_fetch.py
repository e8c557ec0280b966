"""The HTTP layer against `responses`: retries, fallbacks, limits, cache. No network."""

from __future__ import annotations

import pytest
import requests
import responses

from puzzlesat.cli import exit_status
from puzzlesat.core import FetchError, Request
from puzzlesat.fetch import USER_AGENT, FetchOptions, fetch, remember

URL = "https://www.nonograms.org/nonograms/i/4353"
URL2 = "https://www.nonograms.org/nonograms2/i/4353"
PAGE = "<html><body>var d=[[1,2,3,4]];</body></html>"


@pytest.fixture
def options(tmp_path):
    waits: list[float] = []
    opts = FetchOptions(cache_dir=tmp_path / "c", sleep=waits.append)
    opts.waits = waits  # type: ignore[attr-defined]
    return opts


@responses.activate
def test_get_sends_our_user_agent_and_decodes(options):
    responses.get(URL, body=PAGE.encode(), content_type="text/html; charset=utf-8")
    page = fetch([Request(URL)], URL, options)
    assert page.text == PAGE and page.url == URL and not page.from_cache
    assert responses.calls[0].request.headers["User-Agent"] == USER_AGENT
    assert USER_AGENT.startswith("puzzlesat/")


@responses.activate
def test_user_agent_can_be_overridden(options):
    responses.get(URL, body=PAGE)
    options.user_agent = "my-agent/1"
    fetch([Request(URL)], URL, options)
    assert responses.calls[0].request.headers["User-Agent"] == "my-agent/1"


@responses.activate
def test_second_fetch_comes_from_cache_without_a_request(options):
    responses.get(URL, body=PAGE)
    remember(fetch([Request(URL)], URL, options), options)
    page = fetch([Request(URL)], URL, options)
    assert page.from_cache and page.text == PAGE
    assert len(responses.calls) == 1


@responses.activate
def test_no_cache_fetches_again(options):
    responses.get(URL, body=PAGE)
    remember(fetch([Request(URL)], URL, options), options)
    options.use_cache = False
    assert not fetch([Request(URL)], URL, options).from_cache
    assert len(responses.calls) == 2


@responses.activate
def test_random_puzzles_are_never_cached(options):
    url = "https://www.puzzle-shikaku.com/?size=4"
    responses.get(url, body="one")
    for _ in range(2):
        remember(fetch([Request(url, cacheable=False)], url, options), options)
    assert len(responses.calls) == 2


@responses.activate
def test_corrupt_cache_entry_is_fetched_again(options):
    responses.get(URL, body=PAGE)
    remember(fetch([Request(URL)], URL, options), options)
    for entry in options.cache_dir.iterdir():
        entry.write_text(entry.read_text()[:40])
    page = fetch([Request(URL)], URL, options)
    assert not page.from_cache and page.text == PAGE


@responses.activate
def test_404_moves_on_to_the_next_candidate(options):
    responses.get(URL, status=404)
    responses.get(URL2, body=PAGE)
    page = fetch([Request(URL), Request(URL2)], URL, options)
    assert page.url == URL2
    assert [c.request.url for c in responses.calls] == [URL, URL2]


@responses.activate
def test_404_on_the_last_candidate_is_an_error(options):
    responses.get(URL, status=404)
    responses.get(URL2, status=404)
    with pytest.raises(FetchError, match="404") as info:
        fetch([Request(URL), Request(URL2)], URL, options)
    assert exit_status(info.value) == 69


@responses.activate
def test_403_is_not_retried(options):
    responses.get(URL, status=403)
    with pytest.raises(FetchError, match="refused") as info:
        fetch([Request(URL)], URL, options)
    assert "save it" in info.value.hint
    assert len(responses.calls) == 1


@responses.activate
def test_500_then_success_retries(options):
    responses.get(URL, status=500)
    responses.get(URL, body=PAGE)
    assert fetch([Request(URL)], URL, options).text == PAGE
    assert len(responses.calls) == 2 and options.waits == [1.0]


@responses.activate
def test_429_honours_retry_after_then_gives_up(options):
    for _ in range(3):
        responses.get(URL, status=429, headers={"Retry-After": "7"})
    with pytest.raises(FetchError, match="429"):
        fetch([Request(URL)], URL, options)
    assert len(responses.calls) == 3 and options.waits == [7.0, 7.0]


@responses.activate
def test_retry_after_too_long_is_not_waited_for(options):
    responses.get(URL, status=503, headers={"Retry-After": "3600"})
    with pytest.raises(FetchError, match="503"):
        fetch([Request(URL)], URL, options)
    assert len(responses.calls) == 1 and options.waits == []


@responses.activate
def test_read_timeout_is_a_fetch_error(options):
    responses.get(URL, body=requests.exceptions.ReadTimeout())
    with pytest.raises(FetchError, match="did not answer in time"):
        fetch([Request(URL)], URL, options)


@responses.activate
def test_connection_failure_is_a_fetch_error(options):
    responses.get(URL, body=requests.exceptions.ConnectionError("dns"))
    with pytest.raises(FetchError, match="could not reach www.nonograms.org"):
        fetch([Request(URL)], URL, options)


@responses.activate
def test_body_over_the_cap_is_refused(options):
    options.max_bytes = 1000
    responses.get(URL, body=b"x" * 5000)
    with pytest.raises(FetchError, match="larger than"):
        fetch([Request(URL)], URL, options)
    assert not options.cache_dir.exists() or not any(options.cache_dir.iterdir())


@responses.activate
def test_a_pdf_is_not_a_page(options):
    responses.get(URL, body=b"%PDF-1.4", content_type="application/pdf")
    with pytest.raises(FetchError, match="application/pdf"):
        fetch([Request(URL)], URL, options)


@responses.activate
def test_post_request_sends_its_form(options):
    url = "https://www.puzzle-shikaku.com/"
    responses.post(url, body="ok")
    fetch([Request(url, "POST", (("specific", "1"), ("specid", "9366068")))], url, options)
    assert responses.calls[0].request.body == "specific=1&specid=9366068"
