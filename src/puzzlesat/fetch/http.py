"""URL -> Page with requests: one Session, timeouts, a named User-Agent, few retries, a size cap.

Every redirect hop is checked against the hosts the caller allows (`HostPolicy`) before it is
followed, so a site cannot hand us a page from elsewhere, and the cache is keyed by that
policy too. The whole fetch (candidates, redirects, retries and their waits, the body) runs
under one wall-clock deadline: socket timeouts alone bound each read, not a server that
drips a byte at a time.

Retries: at most MAX_RETRIES on 429 and 5xx, honouring Retry-After up to MAX_WAIT seconds;
none on other 4xx. A 404 moves on to the site's next candidate URL (nonograms.org keeps
colour puzzles under /nonograms2/). Only pages that parsed are cached (`remember`).
"""

from __future__ import annotations

import re
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urljoin, urlsplit

from ..core import FetchError, LazyPattern, Page, Request, host_of
from . import DEADLINE, USER_AGENT
from .cache import PageCache, default_dir

if TYPE_CHECKING:  # imported where a request is made: runs on files never pay for it
    import requests

TIMEOUT = (5.0, 20.0)  # connect, read: each socket operation
MAX_BYTES = 5 * 1024 * 1024
MAX_RETRIES = 2
MAX_WAIT = 30.0
MAX_REDIRECTS = 10
REDIRECTS = (301, 302, 303, 307, 308)
SANE_RETRY_AFTER = 86_400  # a Retry-After further away than a day is nonsense: read as absent
# webpbn XML is served as application/xml (or an +xml type): it is read by content, as
# any page is
TEXT_TYPES = (
    "text/",
    "application/xhtml",
    "application/json",
    "application/javascript",
    "application/xml",
)
XML_SUFFIX = "+xml"


@dataclass(frozen=True)
class HostPolicy:
    """Which URLs a fetch may talk to, redirects included; `name` keys the cache, so a page
    fetched under one policy is never served under another."""

    name: str
    allows: Callable[[str], bool]


def same_host(url: str) -> HostPolicy:
    """Only the host of `url` (any port or scheme): what the user named, nothing else."""
    host = host_of(url)
    return HostPolicy(f"host:{host}", lambda other: host is not None and host_of(other) == host)


@dataclass
class FetchOptions:
    user_agent: str = USER_AGENT
    use_cache: bool = True
    cache_dir: Path = field(default_factory=default_dir)
    timeout: tuple[float, float] = TIMEOUT
    deadline: float = DEADLINE
    max_bytes: int = MAX_BYTES
    hosts: HostPolicy | None = None  # None: the host of the first request only
    sleep: Callable[[float], None] | None = None  # None: time.sleep (tests pass their own)
    say: Callable[[str], None] | None = None  # told that a shared cache is read-only


def _host(url: str) -> str:
    try:
        return urlsplit(url).hostname or url
    except ValueError:
        return url


# --------------------------------------------------------------------------- the deadline


class _DeadlinePassed(BaseException):
    """Raised by the alarm inside whatever socket call is waiting; a BaseException so that
    no library's `except Exception` swallows it."""


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """SIGALRM after `seconds`: the one way to interrupt a socket read that keeps getting a
    byte just before its timeout. Only the main thread can take signals; elsewhere the
    deadline is checked between reads (see `_Clock`)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield
        return

    def on_alarm(signum, frame):
        raise _DeadlinePassed

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class _Clock:
    """The time left of the fetch's deadline; socket timeouts never reach past it."""

    deadline: float
    start: float = field(default_factory=time.monotonic)

    def left(self) -> float:
        left = self.deadline - (time.monotonic() - self.start)
        if left <= 0:
            raise _DeadlinePassed
        return left

    def timeouts(self, timeout: tuple[float, float]) -> tuple[float, float]:
        left = self.left()
        return (min(timeout[0], left), min(timeout[1], left))


# --------------------------------------------------------------------------- answers


def _retry_after(response: requests.Response) -> float | None:
    """Seconds the server asks us to wait, or None when it says nothing sane."""
    value = response.headers.get("Retry-After", "").strip()
    if value.isascii() and value.isdigit() and len(value) <= 9:
        seconds = float(value)
    elif value:
        import email.utils  # with requests, here already: no cost to a run on files

        try:
            when = email.utils.parsedate_to_datetime(value)
            seconds = when.timestamp() - time.time()
        except (TypeError, ValueError, OverflowError, IndexError):
            return None
    else:
        return None
    return max(0.0, seconds) if seconds <= SANE_RETRY_AFTER else None


