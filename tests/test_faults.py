"""Every network fault a user can meet, through the CLI: one stderr line, a hint, an exit code.

The same table is in the README for users; keep them in step.
"""

from __future__ import annotations

import io
import json
import re
import time

import pytest
import requests
import responses
from conftest import FIXTURES
from urllib3.exceptions import ProtocolError

from puzzlesat.cli import main

URL = "https://www.nonograms.org/nonograms/i/4353"
URL2 = "https://www.nonograms.org/nonograms2/i/4353"
PAGE = (FIXTURES / "nonograms.org" / "4353.source.html").read_text()
CHALLENGE = "<html><head><title>Just a moment...</title></head><body>cf_chl_opt</body></html>"


class BrokenStream(io.RawIOBase):
    """A body that breaks off after its first bytes, like a dropped connection."""

    def __init__(self):
        self.reads = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        self.reads += 1
        if self.reads > 1:
            raise ProtocolError("Connection broken: IncompleteRead")
        buffer[:9] = b"<html><bo"
        return 9


class DrippingStream(io.RawIOBase):
    """A body that sends a byte every 0.2 s, each well inside the read timeout."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        time.sleep(0.2)
        buffer[:1] = b"<"
        return 1


def _both(**kw):
    """The same answer on /nonograms/ and /nonograms2/ (a 404 tries the second)."""
    for url in (URL, URL2):
        responses.add(responses.GET, url, **kw)


FAULTS = [
    # (name, set-up, stderr must contain, exit code)
    (
        "dns failure",
        lambda: responses.get(
            URL, body=requests.exceptions.ConnectionError("Name or service not known")
        ),
        "could not reach www.nonograms.org",
        69,
    ),
    (
        "connection reset",
        lambda: responses.get(
            URL, body=requests.exceptions.ConnectionError("Connection reset by peer")
        ),
        "could not reach",
        69,
    ),
    (
        "read timeout",
        lambda: responses.get(URL, body=requests.exceptions.ReadTimeout()),
        "did not answer in time",
        69,
    ),
    (
        "redirect loop",
        lambda: responses.get(URL, status=302, headers={"Location": URL}),
        "redirect loop",
        69,
    ),
    (
        "redirect off the site",
        lambda: responses.get(URL, status=302, headers={"Location": "http://127.0.0.1/x"}),
        "redirected to 127.0.0.1, which is not the site asked for",
        69,
    ),
    (
        "total deadline",
        lambda: responses.get(URL, body=io.BufferedReader(DrippingStream(), buffer_size=1)),
        "did not send the page within 1 s",
        69,
    ),
    (
        "unknown charset",
        lambda: responses.get(URL, body=PAGE, content_type="text/html; charset=x-martian"),
        "character set puzzlesat cannot read",
        69,
    ),
    ("403", lambda: responses.get(URL, status=403), "refused the request (HTTP 403)", 69),
    ("404", lambda: _both(status=404), "no such page (HTTP 404)", 69),
    ("410", lambda: responses.get(URL, status=410), "no such page (HTTP 410)", 69),
    (
        "429",
        lambda: [responses.get(URL, status=429, headers={"Retry-After": "0"}) for _ in range(3)],
        "limiting requests (HTTP 429)",
        69,
    ),
    (
        "500",
        lambda: [responses.get(URL, status=500, headers={"Retry-After": "0"}) for _ in range(3)],
        "server error (HTTP 500)",
        69,
    ),
    (
        "502",
        lambda: [responses.get(URL, status=502, headers={"Retry-After": "0"}) for _ in range(3)],
        "server error (HTTP 502)",
        69,
    ),
    (
        "503",
        lambda: [responses.get(URL, status=503, headers={"Retry-After": "0"}) for _ in range(3)],
        "server error (HTTP 503)",
        69,
    ),
    (
        "truncated body",
        lambda: responses.get(URL, body=io.BufferedReader(BrokenStream())),
        "was cut off",
        69,
    ),
    (
        "pdf",
        lambda: responses.get(URL, body=b"%PDF-1.7", content_type="application/pdf"),
        "sent application/pdf, not a web page",
        69,
    ),
    (
        "image",
        lambda: responses.get(URL, body=b"\x89PNG", content_type="image/png"),
        "sent image/png, not a web page",
        69,
    ),
    (
        "over the size cap",
        lambda: responses.get(URL, body=b"<p>" * (2 * 1024 * 1024)),
        "larger than 5 MB",
        69,
    ),
    ("captcha page", lambda: responses.get(URL, body=CHALLENGE), "asked for a browser check", 69),
    (
        "captcha behind 403",
        lambda: responses.get(URL, status=403, body=CHALLENGE),
        "asked for a browser check",
        69,
    ),
    (
        "page without a puzzle",
        lambda: responses.get(
            URL, body="<html><div class='content'><h1><span>Error 404</span></h1></div>"
        ),
        "Error 404",
        65,
    ),
    (
        "truncated page",
        lambda: responses.get(URL, body=PAGE[: PAGE.index("var d=") + 200]),
        "cut off or malformed",
        65,
    ),
]


@pytest.mark.parametrize("name, setup, message, code", FAULTS, ids=[f[0] for f in FAULTS])
@responses.activate
def test_fault(name, setup, message, code, capsys):
    setup()
    assert main(["solve", URL, "--fetch-timeout", "1"]) == code
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err, err
    assert err.count("\n") == 1 and "(hint: " in err and "Traceback" not in err


STAR_BATTLE = "https://www.puzzle-star-battle.com/?size=1"
STAR_PAGE = (FIXTURES / "puzzle-star-battle.com" / "bad" / "task_short.source.html").read_text()
MASYU_PAGE = (FIXTURES / "puzzle-masyu.com" / "bad" / "task_short.source.html").read_text()


@pytest.mark.parametrize("body, message", [
    (STAR_PAGE, "ends at offset 69 after 35 cells; a 6x6 board has 36 cells"),
    (STAR_PAGE.replace("var task = '4,", "var task = 'x,"), "holds 'x' at offset 0"),
    ('<div class="board-back"><div class="cell" style="top: 3px; left: 3px;"></div></div>',
     "reads a Star Battle puzzle from its page source, not from a copy of its board"),
    (MASYU_PAGE, "the Masyu task ends at offset 20 after 34 cells; a 6x6 board has 36 cells"),
    (MASYU_PAGE.replace("var task = 'aW", "var task = 'a1"), "holds '1' at offset 1"),
], ids=["task short", "unknown character", "board copy", "Masyu short", "Masyu character"])
@responses.activate
def test_a_family_task_or_copy_that_cannot_be_read_says_where(body, message, capsys):
    """The README's rows for a task that does not fit its board and a board copy of a game
    whose markup is not read: exit 65, one line, with a hint."""
    responses.get(STAR_BATTLE, body=body)
    assert main(["solve", STAR_BATTLE]) == 65
    out, err = capsys.readouterr()
    assert out == "" and message in err, err
    assert err.count("\n") == 1 and "(hint: " in err and "Ctrl-U" in err


DOMINOSA = "https://www.puzzle-dominosa.com/?size=1"
DOMINOSA_PAGE = (FIXTURES / "puzzle-dominosa.com" / "double_6_4815162.source.html").read_text()


@pytest.mark.parametrize("body, message, code", [
    (DOMINOSA_PAGE.replace("var task = '1214", "var task = '1274"),
     "holds 7 at offset 2, above 6: the 8x7 board has 56 cells, a double-6 set", 65),
    (DOMINOSA_PAGE.replace("puzzleWidth: 8", "puzzleWidth: 7"),
     "the page gives the Dominosa board as 7x7, which is no double-n set's size", 65),
    (DOMINOSA_PAGE.replace("var task = '1214", "var task = '1114"),
     "this Dominosa board cannot be covered: 1 appears 9 times; in a double-6 set every "
     "number appears 8 times", 1),
], ids=["number above n", "no double-n size", "numbers out of balance"])
@responses.activate
def test_a_dominosa_that_no_double_n_set_makes_says_why(body, message, code, capsys):
    """The README's Dominosa rows: a task no double-n set has (65), and numbers out of
    balance, which no set covers (1)."""
    responses.get(DOMINOSA, body=body)
    assert main(["solve", DOMINOSA]) == code
    out, err = capsys.readouterr()
    assert message in err, err
    assert err.count("\n") == 1 and "(hint: " in err


@responses.activate
def test_retry_after_is_honoured_then_succeeds(capsys, monkeypatch):
    waits: list[float] = []
    monkeypatch.setattr("puzzlesat.fetch.http.time.sleep", waits.append)
    responses.get(URL, status=429, headers={"Retry-After": "3"})
    responses.get(URL, body=PAGE)
    assert main(["solve", URL, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "unique"
    assert waits == [3.0]


@responses.activate
def test_a_page_that_does_not_parse_is_not_cached(capsys):
    responses.get(URL, body=CHALLENGE.replace("cf_chl_opt", "").replace("Just a moment", "x"))
    assert main(["solve", URL]) == 65
    assert main(["solve", URL]) == 65
    assert len(responses.calls) == 2
    capsys.readouterr()


@responses.activate
def test_unknown_host_needs_allow_any_host(capsys):
    url = "https://mirror.example.org/4353.html"
    responses.get(url, body=PAGE)
    assert main(["solve", url]) == 65
    assert len(responses.calls) == 0
    assert main(["solve", url, "--allow-any-host", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "unique"


def test_a_board_too_big_to_encode_is_refused_before_any_work(capsys, tmp_path):
    """The README's cost row: bounded from the clues, refused with the estimate and limit."""
    lines = [[1] * 100] * 1000
    path = tmp_path / "huge.json"
    path.write_text(json.dumps({"rows": lines, "cols": lines}))
    assert main(["solve", str(path)]) == 65
    err = capsys.readouterr().err
    assert err.startswith("puzzlesat: the puzzle would need about ") and "GB to encode" in err
    assert "this machine allows" in err and err.count("\n") == 1


