"""What one solved situation says about a pack: the checks on an answer."""
from __future__ import annotations

from clingo import Symbol

from ...core.explain.explain import rules_behind
from ...core.rules.rulebase import RuleBase
from ...core.solve.answer import Answer

# outcome atoms that have exactly one value for their key (argument positions) in a game state
SINGLE_VALUED = {("zone", 2): (0,), ("controller", 2): (0,), ("power", 2): (0,),
                 ("toughness", 2): (0,), ("life", 2): (0,), ("poison", 2): (0,),
                 ("battlefield_state", 1): (), ("counters", 3): (0, 1), ("damage", 2): (0,),
                 ("face", 2): (0,), ("loyalty", 2): (0,), ("defense", 2): (0,),
                 ("occupies", 2): (0,), ("occupied_by", 2): (1,)}


def fired(answer: Answer) -> set[int]:
    """The statements (indices) that derived something in some outcome (rk_why atoms)."""
    out: set[int] = set()
    for support in answer.supports:
        for entries in support.raw.values():
            out.update(idx if isinstance(idx, int) else idx.number for idx, _ in entries)
    return out


def heads_named(support, names: set[str]) -> set[Symbol]:
    """The derived atoms of these predicates in one model's support (ModelSupport keys are
    symbols, TextSupport keys, after a solve in a child process, are text)."""
    from clingo import parse_term
    out = set()
    for key in support.raw:
        if isinstance(key, str):
            if key.split("(", 1)[0] in names:
                out.add(parse_term(key))
        elif key.name in names:
            out.add(key)
    return out


def several_values(answer: Answer) -> list[tuple[Symbol, Symbol]]:
    """Pairs of outcome atoms of one outcome giving one single-valued thing two values."""
    out = []
    for model in answer.models:
        seen: dict[tuple, Symbol] = {}
        for atom in sorted(model, key=str):
            key_pos = SINGLE_VALUED.get((atom.name, len(atom.arguments)))
            if key_pos is None and atom.name == "occupies" and len(atom.arguments) == 2:
                key_pos = (0,)
            if key_pos is None:
                continue
            key = (atom.name,) + tuple(atom.arguments[i] for i in key_pos)
            if key in seen and seen[key] != atom:
                out.append((seen[key], atom))
            seen.setdefault(key, atom)
        occupied: dict[Symbol, Symbol] = {}
        for atom in model:     # a Territory with two occupants
            if atom.name == "occupies" and len(atom.arguments) == 2:
                terr = atom.arguments[1]
                if terr in occupied and occupied[terr] != atom:
                    out.append((occupied[terr], atom))
                occupied.setdefault(terr, atom)
        if out:
            return out
    return out


def unexplained_alternatives(answer: Answer) -> tuple[frozenset, frozenset] | None:
    """Two outcomes that differ although every player choice (`chose/1`) was the same in
    both: nondeterminism no choice rule of a player explains."""
    by_choice: dict[frozenset, frozenset] = {}
    for model, support in zip(answer.models, answer.supports):
        choices = frozenset(heads_named(support, {"chose"}))
        if choices in by_choice and by_choice[choices] != model:
            return by_choice[choices], model
        by_choice.setdefault(choices, model)
    return None


def overlaps(answer: Answer, rules: RuleBase, pack: str, exceptions: list[tuple[str, str]]
             ) -> list[tuple[Symbol, Symbol, int]]:
    """Two exceptions to one default that hold at once for the same event, one of them the
    pack's (mark's damage_marking_replaced and infect's damage_as_counters for one damage):
    (atom, atom, model index)."""
    out = []
    for m, support in enumerate(answer.supports):
        heads = heads_named(support, {n for pair in exceptions for n in pair})
        for a, b in exceptions:
            for h in heads:
                if h.name != a:
                    continue
                other = next((x for x in heads if x.name == b and x.arguments == h.arguments), None)
                if other is None:
                    continue
                packs = {rules.rules[i].pack for atom in (h, other)
                         for i, _ in support.get(atom, [])}
                if pack in packs:
                    out.append((h, other, m))
        if out:
            return out
    return out


def rule_numbers(atom: Symbol, answer: Answer, model: int, rules: RuleBase) -> list[str]:
    return rules_behind(atom, answer.supports[model], rules)


def statements_behind(atom: Symbol, support, rules: RuleBase) -> list[int]:
    return [i for i, _ in support.get(atom, [])]
