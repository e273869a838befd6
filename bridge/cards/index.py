"""The name index of a Scryfall card file: SQLite, in the cache directory.

A card file is read once (bridge/cards/scryfall.py, streamed) into an index: every card's JSON text,
found by each of its normalised names. Lookups afterwards read one row, never the file. The
index lives in `$RULEKEEPER_CACHE_DIR` or else platformdirs' user cache directory for
"rulekeeper" (`~/.cache/rulekeeper` on Linux), named after the card file's absolute path; it is
rebuilt when the file's size or modification time changed and its SHA-256 differs too. It is
built in a temporary file and moved into place, so concurrent commands never see half of one.
Every row and the meta table carry checksums, checked where they are read: a damaged index is
rebuilt, never an answer and never a traceback.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path
from stat import S_ISREG
from typing import Any, Callable, Iterable

from ..core.base.errors import ScenarioError
from ..core.base.safeio import open_stream
from .scryfall import Progress, card_names, normalise, read_cards

SCHEMA_VERSION = "3"         # bump when the table layout or scryfall.normalise changes
MAX_SOURCE = 8 * 1024 ** 3   # a card file past this is refused (Scryfall's largest bulk: ~2.3 GB)


def cache_dir() -> Path:
    """Where indexes are kept: $RULEKEEPER_CACHE_DIR, else the user cache directory."""
    env = os.environ.get("RULEKEEPER_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    from ..core.base.rulecache import user_cache_dir
    return Path(user_cache_dir())


class Damaged(Exception):
    """The index file does not hold what it was built with: it is rebuilt."""


class ScryfallIndex:
    """The index of one Scryfall JSON file (built on first use). It cannot lie (issue 38):
    every row carries a checksum of its content, the meta table one of its own, and the list of
    rows one of the whole table, so a changed byte, a lost row or a damaged file is found
    where it is read; the index is then rebuilt and the read done again."""

    def __init__(self, source: Path, progress: Progress | None = None,
                 check: Callable[[], None] | None = None):
        self.source = Path(source).resolve()
        self.progress, self.check = progress, check
        key = hashlib.sha256(str(self.source).encode("utf-8", "surrogatepass")).hexdigest()[:16]
        self.path = cache_dir() / f"scryfall-{_safe_stem(self.source.stem)}-{key}.sqlite"
        self._db: sqlite3.Connection | None = None
        self._rebuilt = False

    # -- reading -------------------------------------------------------------------------------
    def get(self, name: str) -> dict | None:
        """The card object found by `name`, or None: a card whose full name it is first (spelt
        exactly, then normalised), then a card with a face of that name ("Lightning Bolt" is the
        card Lightning Bolt, never another card with a face called so), each in file order."""
        return self._verified(self._get, name)

    def names(self) -> list[str]:
        """Every card's full name, in file order."""
        return self._verified(self._names)

    def lookup_names(self) -> list[str]:
        """Every name a card is found by (faces included), for suggestions."""
        return self._verified(self._lookup_names)

    def __len__(self) -> int:
        return self._verified(lambda: len(self._names()))

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def _verified(self, read: Callable[..., Any], *args: Any) -> Any:
        """read(*args) on the index; a damaged index is rebuilt once and read again."""
        try:
            return read(*args)
        except (Damaged, sqlite3.Error, ValueError):
            if self._rebuilt:
                raise ScenarioError(str(self.path), None, "--cards", "the card index cannot be "
                                    "read after it was rebuilt") from None
        self.close()
        self._build(self._source_stat())
        return read(*args)

    def _get(self, name: str) -> dict | None:
        wanted = normalise(name)
        db = self._conn()
        rows = db.execute("SELECT n.norm, n.display, n.card, n.sum, c.name FROM names n "
                          "JOIN cards c ON c.id = n.card WHERE n.norm = ? ORDER BY n.card",
                          (wanted,)).fetchall()
        if not rows:
            self._lookup_names()          # a miss: the names table is whole (else rebuilt)
            return None
        if any(s != _sum(n, d, c) for n, d, c, s, _ in rows):
            raise Damaged()
        # the exact full name, then the full name normalised, then a face spelt exactly
        best = min(rows, key=lambda r: (not (r[1] == r[4] == name), r[1] != r[4], r[1] != name,
                                        r[2]))
        row = db.execute("SELECT id, name, json, sum FROM cards WHERE id = ?",
                         (best[2],)).fetchone()
        if row is None or row[3] != _sum(*row[:3]):
            raise Damaged()
        card = json.loads(row[2])
        if wanted not in {normalise(n) for n in card_names(card)}:
            raise Damaged()
        return card

    def _names(self) -> list[str]:
        rows = self._conn().execute("SELECT id, name, json, sum FROM cards ORDER BY id").fetchall()
        if _digest(r[3] for r in rows) != self._meta_of("cards_sum") or \
                any(s != _sum(i, n, j) for i, n, j, s in rows):
            raise Damaged()
        return [r[1] for r in rows]

    def _lookup_names(self) -> list[str]:
        rows = self._conn().execute("SELECT norm, display, card, sum FROM names "
                                    "ORDER BY rowid").fetchall()
        if _digest(r[3] for r in rows) != self._meta_of("names_sum") or \
                any(s != _sum(n, d, c) for n, d, c, s in rows):
            raise Damaged()
        return list(dict.fromkeys(r[1] for r in rows))

    def _meta_of(self, key: str) -> str | None:
        return self._meta().get(key)

    # -- building ------------------------------------------------------------------------------
    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            self.ensure()
            self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        return self._db

    def ensure(self) -> bool:
        """Build the index unless a current, whole one exists; True if it was (re)built."""
        stat = self._source_stat()
        meta = self._meta()
        if meta.get("version") == SCHEMA_VERSION:
            if meta.get("size") == str(stat.st_size) and meta.get("mtime") == str(stat.st_mtime_ns):
                return False
            if meta.get("sha256") == _sha256(self.source, self.check):
                self._touch(stat, meta)
                return False
        self._build(stat)
        return True

    def _source_stat(self) -> os.stat_result:
        try:
            stat = self.source.stat()
        except OSError as exc:
            raise ScenarioError(str(self.source), None, "--cards",
                                f"cannot read the card file: {exc.strerror or exc}") from None
        if not S_ISREG(stat.st_mode):
            raise ScenarioError(str(self.source), None, "--cards", "cannot read the card file: "
                                "not a regular file")
        return stat

    def _meta(self) -> dict[str, str]:
        """The index's meta table when the file is a regular file and the table whole, else {}."""
        try:
            if not S_ISREG(os.lstat(self.path).st_mode):
                return {}                # a FIFO, a symlink, a directory: never opened
            with closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)) as db:
                meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        except (OSError, sqlite3.Error, ValueError):
            return {}                    # a damaged or foreign file: rebuilt
        return meta if meta.get("meta_sum") == _meta_sum(meta) else {}

    def _touch(self, stat: os.stat_result, meta: dict[str, str]) -> None:
        """Same content, new size/mtime record (the file was copied or touched)."""
        meta = {**meta, "size": str(stat.st_size), "mtime": str(stat.st_mtime_ns)}
        meta["meta_sum"] = _meta_sum(meta)
        with closing(sqlite3.connect(self.path)) as db, db:
            db.executemany("UPDATE meta SET value = ? WHERE key = ?",
                           [(meta[k], k) for k in ("size", "mtime", "meta_sum")])

    def _build(self, stat: os.stat_result) -> None:
        self._rebuilt = True
        try:
            self._build_file(stat)
        except OSError as exc:          # the cache folder cannot be written, a folder in the way
            raise ScenarioError(str(self.path), None, "--cards", "cannot write the card index: "
                                f"{exc.strerror or exc}") from None

    def _build_file(self, stat: os.stat_result) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.stem}", suffix=".tmp", dir=self.path.parent)
        os.close(fd)
        try:
            with closing(sqlite3.connect(tmp)) as db, db:
                sums = _fill(db, self.source, self.progress, self.check)
                meta = {"version": SCHEMA_VERSION, "source": str(self.source),
                        "size": str(stat.st_size), "mtime": str(stat.st_mtime_ns),
                        "sha256": _sha256(self.source, self.check), **sums}
                meta["meta_sum"] = _meta_sum(meta)
                db.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))
            os.replace(tmp, self.path)   # a symlink at the index's name is replaced, not followed
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)


