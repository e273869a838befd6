"""Relevance: which rules of the rule base can fire for a scenario, so only those are grounded.

gringo spends tens of microseconds on every rule statement even when no instance of it ever
fires; most of the rule base is about situations a given scenario does not have. A rule whose
positive body cannot hold never derives anything, so leaving it out changes no answer set.

The analysis is a sound over-approximation on *abstract atoms*: a predicate (name/arity, `-`
for classical negation) and, per argument, a pattern: a constant (`n:` number, `s:` string,
`c:` symbolic constant, kept distinct), `f:name/arity` for a function term or tuple, or None
(WILD) for anything else (variables, arithmetic, pools, intervals, unary minus, @-terms, names
given by #const). Two patterns match unless both are known and differ.

A unit (one rule after unpooling) is live when every positive body literal matches some
derivable abstract atom; derivable = the scenario's facts, the atoms of #external statements
and the heads of live units (every atom a choice, disjunction or head aggregate can make true).
Negative literals, comparisons and aggregates in a body impose nothing. A rule is kept when one
of its units is live; statements that are not rules (#show, #external, #minimize, ...) always
are. The explanation rules of a rule (transform.py) have its body and more, so they go with it.

Backward ("needed") pruning, `needed_rules`, for the commands that read only the shown atoms
and the derivations of outcome atoms (`ask`, and `test`/`check`'s plain solve; solve.py's
`needed`; `rulekeeper ground` writes the same selection): of the live rules, it keeps those
whose atoms someone reads. The needed predicates start from what the command reads: the
predicates the rule base's #show statements name (and those of #show/#project/#heuristic/
#external conditions) and the bridge's `chose/1` (solve.BRIDGE_READS); a kept rule makes every
predicate it mentions needed (its heads with their conditions, its body: positive, negated,
aggregates); a rule is kept when it is *always kept* or one of its head predicates is needed;
to the fixpoint. Always kept: statements that are not plain rules (#minimize, weak
constraints) and every rule whose head can fail or constrain: a constraint, `#false`, `not a`,
a comparison, a choice with bounds, a #count/#sum head, a disjunction with conditions, a
theory atom; a rule with classical negation anywhere (`-p` brings the implicit `:- p, -p`, so
both p and -p are then needed, and a classically negated scenario fact makes its positive
predicate needed); a rule with an atom the analysis can't name (then nothing is pruned). The
"can fail" property is read from the syntax tree with the patterns (patterns.rule_flow).

Why the answer is the same (splitting sets): let U be the atoms of the needed predicates. Every
kept rule mentions only U, and every dropped rule has its heads outside U, so U splits the
program: the kept rules are its bottom, the dropped rules its top. Each answer set of the
whole program is an answer set X of the bottom together with an answer set of the top
evaluated on X, and the top's atoms are outside U: nothing shown, nothing a kept rule reads.
So the answer sets, restricted to U (all the command reads: models are projected on the shown
atoms, and an explanation of an outcome atom follows rules with needed heads only), are the
bottom's, provided the top has an answer set for every X: it can't fail. Its rules have
heads that can't fail (normal atoms, unbounded choices, disjunctions without conditions) and
no constraints; what is left is a cycle through negation among them (`p :- not p.` has no
answer set), so a dropped rule that reads a predicate of its own head's strongly connected
component other than through a plain positive literal (negated, in an aggregate or a
condition) is kept too (`_unstratified`; an even loop is kept as well: the test is coarse),
and the fixpoint runs again. Stratified, with unbounded choices and disjunctions, the top
always has an answer set. Commands that read other atoms (`why` of any atom and its probes,
`legal`, consistency, rulings, the diagnosis, action-by-action segments that carry state to
the next) solve every live rule.

The per-rule patterns are computed once per set of rule files and kept in the persistent cache
(rulecache kind "relevance"), and so is the dependency index built from them for a rule list
(kind "relevance-graph", marshal: a small command reads it on every run); the per-scenario
fixpoint is a worklist indexed by predicate. The patterns of rule syntax are read by
bridge/core/rules/patterns.py (only when the cache is cold).
RULEKEEPER_NO_PRUNE=1 turns pruning off, forward and backward (every rule is grounded), for
debugging.
"""
from __future__ import annotations

import atexit
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import clingo

from ..base import rulecache
from ..base.symbols import Reader

if TYPE_CHECKING:
    from clingo import ast

from .abstract import ANY, Pattern, fact_pattern, freeze
from .fixpoint import Graph


def pruning_on() -> bool:
    """False when RULEKEEPER_NO_PRUNE is set (to anything but 0 or empty)."""
    return os.environ.get("RULEKEEPER_NO_PRUNE", "") in ("", "0")


