"""A rule as the page shows it: its number, its summary (the `%@` annotation), its text when
the server was given the rules text (`--cr`), and its neighbours in the rule graph with the
kind of each edge (the predicate it goes through), so a judge can follow what a rule uses and
what uses it."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx

from ...core.base.errors import ScenarioError
from ...core.rules.rulebase import RuleBase

MAX_NEIGHBOURS = 40     # per direction: a rule used by hundreds lists the first ones


class RuleBook:
    """The rules of one game's packs, their graph (built on first use) and, optionally, the
    rules text read from `cr_file` with the game's reader."""

    def __init__(self, rules: RuleBase, texts: dict[str, str] | None = None):
        self.rules = rules
        self.texts = texts or {}
        self._graph: nx.DiGraph | None = None

    @classmethod
    def for_packs(cls, engine: Any, packs: list[str], cr_file: Path | None) -> "RuleBook":
        from ...core.registry import game_for_packs
        texts = {}
        if cr_file is not None:
            texts = {r.number: r.text for r in game_for_packs(packs).read_rules_text(cr_file)}
        return cls(engine.rules(packs), texts)

    @property
    def graph(self) -> nx.DiGraph:
        if self._graph is None:
            from ..graph import rule_graph
            self._graph = rule_graph(self.rules)
        return self._graph

    def info(self, number: str) -> dict[str, Any]:
        """{"rule", "summary", "text", "encoded", "uses": [...], "used_by": [...]}: each
        neighbour as {"rule", "summary", "via"} (the predicates the edge goes through)."""
        if number not in self.graph and number not in self.texts \
                and not self.rules.is_encoded(number):
            raise ScenarioError("rule", None, "rule", f"no rule {number[:40]!r} is encoded "
                                "or in the rules text")
        graph = self.graph
        uses = [self._edge(b, d) for _, b, d in graph.out_edges(number, data=True)] \
            if number in graph else []
        used_by = [self._edge(a, d) for a, _, d in graph.in_edges(number, data=True)] \
            if number in graph else []
        return {"rule": number, "summary": self.rules.summary(number) or None,
                "text": self.texts.get(number), "encoded": self.rules.is_encoded(number),
                "uses": _first(uses), "used_by": _first(used_by),
                "uses_count": len(uses), "used_by_count": len(used_by)}

    def _edge(self, other: str, data: dict) -> dict[str, str]:
        return {"rule": other, "summary": self.rules.summary(other), "via": data.get("via", ""),
                "kind": data.get("kind", "uses")}


def _first(edges: list[dict]) -> list[dict]:
    from ..coverage import rule_sort_key
    return sorted(edges, key=lambda e: rule_sort_key(e["rule"]))[:MAX_NEIGHBOURS]