OUTPUT_FAULTS = [
    # (name, the output given, stderr must contain, the hint's words)
    ("an output that exists", "exists.non", "exists; not replacing it", "--force"),
    ("an output that is a device", "/dev/null", "is a device, not a file", "stdout"),
    ("a cache folder others may write", "-", "can be written by other users", "chmod 700"),
]


@pytest.mark.parametrize(
    "name, output, message, hint", OUTPUT_FAULTS, ids=[f[0] for f in OUTPUT_FAULTS]
)
def test_output_fault(name, output, message, hint, capsys, tmp_path):
    """The README's rows for files we write and the cache folder: exit 74, one line."""
    (tmp_path / "exists.non").write_text("mine")  # a FIFO: test_hostile_files, which waits on none
    cache = tmp_path / "cache" / "puzzlesat"
    cache.mkdir(parents=True)
    cache.chmod(0o777)
    source = URL if output == "-" else str(FIXTURES / "nonograms.org" / "4353.source.html")
    target = output if output == "-" else str(tmp_path / output)
    assert main(["convert", source, "--to", "non", "-o", target]) == 74
    out, err = capsys.readouterr()
    assert out == "" and message in err and hint in err.split("(hint: ")[1], err
    assert err.count("\n") == 1 and "Traceback" not in err