CHALLENGE_MARKS = LazyPattern(
    r"<title>\s{0,20}(Just a moment|Attention Required|Access denied|Checking your browser)"
    r"|cf-browser-verification|challenge-platform|cf_chl_opt|id=\"?px-captcha",
    re.I,
)


def _refuse_challenge(url: str, text: str) -> None:
    """A consent or bot-check page instead of the puzzle: say so rather than 'no puzzle'."""
    if CHALLENGE_MARKS.search(text[:200_000]):
        raise FetchError(
            f"{_host(url)} asked for a browser check instead of sending the page",
            hint="save the page from your browser and pipe it in: `puzzlesat solve page.html`",
        )


def _http_error(response: requests.Response) -> FetchError:
    """The error for an HTTP error status, named after the host that sent it."""
    import requests

    code, url = response.status_code, response.url
    host = _host(url)
    if code in (403, 429, 503):
        try:
            head = next(response.iter_content(200_000), b"")
            _refuse_challenge(url, head.decode("utf-8", errors="replace"))
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
            f"{host} has no such page (HTTP {code}): {url}", hint="check the puzzle URL or ID"
        )
    if code == 429:
        return FetchError(
            f"{host} is limiting requests (HTTP 429)",
            hint="wait a few minutes and try again; a cached page needs no request",
        )
    if 500 <= code < 600:
        return FetchError(f"{host} had a server error (HTTP {code})", hint="try again later")
    return FetchError(f"{host} answered HTTP {code}")


def _malformed(url: str, cause: BaseException) -> FetchError:
    return FetchError(
        f"{_host(url)} sent a malformed answer ({type(cause).__name__}: {str(cause)[:60]})",
        hint="open the page in your browser, save it, and pipe it in",
    )


def _connection_error(url: str, exc: requests.exceptions.RequestException) -> FetchError:
    """A transport failure: a malformed answer is the server's fault, not our connection's."""
    import http.client

    cause: BaseException | None = exc
    while cause is not None:
        for arg in getattr(cause, "args", ()):
            if isinstance(arg, http.client.HTTPException) and not isinstance(
                arg, ConnectionError  # RemoteDisconnected: the connection, not the answer
            ):
                return _malformed(url, arg)
        cause = cause.__cause__ or cause.__context__
    return FetchError(f"could not reach {_host(url)}: {type(exc).__name__}")


# --------------------------------------------------------------------------- requests


def _send_once(
    session: requests.Session, method: str, url: str, data, options: FetchOptions, clock: _Clock
) -> requests.Response:
    """One request with its retries, no redirects followed; the body is left unread."""
    import http.client

    import requests

    for attempt in range(MAX_RETRIES + 1):
        try:
            response = session.request(
                method,
                url,
                data=data,
                timeout=clock.timeouts(options.timeout),
                stream=True,
                allow_redirects=False,
            )
        except requests.exceptions.Timeout:
            raise FetchError(
                f"{_host(url)} did not answer in time",
                hint="try again later, or save the page from your browser",
            ) from None
        except requests.exceptions.RequestException as exc:
            raise _connection_error(url, exc) from None
        except (UnicodeError, ValueError, http.client.HTTPException) as exc:
            raise _malformed(url, exc) from None  # e.g. a Location that is not text
        if response.status_code != 429 and not 500 <= response.status_code < 600:
            return response
        wait = _retry_after(response)
        wait = float(2**attempt) if wait is None else wait
        if attempt == MAX_RETRIES or wait > MAX_WAIT or wait >= clock.left():
            break
        response.close()
        (options.sleep or time.sleep)(wait)
    raise _http_error(response)


def _send(
    session: requests.Session,
    request: Request,
    options: FetchOptions,
    hosts: HostPolicy,
    clock: _Clock,
) -> requests.Response:
    """`request` with its redirects, each hop checked against `hosts` before it is made."""
    import requests

    method, url, data = request.method, request.url, dict(request.data) or None
    seen = {url}
    for _ in range(MAX_REDIRECTS + 1):
        response = _send_once(session, method, url, data, options, clock)
        try:
            location = session.get_redirect_target(response)
        except (UnicodeError, ValueError) as exc:
            raise _malformed(url, exc) from None
        if response.status_code not in REDIRECTS or not location:
            return response
        response.close()
        target = requests.utils.requote_uri(urljoin(url, location)).split("#")[0]
        if not hosts.allows(target):
            where = host_of(target) or f"{target[:60]} (not a plain http(s) URL)"
            raise FetchError(
                f"{_host(url)} redirected to {where}, which is not the site "
                "asked for; not following it",
                hint="open the URL in your browser; if you trust where it leads, give that "
                "URL itself (with --allow-any-host)",
            )
        if target in seen:
            raise FetchError(
                f"{_host(url)} sent us round a redirect loop",
                hint="open the URL in your browser to see where it leads",
            )
        seen.add(target)
        if response.status_code == 303 or (response.status_code in (301, 302) and data):
            method, data = "GET", None
        url = target
    raise FetchError(
        f"{_host(request.url)} sent us through more than {MAX_REDIRECTS} redirects",
        hint="open the URL in your browser to see where it leads",
    )


