"""The name index of a Scryfall card file: SQLite, in the cache directory.

A card file is read once (bridge/cards/scryfall.py, streamed) into an index: every card's JSON text,
found by each of its normalised names. Lookups afterwards read one row, never the file. The
index lives in `$RULEKEEPER_CACHE_DIR` or else platformdirs' user cache directory for
"rulekeeper" (`~/.cache/rulekeeper` on Linux), named after the card file's absolute path; it is
rebuilt when the file's size or modification time changed and its SHA-256 differs too. It is
built in a temporary file and moved into place, so concurrent commands never see half of one.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path

from ..core.base.errors import ScenarioError
from .scryfall import Progress, card_names, normalise, read_cards

SCHEMA_VERSION = "2"         # bump when the table layout or scryfall.normalise changes


def cache_dir() -> Path:
    """Where indexes are kept: $RULEKEEPER_CACHE_DIR, else the user cache directory."""
    env = os.environ.get("RULEKEEPER_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    from ..core.base.rulecache import user_cache_dir
    return Path(user_cache_dir())


class ScryfallIndex:
    """The index of one Scryfall JSON file (built on first use)."""

    def __init__(self, source: Path, progress: Progress | None = None):
        self.source = Path(source).resolve()
        self.progress = progress
        key = hashlib.sha256(str(self.source).encode("utf-8")).hexdigest()[:16]
        self.path = cache_dir() / f"scryfall-{self.source.stem[:40]}-{key}.sqlite"
        self._db: sqlite3.Connection | None = None

    # -- reading -------------------------------------------------------------------------------
    def get(self, name: str) -> dict | None:
        """The card object found by `name`, or None: a card whose full name it is first (spelt
        exactly, then normalised), then a card with a face of that name ("Lightning Bolt" is the
        card Lightning Bolt, never another card with a face called so), each in file order."""
        row = self._conn().execute(
            "SELECT c.json FROM names n JOIN cards c ON c.id = n.card WHERE n.norm = ? "
            "ORDER BY n.display = c.name AND n.display = ? DESC, n.display = c.name DESC, "
            "n.display = ? DESC, c.id LIMIT 1", (normalise(name), name, name)).fetchone()
        return json.loads(row[0]) if row else None

    def names(self) -> list[str]:
        """Every card's full name, in file order."""
        return [r[0] for r in self._conn().execute("SELECT name FROM cards ORDER BY id")]

    def lookup_names(self) -> list[str]:
        """Every name a card is found by (faces included), for suggestions."""
        return [r[0] for r in self._conn().execute("SELECT DISTINCT display FROM names")]

    def __len__(self) -> int:
        return self._conn().execute("SELECT COUNT(*) FROM cards").fetchone()[0]

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # -- building ------------------------------------------------------------------------------
    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            self.ensure()
            self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        return self._db

    def ensure(self) -> bool:
        """Build the index unless a current one exists; True if it was (re)built."""
        try:
            stat = self.source.stat()
        except OSError as exc:
            raise ScenarioError(str(self.source), None, "--cards",
                                f"cannot read the card file: {exc}") from None
        meta = self._meta()
        if meta.get("version") == SCHEMA_VERSION:
            if meta.get("size") == str(stat.st_size) and meta.get("mtime") == str(stat.st_mtime_ns):
                return False
            if meta.get("sha256") == _sha256(self.source):
                self._touch(stat)
                return False
        self._build(stat)
        return True

    def _meta(self) -> dict[str, str]:
        if not self.path.is_file():
            return {}
        try:
            with closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)) as db:
                return dict(db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error:
            return {}                    # a damaged or foreign file: rebuilt

    def _touch(self, stat: os.stat_result) -> None:
        """Same content, new size/mtime record (the file was copied or touched)."""
        with closing(sqlite3.connect(self.path)) as db, db:
            db.executemany("UPDATE meta SET value = ? WHERE key = ?",
                           [(str(stat.st_size), "size"), (str(stat.st_mtime_ns), "mtime")])

    def _build(self, stat: os.stat_result) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=self.path.stem, suffix=".tmp", dir=self.path.parent)
        os.close(fd)
        try:
            with closing(sqlite3.connect(tmp)) as db, db:
                _fill(db, self.source, self.progress)
                db.executemany("INSERT INTO meta VALUES (?, ?)", [
                    ("version", SCHEMA_VERSION), ("source", str(self.source)),
                    ("size", str(stat.st_size)), ("mtime", str(stat.st_mtime_ns)),
                    ("sha256", _sha256(self.source))])
            os.replace(tmp, self.path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)


def _fill(db: sqlite3.Connection, source: Path, progress: Progress | None) -> None:
    db.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
        CREATE TABLE cards (id INTEGER PRIMARY KEY, name TEXT, json TEXT);
        CREATE TABLE names (norm TEXT, display TEXT, card INTEGER);
    """)
    for i, card in enumerate(read_cards(source, progress)):
        db.execute("INSERT INTO cards VALUES (?, ?, ?)",
                   (i, card["name"], json.dumps(card, ensure_ascii=False)))
        db.executemany("INSERT INTO names VALUES (?, ?, ?)",
                       [(normalise(n), n, i) for n in card_names(card)])
    db.execute("CREATE INDEX names_norm ON names (norm)")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