# -- the rule base's patterns, cached ---------------------------------------------------------
def _analysis(rules: Any) -> _Index:
    """The units of every rule of the whole rule base, the #external atoms and the #const
    names (cached on disk under the base's key as {"units": {index: units}, "externals",
    "consts"}, and on the base object)."""
    held = vars(rules).get("_relevance")
    if held is not None:
        return held
    data = rulecache.load("relevance", rules.cache_key)
    if not _well_formed(data):
        from .patterns import (  # the syntax trees
            const_names,
            rule_flow,
            rule_units,
            statement_heads,
            statement_reads,
        )
        whole = vars(rules).get("full_rules", rules.rules)
        consts = const_names(rules.statements)
        data = {"units": {str(info.index): rule_units(info.node, consts) for info in whole},
                "externals": statement_heads(rules.statements, consts), "consts": sorted(consts),
                "flow": {str(info.index): rule_flow(info.node, consts) for info in whole},
                "reads": statement_reads(rules.statements, consts)}
        rulecache.store("relevance", rules.cache_key, data)
    held = _Index(data)
    vars(rules)["_relevance"] = held
    return held


def _well_formed(data: object) -> bool:
    return isinstance(data, dict) and isinstance(data.get("units"), dict) \
        and isinstance(data.get("externals"), (list, str)) and isinstance(data.get("consts"), list) \
        and isinstance(data.get("flow"), dict) and isinstance(data.get("reads"), list)


def _freeze(pattern: list) -> Pattern:
    """A pattern read back from JSON (lists) as tuples: (predicate, argument patterns, (path,
    variable) of each variable)."""
    return (pattern[0], tuple(freeze(a) for a in pattern[1]),
            tuple((tuple(path), name) for path, name in pattern[2]))


class _Index:
    """The units of the whole rule base with their needs indexed by predicate (built once)."""

    def __init__(self, data: dict) -> None:
        self.units: dict[int, list[tuple[list[Pattern], list[Pattern] | str]]] = {}
        for key, units in data["units"].items():
            self.units[int(key)] = [
                ([_freeze(n) for n in needs], heads if heads == ANY else [_freeze(h) for h in heads])
                for needs, heads in units]
        ext = data["externals"]
        self.externals = ext if ext == ANY else [_freeze(p) for p in ext]
        self.consts = frozenset(data["consts"])
        # per rule: (always kept, heads, every predicate it mentions, positive body, other)
        self.flow: dict[int, tuple] = {
            int(key): (bool(fixed), tuple(heads), tuple(dict.fromkeys([*heads, *pos, *other])),
                       tuple(pos), tuple(other))
            for key, (fixed, heads, pos, other) in data["flow"].items()}
        self.reads = tuple(data["reads"])


def prepare(rules: Any) -> None:
    """Load (or compute and cache) the rule base's dependency index now, in this process, so
    forked solving children share it (built in a child, it would be lost with it and built
    again for every solve)."""
    _graph(rules)


# -- the per-scenario fixpoint --------------------------------------------------------------------
def live_rules(rules: Any, facts: Iterable[clingo.Symbol],
               extra: Iterable[ast.AST] = ()) -> set[int] | None:
    """The indices of the rules of `rules` that can fire given the facts (and `extra` rules,
    always kept), or None when pruning is off (every rule is kept)."""
    if not pruning_on():
        return None
    graph = _graph(rules)
    if graph.externals == ANY:
        return {info.index for info in rules.rules}
    read, memo = Reader(), {}
    seeds = dict.fromkeys(fact_pattern(s, read, memo) for s in facts)   # in fact order
    seeds.update(((pred, args), None) for pred, args, _ in graph.externals)
    for stm in extra:       # extra rules (probes) are few: their heads count as derivable
        from .patterns import rule_units
        for _, heads in rule_units(stm, graph.consts):
            if heads == ANY:
                return {info.index for info in rules.rules}
            seeds.update(((pred, args), None) for pred, args, _ in heads)
    live = graph.fixpoint(seeds)
    if live is None:
        return {info.index for info in rules.rules}
    return {graph.owners[u] for u in live}


def needed_rules(rules: Any, live: set[int] | None, facts: Iterable[clingo.Symbol],
                 reads: Iterable[str] = ()) -> set[int] | None:
    """Of the live rules, those whose atoms someone reads (the backward, "needed" pruning: see
    the module docstring for why dropping the others changes no answer as the command reads
    it). `reads`: predicates ("name/arity") the caller reads beyond what the rule base's
    #show statements name (the bridge's chose/1). None when pruning is off."""
    if live is None or not pruning_on():
        return live
    graph = _graph(rules)
    flow = graph.flow
    needed: set[str] = set()
    todo: list[str] = []

    def need(pred: str) -> None:
        if pred not in needed:
            needed.add(pred)
            todo.append(pred)
            if pred[0] == "-":          # `-p` read or derived: p's rules too (`:- p, -p`)
                need(pred[1:])

    kept: set[int] = set()
    by_head: dict[str, list[int]] = {}

    def keep(i: int) -> None:
        kept.add(i)
        for pred in flow[i][2]:
            need(pred)

    for pred in (*graph.reads, *reads):
        need(pred)
    for fact in facts:
        if not fact.positive:           # a classically negated fact: `:- p(..), -p(..)`
            need(f"{fact.name}/{len(fact.arguments)}")
    for i in live:
        f = flow.get(i)
        if f is None:
            return live                 # a rule the analysis did not describe
        if f[0]:
            keep(i)
        else:
            for pred in f[1]:
                by_head.setdefault(pred, []).append(i)
    while True:
        while todo:
            for i in by_head.get(todo.pop(), ()):
                if i not in kept:
                    keep(i)
        if "*" in needed:
            return live
        unstratified = _unstratified([i for i in live if i not in kept], flow, needed)
        if not unstratified:
            return kept
        for i in unstratified:
            keep(i)