def _decode(url: str, response: requests.Response, body: bytes) -> str:
    """The body as text in the charset the server names (UTF-8 if it names none)."""
    named = "charset" in response.headers.get("Content-Type", "")
    encoding = (response.encoding if named else None) or "utf-8"
    try:
        return body.decode(encoding, errors="replace")
    except (LookupError, ValueError, TypeError):
        raise FetchError(
            f"{_host(url)} sent the page in a character set puzzlesat cannot read "
            f"({encoding[:30]!r})",
            hint="open the page in your browser, save it, and pipe it in",
        ) from None


def _read_text(response: requests.Response, options: FetchOptions, clock: _Clock) -> str:
    import requests

    url = response.url
    kind = response.headers.get("Content-Type", "text/html").split(";")[0].strip().lower()
    if kind and not kind.startswith(TEXT_TYPES) and not kind.endswith(XML_SUFFIX):
        raise FetchError(
            f"{_host(url)} sent {kind[:40]}, not a web page",
            hint="give the URL of the puzzle page itself",
        )
    chunks, size = [], 0
    try:
        for chunk in response.iter_content(64 * 1024):
            clock.left()
            size += len(chunk)
            if size > options.max_bytes:
                raise FetchError(
                    f"the page is larger than {options.max_bytes // (1024 * 1024)} MB; refusing it",
                    hint="a puzzle page is far smaller: check the URL",
                )
            chunks.append(chunk)
    except requests.exceptions.ContentDecodingError as exc:
        raise _malformed(url, exc) from None
    except requests.exceptions.RequestException as exc:
        raise FetchError(
            f"the page from {_host(url)} was cut off ({type(exc).__name__})", hint="try again"
        ) from None
    return _decode(url, response, b"".join(chunks))


def _download(requests_to_try: Sequence[Request], options: FetchOptions, hosts: HostPolicy,
              source: str, clock: _Clock) -> Page:
    import requests

    with requests.Session() as session:
        session.headers["User-Agent"] = options.user_agent
        for i, request in enumerate(requests_to_try):
            response = _send(session, request, options, hosts, clock)
            with response:
                if response.status_code == 404 and i + 1 < len(requests_to_try):
                    continue
                if response.status_code >= 400 or response.status_code in REDIRECTS:
                    raise _http_error(response)
                text = _read_text(response, options, clock)
            _refuse_challenge(response.url, text)
            return Page(source=source, text=text, url=response.url, request=request)
    raise FetchError(f"nothing to fetch for {source}")


def _policy(requests_to_try: Sequence[Request], options: FetchOptions) -> HostPolicy:
    return options.hosts or same_host(requests_to_try[0].url)


def remember(page: Page, options: FetchOptions) -> None:
    """Cache a fetched page; the caller does it only once the page parsed as a puzzle,
    so an error, consent or empty page is never cached."""
    request = page.request
    if options.use_cache and request and request.cacheable and not page.from_cache:
        hosts = _policy((request,), options)
        cache = PageCache(options.cache_dir, hosts.name, say=options.say)
        cache.put(request, page.url or request.url, page.text)


def fetch(requests_to_try: Sequence[Request], source: str, options: FetchOptions) -> Page:
    """Fetch the first of `requests_to_try` that exists (a 404 moves on to the next).

    A cached copy of any of them is returned without a request, if it came from a host the
    policy allows. Nothing is stored here: see `remember`.
    """
    hosts = _policy(requests_to_try, options)
    for request in requests_to_try:
        if not hosts.allows(request.url):
            raise FetchError(f"{_host(request.url)} is not a host this fetch may ask")
    cache = PageCache(options.cache_dir, hosts.name, say=options.say) if options.use_cache else None
    for request in requests_to_try:
        hit = cache.get(request) if cache and request.cacheable else None
        if hit and hosts.allows(hit[0]):
            return Page(source=source, text=hit[1], url=hit[0], from_cache=True, request=request)
    clock = _Clock(options.deadline)
    try:
        with _alarm(options.deadline):
            return _download(requests_to_try, options, hosts, source, clock)
    except _DeadlinePassed:
        raise FetchError(
            f"{_host(requests_to_try[0].url)} did not send the page within "
            f"{options.deadline:g} s",
            hint="try again later, give it longer with --fetch-timeout, "
            "or save the page from your browser",
        ) from None