@responses.activate
def test_a_light_up_board_copy_asks_for_the_page_source(capsys):
    """The README's row for a board copy of a game read from its page source only."""
    url = "https://www.puzzle-light-up.com/?size=0"
    copy = '<div class="board-back"><div class="cell" style="top: 3px; left: 3px;">1</div></div>'
    responses.get(url, body=copy)
    assert main(["solve", url]) == 65
    out, err = capsys.readouterr()
    assert "reads a Light Up puzzle from its page source, not from a copy" in err
    assert "Ctrl-U" in err and err.count("\n") == 1 and out == ""


@responses.activate
def test_a_binairo_plus_sign_past_the_edge_is_65_naming_its_offset(capsys):
    """The README's row for a Binairo+ task whose sign points off the board."""
    url = "https://www.puzzle-binairo.com/binairo-plus-6x6-easy/"
    page = (FIXTURES / "puzzle-binairo.com" / "plus_6x6_1234514.source.html").read_text()
    task = re.search(r"var task = '([^']*)'", page).group(1)
    givens = task.split("|")[0]
    responses.get(url, body=page.replace(task, givens + "|e1zd"))
    assert main(["solve", url]) == 65
    out, err = capsys.readouterr()
    assert "the Binairo+ task gives row 1, column 6 a sign toward a neighbour past the " \
        f"board's edge ('1' at offset {len(givens) + 2})" in err
    assert err.count("\n") == 1 and out == ""


def test_an_answer_the_site_hashes_otherwise_is_a_warning_and_65(capsys, tmp_path):
    """The README's site-check row: the page's hashedSolution one hex digit off."""
    page = (FIXTURES / "puzzle-nonograms.com" / "real_5x5.source.html").read_text()
    real = "a0c8982877013b2ad405a4a751bf4ec2"  # the real page's (known-answers.json)
    path = tmp_path / "page.html"
    path.write_text(page.replace(real, real[:-1] + "3"))
    assert real in page
    assert main(["solve", "-q", str(path)]) == 65
    out, err = capsys.readouterr()
    assert out.startswith("unique, not site's")
    assert err.startswith("puzzlesat: warning: the answer differs from the site's own")
    assert err.count("\n") == 1 and "(hint: " in err


def test_a_loopy_id_of_another_grid_is_refused_by_name(capsys):
    """The README's row for a Tatham Loopy ID whose grid is not squares."""
    assert main(["solve", "5x5t1:abc"]) == 65
    out, err = capsys.readouterr()
    assert "the Triangular grid (t1) is not a square grid" in err and out == ""
    assert "Type > Squares" in err and err.count("\n") == 1
