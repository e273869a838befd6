"""The persistent cache of the parsed and transformed rule base: used when the rule files are
unchanged, rebuilt when one changes or the cache file is corrupt, safe for concurrent
processes, placed by RULEKEEPER_CACHE_DIR / XDG_CACHE_HOME, off with RULEKEEPER_NO_CACHE=1."""
from __future__ import annotations

import marshal
import multiprocessing
from pathlib import Path

import pytest

from rulekeeper.bridge.core.base import rulecache
from rulekeeper.bridge.core.rules.program import rules_text, why_texts
from rulekeeper.bridge.core.rules.rulebase import CachedRuleInfo, RuleBase
from rulekeeper.bridge.core.rules.transform import choice_heads, why_rules
from rulekeeper.rules_asp import RULES_DIR

RULES = """%@ 704.5g a damaged creature dies
dies(X) :- damage(X,D), toughness(X,T), D >= T.

%@ 120.3 choose a target for the damage
{ target(X) : creature(X) } = 1.
#show dies/1.
"""


def small_root(tmp_path: Path, text: str = RULES) -> Path:
    root = tmp_path / "rules"
    (root / "core").mkdir(parents=True, exist_ok=True)
    (root / "mtg").mkdir(exist_ok=True)
    (root / "core" / "a.lp").write_text(text)
    return root


def files(cache: Path, kind: str = "rulebase") -> list[Path]:
    return sorted(cache.glob(f"{kind}-*.marshal"))


def same_base(a: RuleBase, b: RuleBase) -> None:
    assert [(r.index, r.rule, r.summary, r.file, r.line, r.text, r.pack, r.heads, r.bodies)
            for r in a.rules] == \
           [(r.index, r.rule, r.summary, r.file, r.line, r.text, r.pack, r.heads, r.bodies)
            for r in b.rules]
    assert [str(s) for s in a.statements] == [str(s) for s in b.statements]
    assert a.summaries == b.summaries and a.unannotated == b.unannotated
    assert [str(r.node) for r in a.rules] == [str(r.node) for r in b.rules]


def test_second_build_reads_the_cache(cache, tmp_path):
    root = small_root(tmp_path)
    first = RuleBase(root, ["mtg"])
    assert len(files(cache)) == 1 and not isinstance(first.rules[0], CachedRuleInfo)
    second = RuleBase(root, ["mtg"])
    assert isinstance(second.rules[0], CachedRuleInfo)
    same_base(first, second)
    assert rules_text(first, True) == rules_text(second, True)


def test_bundled_rules_and_transform_round_trip(cache):
    fresh = RuleBase(RULES_DIR, ["mtg", "almos"])
    chosen = choice_heads(fresh.rules)      # once: per rule it made this test quadratic
    expected = [str(r) for info in fresh.rules for r in why_rules(info, chosen)]
    assert why_texts(fresh) == expected
    cached = RuleBase(RULES_DIR, ["mtg", "almos"])
    assert isinstance(cached.rules[0], CachedRuleInfo)
    same_base(fresh, cached)
    assert why_texts(cached) == expected and len(files(cache, "why")) == 1
    # a copy without one rule (mutation tests) still gets its own transform
    number = next(r.rule for r in fresh.rules if not r.is_model)
    copy = cached.without(number)
    chosen = choice_heads(copy.rules)
    assert why_texts(copy) == [str(r) for info in copy.rules for r in why_rules(info, chosen)]


def test_a_changed_rule_file_rebuilds(cache, tmp_path):
    root = small_root(tmp_path)
    RuleBase(root, ["mtg"])
    (root / "core" / "a.lp").write_text(RULES.replace("D >= T", "D > T"))
    changed = RuleBase(root, ["mtg"])
    assert not isinstance(changed.rules[0], CachedRuleInfo)
    assert "D>T" in changed.rules[0].text.replace(" ", "")
    assert len(files(cache)) == 2
    again = RuleBase(root, ["mtg"])
    assert isinstance(again.rules[0], CachedRuleInfo) and again.rules[0].text == changed.rules[0].text


def stored_key(path: Path) -> str:
    kind, key, _ = rulecache.entry_data(path.read_bytes())
    return key


