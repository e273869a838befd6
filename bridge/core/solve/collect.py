"""Reading a solve's models back: the distinct outcomes, each with its choices and supports;
the stack's keys as the contract's positions and the canonical order's ranks as places."""
from __future__ import annotations

from typing import Any

from clingo import Function, Number, Symbol

from ..base.symbols import Reader
from ..rules.program import ALLOW, WHY
from .answer import Answer, ModelSupport


def outcome_key(symbols: list[Symbol]) -> frozenset[Symbol]:
    """The outcome a model's shown symbols stand for, as _collect tells outcomes apart."""
    return frozenset(stack_positions({s.arguments[0] for s in symbols if s.name == "outcome"},
                                     None))


def collect(raw_models: list[list[Symbol]], max_models: int,
             explained: dict[int, Any] | None = None) -> Answer:
    """The distinct outcomes of the models; a model's supports are its `rk_why`/`rk_allow`
    atoms, or those `explained` gives it (explain_focus.FocusSupport, by model number)."""
    models, supports, choices, initially, seen = [], [], [], frozenset(), set()
    read = Reader()         # symbols by handle: a board shows 100 000 (bridge/core/base/symbols.py)
    sym, name_of, arguments = read.symbol, read.name, read.arguments
    for number, symbols in enumerate(raw_models[:max_models]):
        outcome, init, chose = set(), set(), set()
        support = (explained or {}).get(number) or ModelSupport(read)
        for s in read.handles(symbols):
            name = name_of(s)
            if name == WHY:
                idx, head, body = arguments(s)
                support.add_handles(head, idx, body)
            elif name == "outcome":
                outcome.add(sym(arguments(s)[0]))
            elif name == "chose":
                args = arguments(s)
                if len(args) == 1:
                    chose.add(sym(args[0]))
            elif name == "initially":
                init.add(sym(arguments(s)[0]))
            elif name == ALLOW:
                idx, subject, condition = map(sym, arguments(s))
                support.add_allow(subject, idx, condition)
        outcome = stack_positions(outcome, support)
        chose = stack_orders(chose)
        initially = frozenset(stack_positions(init, None))
        if frozenset(outcome) in seen:        # two models whose stacks differ only in keys
            continue
        seen.add(frozenset(outcome))
        models.append(frozenset(outcome))
        supports.append(support)
        choices.append(frozenset(chose))
    return Answer(models, initially, supports, choices, truncated=len(raw_models) > max_models)


def stack_orders(chose: set[Symbol]) -> set[Symbol]:
    """`stack_rank(D,Group,Rank)` choices (a group of waiting abilities in the one order its
    sources' ranks give, 603.3b-commuting-triggers.lp) as `stack_order(D,Place)`, places
    1, 2, ... by rank; a group of one is no choice."""
    ranked = [c for c in chose if c.name == "stack_rank"]
    groups: dict[Symbol, list[Symbol]] = {}
    for c in ranked:
        groups.setdefault(c.arguments[1], []).append(c)
    out = chose - set(ranked)
    for members in groups.values():
        if len(members) > 1:
            members.sort(key=lambda c: c.arguments[2])
            out |= {Function("stack_order", [c.arguments[0], Number(j)])
                    for j, c in enumerate(members, start=1)}
    return out


def stack_positions(atoms: set[Symbol], support: ModelSupport | None) -> set[Symbol]:
    """`stack_entry(Key,Obj)` atoms as the contract's `stack(I,Obj)`, I = 1 for the highest key
    (405.2); each new outcome atom is explained as its entry is."""
    entries = sorted((a for a in atoms if a.name == "stack_entry"),     # keys: (number, rank)
                     key=lambda a: a.arguments[0], reverse=True)
    out = atoms - set(entries)
    for position, entry in enumerate(entries, start=1):
        atom = Function("stack", [Number(position), entry.arguments[1]])
        out.add(atom)
        if support is not None:
            support.alias(Function("outcome", [atom]), Function("outcome", [entry]))
    return out
