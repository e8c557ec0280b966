"""The files puzzlesat writes (convert's -o, --svg, --png, the page cache): each one whole
or not at all, never through a link, never into a FIFO or a device.

The bytes go to a temporary file beside the target, are synced, and the temporary file is
renamed over the target: a full disk or a kill mid-write leaves the old file as it was and
no partial one. A rename replaces a link itself, never what it points to, so a link planted
where an output goes cannot send our bytes elsewhere. A FIFO, a device, a socket or a folder
at the target is refused before it is opened (opening a FIFO waits for a reader for ever),
and an existing file is replaced only when the caller says so (`--force`); `check_target`
lets a command refuse before it does any work.
"""

from __future__ import annotations

import os
import stat
from contextlib import suppress

from .core import LazyPattern, OutputFailed

TEMP_PREFIX = ".puzzlesat-"
TEMP_NAME = LazyPattern(r"\.puzzlesat-[0-9a-f]{12}\.tmp")  # what _temporary_beside makes
SPECIAL = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


def _failed(path: str, exc: OSError) -> OutputFailed:
    return OutputFailed(f"could not write {path}: {exc.strerror or exc}")


def check_target(path: str, force: bool) -> None:
    """Refuse to write `path` if something other than a file or a link is there, or if
    anything is there and `force` is false. Looked at without following a link: the link
    is what a write would replace."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise _failed(path, exc) from None
    for test, what in SPECIAL:
        if test(mode):
            raise OutputFailed(
                f"{path} is {what}, not a file puzzlesat writes",
                hint="give the name of a file, or - for stdout",
            )
    if not force:
        raise OutputFailed(
            f"{path} exists; not replacing it", hint="give --force to replace it, or another name"
        )


def _temporary_beside(path: str) -> tuple[int, str]:
    """A new file of ours in `path`'s folder (so that the rename stays on one disk), made
    with the user's umask like any file they write."""
    folder = os.path.dirname(path) or "."
    temporary = os.path.join(folder, f"{TEMP_PREFIX}{os.urandom(6).hex()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    return os.open(temporary, flags, 0o666), temporary


def write_atomically(path: str, data: bytes, force: bool = False) -> None:
    """Write `data` to `path` whole or not at all; `force`: replace a file already there.
    OutputFailed says why not."""
    check_target(path, force)
    try:
        fd, temporary = _temporary_beside(path)
    except OSError as exc:
        raise _failed(path, exc) from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        check_target(path, force)  # again: something may have appeared meanwhile
        os.replace(temporary, path)
    except BaseException as exc:
        with suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise _failed(path, exc) from None
        raise
