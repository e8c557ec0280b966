"""The network guard (tests/network_guard.py): a test that reaches off this machine fails,
even when the code it calls swallows the error; loopback and Unix sockets stay open."""

from __future__ import annotations

import socket
import threading

import pytest
from network_guard import is_loopback


def test_loopback_still_connects():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        accepted = threading.Thread(target=lambda: server.accept()[0].close())
        accepted.start()
        with socket.create_connection(server.getsockname(), timeout=5):
            pass
        accepted.join(5)


@pytest.mark.parametrize(
    "host, local",
    [("127.0.0.1", True), ("127.8.9.1", True), ("::1", True), ("[::1]", True),
     ("localhost", True), (None, True), ("93.184.216.34", False), ("example.com", False),
     ("www.nonograms.org", False), ("10.0.0.1", False)],
)
def test_what_counts_as_this_machine(host, local):
    assert is_loopback(host) is local


GUARDED_TESTS = """
import socket
import requests

def test_opens_a_socket():
    with socket.socket() as sock:
        sock.connect(("93.184.216.34", 80))

def test_swallows_the_error():
    try:
        requests.get("https://www.nonograms.org/", timeout=1)
    except requests.RequestException:
        pass  # a polite exit status would pass the test if the guard did not fail it

def test_stays_home():
    assert socket.getaddrinfo("localhost", 80)
"""


def test_the_guard_fails_the_tests_that_try(pytester):
    pytester.makeconftest('pytest_plugins = ["network_guard"]')
    pytester.makepyfile(test_inner=GUARDED_TESTS)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:benchmark")
    result.assert_outcomes(failed=2, passed=1)
    result.stdout.fnmatch_lines(["*tests may not reach the network*93.184.216.34*"])
    result.stdout.fnmatch_lines(["*tests may not reach the network*nonograms.org*"])
