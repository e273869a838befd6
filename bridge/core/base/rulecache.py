"""A persistent cache of work done on the rule files (their parse, the explanation transform),
so a process does not redo it: one file per kind of work, named by a key that changes
whenever any rule file, the package version, clingo's version or the code that did the work
changes.

Where: $RULEKEEPER_CACHE_DIR, else the user's cache directory (platformdirs, which honours
XDG_CACHE_HOME). RULEKEEPER_NO_CACHE=1 turns the cache off. A file is written to a temporary
name and renamed into place (os.replace is atomic), so concurrent processes see a whole file or
none. An entry cannot lie (issue 38): it starts with a magic word, the length and the CRC-32 of
what follows, and holds the kind and key it was built for; an entry that is not a regular file
(a FIFO, a device, a symlink), larger than MAX_ENTRY, shorter than it says, whose checksum or
key differs, or that marshal cannot read is a miss, rebuilt and replaced atomically. CRC-32
finds every change of up to four bytes in a row and all but one in 2**32 of any other damage;
it is computed by zlib, already loaded (SHA-256 would add hashlib's 5 ms import to every
command). Files are written with marshal,
never pickle: reading a cache file can never run code, and marshal is read about five times
faster than JSON (every command reads about 1.5 MB). `load`/`store` keep JSON's data model
(what is stored is first passed through JSON, so tuples come back as lists, as they always
did); `load_binary`/`store_binary` keep marshal's (tuples stay tuples, sets are allowed).

The key is the SHA-256 of the files' bytes. Hashing 140 rule files on every run costs more
than reading the cached work, so a key once computed is remembered against the files' sizes
and modification times (`stamps-*` entries, as Python's own bytecode cache does) and taken
back while none of them changed. Files modified less than two seconds before the key was
computed are never remembered: a file rewritten within the file system's clock tick keeps its
time, so only settled files can be trusted by their stamp (git's "racily clean" rule).

The seed (issue 37: a first `ask` after an install costs what a warm one does): the wheel is
built with the rule-base work already done for the bundled packs (setup.py runs one small ask
per pack set and keeps the rulebase, why and relevance entries), under `seed/pyXY/` beside
this module, XY the Python version that built it. An entry missing from the cache directory
is looked up there, read-only, with the same checks (magic, length, CRC-32, kind and key); the
key holds the rule files' bytes and clingo's and the package's versions, so a seed built for
another clingo, or rule files changed since, is simply a miss and the work is done as before.
An editable install has no seed. RULEKEEPER_NO_CACHE=1 turns the seed off too, and
RULEKEEPER_NO_SEED=1 turns off only the seed (the tests of the cache directory itself use it).
"""
from __future__ import annotations

import gc
import marshal
import os
import struct
import sys
import time
import zlib
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator

from .safeio import atomic_write, read_bytes

FORMAT = 5                      # bump when the stored layout changes
MAGIC = b"RKc5"                 # an entry's first bytes, then its length and CRC-32
MAX_ENTRY = 256 * 1024 * 1024   # a larger entry is not one this program wrote
MAX_KEYED = 64 * 1024 * 1024    # a file read to key the cache (a rule file) past this: unkeyed
SETTLE_BYTES = 64 * 1024        # a read this large goes straight to the oldest GC generation
# the work's own code, as paths below bridge/core/
_CODE = ("rules/rulebase.py", "rules/transform.py", "base/rulecache.py", "rules/program.py",
         "rules/names.py", "rules/relevance.py", "rules/abstract.py", "rules/fixpoint.py",
         "rules/patterns.py")


def cache_dir() -> Path | None:
    """The cache directory, or None when caching is off."""
    if os.environ.get("RULEKEEPER_NO_CACHE", "") not in ("", "0"):
        return None
    chosen = os.environ.get("RULEKEEPER_CACHE_DIR")
    if chosen:
        return Path(chosen).expanduser()
    return Path(user_cache_dir())


def user_cache_dir() -> str:
    """platformdirs' user cache directory for rulekeeper. On Linux its XDG rule is applied
    here ($XDG_CACHE_HOME when absolute, else ~/.cache under an absolute $HOME): importing
    platformdirs costs a CLI answer ~5 ms (its unix module loads tempfile, shutil, random, lzma
    and bz2). tests/test_rulecache.py checks that both agree."""
    if sys.platform.startswith("linux"):
        xdg = os.environ.get("XDG_CACHE_HOME", "")
        if os.path.isabs(xdg):
            return os.path.join(xdg, "rulekeeper")
        if os.path.isabs(os.environ.get("HOME", "")):
            return os.path.join(os.path.expanduser("~/.cache"), "rulekeeper")
    import platformdirs
    return platformdirs.user_cache_dir("rulekeeper")