DAMAGES = [lambda key: b"", lambda key: b"{not marshal",
           lambda key: rulecache.framed(marshal.dumps(("rulebase", "x", {}))),
           lambda key: rulecache.framed(marshal.dumps(("rulebase", key, {"rules": [[1]]}))),
           lambda key: rulecache.framed(marshal.dumps(["rulebase", key])),
           lambda key: rulecache.framed(b"{not marshal"), lambda key: b"\xff\xfe\x00"]


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_corrupt_cache_file_is_ignored_and_rebuilt(cache, tmp_path, damage):
    root = small_root(tmp_path)
    fresh = RuleBase(root, ["mtg"])
    [path] = files(cache)
    path.write_bytes(damage(fresh.cache_key))
    rebuilt = RuleBase(root, ["mtg"])
    assert not isinstance(rebuilt.rules[0], CachedRuleInfo)
    same_base(fresh, rebuilt)
    assert stored_key(path) == fresh.cache_key      # written anew
    assert isinstance(RuleBase(root, ["mtg"]).rules[0], CachedRuleInfo)


def test_no_cache_writes_nothing(cache, tmp_path, monkeypatch):
    monkeypatch.setenv("RULEKEEPER_NO_CACHE", "1")
    root = small_root(tmp_path)
    RuleBase(root, ["mtg"])
    assert not isinstance(RuleBase(root, ["mtg"]).rules[0], CachedRuleInfo)
    assert not cache.exists()


