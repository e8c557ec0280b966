"""Files and stdin -> Page: the bytes are decoded to text once, here."""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from ..board import InputMissing, Page, ParseError

MAX_BYTES = 50 * 1024 * 1024


def decode(data: bytes) -> str:
    return data.decode("utf-8-sig", errors="replace")


def read_file(path: str) -> Page:
    file = Path(path)
    if not file.is_file():
        raise InputMissing(f"no such file: {path}")
    if file.stat().st_size > MAX_BYTES:
        raise ParseError(f"{path} is larger than {MAX_BYTES // (1024 * 1024)} MB; not a puzzle")
    text = decode(file.read_bytes())
    if not text.strip():
        raise InputMissing(f"{path} is empty")
    return Page(source=path, text=text)


def read_stream(stream: BinaryIO) -> Page:
    data = stream.read(MAX_BYTES + 1)
    if isinstance(data, str):  # a text stream (tests, some shells): take it as it is
        data = data.encode("utf-8", errors="surrogateescape")
    if len(data) > MAX_BYTES:
        raise ParseError(f"the input is larger than {MAX_BYTES // (1024 * 1024)} MB; not a puzzle")
    text = decode(data)
    if not text.strip():
        raise InputMissing("nothing arrived on standard input")
    return Page(source="-", text=text)
