"""The one bounded input path and the one safe output path of every file the program touches
(docs/robustness.md).

Reading: a path is opened non-blocking and `fstat`ed before a byte is read, so a FIFO, a device
(`/dev/zero`), a socket or a directory is refused at once, and a regular file over its size cap
too; at most cap + 1 bytes are read whatever `stat` said, and a `check` callable (the command's
Deadline) is called between chunks. Every refusal is a ScenarioError (exit 2) naming the file.

Writing: a file is written to a temporary name in its own folder and renamed over the target
(`os.replace` on the folder's descriptor), so a reader sees the whole old file or the whole new
one, and a symlink already at the target is replaced, never followed: nothing outside the folder
is written. A temporary file still pending when the process is interrupted is removed by the
interrupt handler (`discard_pending`).
"""
from __future__ import annotations

import os
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from .errors import ScenarioError

CHUNK = 1 << 20
MAX_CARD_FILE = 2 * 1024 * 1024     # a card YAML file, as a scenario: a few kilobytes
Check = Callable[[], None]
_PENDING: set[tuple[int, str]] = set()   # (folder descriptor, temporary name) being written:
                                         # process-wide by nature, as the signal that reads it


class Refused(OSError):
    """A file refused by the input path (not regular, too large, unreadable): its reason."""


