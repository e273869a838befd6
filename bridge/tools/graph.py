"""The rule graph: which rules depend on which, derived from the annotated source.

Edge A -> B (kind `uses`): a statement of rule A uses, in its body, a domain predicate that a
statement of rule B defines. Time and inertia plumbing does not make edges: a fluent read
through `holds(T,zone(...))` links to the rules that begin or end the `zone` fluent, not to
every rule that touches `holds`, and bookkeeping predicates (time points, `occurs`, object
existence, types) are left out, so the graph shows how rules feed each other.

With the CR text, edges of kind `cr` are the CR's own cross-references ("see rule 120.3").
"""
from __future__ import annotations

import shutil
import subprocess

import networkx as nx
from clingo import ast

from ..core.base.errors import ScenarioError
from ..core.rules.crtext import CRRule
from ..core.rules.rulebase import RuleBase
from ..games.mtg.vocab import GRAPH_PLUMBING
from .coverage import rule_sort_key

# Fluent wrappers: the signature that matters is the fluent's own name.
FLUENT_WRAPPERS = {"holds": 1, "begins": 1, "ends": 1, "init": 0}
# Predicates every rule touches: edges through them say nothing about the game (mtg's).
PLUMBING = GRAPH_PLUMBING


Pattern = tuple  # (name, arity, constants-or-None per argument)


def domain_signatures(node: ast.AST, plumbing: frozenset[str] | set[str] = frozenset(PLUMBING)
                      ) -> tuple[set[Pattern], set[Pattern]]:
    """The domain predicates a statement defines (head) and uses (body), each as a pattern:
    the name (`zone` for a fluent read through holds/begins/ends), the arity, and the constant
    at each argument where the statement writes one (`zone(O,battlefield)`), else None."""
    heads: set[Pattern] = set()
    bodies: set[Pattern] = set()

    class Visit(ast.Transformer):
        def __init__(self, sink: set[Pattern]):
            self.sink = sink

        def visit_SymbolicAtom(self, atom):
            pattern = _pattern(atom.symbol)
            if pattern and pattern[0] not in plumbing:
                self.sink.add(pattern)
            return atom

    if node.ast_type == ast.ASTType.Rule:
        Visit(heads)(node.head)
    for lit in node.body:
        Visit(bodies)(lit)
    return heads, bodies


def _pattern(term: ast.AST) -> Pattern | None:
    if term.ast_type == ast.ASTType.SymbolicTerm:
        return (str(term.symbol), 0)
    if term.ast_type != ast.ASTType.Function:
        return None
    position = FLUENT_WRAPPERS.get(term.name)
    if position is not None and len(term.arguments) > position:
        inner = term.arguments[position]
        if inner.ast_type != ast.ASTType.Function:
            return None  # a fluent variable: plumbing over all fluents
        return ("fluent " + inner.name, len(inner.arguments), *map(_constant, inner.arguments))
    return (term.name, len(term.arguments), *map(_constant, term.arguments))


def _constant(arg: ast.AST) -> str | None:
    return str(arg.symbol) if arg.ast_type == ast.ASTType.SymbolicTerm else None


def _matches(use: Pattern, definition: Pattern) -> bool:
    return use[:2] == definition[:2] and all(
        a is None or b is None or a == b for a, b in zip(use[2:], definition[2:]))


def _label(pattern: Pattern) -> str:
    return f"{pattern[0]}/{pattern[1]}"


def rule_graph(rules: RuleBase, include_model: bool = False) -> nx.DiGraph:
    """Edge A -> B: a statement of rule A uses a domain predicate that rule B defines (with the
    same constants where both name one: reading zone(O,graveyard) does not depend on a rule that
    only ever puts things on the battlefield)."""
    uses: dict[str, set[Pattern]] = {}
    definers: dict[tuple, list[tuple[Pattern, str]]] = {}
    from ..core.registry import game_of_rules
    plumbing = game_of_rules(rules).graph_plumbing
    for info in rules.rules:
        if info.node is None:
            continue
        heads, bodies = domain_signatures(info.node, plumbing)
        for pattern in heads:
            definers.setdefault(pattern[:2], []).append((pattern, info.rule))
        if include_model or not info.is_model:
            uses.setdefault(info.rule, set()).update(bodies)
    graph = nx.DiGraph()
    for rule, bodies in uses.items():
        graph.add_node(rule, summary=rules.summary(rule), encoded=True)
    for rule, bodies in uses.items():
        for use in sorted(bodies, key=str):
            for definition, other in definers.get(use[:2], ()):
                if other == rule or (other == "model" and not include_model):
                    continue
                if not _matches(use, definition):
                    continue
                label = _label(use)
                if not graph.has_edge(rule, other):
                    graph.add_edge(rule, other, via=label, kind="uses")
                elif label not in graph[rule][other]["via"].split(", "):
                    graph[rule][other]["via"] += f", {label}"
    return graph


def add_cr_references(graph: nx.DiGraph, cr: list[CRRule]) -> list[str]:
    """Add the CR's cross-references of encoded rules as `cr` edges; return the unencoded rules
    that encoded ones refer to (the next rules to encode), most referred first."""
    known = {r.number for r in cr}
    wanted: dict[str, int] = {}
    for rule in cr:
        if rule.number not in graph:
            continue
        for ref in rule.references:
            if ref not in known or ref == rule.number:
                continue
            if not graph.has_edge(rule.number, ref):
                graph.add_edge(rule.number, ref, via="CR text", kind="cr")
            if not graph.nodes[ref].get("encoded"):
                graph.nodes[ref]["encoded"] = False
                wanted[ref] = wanted.get(ref, 0) + 1
    return sorted(wanted, key=lambda n: (-wanted[n], rule_sort_key(n)))