def content_key(files: Iterable[tuple[str, Path | str]]) -> str:
    """A key for work on these (label, path) files: their names and bytes, the package and
    clingo versions, and the bridge code that does the work."""
    import clingo
    here = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))     # bridge/core
    header = (FORMAT, package_version(), clingo.__version__)
    listed = [(name, os.path.join(here, name)) for name in _CODE] + \
        [(label, os.fspath(path)) for label, path in files]
    stamps = _stamps(listed)
    remembered = None if stamps is None else load_binary("stamps", _stamps_key(header, stamps))
    if isinstance(remembered, tuple) and len(remembered) == 3 and remembered[:2] == (header, stamps):
        return remembered[2]
    key = _content_digest(header, listed)
    if stamps is not None and _settled(stamps):
        store_binary("stamps", _stamps_key(header, stamps), (header, stamps, key))
    return key


def _content_digest(header: tuple, listed: list[tuple[str, str]]) -> str:
    import hashlib
    digest = hashlib.sha256()
    for part in header:
        digest.update(str(part).encode() + b"\0")
    for label, path in listed:
        digest.update(label.encode() + b"\0")
        try:
            data = read_bytes(path, MAX_KEYED)
        except OSError:                     # missing, not a regular file, too large
            data = b"\0missing"
        digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()[:32]


def _stamps(listed: list[tuple[str, str]]) -> tuple | None:
    """(label, path, size, mtime) of every file, or None when one cannot be read (then the
    bytes decide, as before)."""
    out = []
    for label, path in listed:
        try:
            st = os.stat(path)
        except OSError:
            return None
        out.append((label, path, st.st_size, st.st_mtime_ns))
    return tuple(out)


def _stamps_key(header: tuple, stamps: tuple) -> str:
    return stamps_key((header, stamps))


def stamps_key(stamps: tuple) -> str:
    """A file name's key for plain data (files' names, sizes, times): two checksums of its
    marshal form. Not a proof of equality: the entry keeps the data and is compared."""
    raw = marshal.dumps(stamps)
    return f"{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}"


def _settled(stamps: tuple, margin_ns: int = 2_000_000_000) -> bool:
    now = time.time_ns()
    return all(now - mtime > margin_ns for *_, mtime in stamps)


@lru_cache(maxsize=1)
def package_version() -> str:
    """The installed package's version, read from its metadata file: importlib.metadata would
    add ~25 ms of imports to every command. The installed package's own directory first (its
    metadata sits beside it), then the path. Read once per process (the version of the code it
    runs)."""
    here = str(Path(__file__).resolve().parents[4])     # rulekeeper/bridge/core/base/ -> its root
    for entry in [here] + sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.startswith("rulekeeper-") and name.endswith((".dist-info", ".egg-info")):
                meta = Path(entry or ".", name, "METADATA" if name.endswith("dist-info") else "PKG-INFO")
                try:
                    for line in meta.read_text(encoding="utf-8").splitlines():
                        if line.startswith("Version:"):
                            return line.split(":", 1)[1].strip()
                except OSError:
                    continue
    return "0+source"


def load(kind: str, key: str) -> Any | None:
    """The data stored for (kind, key), or None (no cache, a miss, or a corrupt file)."""
    return load_binary(kind, key)


def store(kind: str, key: str, data: Any) -> Path | None:
    """Write (kind, key) -> data atomically, in JSON's data model (tuples read back as lists,
    keys as text); the path written, or None when not cached (off, or the directory cannot be
    written: the cache is an optimisation, never a failure)."""
    import json
    return store_binary(kind, key, json.loads(json.dumps(data)))


def seed_dir() -> Path:
    """The read-only entries the wheel was built with, for this Python (see the module's
    note); absent in an editable install."""
    return Path(__file__).with_name("seed") / f"py{sys.version_info[0]}{sys.version_info[1]}"


def load_binary(kind: str, key: str) -> Any | None:
    """The plain data stored by store_binary for (kind, key) (in the cache directory, else in
    the seed the package was built with), or None."""
    path = _path(kind, key, ".marshal")
    if path is None:
        return None
    found = _entry(path, kind, key)
    if found is not None or os.environ.get("RULEKEEPER_NO_SEED"):
        return found
    return _entry(seed_dir() / path.name, kind, key)


