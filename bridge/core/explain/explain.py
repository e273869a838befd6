"""Explanations: derivation trees and the rule numbers behind each outcome atom."""
from __future__ import annotations

from dataclasses import dataclass, field

from clingo import Function, Symbol, SymbolType

from ..base.record import Record
from ..base.symbols import Reader
from ..rules.rulebase import RuleBase, RuleInfo
from ..solve.answer import Support

MAX_DEPTH = 14


@dataclass(repr=False, eq=False)
class Node(Record):
    """One step of a derivation: an atom, the rule that made it hold, and its supports."""

    atom: Symbol
    rule: RuleInfo | None
    children: list["Node"] = field(default_factory=list)


TIMING_FACTS = {"final", "step", "check", "time", "report_time", "settle_point", "action_index",
                "segment", "stack_time", "time_name", "rest_point", "exact_trigger_names"}
# Demand guards: atoms a rule's body carries only to bound what is ground (the readers of its
# head need them anyway); not part of why the head holds. stack_may_keep (405-stack.lp) holds
# wherever the stack's inertia applies in a game: it only keeps the grounder from carrying items;
# inertia_gap (core inertia.lp) only says which fluents the core's inertia leaves to a game;
# slot_turn (the layout's plan, 500-turn-structure.lp) only bounds the turn numbers ground;
# damage_read (120-damage.lp) only bounds where a permanent's "no damage yet" is ground;
# attack_read (508-declare-attackers.lp) and sickness_read (302-summoning-sickness.lp) where
# whether a creature can attack, and its summoning sickness, are ground; timing_read
# (117-priority.lp) where whether a player could act is.
GUARDS = {"quality_asked", "sac_asked", "mana_asked", "stack_may_keep", "inertia_gap", "slot_turn",
          "damage_read", "attack_read", "sickness_read", "timing_read"}
PLUMBING = {"occurs", "sba_check", "remaining", "object_exists", "face_up", "char", "permanent",
            "creature", "is_type", "damage_recipient_type", "dies_type", "event_param"}
# How an object's characteristics came about (layers, keywords) is worth citing only when the
# outcome is itself a characteristic; otherwise it drowns the rules that made things happen.
CHARACTERISTICS = {"power", "toughness", "base_power", "base_toughness", "pt_change", "stage",
                   "layered", "obj_ts", "has", "keyword_in_effect", "has_subtype", "has_supertype",
                   "controller", "loyalty", "defense", "copy_source", "applies", "effect_op"}
# Atoms that stand for a set (one support per member, e.g. each layer-7c change of a creature):
# every support of the rule is shown, not one.
EVERY_SUPPORT = {"pt_changed"}
CHARACTERISTIC_OUTCOMES = {"power", "toughness", "has", "type", "subtype", "supertype", "color",
                           "controller", "loyalty", "defense", "name", "mana_value"}


def skipped_predicates(atom: Symbol, rules: RuleBase) -> frozenset[str]:
    """The plumbing of the rule base's game, and (unless `atom` is itself a characteristic) how
    characteristics were computed (bridge/games: Game.plumbing; mtg: the sets above)."""
    from ..registry import game_of_rules
    game = game_of_rules(rules)
    if atom.name in game.characteristic_outcomes:
        return game.plumbing
    return game.plumbing | game.characteristics


def derivation(atom: Symbol, support: Support, rules: RuleBase) -> Node:
    """The derivation of `atom` with bookkeeping (model) steps spliced out. The derivation is a
    graph: an atom reached along several ways is built once and shared (without this, a chain
    of time points that each rest on the one before is walked once per path, exponentially)."""
    nodes = _build(atom, support, rules, set(), {}, 0, Reader())
    if len(nodes) == 1 and nodes[0].atom == atom:
        return nodes[0]
    return Node(atom, None, nodes)


def _build(atom: Symbol, support: Support, rules: RuleBase, path: set,
           memo: dict, depth: int, read: Reader) -> list[Node]:
    """`path` holds the atoms (by handle, bridge/core/base/symbols.py) above this one: a support that
    leads back to one of them is not followed."""
    key = read.handle(atom)
    if key in memo:
        return memo[key]
    entries = support.get(atom)
    if not entries or depth > MAX_DEPTH * 4 or key in path:
        return [Node(atom, None)]
    idx, body = _preferred(entries, rules)
    info = rules.rules[idx]
    if read.name(key) in EVERY_SUPPORT:
        body = tuple(c for i, b in entries if i == idx for c in b)
    children: list[Node] = []
    path.add(key)
    for child in body:
        name = read.name(read.handle(child))
        if name in TIMING_FACTS or name in GUARDS:
            continue
        children += _build(child, support, rules, path, memo, depth + 1, read)
    path.discard(key)
    if info.is_model:
        result = children or [Node(atom, None)]
    else:
        result = [Node(atom, info, _dedupe(children, read))]
    memo[key] = result
    return result


def _preferred(entries: list[tuple[int, tuple]], rules: RuleBase) -> tuple[int, tuple]:
    """Prefer a game rule over a bookkeeping rule when both derive an atom."""
    return sorted(entries, key=lambda e: (rules.rules[e[0]].is_model, e[0]))[0]


def _dedupe(nodes: list[Node], read: Reader | None = None) -> list[Node]:
    handle = (read or Reader()).handle
    seen, out = set(), []
    for node in nodes:
        key = (handle(node.atom), node.rule.index if node.rule else None)
        if key not in seen:
            seen.add(key)
            out.append(node)
    return out