def _fill(db: sqlite3.Connection, source: Path, progress: Progress | None,
          check: Callable[[], None] | None) -> dict[str, str]:
    db.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
        CREATE TABLE cards (id INTEGER PRIMARY KEY, name TEXT, json TEXT, sum TEXT);
        CREATE TABLE names (norm TEXT, display TEXT, card INTEGER, sum TEXT);
    """)
    card_sums: list[str] = []
    name_sums: list[str] = []
    for i, card in enumerate(read_cards(source, progress, check=check, skip=lambda err: None)):
        text = json.dumps(card, ensure_ascii=False)
        card_sums.append(_sum(i, card["name"], text))
        db.execute("INSERT INTO cards VALUES (?, ?, ?, ?)", (i, card["name"], text, card_sums[-1]))
        rows = [(normalise(n), n, i) for n in card_names(card)]
        name_sums += [_sum(*row) for row in rows]
        db.executemany("INSERT INTO names VALUES (?, ?, ?, ?)",
                       [(*row, s) for row, s in zip(rows, name_sums[-len(rows):])])
    db.execute("CREATE INDEX names_norm ON names (norm)")
    return {"cards_sum": _digest(card_sums), "names_sum": _digest(name_sums)}


def _sum(*parts: object) -> str:
    """A row's checksum: BLAKE2b of its fields."""
    digest = hashlib.blake2b(digest_size=12)
    for part in parts:
        digest.update(str(part).encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()


def _digest(sums: Iterable[str]) -> str:
    """The checksum of a table: of its rows' checksums in order (a lost or moved row shows)."""
    digest = hashlib.blake2b(digest_size=16)
    for item in sums:
        digest.update(item.encode("ascii", "replace"))
    return digest.hexdigest()


def _meta_sum(meta: dict[str, str]) -> str:
    return _sum(*(f"{k}={v}" for k, v in sorted(meta.items()) if k != "meta_sum"))


def _safe_stem(stem: str) -> str:
    """The card file's name in the index's name: plain characters, at most 40."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in stem)[:40]


def _sha256(path: Path, check: Callable[[], None] | None = None) -> str:
    digest = hashlib.sha256()
    with open_stream(path, MAX_SOURCE, field="--cards", what="card file") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            if check is not None:
                check()
            digest.update(block)
    return digest.hexdigest()
