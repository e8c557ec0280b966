"""A hostile server on 127.0.0.1: redirects off the allow-list, drips, odd headers, odd charsets.

Each test is one attack that once broke a promise of the README. The server plays the site:
the CLI reaches it with `--allow-any-host`, whose policy is "this host and the known sites",
so `localhost` (the same machine under another name) stands for any foreign host.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import responses
from conftest import FIXTURES

from puzzlesat.cli import main
from puzzlesat.core import FetchError, Request
from puzzlesat.fetch import FetchOptions, HostPolicy, fetch, remember

PAGE = (FIXTURES / "nonograms.org" / "4353.source.html").read_bytes()
SITE_URL = "https://www.nonograms.org/nonograms/i/4353"
Handler = Callable[[BaseHTTPRequestHandler], None]
pause = time.sleep  # the server's own: tests replace time.sleep to record our waits


class Server:
    """Routes path -> handler; each handler writes the whole answer itself."""

    def __init__(self):
        self.routes: dict[str, Handler] = {}
        self.hits: list[str] = []
        routes, hits = self.routes, self.hits

        class Handle(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's naming)
                hits.append(self.path)
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    routes.get(self.path, not_found)(self)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handle)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def not_found(h: BaseHTTPRequestHandler) -> None:
    h.send_response(404)
    h.send_header("Content-Length", "0")
    h.end_headers()


def page(body: bytes = PAGE, content_type: str = "text/html; charset=utf-8") -> Handler:
    def handle(h):
        h.send_response(200)
        h.send_header("Content-Type", content_type)
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        h.wfile.write(body)

    return handle


def redirect(location: str, status: int = 302) -> Handler:
    def handle(h):
        h.send_response(status)
        h.send_header("Location", location)
        h.send_header("Content-Length", "0")
        h.end_headers()

    return handle


def drip(what: str, every: float = 0.3) -> Handler:
    """A byte at a time, each well inside the read timeout, for ever."""

    def handle(h):
        out = h.wfile
        if what == "headers":
            out.write(b"HTTP/1.1 200 OK\r\n")
            while True:
                out.write(b"X")
                out.flush()
                pause(every)
        h.send_response(200)
        h.send_header("Content-Type", "text/html")
        if what == "chunks":
            h.send_header("Transfer-Encoding", "chunked")
        else:
            h.send_header("Content-Length", str(10**6))
        h.end_headers()
        while True:
            out.write(b"1\r\n<\r\n" if what == "chunks" else b"<")
            out.flush()
            pause(every)

    return handle


@pytest.fixture
def server():
    srv = Server()
    yield srv
    srv.close()


def solve(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["solve", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> bool:
    return err.count("\n") == 1 and "(hint: " in err and "Traceback" not in err


# --------------------------------------------------------------------------- 1. redirects


@pytest.mark.parametrize("target_host", ["localhost", "169.254.169.254", "[::1]"])
def test_a_redirect_to_another_host_is_refused(server, capsys, target_host):
    server.routes["/p"] = redirect(f"http://{target_host}:{server.port}/evil")
    server.routes["/evil"] = page()
    code, out, err = solve(capsys, server.url("/p"), "--allow-any-host")
    assert code == 69 and out == "" and one_line_error(err)
    assert "redirected to" in err and "not following it" in err
    assert server.hits == ["/p"]


def test_a_redirect_within_the_same_host_is_followed(server, capsys):
    server.routes["/p"] = redirect("/q", 301)
    server.routes["/q"] = redirect(server.url("/r"), 307)
    server.routes["/r"] = page()
    code, out, err = solve(capsys, server.url("/p"), "--allow-any-host", "--json")
    assert code == 0 and json.loads(out)["status"] == "unique"
    assert server.hits == ["/p", "/q", "/r"]


def test_a_404_after_a_redirect_names_the_host_that_sent_it(capsys):
    with responses.RequestsMock() as mock:
        for url in (SITE_URL, SITE_URL.replace("/nonograms/", "/nonograms2/")):
            mock.get(url, status=301, headers={"Location": "https://nonograms.ru/gone"})
        mock.get("https://nonograms.ru/gone", status=404)
        code, _, err = solve(capsys, SITE_URL)
    assert code == 69 and "nonograms.ru has no such page (HTTP 404)" in err


def test_a_site_redirecting_elsewhere_never_poisons_the_cache(capsys):
    foreign = "http://169.254.169.254/latest/meta-data"
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.get(SITE_URL, status=302, headers={"Location": foreign})
        mock.get(foreign, body=PAGE)
        for _ in range(2):
            code, _, err = solve(capsys, SITE_URL)
            assert code == 69 and "redirected to 169.254.169.254" in err
        assert [c.request.url for c in mock.calls] == [SITE_URL, SITE_URL]


def test_a_page_fetched_from_any_host_is_not_served_as_the_site(tmp_path):
    """The cache key holds the host policy: the same request under another policy misses."""
    options = FetchOptions(cache_dir=tmp_path)
    with responses.RequestsMock() as mock:
        mock.get(SITE_URL, body="from the real site")
        mock.get(SITE_URL, body="second fetch")
        options.hosts = HostPolicy("host:evil", lambda url: True)
        remember(fetch([Request(SITE_URL)], SITE_URL, options), options)
        options.hosts = HostPolicy("site:nonograms.org", lambda url: True)
        page2 = fetch([Request(SITE_URL)], SITE_URL, options)
    assert not page2.from_cache and page2.text == "second fetch"


def test_forcing_a_parser_does_not_open_the_allow_list(capsys):
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.get("https://mirror.example.org/4353.html", body=PAGE)
        code, _, err = solve(capsys, "https://mirror.example.org/4353.html", "--kind",
                             "nonograms.org")
        assert code == 65 and "not a site puzzlesat knows" in err
        assert len(mock.calls) == 0


@pytest.mark.parametrize("url", [
    "https://www.nonograms.org:443/nonograms/i/4353",
    "https://WWW.NONOGRAMS.ORG/nonograms/i/4353",
    "https://www.nonograms.org./nonograms/i/4353",
])
def test_spellings_of_a_known_host_are_that_site(capsys, url):
    with responses.RequestsMock() as mock:
        mock.get(url, body=PAGE)
        code, out, _ = solve(capsys, url, "--json")
    assert code == 0 and json.loads(out)["status"] == "unique"


@pytest.mark.parametrize("url", [
    "https://www.nonograms.org@evil.example/nonograms/i/4353",
    "https://evil.example\\@www.nonograms.org/nonograms/i/4353",
    "https://www.nonograms.org.evil.example/nonograms/i/4353",
])
def test_look_alike_urls_are_refused_before_any_request(capsys, url):
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        code, _, err = solve(capsys, url)
        assert len(mock.calls) == 0
    assert code == 65 and one_line_error(err)


# --------------------------------------------------------------------------- 2. the deadline


@pytest.mark.parametrize("what", ["headers", "body", "chunks"])
def test_a_dripping_server_is_cut_off_at_the_deadline(server, capsys, what):
    server.routes["/p"] = drip(what)
    start = time.monotonic()
    code, out, err = solve(capsys, server.url("/p"), "--allow-any-host", "--fetch-timeout", "1.5")
    elapsed = time.monotonic() - start
    assert code == 69 and out == "" and one_line_error(err)
    assert "did not send the page within 1.5 s" in err
    assert elapsed < 4, elapsed


def test_the_deadline_covers_retries_and_their_waits(capsys, monkeypatch):
    waits: list[float] = []
    monkeypatch.setattr("puzzlesat.fetch.http.time.sleep", waits.append)
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        for _ in range(3):
            mock.get(SITE_URL, status=503, headers={"Retry-After": "20"})
        code, _, err = solve(capsys, SITE_URL, "--fetch-timeout", "5")
        assert len(mock.calls) == 1
    assert code == 69 and "HTTP 503" in err
    assert waits == []  # a 20 s wait cannot fit in a 5 s deadline: give up at once


# --------------------------------------------------------------------------- 6. odd answers


@pytest.mark.parametrize("charset", ["no-such-charset", "base64", "rot13", "uu"])
def test_a_charset_we_cannot_read_is_the_sites_fault(server, capsys, charset):
    server.routes["/p"] = page(content_type=f"text/html; charset={charset}")
    code, _, err = solve(capsys, server.url("/p"), "--allow-any-host")
    assert code == 69 and one_line_error(err) and "character set" in err


@pytest.mark.parametrize("value", [
    "soon", "1.5", "-3", "\u0661\u0662", "Fri, 31 Dec 9999 23:59:59 GMT",
    "Sat, 01 Jan 10000 00:00:00 GMT", "9" * 40,
])
def test_an_odd_retry_after_is_read_as_absent(capsys, monkeypatch, value):
    waits: list[float] = []
    monkeypatch.setattr("puzzlesat.fetch.http.time.sleep", waits.append)
    with responses.RequestsMock() as mock:
        mock.get(SITE_URL, status=429, headers={"Retry-After": value})
        mock.get(SITE_URL, body=PAGE)
        code, _, err = solve(capsys, SITE_URL, "--json")
    assert code == 0, err
    assert waits == [1.0]  # the default backoff of a first retry


# --------------------------------------------------------------------------- 8. messages


def test_oversized_headers_are_a_malformed_answer_not_unreachable(server, capsys):
    def handle(h):
        h.send_response(200)
        for i in range(200):
            h.send_header(f"X-Junk-{i}", "x")
        h.end_headers()

    server.routes["/p"] = handle
    code, _, err = solve(capsys, server.url("/p"), "--allow-any-host")
    assert code == 69 and one_line_error(err)
    assert "malformed answer" in err and "could not reach" not in err


def test_a_location_that_is_not_text_is_a_malformed_answer(server, capsys):
    def handle(h):
        h.wfile.write(b"HTTP/1.1 302 Found\r\nLocation: /\xc3\xa9\xff\r\nContent-Length: 0\r\n\r\n")

    server.routes["/p"] = handle
    code, _, err = solve(capsys, server.url("/p"), "--allow-any-host")
    assert code == 69 and one_line_error(err) and "malformed answer" in err


def test_fetch_refuses_a_first_url_outside_its_policy(tmp_path):
    options = FetchOptions(cache_dir=tmp_path, hosts=HostPolicy("site:x", lambda url: False))
    with pytest.raises(FetchError, match="not a host"):
        fetch([Request(SITE_URL)], SITE_URL, options)


def test_a_known_sites_host_without_a_scheme_is_a_url(capsys):
    with responses.RequestsMock() as mock:
        mock.get("https://nonograms.org/nonograms/i/4353", body=PAGE)
        code, out, _ = solve(capsys, "nonograms.org/nonograms/i/4353", "--json")
    assert code == 0 and json.loads(out)["status"] == "unique"