def _entry(path: Path, kind: str, key: str) -> Any | None:
    """The data of the entry at `path` if it is whole and was made for (kind, key)."""
    try:
        blob = read_bytes(path, MAX_ENTRY, follow=False)
    except OSError:                         # missing, a FIFO, a device, a symlink, too large
        return None
    payload = _checked(blob)
    if payload is None:
        return None
    try:
        with _collector_off(settle=len(blob) >= SETTLE_BYTES):
            stored = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None
    if not (isinstance(stored, tuple) and len(stored) == 3 and stored[:2] == (kind, key)):
        return None
    return stored[2]


def store_binary(kind: str, key: str, data: Any) -> Path | None:
    """Like store, for plain data (marshal's types) read on every run."""
    path = _path(kind, key, ".marshal")
    if path is None:
        return None
    try:
        payload = marshal.dumps((kind, key, shared(data)))
    except ValueError:              # not plain data: a bug of the caller, but never a failure
        return None
    return _write(path, framed(payload))


def framed(payload: bytes) -> bytes:
    """An entry's bytes: the magic word, the payload's length and CRC-32, the payload."""
    return MAGIC + struct.pack("<QI", len(payload), zlib.crc32(payload)) + payload


def entry_data(blob: bytes) -> Any | None:
    """What an entry's bytes hold ((kind, key, data)), or None when they are damaged."""
    payload = _checked(blob)
    try:
        return None if payload is None else marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None


_HEADER = len(MAGIC) + 12


def _checked(blob: bytes) -> memoryview | None:
    """The payload of an entry whose header, length and checksum agree with it, else None."""
    if len(blob) < _HEADER or not blob.startswith(MAGIC):
        return None
    size, crc = struct.unpack_from("<QI", blob, len(MAGIC))
    payload = memoryview(blob)[_HEADER:]
    if size != len(payload) or zlib.crc32(payload) != crc:
        return None
    return payload


def shared(data: Any) -> Any:
    """`data` with its equal tuples and strings made one object each. marshal writes an object
    met a second time as a reference to the first, so the file holds each distinct pattern,
    (name, arity) pair and predicate name once, and reading it builds each once: the relevance
    index of mtg+almos went from 548 to 303 KB and its read from 8.9 to 4.2 ms, the rule base
    from 582 to 505 KB, 2.8 to 1.5 ms (docs/performance.md, "The CLI's own process, fifth
    round"). Equal values of different types stay apart (True and 1, 1 and 1.0), and lists,
    dicts and sets are never shared (a reader may change its copy)."""
    canon: dict[tuple, Any] = {}

    def key_of(item: Any) -> tuple:
        if isinstance(item, tuple):         # already canonical: its identity names it
            return (tuple, id(item))
        return (type(item), repr(item) if isinstance(item, float) else item)

    def walk(item: Any) -> Any:
        if isinstance(item, tuple):
            made = tuple(walk(x) for x in item)
            try:
                return canon.setdefault((tuple, tuple(key_of(x) for x in made)), made)
            except TypeError:               # holds a list or a dict: kept as it is
                return made
        if isinstance(item, str):
            return canon.setdefault((str, item), item)
        if isinstance(item, list):
            return [walk(x) for x in item]
        if isinstance(item, dict):
            return {walk(k): walk(v) for k, v in item.items()}
        if isinstance(item, (set, frozenset)):
            return type(item)(walk(x) for x in item)
        return item

    return walk(data)


@contextmanager
def _collector_off(settle: bool = False) -> Iterator[None]:
    """Python's cycle collector paused while a file is read: reading builds tens of thousands
    of containers, none of them in a cycle, and the collector would scan them again and again
    (about three quarters of the read time). `settle` (a large read: the rule base's caches,
    once per process): what was read then goes straight to the oldest generation (freeze, then
    unfreeze: both move whole lists), so the first young collection after the read does not
    scan it all once more (7 ms of a small `ask`). Only for large reads: it moves every young
    object of the process with it, and a long-lived process (a test worker) reading a small
    entry per scenario would keep its young garbage cycles until a full collection."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if settle:
            gc.freeze()
            gc.unfreeze()
        if was:
            gc.enable()


def _write(path: Path | None, blob: bytes) -> Path | None:
    """Write an entry atomically (safeio: a temporary file renamed into place, a symlink at the
    entry's name replaced, never followed); None when the folder cannot be written."""
    if path is None:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return atomic_write(path.parent, path.name, blob, mode=0o600)
    except (OSError, ValueError):
        return None


def _path(kind: str, key: str, suffix: str = ".marshal") -> Path | None:
    base = cache_dir()
    return None if base is None else base / f"{kind}-{key}{suffix}"
