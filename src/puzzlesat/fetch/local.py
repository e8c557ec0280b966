"""Files and stdin -> Page: the bytes are decoded to text once, here.

A path is read only if it is a regular file or a pipe (`puzzlesat solve <(xclip -o)`, which
waits for its writer as stdin does): devices such as /dev/zero and the kernel's pseudo-files
under /proc and /sys are refused before a byte is read, and reads are capped, so no path can
flood a run.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

from ..core import InputMissing, Page, ParseError

MAX_BYTES = 50 * 1024 * 1024
PSEUDO_FILESYSTEMS = ("/proc/", "/sys/")


def decode(data: bytes) -> str:
    return data.decode("utf-8-sig", errors="replace")


def _unreadable(path: str, exc: OSError) -> InputMissing:
    reason = exc.strerror or type(exc).__name__
    return InputMissing(f"cannot read {path}: {reason}", hint="check the path and its permissions")


def _check_readable_kind(path: str) -> None:
    """Refuse what is not a puzzle file before opening it (opening a FIFO would block)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputMissing(f"no such file: {path}") from None
    except OSError as exc:
        raise _unreadable(path, exc) from None
    if stat.S_ISDIR(info.st_mode):
        raise InputMissing(f"{path} is a folder, not a puzzle file", hint="give a file in it")
    if stat.S_ISFIFO(info.st_mode):
        return
    if not stat.S_ISREG(info.st_mode):
        raise InputMissing(
            f"{path} is a device or socket, not a puzzle file",
            hint="give a saved page or board file, or pipe the input into `puzzlesat solve -`",
        )
    real = os.path.realpath(path)
    if real.startswith(PSEUDO_FILESYSTEMS):
        raise InputMissing(
            f"{path} is a special file of the system, not a puzzle file",
            hint="give a saved page or board file",
        )


def read_file(path: str) -> Page:
    _check_readable_kind(path)
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
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
