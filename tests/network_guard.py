"""No test reaches the network: a pytest plugin that fails any test which opens a connection
to, or looks up, an address off this machine.

Loopback stays open (the hostile-server tests and the Dask cluster listen on 127.0.0.1), and
so do Unix sockets. A blocked attempt raises in the code that made it, as a refused
connection would, and is also recorded: the test fails even when the code under test turns
the error into a polite exit status, which would otherwise pass for the behaviour asserted.
"""

from __future__ import annotations

import ipaddress
import socket

import pytest

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}
_attempts = pytest.StashKey[list]()


class NetworkBlocked(ConnectionRefusedError):
    """What the guard raises in place of a connection off this machine."""


def is_loopback(host: object) -> bool:
    """Whether `host` (a name or an address as sockets take it) stays on this machine."""
    if host is None:
        return True  # getaddrinfo(None, port): the local wildcard
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return False
    name = host.strip("[]").split("%")[0].lower()
    if name in LOOPBACK_NAMES or name in ("", socket.gethostname().lower()):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _address_ok(family: int, address: object) -> bool:
    if family not in (socket.AF_INET, socket.AF_INET6):
        return True  # Unix sockets and socket pairs never leave the machine
    return isinstance(address, tuple) and is_loopback(address[0])


@pytest.fixture(autouse=True)
def _no_network(request, monkeypatch):
    """Refuse connections and look-ups off loopback for the length of the test."""
    attempts: list[str] = []
    request.node.stash[_attempts] = attempts
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
    real_getaddrinfo = socket.getaddrinfo

    def refuse(what: str):
        attempts.append(what)
        raise NetworkBlocked(f"tests may not reach the network: {what}")

    def connect(self, address):
        if not _address_ok(self.family, address):
            refuse(f"connect to {address!r}")
        return real_connect(self, address)

    def connect_ex(self, address):
        if not _address_ok(self.family, address):
            refuse(f"connect to {address!r}")
        return real_connect_ex(self, address)

    def getaddrinfo(host, *args, **kwargs):
        if not is_loopback(host):
            refuse(f"look up {host!r}")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A test that tried to reach the network fails, whatever it asserted."""
    outcome = yield
    report = outcome.get_result()
    attempts = item.stash.get(_attempts, None)
    if call.when == "call" and attempts and report.outcome != "failed":
        report.outcome = "failed"
        report.longrepr = "tests may not reach the network; this one tried to " + "; ".join(
            attempts
        )
