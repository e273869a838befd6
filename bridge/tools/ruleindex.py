"""The rule graph of a rule base as an index, built once per rule base: which encoded rules
rest on which, and the rules a set of rule numbers touches (docs/rulings.md, "The rules it
touches"; docs/performance.md, "Rulings").

Building the graph parses every rule's syntax tree (about a second for the mtg pack). The index
keeps only the edges, so it is kept twice: on the rule base object for the process (`rulings
--all` asks for it once per card) and in the rule cache (rulecache, marshal) under a key made of
the rule base's own key and this code's, so a `rulings` process whose rules did not change reads
it back instead of rebuilding it. A rule base made by `RuleBase.without` (the mutation test's
copies) is indexed afresh and never stored: its key is the full base's.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Iterable

from ..core.base import rulecache
from ..core.rules.rulebase import RuleBase

KIND = "ruleindex"
FORMAT = 1
_CODE = ("graph.py", "ruleindex.py")       # the code the index is built by


@dataclass(frozen=True)
class RuleIndex:
    """The encoded rules (nodes) and the `uses` edges of the rule graph (graph.rule_graph)."""

    nodes: tuple[str, ...]
    uses: dict[str, tuple[str, ...]]          # rule -> the rules it uses directly
    used_by: dict[str, tuple[str, ...]] = field(default_factory=dict)
    memo: dict[frozenset, tuple[str, ...]] = field(default_factory=dict, compare=False,
                                                    repr=False)    # touched(), per number set

    @classmethod
    def from_edges(cls, nodes: Iterable[str], edges: Iterable[tuple[str, str]]) -> "RuleIndex":
        uses: dict[str, list[str]] = {}
        used_by: dict[str, list[str]] = {}
        for a, b in edges:
            uses.setdefault(a, []).append(b)
            used_by.setdefault(b, []).append(a)
        return cls(tuple(nodes), {k: tuple(v) for k, v in uses.items()},
                   {k: tuple(v) for k, v in used_by.items()})

    def edges(self) -> tuple[tuple[str, str], ...]:
        return tuple((a, b) for a, targets in self.uses.items() for b in targets)

    def matching(self, numbers: Iterable[str]) -> set[str]:
        """The encoded rules under these numbers (a number names itself and its subrules)."""
        wanted = list(numbers)
        return {n for n in self.nodes if any(within(n, s) for s in wanted)}

    def below(self, rule: str) -> set[str]:
        """Every rule `rule` rests on, transitively (the graph's descendants)."""
        return self._descendants([rule]) - {rule}

    def _descendants(self, starts: Iterable[str]) -> set[str]:
        """Every rule reached from `starts` along `uses` edges (one walk for all of them)."""
        seen: set[str] = set()
        todo = [n for s in starts for n in self.uses.get(s, ())]
        while todo:
            node = todo.pop()
            if node not in seen:
                seen.add(node)
                todo.extend(self.uses.get(node, ()))
        return seen

    def touched(self, numbers: Iterable[str]) -> list[str]:
        """The encoded rules under `numbers`, every rule they rest on and the rules that use
        them directly, in rule order. Kept per set of numbers: cards of a kind share it."""
        wanted = frozenset(numbers)
        known = self.memo.get(wanted)
        if known is None:
            direct = self.matching(wanted)
            out = direct | self._descendants(direct)
            out |= {u for node in direct for u in self.used_by.get(node, ())}
            known = self.memo[wanted] = tuple(sorted(out, key=rule_key))
        return list(known)


def rule_index(rules: RuleBase) -> RuleIndex:
    """The index of this rule base: from the object, else the rule cache, else built (and
    stored in both)."""
    held = vars(rules).get("_rule_index")
    if held is not None and held[0] is rules.rules:
        return held[1]
    copy = vars(rules).get("full_rules") is not None      # RuleBase.without: not its key's base
    key = None if copy else _key(rules)
    index = _restore(rulecache.load_binary(KIND, key)) if key else None
    if index is None:
        index = _build(rules)
        if key:
            rulecache.store_binary(KIND, key, (index.nodes, index.edges()))
    rules._rule_index = (rules.rules, index)
    return index


def _key(rules: RuleBase) -> str:
    here = os.path.dirname(os.path.realpath(__file__))
    code = rulecache.content_key((name, os.path.join(here, name)) for name in _CODE)
    return f"{FORMAT}-{rules.cache_key}-{code}"


def _restore(data: object) -> RuleIndex | None:
    try:
        nodes, edges = data        # type: ignore[misc]
        return RuleIndex.from_edges([str(n) for n in nodes], [(str(a), str(b)) for a, b in edges])
    except (TypeError, ValueError):
        return None


def _build(rules: RuleBase) -> RuleIndex:
    from .graph import rule_graph
    graph = rule_graph(rules)
    return RuleIndex.from_edges(graph.nodes, graph.edges)


def within(number: str, prefix: str) -> bool:
    """`number` is `prefix` or one of its subrules (702.9b is within 702.9 and 702, not 70)."""
    return number == prefix or (number.startswith(prefix) and not number[len(prefix)].isdigit())


def rule_key(number: str) -> tuple:
    """Rule order: 702.9b before 702.10a."""
    return tuple(int(p) if p.isdigit() else p for p in re.findall(r"\d+|[a-z]+", number))
