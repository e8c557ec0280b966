"""The Dask cluster a batch may run on (`--dask-scheduler`): its address checked before
anything connects, a first exchange of our own, bounded in time and in size, and only then
Dask's client.

Dask's client waits for a scheduler's greeting without a time limit, and reads any message
whole into memory of the size the peer announces (Dask has a setting for the shards it
writes, none for what it reads): a silent peer hangs it, and one that announces exabytes
fails it or takes the machine's memory. So the greeting is read here first, on a plain
socket, within the connect time and into at most GREETING_MOST bytes, and it must be a
Dask scheduler's. Past that point the peer is trusted as a scheduler: Dask unpickles what
it sends, which runs code here, so no bound on memory would protect anything more.
"""

from __future__ import annotations

import importlib.util
import ipaddress
import socket
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager

from .core import LazyPattern, ServiceUnavailable

SCHEDULER_PORT = 8786  # where `dask scheduler` listens unless told otherwise
CONNECT_SECONDS = 10  # to connect and hear the scheduler's greeting; Dask's client as well
GREETING_MOST = 64 * 1024  # a scheduler's greeting is under a hundred bytes
FORMS = "give tcp://HOST:PORT, tcp://HOST (port 8786) or HOST:PORT"
HINT = "check the address (e.g. tcp://host:8786) and that `dask scheduler` runs there"
ADDRESS = LazyPattern(
    r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*://)?(?P<host>\[[^\]]*\]|[^:/\[\]]+)(?::(?P<port>\d{1,5}))?"
)
HOST_NAME = LazyPattern(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")


def scheduler_address(text: str) -> str:
    """The address as Dask takes it, `tcp://HOST:PORT`; ValueError naming the accepted
    forms for any other (another scheme, no host, a bad port, a bare word)."""
    match = ADDRESS.fullmatch(text.strip())
    if match is None or not _good_host(match["host"]):
        raise ValueError(f"{text[:80]!r} is not a scheduler address: {FORMS}")
    scheme, port = match["scheme"], match["port"]
    if scheme is not None and scheme.lower() != "tcp://":
        raise ValueError(f"{text[:80]!r}: only tcp:// schedulers are supported; {FORMS}")
    if scheme is None and port is None:
        raise ValueError(f"{text[:80]!r} is not a scheduler address: {FORMS}")
    number = SCHEDULER_PORT if port is None else int(port)
    if not 1 <= number <= 65535:
        raise ValueError(f"{text[:80]!r}: a port is from 1 to 65535; {FORMS}")
    return f"tcp://{match['host']}:{number}"


def _good_host(host: str) -> bool:
    """A host name, an IPv4 address, or an IPv6 address in brackets."""
    if host.startswith("["):
        try:
            return ipaddress.ip_address(host[1:-1]).version == 6
        except ValueError:
            return False
    return len(host) <= 253 and HOST_NAME.fullmatch(host) is not None


def _host_port(address: str) -> tuple[str, int]:
    host, port = address.removeprefix("tcp://").rsplit(":", 1)
    return host.strip("[]"), int(port)


def greet(address: str, seconds: float) -> None:
    """Connect to `address` and read its greeting within `seconds`, into at most
    GREETING_MOST bytes; ServiceUnavailable if it cannot be reached, says nothing in time,
    or is no Dask scheduler."""
    deadline = time.monotonic() + seconds
    try:
        with socket.create_connection(_host_port(address), timeout=seconds) as conn:
            head = _exactly(conn, 8, deadline)
            size = int.from_bytes(head, "little")
            if head.startswith(b"HTTP/") or size > GREETING_MOST:
                raise _not_dask(address, head)
            body = _exactly(conn, size, deadline)
    except TimeoutError:
        raise ServiceUnavailable(
            f"the Dask scheduler at {address} did not answer within {seconds:g} s", hint=HINT
        ) from None
    except OSError as error:
        raise ServiceUnavailable(
            f"cannot reach the Dask scheduler at {address}: {error.strerror or error}", hint=HINT
        ) from None
    if not _is_greeting(body):
        raise _not_dask(address, head)


def _exactly(conn: socket.socket, size: int, deadline: float) -> bytes:
    """`size` bytes from `conn` by `deadline` (a peer sending a byte at a time gains no
    time); TimeoutError past it, ConnectionError if the peer closes first."""
    data = bytearray()
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        conn.settimeout(left)
        chunk = conn.recv(min(size - len(data), GREETING_MOST))
        if not chunk:
            raise ConnectionError("it closed the connection")
        data += chunk
    return bytes(data)


def _is_greeting(body: bytes) -> bool:
    """Whether `body` is a Dask scheduler's greeting: frames whose first is a msgpack map
    that names the pickle protocol it speaks."""
    import msgpack  # Dask's own dependency

    try:
        count = int.from_bytes(body[:8], "little")
        lengths = [int.from_bytes(body[8 * k : 8 * k + 8], "little") for k in range(1, count + 1)]
        start = 8 * (count + 1)
        if not lengths or start + sum(lengths) != len(body):
            return False
        message = msgpack.unpackb(body[start : start + lengths[0]])
    except (ValueError, msgpack.UnpackException):
        return False
    return isinstance(message, dict) and "pickle-protocol" in message


def _not_dask(address: str, head: bytes) -> ServiceUnavailable:
    if head.startswith(b"HTTP/"):
        return ServiceUnavailable(
            f"{address} speaks HTTP, not Dask: a web server, or the scheduler's dashboard",
            hint="give the scheduler's own port (8786 unless told otherwise), not the "
            "dashboard's (8787)",
        )
    return ServiceUnavailable(
        f"{address} is not a Dask scheduler: its greeting is not Dask's", hint=HINT
    )


@contextmanager
def dask_executor(address: str) -> Iterator[Executor]:
    """The executor of the Dask cluster whose scheduler is at `address` (as
    scheduler_address gives it), once its greeting has been heard."""
    if importlib.util.find_spec("distributed") is None:
        raise ServiceUnavailable(
            "--dask-scheduler needs Dask, which is not installed",
            hint="pip install 'puzzlesat[dask]'",
        )
    greet(address, CONNECT_SECONDS)
    import dask
    from distributed import Client

    try:
        with dask.config.set({"distributed.comm.timeouts.connect": CONNECT_SECONDS}):
            client = Client(address, timeout=CONNECT_SECONDS)
    except Exception as error:  # whatever Dask raises for a peer that then fails it
        raise ServiceUnavailable(
            f"cannot reach the Dask scheduler at {address}: {type(error).__name__}: {error}"[:300],
            hint=HINT,
        ) from None
    try:
        executor = client.get_executor(pure=False)
        executor.threads = sum(client.nthreads().values())  # how many tasks run at once
        yield executor
    finally:
        client.close()
