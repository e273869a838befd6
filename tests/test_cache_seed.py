"""The cache seed the wheel is built with (setup.py; bridge/core/base/rulecache.py): an entry
missing from the cache directory is read from the seed folder, with the same checks as any
entry (issue 37: a first ask after an install costs what a warm one does; issue 38: an entry
cannot lie)."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.bridge.core.base import rulecache


@pytest.fixture
def folders(tmp_path, monkeypatch) -> tuple[Path, Path]:
    """(the cache directory, the seed folder), both empty."""
    cache, seed = tmp_path / "cache", tmp_path / "seed"
    seed.mkdir()
    monkeypatch.setenv("RULEKEEPER_CACHE_DIR", str(cache))
    monkeypatch.delenv("RULEKEEPER_NO_CACHE", raising=False)
    monkeypatch.delenv("RULEKEEPER_NO_SEED", raising=False)
    monkeypatch.setattr(rulecache, "seed_dir", lambda: seed)
    return cache, seed


def _seeded(folders, kind: str, key: str, data) -> Path:
    """An entry written as the build writes it, moved into the seed folder."""
    cache, seed = folders
    written = rulecache.store_binary(kind, key, data)
    moved = seed / written.name
    written.replace(moved)
    return moved


def test_a_miss_is_read_from_the_seed(folders) -> None:
    _seeded(folders, "rulebase", "k1", ("parsed", 1))
    assert rulecache.load_binary("rulebase", "k1") == ("parsed", 1)
    assert rulecache.load_binary("rulebase", "k2") is None


def test_the_cache_directory_comes_first(folders) -> None:
    _seeded(folders, "why", "k1", "from the seed")
    rulecache.store_binary("why", "k1", "rebuilt here")
    assert rulecache.load_binary("why", "k1") == "rebuilt here"


def test_a_damaged_seed_entry_is_a_miss(folders) -> None:
    entry = _seeded(folders, "relevance", "k1", list(range(100)))
    blob = bytearray(entry.read_bytes())
    blob[-3] ^= 0x40
    entry.write_bytes(bytes(blob))
    assert rulecache.load_binary("relevance", "k1") is None


def test_a_seed_entry_under_another_key_is_a_miss(folders) -> None:
    """A seed built for other rule files or another clingo has other keys: renaming an entry
    to the key asked for does not make it one (the entry names its kind and key)."""
    entry = _seeded(folders, "rulebase", "built-for-another-clingo", "stale")
    entry.rename(entry.with_name("rulebase-asked.marshal"))
    assert rulecache.load_binary("rulebase", "asked") is None


def test_no_cache_turns_the_seed_off(folders, monkeypatch) -> None:
    _seeded(folders, "rulebase", "k1", "seeded")
    monkeypatch.setenv("RULEKEEPER_NO_CACHE", "1")
    assert rulecache.load_binary("rulebase", "k1") is None


def test_no_seed_turns_only_the_seed_off(folders, monkeypatch) -> None:
    _seeded(folders, "rulebase", "k1", "seeded")
    monkeypatch.setenv("RULEKEEPER_NO_SEED", "1")
    assert rulecache.load_binary("rulebase", "k1") is None
    monkeypatch.delenv("RULEKEEPER_NO_SEED")
    assert rulecache.load_binary("rulebase", "k1") == "seeded"


def test_the_seed_is_per_python_version() -> None:
    import sys
    folder = rulecache.seed_dir()
    assert folder.name == f"py{sys.version_info[0]}{sys.version_info[1]}"
    assert folder.parent == Path(rulecache.__file__).with_name("seed")
