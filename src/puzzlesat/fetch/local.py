"""Files and stdin -> Page: the bytes are decoded to text once, here.

A path is read only if it is a regular file or a pipe (`puzzlesat solve <(xclip -o)`, which
waits for its writer as stdin does; a file found in a folder must be regular): devices such
as /dev/zero and the kernel's pseudo-files under /proc and /sys are refused before a byte is
read, and reads are capped, so no path can flood a run.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

from ..core import InputMissing, Page, ParseError, SpecialFile

MAX_BYTES = 50 * 1024 * 1024
PSEUDO_FILESYSTEMS = ("/proc/", "/sys/")


def decode(data: bytes) -> str:
    return data.decode("utf-8-sig", errors="replace")


def _unreadable(path: str, exc: OSError) -> InputMissing:
    reason = exc.strerror or type(exc).__name__
    return InputMissing(f"cannot read {path}: {reason}", hint="check the path and its permissions")


def _special(path: str, what: str) -> SpecialFile:
    return SpecialFile(
        f"{path} is {what}, not a puzzle file",
        hint="give a saved page or board file, or pipe the input into `puzzlesat solve -`",
    )


def _check_readable_kind(path: str, regular_only: bool) -> bool:
    """Refuse what is not a puzzle file before opening it (opening a FIFO would block, a
    device may do anything); whether it is a FIFO to be read as a pipe."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputMissing(f"no such file: {path}") from None
    except OSError as exc:
        raise _unreadable(path, exc) from None
    if stat.S_ISDIR(info.st_mode):
        raise InputMissing(f"{path} is a folder, not a puzzle file", hint="give a file in it")
    if stat.S_ISFIFO(info.st_mode):
        if regular_only:
            raise _special(path, "a FIFO")
        return True
    if not stat.S_ISREG(info.st_mode):
        raise _special(path, "a device or socket")
    real = os.path.realpath(path)
    if real.startswith(PSEUDO_FILESYSTEMS):
        raise InputMissing(
            f"{path} is a special file of the system, not a puzzle file",
            hint="give a saved page or board file",
        )
    return False


def _without_waiting(name: str, flags: int) -> int:
    return os.open(name, flags | os.O_NONBLOCK)


def _read(path: str, pipe: bool) -> bytes:
    """The first bytes of `path`, past the cap. A file seen to be regular is opened without
    waiting and checked once open, so a FIFO swapped in after the look is refused rather
    than waited on for ever; a pipe waits for its writer."""
    with open(path, "rb", opener=None if pipe else _without_waiting) as file:
        if not pipe and not stat.S_ISREG(mode := os.fstat(file.fileno()).st_mode):
            raise _special(path, "a FIFO" if stat.S_ISFIFO(mode) else "no longer a regular file")
        return file.read(MAX_BYTES + 1)


def read_file(path: str, regular_only: bool = False) -> Page:
    """The text of the file at `path`. A FIFO named by the user is read as a pipe (it waits
    for its writer, as stdin does); with `regular_only` (a file found in a folder, which no
    one named) only a regular file is read, and anything else is a SpecialFile."""
    pipe = _check_readable_kind(path, regular_only)
    try:
        data = _read(path, pipe)
    except OSError as exc:
        raise _unreadable(path, exc) from None
    if len(data) > MAX_BYTES:
        raise ParseError(f"{path} is larger than {MAX_BYTES // (1024 * 1024)} MB; not a puzzle")
    text = decode(data)
    if not text.strip():
        raise InputMissing(f"{path} is empty")
    return Page(source=path, text=text)


def read_stream(stream: BinaryIO) -> Page:
    try:
        data = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise InputMissing(f"cannot read standard input: {exc.strerror or exc}") from None
    if isinstance(data, str):  # a text stream (tests, some shells): take it as it is
        data = data.encode("utf-8", errors="surrogateescape")
    if len(data) > MAX_BYTES:
        raise ParseError(f"the input is larger than {MAX_BYTES // (1024 * 1024)} MB; not a puzzle")
    text = decode(data)
    if not text.strip():
        raise InputMissing("nothing arrived on standard input")
    return Page(source="-", text=text)
