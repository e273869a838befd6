"""The rule graph: which rules depend on which, derived from the annotated source."""
from __future__ import annotations

import networkx as nx

from .rulebase import RuleBase


def rule_graph(rules: RuleBase, include_model: bool = False) -> nx.DiGraph:
    """Edge A -> B: a statement of rule A uses a predicate that a statement of rule B defines."""
    definers: dict[tuple[str, int], set[str]] = {}
    for info in rules.rules:
        for sig in info.heads:
            definers.setdefault(sig, set()).add(info.rule)
    graph = nx.DiGraph()
    for info in rules.rules:
        if info.is_model and not include_model:
            continue
        graph.add_node(info.rule, summary=rules.summary(info.rule))
        for sig in info.bodies:
            for other in definers.get(sig, ()):
                if other != info.rule and (include_model or other != "model"):
                    graph.add_edge(info.rule, other, via=f"{sig[0]}/{sig[1]}")
    return graph


def to_dot(graph: nx.DiGraph) -> str:
    lines = ["digraph rules {", "  rankdir=LR;"]
    for node, data in sorted(graph.nodes(data=True)):
        label = f"{node}\\n{data.get('summary', '')[:40]}".replace('"', "'")
        lines.append(f'  "{node}" [label="{label}"];')
    for a, b, data in sorted(graph.edges(data=True)):
        lines.append(f'  "{a}" -> "{b}" [label="{data["via"]}"];')
    lines.append("}")
    return "\n".join(lines)
