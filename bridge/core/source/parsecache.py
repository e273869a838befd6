"""Parsed YAML texts (scenarios, card files, pack metadata) kept in the rule cache's directory,
so a text read before is not parsed again and PyYAML is not even imported (its import and the
parse are a fifth of a small `ask`).

An entry is found by a checksum of the text and holds the whole text: a hit is a text equal to
the stored one, never a checksum match alone. It also holds a fingerprint of the parser (the
package version, the parsing modules' and PyYAML's files), so a new parser is a miss. Only
texts that parsed without fault and whose values marshal can keep are stored (a YAML timestamp,
a date, is not); errors are never cached, so every message and exit code is the parser's own.
RULEKEEPER_NO_CACHE=1 turns it off with the rest of the cache.
"""
from __future__ import annotations

import os
import sys
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..base import rulecache

KIND = "yaml"
MAX_TEXT = 256 * 1024        # larger texts are parsed every time (rare, and big to keep)
MAX_ENTRIES = 2000           # beyond this many entries, the older half is removed
_PARSER = ("yamlsrc.py", "located.py", "yamlparse.py", "parsecache.py")


def load(text: str) -> tuple[Any, dict] | None:
    """(data, lines) of a text parsed before, or None."""
    if len(text) > MAX_TEXT:
        return None
    stored = rulecache.load_binary(KIND, _key(text))
    if not (isinstance(stored, tuple) and len(stored) == 4):
        return None
    fingerprint, kept, data, lines = stored
    if kept != text or fingerprint != _fingerprint() or not isinstance(lines, dict):
        return None
    return data, lines


def store(text: str, data: Any, lines: dict) -> None:
    """Keep a text's parse (a no-op when the cache is off or the values are not plain)."""
    if len(text) > MAX_TEXT:
        return
    if rulecache.store_binary(KIND, _key(text), (_fingerprint(), text, data, lines)) is not None:
        _bound()


def _key(text: str) -> str:
    raw = text.encode("utf-8", "surrogatepass")
    return f"{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}{len(raw):x}"


@lru_cache(maxsize=1)
def _fingerprint() -> tuple:
    """The parser's identity, once per process: the code a process parses with is the code it
    loaded (a scenario naming four library cards asked for it five times)."""
    here = Path(__file__).resolve().parent
    files = [here / name for name in _PARSER] + [_yaml_init()]
    return (rulecache.FORMAT, rulecache.package_version()) + tuple(_stamp(f) for f in files)


def _yaml_init() -> Path:
    """PyYAML's package file, found without importing it (its version is written there)."""
    module = sys.modules.get("yaml")
    if module is not None and getattr(module, "__file__", None):
        return Path(module.__file__)
    for entry in sys.path:
        candidate = Path(entry or ".", "yaml", "__init__.py")
        if candidate.is_file():
            return candidate
    return Path("yaml-not-found")


def _stamp(path: Path) -> tuple:
    try:
        st = path.stat()
    except OSError:
        return (str(path), None)
    return (str(path), st.st_size, st.st_mtime_ns)


def _bound() -> None:
    """Keep the number of entries bounded: past MAX_ENTRIES, remove the older half."""
    base = rulecache.cache_dir()
    try:
        entries = [e for e in os.scandir(base) if e.name.startswith(KIND + "-")]
    except OSError:
        return
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort(key=_mtime)
    for entry in entries[:len(entries) // 2]:
        try:
            os.unlink(entry.path)
        except OSError:
            pass


def _mtime(entry: os.DirEntry) -> int:
    """An entry's age; one another process removed meanwhile (two batch workers bounding the
    cache at once) sorts first and is skipped, never an error in the parse that stored it."""
    try:
        return entry.stat().st_mtime_ns
    except OSError:
        return 0
