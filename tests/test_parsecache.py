"""The parse cache of YAML texts (bridge/core/source/parsecache.py): a text read before comes back equal,
with its lines, without PyYAML; anything else (another text, a new parser, a damaged entry, a
value marshal can't keep, a faulty text) is parsed again, with the parser's own messages."""
from __future__ import annotations

import marshal
import subprocess
import sys
from pathlib import Path

import pytest

from rulekeeper.bridge.core.base import rulecache
from rulekeeper.bridge.core.source import parsecache
from rulekeeper.bridge.core.base.errors import ScenarioError
from rulekeeper.bridge.core.source.yamlsrc import load_yaml

TEXT = "title: two\nplayers: [alice, bob]\nobjects:\n  - id: x\n    card: Grizzly Bears\n"


def entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("yaml-*.marshal"))


def test_a_text_read_again_comes_back_equal_with_its_lines(cache):
    first = load_yaml(TEXT, "a.yaml")
    assert len(entries(cache)) == 1
    again = load_yaml(TEXT, "b.yaml")
    assert again.data == first.data and again.lines == first.lines
    assert again.file == "b.yaml" and again.line(("objects", 0, "card")) == 5
    assert parsecache.load(TEXT) is not None


def test_another_text_is_a_miss(cache):
    load_yaml(TEXT, "a.yaml")
    assert parsecache.load(TEXT.replace("two", "tvo")) is None
    assert load_yaml(TEXT.replace("two", "tvo"), "a.yaml").data["title"] == "tvo"


def test_a_damaged_entry_or_a_new_parser_is_a_miss(cache, monkeypatch):
    load_yaml(TEXT, "a.yaml")
    [entry] = entries(cache)
    kind, key, (fingerprint, text, data, lines) = rulecache.entry_data(entry.read_bytes())
    entry.write_bytes(rulecache.framed(marshal.dumps((kind, key, (fingerprint, text + " ", data, lines)))))
    assert parsecache.load(TEXT) is None                       # not the same text
    entry.write_bytes(b"\x00garbage")
    assert parsecache.load(TEXT) is None
    assert load_yaml(TEXT, "a.yaml").data["players"] == ["alice", "bob"]
    assert parsecache.load(TEXT) is not None                   # written anew
    monkeypatch.setattr(parsecache, "_fingerprint", lambda: ("another parser",))
    assert parsecache.load(TEXT) is None


def test_faults_are_never_cached_and_keep_their_messages(cache):
    bad = "title: x\nplayers: [alice\n"
    for _ in range(2):
        with pytest.raises(ScenarioError) as err:
            load_yaml(bad, "bad.yaml")
        assert err.value.line is not None and "YAML syntax error" in str(err.value)
    dup = "title: x\ntitle: y\n"
    for _ in range(2):
        with pytest.raises(ScenarioError, match="duplicate key"):
            load_yaml(dup, "dup.yaml")
    assert entries(cache) == []


def test_a_value_marshal_cannot_keep_is_parsed_every_time(cache):
    dated = "title: x\nwhen: 2001-12-14\n"
    assert str(load_yaml(dated, "d.yaml").data["when"]) == "2001-12-14"
    assert entries(cache) == []


def test_no_cache_keeps_nothing(cache, monkeypatch):
    monkeypatch.setenv("RULEKEEPER_NO_CACHE", "1")
    load_yaml(TEXT, "a.yaml")
    assert parsecache.load(TEXT) is None and not cache.exists()


def test_the_number_of_entries_is_bounded(cache, monkeypatch):
    monkeypatch.setattr(parsecache, "MAX_ENTRIES", 10)
    for i in range(25):
        load_yaml(f"n: {i}\n", "n.yaml")
    assert 5 <= len(entries(cache)) <= 10
    assert load_yaml("n: 24\n", "n.yaml").data == {"n": 24}


def test_an_entry_removed_by_another_process_while_bounding_is_no_error(cache, monkeypatch):
    # two `rulings --all` workers bounding the cache at once: the other removed an entry
    # between this one's listing and its sort by age (a FileNotFoundError ended a card's run)
    monkeypatch.setattr(parsecache, "MAX_ENTRIES", 10)
    for i in range(10):
        load_yaml(f"n: {i}\n", "n.yaml")
    listing = parsecache.os.scandir

    def racing(path):
        found = list(listing(path))
        Path(found[0].path).unlink()
        return iter(found)
    monkeypatch.setattr(parsecache.os, "scandir", racing)
    assert load_yaml("n: 10\n", "n.yaml").data == {"n": 10}
    monkeypatch.setattr(parsecache.os, "scandir", listing)
    assert len(entries(cache)) <= 10


def test_a_hit_does_not_import_pyyaml(cache, tmp_path):
    scenario = tmp_path / "s.yaml"
    scenario.write_text(TEXT)
    code = ("import sys; from rulekeeper.bridge.core.source.yamlsrc import load_yaml; "
            "t = open(sys.argv[1]).read(); d = load_yaml(t, 's').data; "
            "print('yaml' in sys.modules, d['objects'][0]['card'])")
    run = [sys.executable, "-c", code, str(scenario)]
    env = {**__import__("os").environ, "RULEKEEPER_CACHE_DIR": str(cache)}
    assert subprocess.run(run, capture_output=True, text=True, env=env).stdout.split() == ["True", "Grizzly", "Bears"]
    assert subprocess.run(run, capture_output=True, text=True, env=env).stdout.split() == ["False", "Grizzly", "Bears"]
