"""URL -> Page with requests: one Session, timeouts, a named User-Agent, few retries, a size cap.

Retries: at most MAX_RETRIES on 429 and 5xx, honouring Retry-After up to MAX_WAIT seconds;
none on other 4xx. A 404 moves on to the site's next candidate URL (nonograms.org keeps
colour puzzles under /nonograms2/). Only successful pages are cached.
"""

from __future__ import annotations

import email.utils
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import requests

from .. import __version__
from ..board import FetchError, Page, Request
from .cache import PageCache, default_dir

USER_AGENT = f"puzzlesat/{__version__} (command-line puzzle solver; one request per puzzle)"
TIMEOUT = (5.0, 20.0)  # connect, read
MAX_BYTES = 5 * 1024 * 1024
MAX_RETRIES = 2
MAX_WAIT = 30.0
TEXT_TYPES = ("text/", "application/xhtml", "application/json", "application/javascript")


@dataclass
class FetchOptions:
    user_agent: str = USER_AGENT
    use_cache: bool = True
    cache_dir: Path = field(default_factory=default_dir)
    timeout: tuple[float, float] = TIMEOUT
    max_bytes: int = MAX_BYTES
    sleep: Callable[[float], None] | None = None  # None: time.sleep (tests pass their own)


def _host(url: str) -> str:
    return urlsplit(url).hostname or url


def _retry_after(response: requests.Response, attempt: int) -> float:
    value = response.headers.get("Retry-After", "").strip()
    if value.isdigit():
        return float(value)
    if value:
        when = email.utils.parsedate_to_datetime(value)
        if when is not None:
            return max(0.0, when.timestamp() - time.time())
    return float(2**attempt)


CHALLENGE_MARKS = re.compile(
    r"<title>\s*(Just a moment|Attention Required|Access denied|Checking your browser)"
    r"|cf-browser-verification|challenge-platform|cf_chl_opt|id=\"?px-captcha",
    re.I,
)


def _refuse_challenge(request: Request, text: str) -> None:
    """A consent or bot-check page instead of the puzzle: say so rather than 'no puzzle'."""
    if CHALLENGE_MARKS.search(text[:200_000]):
        raise FetchError(
            f"{_host(request.url)} asked for a browser check instead of sending the page",
            hint="save the page from your browser and pipe it in: `puzzlesat solve page.html`",
        )


def _http_error(request: Request, response: requests.Response) -> FetchError:
    code, host = response.status_code, _host(request.url)
    if code in (403, 429, 503):
        try:
            head = next(response.iter_content(200_000), b"")
            _refuse_challenge(request, head.decode("utf-8", errors="replace"))
        except FetchError as challenge:
            return challenge
        except requests.exceptions.RequestException:
            pass
    if code in (401, 403):
        return FetchError(
            f"{host} refused the request (HTTP {code})",
            hint="open the page in your browser, save it, and run `puzzlesat solve page.html`",
        )
    if code in (404, 410):
        return FetchError(
            f"{host} has no such page (HTTP {code}): {request.url}",
            hint="check the puzzle URL or ID",
        )
    if code == 429:
        return FetchError(
            f"{host} is limiting requests (HTTP 429)",
            hint="wait a few minutes and try again; a cached page needs no request",
        )
    if code >= 500:
        return FetchError(f"{host} had a server error (HTTP {code})", hint="try again later")
    return FetchError(f"{host} answered HTTP {code}")


def _send(session: requests.Session, request: Request, options: FetchOptions) -> requests.Response:
    """One request with its retries; the body is left unread (stream=True)."""
    for attempt in range(MAX_RETRIES + 1):
        try:
            response = session.request(
                request.method,
                request.url,
                data=dict(request.data) or None,
                timeout=options.timeout,
                stream=True,
                allow_redirects=True,
            )
        except requests.exceptions.Timeout:
            raise FetchError(
                f"{_host(request.url)} did not answer in time",
                hint="try again later, or save the page from your browser",
            ) from None
        except requests.exceptions.TooManyRedirects:
            raise FetchError(
                f"{_host(request.url)} sent us round a redirect loop",
                hint="open the URL in your browser to see where it leads",
            ) from None
        except requests.exceptions.RequestException as exc:
            raise FetchError(
                f"could not reach {_host(request.url)}: {type(exc).__name__}"
            ) from None
        if response.status_code != 429 and response.status_code < 500:
            return response
        if attempt == MAX_RETRIES:
            break
        wait = _retry_after(response, attempt)
        if wait > MAX_WAIT:
            break
        response.close()
        (options.sleep or time.sleep)(wait)
    raise _http_error(request, response)


def _read_text(request: Request, response: requests.Response, options: FetchOptions) -> str:
    kind = response.headers.get("Content-Type", "text/html").split(";")[0].strip().lower()
    if kind and not kind.startswith(TEXT_TYPES):
        raise FetchError(
            f"{_host(request.url)} sent {kind}, not a web page",
            hint="give the URL of the puzzle page itself",
        )
    chunks, size = [], 0
    try:
        for chunk in response.iter_content(64 * 1024):
            size += len(chunk)
            if size > options.max_bytes:
                raise FetchError(
                    f"the page is larger than {options.max_bytes // (1024 * 1024)} MB; refusing it",
                    hint="a puzzle page is far smaller: check the URL",
                )
            chunks.append(chunk)
    except requests.exceptions.RequestException as exc:
        raise FetchError(
            f"the page from {_host(request.url)} was cut off ({type(exc).__name__})",
            hint="try again",
        ) from None
    body = b"".join(chunks)
    encoding = response.encoding if "charset" in response.headers.get("Content-Type", "") else None
    return body.decode(encoding or "utf-8", errors="replace")


def remember(page: Page, options: FetchOptions) -> None:
    """Cache a fetched page; the caller does it only once the page parsed as a puzzle,
    so an error, consent or empty page is never cached."""
    request = page.request
    if options.use_cache and request and request.cacheable and not page.from_cache:
        PageCache(options.cache_dir).put(request, page.url or request.url, page.text)


def fetch(requests_to_try: Sequence[Request], source: str, options: FetchOptions) -> Page:
    """Fetch the first of `requests_to_try` that exists (a 404 moves on to the next).

    A cached copy of any of them is returned without a request. Nothing is stored here:
    see `remember`.
    """
    cache = PageCache(options.cache_dir) if options.use_cache else None
    for request in requests_to_try:
        if cache and request.cacheable and (hit := cache.get(request)):
            return Page(source=source, text=hit[1], url=hit[0], from_cache=True, request=request)
    with requests.Session() as session:
        session.headers["User-Agent"] = options.user_agent
        for i, request in enumerate(requests_to_try):
            response = _send(session, request, options)
            with response:
                if response.status_code == 404 and i + 1 < len(requests_to_try):
                    continue
                if response.status_code >= 400:
                    raise _http_error(request, response)
                text = _read_text(request, response, options)
            _refuse_challenge(request, text)
            return Page(source=source, text=text, url=response.url, request=request)
    raise FetchError(f"nothing to fetch for {source}")
