"""Symmetries broken before the search, and read back where the contract needs every outcome.

Two kinds of choices cannot change anything but names (docs/scenario-format.md, "Outcomes and
how `models` counts"):
- the order of identical waiting triggers (603.3b: same card ability, same controller, an effect
  that depends on neither source nor event): 603.3b-commuting-triggers.lp keeps one order, the
  canonical order of identical triggers, and shows `chose(any_order(Item,Group))` per item;
- interchangeable objects: objects the scenario's facts cannot tell apart (exchanging their ids
  maps the facts onto themselves, the ordering facts aside): where a player divides something
  among them (510.1c), the rules keep the division that gives the earlier one no less.

Each canonical outcome stands for the outcomes its names can be permuted into. `check` and the
JSON lists `outcomes.always` / `outcomes.sometimes` read the answer up to those permutations
(`orbit`), so an expectation means what it meant when every order was searched.
"""
from __future__ import annotations

from itertools import permutations
from typing import Iterable, Sequence

from clingo import Function, Symbol, SymbolType

# facts that only order objects (a tie-break, or the canonical order itself): left out when
# telling whether two objects are interchangeable
ORDER_FACTS = frozenset({"timestamp", "object_rank"})
Classes = tuple[tuple[Symbol, ...], ...]


def interchangeable(facts: Sequence[Symbol], candidates: Iterable[Symbol]) -> Classes:
    """Classes (two or more, sorted) of `candidates` that the facts cannot tell apart:
    exchanging two neighbours of a class maps the facts mentioning either onto themselves (so
    every permutation of the class does)."""
    candidates = set(candidates)
    mentions: dict[Symbol, list[Symbol]] = {c: [] for c in candidates}
    for fact in facts:
        if fact.name in ORDER_FACTS:
            continue
        for c in _constants(fact) & candidates:
            mentions[c].append(fact)
    by_shape: dict[frozenset, list[Symbol]] = {}
    for c in sorted(candidates):
        shape = frozenset(_rename(f, {c: _HOLE}) for f in mentions[c])
        by_shape.setdefault(shape, []).append(c)
    out = []
    for group in by_shape.values():
        for cls in _split(group, mentions):
            if len(cls) > 1:
                out.append(tuple(cls))
    return tuple(sorted(out))


_HOLE = Function("_")


def _split(group: list[Symbol], mentions: dict[Symbol, list[Symbol]]) -> list[list[Symbol]]:
    """Runs of `group` whose neighbours may be exchanged."""
    runs: list[list[Symbol]] = []
    for c in group:
        if runs and _swaps(runs[-1][-1], c, mentions):
            runs[-1].append(c)
        else:
            runs.append([c])
    return runs


def _swaps(a: Symbol, b: Symbol, mentions: dict[Symbol, list[Symbol]]) -> bool:
    both = set(mentions[a]) | set(mentions[b])
    return {_rename(f, {a: b, b: a}) for f in both} == both


def _constants(term: Symbol) -> set[Symbol]:
    if term.type != SymbolType.Function:
        return set()
    out = {term} if not term.arguments else set()
    for arg in term.arguments:
        out |= _constants(arg)
    return out


def _rename(term: Symbol, names: dict[Symbol, Symbol]) -> Symbol:
    if term in names:
        return names[term]
    if term.type != SymbolType.Function or not term.arguments:
        return term
    return Function(term.name, [_rename(a, names) for a in term.arguments], term.positive)


def orbit(atom: Symbol, classes: Classes) -> set[Symbol]:
    """Every atom a permutation of the classes' members makes of `atom` (itself included)."""
    images = {atom}
    for cls in classes:
        images = {image for a in images for image in _images(a, cls)}
    return images


def _images(atom: Symbol, cls: tuple[Symbol, ...]) -> set[Symbol]:
    present = [m for m in cls if _occurs(m, atom)]
    if not present:
        return {atom}
    return {_rename(atom, dict(zip(present, image))) for image in permutations(cls, len(present))}


def _occurs(member: Symbol, term: Symbol) -> bool:
    if term == member:
        return True
    return term.type == SymbolType.Function and any(_occurs(member, a) for a in term.arguments)


def holding(atom: Symbol, models: Sequence[frozenset[Symbol]], classes: Classes) -> tuple[int, int]:
    """In how many canonical outcomes some image of `atom` holds, and in how many every image
    does (the contract's `sometimes` and `always` read over the permuted outcomes)."""
    images = orbit(atom, classes) if classes else {atom}
    some = sum(1 for m in models if not images.isdisjoint(m))
    every = sum(1 for m in models if images <= m)
    return some, every


def full_lists(always: frozenset[Symbol], union: frozenset[Symbol],
               classes: Classes) -> tuple[frozenset[Symbol], frozenset[Symbol]]:
    """`always` and `sometimes` over every permuted outcome: an atom holds always when each of
    its images does in every canonical outcome; sometimes when some image holds somewhere."""
    if not classes:
        return always, union - always
    full_always = frozenset(a for a in always if orbit(a, classes) <= always)
    images = frozenset().union(*(orbit(a, classes) for a in union))
    return full_always, images - full_always


def trigger_classes(choices: Iterable[frozenset[Symbol]]) -> list[tuple[Symbol, ...]]:
    """The groups of identical triggers put on the stack in the canonical order
    (`any_order(Item,Group)` choices), each as its items."""
    groups: dict[Symbol, set[Symbol]] = {}
    for chosen in choices:
        for c in chosen:
            if c.name == "any_order" and len(c.arguments) == 2:
                groups.setdefault(c.arguments[1], set()).add(c.arguments[0])
    return [tuple(sorted(items)) for items in groups.values() if len(items) > 1]


def merged(classes: Iterable[Sequence[Symbol]]) -> Classes:
    """Classes sharing a member merged into one (a permutation of either acts on both)."""
    out: list[set[Symbol]] = []
    for cls in classes:
        cls = set(cls)
        for other in [o for o in out if o & cls]:
            cls |= other
            out.remove(other)
        out.append(cls)
    return tuple(sorted(tuple(sorted(c)) for c in out))