def test_xdg_cache_home_is_honoured(tmp_path, monkeypatch):
    monkeypatch.delenv("RULEKEEPER_CACHE_DIR", raising=False)
    monkeypatch.delenv("RULEKEEPER_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert rulecache.cache_dir() == tmp_path / "xdg" / "rulekeeper"
    RuleBase(small_root(tmp_path), ["mtg"])
    assert len(list((tmp_path / "xdg" / "rulekeeper").glob("rulebase-*.marshal"))) == 1


def test_an_unwritable_cache_is_no_failure(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("RULEKEEPER_CACHE_DIR", str(blocker / "cache"))
    root = small_root(tmp_path)
    assert RuleBase(root, ["mtg"]).rules and RuleBase(root, ["mtg"]).rules


def _build(root: str, queue) -> None:
    base = RuleBase(Path(root), ["mtg"])
    queue.put([r.text for r in base.rules])


def test_concurrent_processes_share_one_whole_file(cache, tmp_path):
    root = small_root(tmp_path, RULES + "".join(
        f"\n%@ 704.5g rule {i}\np{i}(X) :- dies(X).\n" for i in range(300)))
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    workers = [ctx.Process(target=_build, args=(str(root), queue)) for _ in range(6)]
    for w in workers:
        w.start()
    results = [queue.get(timeout=120) for _ in workers]
    for w in workers:
        w.join(timeout=60)
        assert w.exitcode == 0
    assert all(r == results[0] for r in results) and len(results[0]) == 302
    [path] = files(cache)
    assert not list(cache.glob(".*.tmp"))       # no temporary file left behind
    assert stored_key(path) == RuleBase(root, ["mtg"]).cache_key


def test_cache_key_follows_content_not_timestamps(tmp_path):
    a, b = tmp_path / "a.lp", tmp_path / "b.lp"
    a.write_text("p.")
    b.write_text("p.")
    assert rulecache.content_key([("x", a)]) == rulecache.content_key([("x", b)])
    b.write_text("q.")
    assert rulecache.content_key([("x", a)]) != rulecache.content_key([("x", b)])


def test_binary_data_round_trips_and_a_corrupt_file_is_a_miss(cache):
    data = {"waiting": [((0, "c:a"), (1, 2))], "consts": frozenset({"n"}), "n": 3}
    path = rulecache.store_binary("demo", "k1", data)
    assert path is not None and rulecache.load_binary("demo", "k1") == data
    assert rulecache.load_binary("demo", "other") is None       # another key: a miss
    path.write_bytes(b"\x00garbage")
    assert rulecache.load_binary("demo", "k1") is None


def test_stored_data_shares_equal_tuples_and_strings_and_reads_back_equal(cache):
    pattern = ("holds/2", ((0, None), (1, "f:zone/2")))
    data = {"units": [[pattern, ("holds/2", ((0, None), (1, "f:zone/2")))], [(True,), (1,)]],
            "names": ["".join(["ho", "lds"]), "holds"], "floats": [(0.0,), (-0.0,), (0,)]}
    rulecache.store_binary("probe", "k", data)
    back = rulecache.load_binary("probe", "k")
    assert back == data
    first, second = back["units"][0]
    assert first is second and first[1] is second[1]     # one object: one copy in the file
    assert back["names"][0] is back["names"][1]
    flags, ones = back["units"][1]
    assert flags[0] is True and ones[0] == 1 and ones[0] is not True   # equal, not the same
    assert [type(t[0]) for t in back["floats"]] == [float, float, int]
    assert str(back["floats"][1][0]) == "-0.0"
    lists = rulecache.shared([[1], [1]])
    assert lists[0] is not lists[1]         # a mutable container is never shared


def test_the_relevance_index_read_back_prunes_as_the_one_built(cache, tmp_path):
    from clingo import Function, Number
    from rulekeeper.bridge.core.rules import relevance
    root = small_root(tmp_path)
    facts = [Function("damage", [Function("x"), Number(2)]), Function("toughness", [Function("x"), Number(2)])]
    built = relevance.live_rules(RuleBase(root, ["mtg"]), facts)
    assert sorted(cache.glob("relevance-graph-*.marshal"))
    read = relevance.live_rules(RuleBase(root, ["mtg"]), facts)      # a new base: from disk
    assert read == built and read == {0, 1}
    assert relevance.live_rules(RuleBase(root, ["mtg"]), []) == {1}  # no damage: 704.5g can't fire


def test_a_settled_files_key_is_remembered_and_a_change_recomputes_it(cache, tmp_path):
    import os
    a = tmp_path / "a.lp"
    a.write_text("p.")
    old = 1_600_000_000_000_000_000            # 2020: long settled
    os.utime(a, ns=(old, old))
    first = rulecache.content_key([("x", a)])
    assert len(list(cache.glob("stamps-*.marshal"))) == 1
    assert rulecache.content_key([("x", a)]) == first
    a.write_text("q.")                          # same size, new time: not the remembered key
    os.utime(a, ns=(old + 1, old + 1))
    assert rulecache.content_key([("x", a)]) != first


def test_a_just_written_file_is_never_trusted_by_its_stamp(cache, tmp_path):
    a = tmp_path / "a.lp"
    a.write_text("p.")
    first = rulecache.content_key([("x", a)])
    assert not list(cache.glob("stamps-*.marshal"))      # modified within the last 2 s
    a.write_text("q.")                                    # maybe the same clock tick
    assert rulecache.content_key([("x", a)]) != first


def test_a_remembered_key_is_tied_to_its_stamps(cache, tmp_path):
    import os
    a = tmp_path / "a.lp"
    a.write_text("p.")
    os.utime(a, ns=(1_600_000_000_000_000_000,) * 2)
    first = rulecache.content_key([("x", a)])
    [entry] = cache.glob("stamps-*.marshal")
    kind, key, (header, stamps, remembered) = rulecache.entry_data(entry.read_bytes())
    entry.write_bytes(rulecache.framed(marshal.dumps((kind, key, (header, stamps, "forged")))))
    assert rulecache.content_key([("x", a)]) == "forged"   # the entry is what is trusted...
    entry.write_bytes(rulecache.framed(marshal.dumps((kind, key, (header, stamps[:0], "forged")))))
    assert rulecache.content_key([("x", a)]) == first      # ...only for the stamps it names


@pytest.mark.parametrize("xdg", [None, "", "/tmp/xdg-cache", "relative/cache", " /tmp/spaced"])
@pytest.mark.parametrize("home", ["/tmp/some-home", "/tmp/home-with-slash/", "relative-home"])
def test_the_cache_directory_is_platformdirs_own(monkeypatch, xdg, home):
    """user_cache_dir applies platformdirs' rule itself on Linux (no import): both agree."""
    import platformdirs
    monkeypatch.setenv("HOME", home)
    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    assert rulecache.user_cache_dir() == platformdirs.user_cache_dir("rulekeeper")


def test_the_key_covers_the_code_that_builds_cached_data():
    """The cache key hashes the bridge code that makes what is cached (a change to it rebuilds):
    the relevance patterns come from patterns.py and abstract.py since they were split from
    relevance.py. The names are paths below bridge/core/ (the layout of issue 30)."""
    here = Path(rulecache.__file__).resolve().parent.parent
    assert all((here / name).is_file() for name in rulecache._CODE)
    assert {"rules/rulebase.py", "rules/transform.py", "rules/program.py", "rules/names.py",
            "rules/relevance.py", "rules/abstract.py", "rules/patterns.py"} <= set(rulecache._CODE)


def test_a_copy_without_a_rule_builds_its_relevance_index_in_memory_only(cache, tmp_path):
    from clingo import Function, Number
    from rulekeeper.bridge.core.rules import relevance
    base = RuleBase(small_root(tmp_path), ["mtg"])
    facts = [Function("damage", [Function("x"), Number(2)]), Function("toughness", [Function("x"), Number(2)])]
    relevance.live_rules(base, facts)
    written = sorted(cache.glob("relevance-graph-*.marshal"))
    assert len(written) == 1
    copy = base.without("704.5g")           # a one-off copy (mutation tests): never written
    assert relevance.live_rules(copy, facts) == {1}
    assert sorted(cache.glob("relevance-graph-*.marshal")) == written
