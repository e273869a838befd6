"""Reading a scenario file: refused before reading when it is not a regular file or is too
large, and read with a bounded read, so a FIFO, a device or a huge file never hangs a command."""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import NamedTuple

from ..base.errors import ScenarioError
from .located import Located

MAX_BYTES = 2 * 1024 * 1024     # a scenario is a few kilobytes; 2 MB leaves room for big boards


def read_source(path: str | Path) -> str:
    """The text of a scenario file, or ScenarioError (exit 2) saying why it cannot be read."""
    name = str(path)
    try:
        # O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except IsADirectoryError:
        raise _refused(name, "is a directory, not a scenario file") from None
    except FileNotFoundError:
        raise _refused(name, "no such file") from None
    except OSError as exc:
        raise _refused(name, f"cannot open the file: {exc.strerror or exc}") from None
    except ValueError:                      # a NUL character in the path
        raise _refused(name, "not a file name (it holds a NUL character)") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _refused(name, "is a directory, not a scenario file")
        if not stat.S_ISREG(info.st_mode):
            raise _refused(name, f"is not a regular file ({_kind(info.st_mode)}); "
                                 "a scenario is read from a regular file")
        if info.st_size > MAX_BYTES:
            raise _refused(name, _too_large(info.st_size))
        data = _read_at_most(fd, MAX_BYTES + 1)     # the size may change between stat and read
    except OSError as exc:
        raise _refused(name, f"cannot read the file: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        raise _refused(name, _too_large(len(data)))
    return _decode(data, name)


def _read_at_most(fd: int, limit: int) -> bytes:
    chunks, size = [], 0
    while size < limit:
        chunk = os.read(fd, min(1 << 20, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ScenarioError(name, line, "", "the file is not UTF-8 text "
                                            f"(byte {exc.start} cannot be decoded)") from None


def _too_large(size: int) -> str:
    return (f"the file is too large ({size:,} bytes; a scenario may have at most "
            f"{MAX_BYTES:,} bytes)")


def _kind(mode: int) -> str:
    for test, kind in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return kind
    return "not a regular file"


def _refused(name: str, reason: str) -> ScenarioError:
    return ScenarioError(name, None, "", reason)


class Source(NamedTuple):
    """A scenario file as read: its text and its YAML (with lines, for error messages), and
    the user's card sources (`--cards`, RULEKEEPER_CARDS) its card names may come from."""

    file: str
    text: str
    yaml: Located
    cards: tuple = ()