def neighbourhood(graph: nx.DiGraph, rule: str, depth: int, direction: str) -> nx.DiGraph:
    """The rules within `depth` edges of `rule`: down = what it depends on, up = what depends
    on it, both = either."""
    if rule not in graph:
        raise ScenarioError("graph", None, "--rule", f"rule {rule[:40]!r} is not in the graph "
                            "(see `rulekeeper coverage` for the encoded numbers)")
    nodes = {rule}
    if direction in ("down", "both"):
        nodes |= set(nx.single_source_shortest_path_length(graph, rule, cutoff=depth))
    if direction in ("up", "both"):
        nodes |= set(nx.single_source_shortest_path_length(graph.reverse(copy=False), rule,
                                                           cutoff=depth))
    return graph.subgraph(nodes).copy()


def impact(graph: nx.DiGraph, rule: str, citations: dict[str, list[str]]) -> dict:
    """What changing `rule` may affect: the rules that use what it defines (`direct`), those
    that depend on it through others too (`rules`), and the scenarios citing any of them
    (`scenarios_direct`: citing the rule or a direct dependent)."""
    if rule not in graph:
        raise ScenarioError("graph", None, "--impact", f"rule {rule[:40]!r} is not in the graph")
    uses_only = nx.DiGraph((a, b) for a, b, d in graph.edges(data=True) if d["kind"] == "uses")
    uses_only.add_node(rule)
    direct = sorted(uses_only.predecessors(rule), key=rule_sort_key)
    affected = sorted(nx.ancestors(uses_only, rule), key=rule_sort_key)

    def citing(numbers: list[str]) -> list[str]:
        return sorted({s for r in numbers for s in citations.get(r, ())})
    return {"rule": rule, "direct": direct, "rules": affected,
            "scenarios_direct": citing([rule, *direct]), "scenarios": citing([rule, *affected])}


# -- output -----------------------------------------------------------------------------------
def to_dot(graph: nx.DiGraph) -> str:
    lines = ["digraph rules {", "  rankdir=LR;", '  node [shape=box, fontsize=10];']
    for node, data in sorted(graph.nodes(data=True), key=lambda nd: rule_sort_key(nd[0])):
        label = _wrap(f"{node}: {data.get('summary', '')}".rstrip(": "))
        style = "" if data.get("encoded", True) else ", style=dashed, color=gray40"
        lines.append(f'  "{node}" [label="{_escape(label)}"{style}];')
    for a, b, data in sorted(graph.edges(data=True)):
        extra = ", style=dotted" if data.get("kind") == "cr" else ""
        lines.append(f'  "{a}" -> "{b}" [tooltip="{_escape(data["via"])}"{extra}];')
    lines.append("}")
    return "\n".join(lines)


def _wrap(text: str, width: int = 36) -> str:
    """Whole labels, broken into lines (dot's \\n) rather than cut."""
    out, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    out.append(line)
    return "\n".join(out)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def to_graphml(graph: nx.DiGraph) -> str:
    clean = nx.DiGraph()
    for node, data in graph.nodes(data=True):
        clean.add_node(node, summary=data.get("summary", ""), encoded=bool(data.get("encoded", True)))
    for a, b, data in graph.edges(data=True):
        clean.add_edge(a, b, via=data["via"], kind=data.get("kind", "uses"))
    return "\n".join(nx.generate_graphml(clean))


def to_svg(graph: nx.DiGraph, timeout: float = 60.0) -> str:
    """Render with graphviz's `dot`; a clear error (exit 2) when it is not installed."""
    dot = shutil.which("dot")
    if dot is None:
        raise ScenarioError("graph", None, "--format svg",
                            "graphviz's `dot` program was not found: install graphviz "
                            "(e.g. `apt-get install graphviz`) or use --format dot")
    try:
        done = subprocess.run([dot, "-Tsvg"], input=to_dot(graph), capture_output=True,
                              text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise ScenarioError("graph", None, "--format svg",
                            f"dot did not lay the graph out within {timeout:g} s: "
                            "narrow it with --rule and --depth") from None
    if done.returncode != 0:
        raise ScenarioError("graph", None, "--format svg", f"dot failed: {done.stderr[:200]}")
    return done.stdout


def to_json(graph: nx.DiGraph) -> dict:
    order = sorted(graph.nodes, key=rule_sort_key)
    return {"nodes": order,
            "node_info": {n: {"summary": graph.nodes[n].get("summary", ""),
                              "encoded": bool(graph.nodes[n].get("encoded", True))}
                          for n in order},
            "edges": [{"from": a, "to": b, "via": d["via"], "kind": d.get("kind", "uses")}
                      for a, b, d in sorted(graph.edges(data=True))]}


def to_text(graph: nx.DiGraph) -> str:
    lines = []
    for node in sorted(graph.nodes, key=rule_sort_key):
        deps = sorted(graph.successors(node), key=rule_sort_key)
        lines.append(f"{node}: {', '.join(deps) if deps else '-'}")
    return "\n".join(lines)