def read_bytes(path: str | os.PathLike, limit: int, *, check: Check | None = None,
               follow: bool = True) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; Refused (with the reason) for any
    other file. `follow=False`: a symlink is refused too (cache entries)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except ValueError:                            # a NUL character in the name
        raise Refused("not a file name (it holds a NUL character)") from None
    except OSError as exc:
        raise Refused(_reason(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Refused(f"is {kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise Refused(too_large(info.st_size, limit))
        chunks, size = [], 0
        while size <= limit:
            if check is not None:
                check()
            chunk = os.read(fd, min(CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except Refused:
        raise
    except OSError as exc:
        raise Refused(_reason(exc)) from None
    finally:
        os.close(fd)
    if size > limit:
        raise Refused(too_large(size, limit))
    return b"".join(chunks)


def read_text(path: str | os.PathLike, limit: int, *, field: str = "", what: str = "file",
              check: Check | None = None) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes, or ScenarioError (exit 2)
    naming the file (and the line of a byte that is not UTF-8)."""
    name = os.fspath(path)
    try:
        data = read_bytes(name, limit, check=check)
    except Refused as exc:
        raise ScenarioError(name, None, field, f"cannot read the {what}: {exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ScenarioError(name, line, field, f"the {what} is not UTF-8 text "
                                               f"(byte {exc.start} cannot be decoded)") from None


def read_card_file(path: str | os.PathLike) -> str:
    """The text of a card YAML file (a `--cards` folder's, the library's, a pack's)."""
    return read_text(path, MAX_CARD_FILE, what="card file")


def open_stream(path: str | os.PathLike, limit: int, *, field: str = "", what: str = "file"):
    """A binary reader of a regular file of at most `limit` bytes (a streamed card file), or
    ScenarioError naming the file. The caller reads at most its size."""
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)
    except (OSError, ValueError) as exc:
        raise ScenarioError(name, None, field, f"cannot read the {what}: "
                            f"{_reason(exc) if isinstance(exc, OSError) else 'not a file name'}"
                            ) from None
    info = os.fstat(fd)
    reason = (f"is {kind(info.st_mode)}, not a regular file" if not stat.S_ISREG(info.st_mode)
              else too_large(info.st_size, limit) if info.st_size > limit else None)
    if reason is not None:
        os.close(fd)
        raise ScenarioError(name, None, field, f"cannot read the {what}: {reason}")
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link")):
        if test(mode):
            return name
    return "not a regular file"


def too_large(size: int, limit: int) -> str:
    return f"too large ({size:,} bytes; at most {limit:,})"


def os_error_reason(exc: OSError) -> str:
    """Why a file operation failed, in words (a dangling or looping link named as such)."""
    return _reason(exc)


def _reason(exc: OSError) -> str:
    import errno
    if exc.errno == errno.ENOENT:
        return "no such file (or a symlink to nothing)"
    if exc.errno == errno.ELOOP:
        return "a symbolic link that loops (or one where none may be)"
    if exc.errno == errno.EISDIR:
        return "is a directory, not a regular file"
    return exc.strerror or str(exc)


# -- writing --------------------------------------------------------------------------------------
def prepare_folder(folder: str | os.PathLike, field: str) -> Path:
    """Make `folder` (and its parents) and prove a file can be written in it, before any work;
    ScenarioError (exit 2) naming the folder when it cannot be."""
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
        with _folder(path) as dfd:
            probe = _temporary(dfd, ".rulekeeper-probe")
            os.unlink(probe, dir_fd=dfd)
            _PENDING.discard((dfd, probe))
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ScenarioError(str(folder), None, field,
                            f"cannot write into this folder: {reason}") from None
    return path


def write_file(folder: str | os.PathLike, name: str, data: bytes | str, *,
               field: str = "") -> Path:
    """Write `data` as `folder/name` through a temporary file renamed into place; a symlink at
    `folder/name` is replaced, never followed. ScenarioError naming the file when it fails."""
    target = Path(folder) / name
    try:
        return atomic_write(folder, name, data)
    except ValueError as exc:
        raise ScenarioError(str(target), None, field, str(exc)) from None
    except OSError as exc:
        raise ScenarioError(str(target), None, field, f"cannot write: {_reason(exc)}") from None


def atomic_write(folder: str | os.PathLike, name: str, data: bytes | str,
                 mode: int = 0o644) -> Path:
    """write_file's work: OSError when it fails, ValueError for a name that is not a plain file
    name (a slash, `..`): nothing is ever written outside `folder`."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not name or name in (".", "..") or "/" in name or os.sep in name or "\0" in name:
        raise ValueError(f"{name!r} is not a plain file name")
    with _folder(Path(folder)) as dfd:
        tmp = _temporary(dfd, name, mode)
        try:
            replace_at(dfd, tmp, name, data)
        finally:
            _forget(dfd, tmp)
    return Path(folder) / name


def write_path(path: str | os.PathLike, data: bytes | str, *, field: str = "") -> Path:
    """write_file for a whole path (its folder must exist)."""
    target = Path(path)
    return write_file(target.parent, target.name, data, field=field)


def replace_at(dfd: int, tmp: str, name: str, data: bytes) -> None:
    """Fill the temporary file `tmp` of the folder `dfd` and rename it to `name`."""
    fd = os.open(tmp, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0), dir_fd=dfd)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.replace(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)


@contextmanager
def _folder(path: Path) -> Iterator[int]:
    dfd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        yield dfd
    finally:
        os.close(dfd)


def _temporary(dfd: int, name: str, mode: int = 0o644) -> str:
    """A new file `.name.<random>.tmp` in the folder (never an existing file or link)."""
    for _ in range(100):
        tmp = f".{name[:100]}.{os.urandom(4).hex()}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
                         | getattr(os, "O_CLOEXEC", 0), mode, dir_fd=dfd)
        except FileExistsError:
            continue
        os.close(fd)
        _PENDING.add((dfd, tmp))
        return tmp
    raise FileExistsError("no free temporary name")


def _forget(dfd: int, tmp: str) -> None:
    """Remove `tmp` if it is still there (the rename did not happen) and stop tracking it."""
    try:
        os.unlink(tmp, dir_fd=dfd)
    except OSError:
        pass
    _PENDING.discard((dfd, tmp))


def discard_pending() -> None:
    """Remove every temporary file being written (called when the process is interrupted)."""
    for dfd, tmp in list(_PENDING):
        _forget(dfd, tmp)
