"""The rule index (bridge/tools/ruleindex.py): the rule graph of a rule base built once, kept on
the rule base and in the rule cache, and the rules a set of rule numbers touches."""
from __future__ import annotations

from rulekeeper.bridge.core.base import rulecache
from rulekeeper.bridge.tools import ruleindex
from rulekeeper.bridge.tools.graph import rule_graph
from rulekeeper.bridge.tools.ruleindex import RuleIndex, rule_index


def test_touched_rules_follow_the_graph():
    index = RuleIndex.from_edges(["702.9b", "509.1", "506.1", "120.3"],
                                 [("702.9b", "509.1"), ("509.1", "506.1"), ("120.3", "702.9b")])
    assert index.touched(["702.9"]) == ["120.3", "506.1", "509.1", "702.9b"]
    assert index.touched(["506"]) == ["506.1", "509.1"]
    assert index.touched(["70"]) == []            # 70 is not a prefix of 702.9b


def test_index_matches_the_rule_graph(engine):
    rules = engine.rules(["mtg"])
    graph = rule_graph(rules)
    index = rule_index(rules)
    assert set(index.nodes) == set(graph.nodes)
    assert set(index.edges()) == set(graph.edges)


def test_built_once_per_rule_base(engine, monkeypatch):
    rules = engine.rules(["mtg"])
    first = rule_index(rules)
    monkeypatch.setattr(ruleindex, "_build", lambda _: (_ for _ in ()).throw(AssertionError))
    assert rule_index(rules) is first                       # kept on the rule base
    vars(rules).pop("_rule_index")
    again = rule_index(rules)                               # read back from the rule cache
    if rulecache.cache_dir() is not None:
        assert again.edges() == first.edges() and again is not first


def test_a_copy_without_a_rule_is_indexed_afresh(engine):
    rules = engine.rules(["mtg"])
    full = rule_index(rules)
    number = next(n for n in full.nodes if full.uses.get(n))
    copy = rules.without(number)
    assert number not in rule_index(copy).nodes
    assert number in rule_index(rules).nodes