def _unstratified(dropped: list[int], flow: dict[int, tuple], needed: set[str]) -> list[int]:
    """The rules among `dropped` that read a predicate of their own head's strongly connected
    component other than through a plain positive literal (negation, an aggregate, a condition):
    on such a cycle (`p :- not p.`) the dropped rules alone may have no answer set, so they
    could constrain; on the others (stratified, with unbounded choices and disjunctions) they
    always have one."""
    edges: dict[str, set[str]] = {}
    for i in dropped:
        _, heads, _, pos, other = flow[i]
        body = [p for p in (*pos, *other) if p not in needed]
        for h in heads:
            edges.setdefault(h, set()).update(body)
    component = _components(edges)
    out = []
    for i in dropped:
        _, heads, _, _, other = flow[i]
        if any(component.get(h) is not None and component.get(h) == component.get(p)
               for h in heads for p in other):
            out.append(i)
    return out


def _components(edges: dict[str, set[str]]) -> dict[str, int]:
    """Each node's strongly connected component (Tarjan's algorithm, iterative). networkx has
    it, but importing networkx costs an `ask` ~0.2 s, more than the whole answer on a small
    scenario; tests/test_needed.py checks this against networkx's components."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    component: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    roots: list[str] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(edges.get(root, ())))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges.get(child, ()))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    number = len(roots)
                    roots.append(node)
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component[member] = number
                        if member == node:
                            break
    return component


def _graph(rules: Any) -> Graph:
    """The dependency index of this rule list: held on the rule base, else read from the
    cache, else built from the patterns (and cached); a copy from RuleBase.without gets the
    whole list's index with its missing rules switched off (Graph.without_owners)."""
    held = vars(rules).get("_relevance_graph")
    if held is not None and held[0] is rules.rules:
        return held[1]
    # a copy without some rules (RuleBase.without: a mutation test, a consistency probe) is
    # used once: its index is the whole list's with the missing rules' units switched off
    # (never written; 800 of them per test run)
    whole = vars(rules).get("full_rules")
    if whole is not None and whole is not rules.rules:
        graph = _graph_of(rules, whole).without_owners(
            {info.index for info in whole} - {info.index for info in rules.rules})
        vars(rules)["_relevance_graph"] = (rules.rules, graph)
        return graph
    indices = [info.index for info in rules.rules]
    key = f"{rules.cache_key}-{_digest(indices)}"
    one_off = whole is not None
    stored = None if one_off else rulecache.load_binary("relevance-graph", key)
    # the entry names the rule list it indexes: a checksum match alone is never a hit
    state = stored[1] if isinstance(stored, tuple) and len(stored) == 2 \
        and stored[0] == tuple(indices) else None
    graph = Graph.restored(state) if Graph.well_formed(state) else None
    if graph is None:
        index = _analysis(rules)
        units, owners = [], []
        for i in indices:
            for unit in index.units.get(i, [([], ANY)]):
                owners.append(i)
                units.append(unit)
        graph = Graph(units, owners, index.externals, index.consts,
                      {i: index.flow[i] for i in indices if i in index.flow}, index.reads)
        if not one_off:
            rulecache.store_binary("relevance-graph", key, (tuple(indices), graph.state()))
    vars(rules)["_relevance_graph"] = (rules.rules, graph)
    return graph


def _graph_of(rules: Any, whole: list) -> Graph:
    """The dependency index of the whole rule list `whole` that the copy `rules` was made
    from, kept for the next copies (of the last few whole lists: the mutation test goes from
    one rule base to another, mtg's and mtg with almos)."""
    for held, graph in _WHOLE:
        if held is whole:
            return graph
    parent = object.__new__(type(rules))
    parent.__dict__.update({k: v for k, v in vars(rules).items() if k != "full_rules"})
    parent.rules = whole
    graph = _graph(parent)
    _WHOLE[:] = [(whole, graph), *_WHOLE[:WHOLE_KEPT - 1]]
    return graph


# the indices of the last whole rule lists copies were made from (RuleBase.without), newest
# first: process-wide as the rule bases they index (an engine's, one per set of packs)
WHOLE_KEPT = 4
_WHOLE: list[tuple[list, Graph]] = []
# emptied before the interpreter tears its modules down: the rule lists hold clingo AST nodes,
# whose finaliser needs clingo's library ("Exception ignored in AST.__del__" at exit otherwise)
atexit.register(_WHOLE.clear)


def _digest(indices: list[int]) -> str:
    """A checksum naming the entry (zlib's: hashlib's import would cost more than the read)."""
    import zlib
    raw = repr(indices).encode()
    return f"{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}"