def rules_behind(atom: Symbol, support: Support, rules: RuleBase) -> list[str]:
    """Rule numbers in the derivation of `atom`, nearest first."""
    out: list[str] = []
    skip = skipped_predicates(atom, rules)
    frontier = [derivation(Function("outcome", [atom]), support, rules)]
    visited: set[int] = set()
    depth = 0
    while frontier and depth < MAX_DEPTH:
        nxt = []
        for node in frontier:
            if id(node) in visited:
                continue
            visited.add(id(node))
            if node.rule and node.rule.rule not in out and node.atom.name not in skip:
                out.append(node.rule.rule)
            nxt += node.children
        frontier, depth = nxt, depth + 1
    return out


# How `why` shows a derivation with the bookkeeping taken out (domain_tree):
# - computed in steps (layers, running sums): the steps are spliced, the rule they serve shows;
# - what an object is (a creature, a permanent, its face up): shown without how it came to be;
# - the layer table and the time layout: left out.
STEPS = {"stage", "pt_changed", "pt_power_total", "pt_toughness_total", "layered", "view", "pos",
         "in_layer", "layer_size", "live", "first_layer", "power_7a", "power_7b", "power_7c",
         "toughness_7a", "toughness_7b", "toughness_7c", "occurs", "sba_check", "event_param"}
STANDING = {"creature", "permanent", "is_type", "face_up", "object_exists", "damageable",
            "copiable", "copy_source", "char", "remaining", "damage_on", "has_subtype",
            "has_supertype", "damage_recipient_type", "dies_type"}
LEFT_OUT = {"attr_layer", "op_layer", "layer_number"} | TIMING_FACTS


def domain_tree(node: Node, parent_rule: str | None = None, memo: dict | None = None) -> list[Node]:
    """The derivation with bookkeeping taken out (see STEPS, STANDING, LEFT_OUT), and a step
    whose rule is the rule of the step above spliced (one rule computing in several statements)."""
    memo = {} if memo is None else memo
    key = (id(node), parent_rule)
    if key in memo:
        return memo[key]
    name = node.atom.name if node.atom.type == SymbolType.Function else ""
    rule = node.rule.rule if node.rule else None
    if name in LEFT_OUT:
        result: list[Node] = []
    elif name in STANDING:
        result = [Node(node.atom, node.rule, [])]
    else:
        spliced = node.rule is not None and (name in STEPS or rule == parent_rule)
        next_parent = parent_rule if spliced else rule
        children = _dedupe([c for child in node.children
                            for c in domain_tree(child, next_parent, memo)])
        result = children if spliced and node.children else [Node(node.atom, node.rule, children)]
    memo[key] = result
    return result


def tree_json(node: Node, depth: int, seen: set | None = None) -> dict:
    """The derivation as nested JSON, down to `depth` levels."""
    seen = set() if seen is None else seen
    out: dict = {"atom": str(node.atom)}
    if node.rule is not None:
        out.update(rule=node.rule.rule, summary=node.rule.summary)
        key = (node.atom, node.rule.index)
        if key in seen:
            return out | {"shown_above": True}
        seen.add(key)
    elif not node.children:
        out["given"] = True
    if node.children:
        if depth <= 0:
            out["truncated"] = True
        else:
            out["because"] = [tree_json(c, depth - 1, seen) for c in node.children]
    return out


def render_tree(node: Node, rules: RuleBase, indent: str = "", seen: set | None = None,
                depth: int = 0, max_depth: int = MAX_DEPTH) -> list[str]:
    """The derivation as indented text lines."""
    seen = set() if seen is None else seen
    if node.rule is None and not node.children:
        return [f"{indent}{_leaf(node.atom)}"]
    if node.rule is None:
        return [line for child in node.children
                for line in render_tree(child, rules, indent, seen, depth, max_depth)]
    key = (node.atom, node.rule.index)
    label = f"{indent}{node.atom}  <- {node.rule.rule} {node.rule.summary}"
    if key in seen:
        return [label + "  (shown above)"]
    seen.add(key)
    lines = [label]
    if depth >= max_depth:
        return lines + ([indent + "  ... (deeper steps: raise --depth)"] if node.children else [])
    for child in node.children:
        lines += render_tree(child, rules, indent + "  ", seen, depth + 1, max_depth)
    return lines


def _leaf(atom: Symbol) -> str:
    if atom.type == SymbolType.Function and atom.name == "init":
        return f"{atom.arguments[0]}  (given in the scenario)"
    if atom.type == SymbolType.Function and atom.name == "event":
        return f"{atom.arguments[1]}  (action of the scenario, at time {atom.arguments[0]})"
    return f"{atom}  (fact of the scenario)"


# -- explaining an atom that does not hold ----------------------------------------------------
Pattern = object  # a clingo Symbol, or None for "anything"


def candidate_rules(atom: Symbol, rules: RuleBase, depth: int = 6) -> list[RuleInfo]:
    """Game rules that could, through some chain of rules, make `atom` an outcome."""
    from ..base.unify import constants, instantiate_body, match_head, to_pattern
    found: list[RuleInfo] = []
    frontier: list = [Function("outcome", [atom])]
    keys = constants(to_pattern(atom))
    seen_patterns: set[str] = set()
    for _ in range(depth):
        nxt = []
        for pattern in frontier:
            for info in rules.rules:
                binding = match_head(pattern, info.node)
                if binding is None:
                    continue
                if not info.is_model and info not in found:
                    found.append(info)
                for body_pattern in instantiate_body(info.node, binding):
                    if not keys <= constants(body_pattern):
                        continue
                    key = repr(body_pattern)
                    if key not in seen_patterns:
                        seen_patterns.add(key)
                        nxt.append(body_pattern)
        frontier = nxt
    return found
