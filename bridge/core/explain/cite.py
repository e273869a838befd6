"""Which rules a ruling cites for a change: the deciding ones, not every rule met on the walk.

The selection (docs/rulings-style.md):
1. Walk the derivation of the outcome atom breadth-first, nearest first, skipping bookkeeping
   (`model:` statements are spliced out of derivations) and plumbing predicates; how an
   object's characteristics were computed is skipped unless the atom is a characteristic.
2. A statement can only decide a case if its head predicate has another way to hold: some
   statement of a different rule number derives the same predicate. A predicate only one rule
   number derives (power after layer 7, combat power, `occurs`) holds whatever the case is, so
   the rule behind it decides nothing and is not cited.
3. The first deciding statement met is the rule whose statement produced the change; the next
   deciding ones (up to three in all, distinct numbers) are the rules that made it apply.
Each citation carries the summary of the statement that was used, so a number annotated on
several statements is cited with the words that fit this case.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from clingo import Function, Symbol

from ..base.record import Record
from ..base.symbols import Reader
from ..registry import game_of_rules
from ..rules.rulebase import RuleBase
from .explain import Node, derivation, skipped_predicates

LIMIT = 3
# Rules that change how the general rules apply: keyword abilities, static abilities, P/T effects,
# looking back in time, X on a free cast, additional costs, replacement and prevention, and
# the Almos pack. When one took part in a derivation it is what decided the case.
RECIPIENTS = ("510.1",)
# Where the outcome is a characteristic, the steps that are effects on it (not the passes of
# the layer system that carry a value through when no effect applies).
EFFECT_STEPS = {"pt_change", "set_power", "set_toughness", "applies", "stage"}
MODIFIERS = ("702.", "611.", "603.10", "107.3", "118.8", "614.", "615.", "1000.")


class Citation(NamedTuple):
    """A rule number and its summary, as a ruling cites it."""

    rule: str
    summary: str

    def text(self) -> str:
        return f"{self.rule} {self.summary}".strip()


def deciding_predicates(rules: RuleBase) -> set[tuple[str, int]]:
    """Head predicates derived by statements of at least two rule numbers (kept with the base)."""
    cached = vars(rules).get("_deciding")
    if cached is not None and cached[0] is rules.rules:
        return cached[1]
    numbers: dict[tuple[str, int], set[str]] = {}
    for info in rules.rules:
        if info.is_model:
            continue
        for head in info.heads:
            numbers.setdefault(head, set()).add(info.rule)
    found = {head for head, nums in numbers.items() if len(nums) > 1}
    vars(rules)["_deciding"] = (rules.rules, found)
    return found


@dataclass(repr=False, eq=False)
class _Step(Record):
    """A rule met on the walk: the statement, whether its head can decide a case, whether it
    came in as a condition that let a constraint pass (a guard)."""

    rule: str
    summary: str
    deciding: bool
    guard: bool
    predicate: str = ""


def _walk(atom: Symbol, support, rules: RuleBase) -> list[_Step]:
    """Rules of the derivation, nearest first (breadth-first), bookkeeping left out. Where a
    constraint let an atom of the walk hold because some condition held (`rk_allow`), the
    constraint and the derivation of that condition join the walk as guards."""
    deciding = deciding_predicates(rules)
    skip = skipped_predicates(atom, rules)
    frontier = [(derivation(Function("outcome", [atom]), support, rules), False)]
    seen: set[int] = set()
    out: list[_Step] = []
    allowed_by = getattr(support, "allowed_by", None)
    read = Reader()
    while frontier:
        nxt: list[tuple[Node, bool]] = []
        for node, guard in frontier:
            if id(node) in seen:
                continue
            seen.add(id(node))
            if node.rule is not None:
                handle = read.handle(node.atom)
                name = read.name(handle)
                if name not in skip:
                    signature = (name, len(read.arguments(handle)))
                    out.append(_Step(node.rule.rule, node.rule.summary, signature in deciding,
                                     guard, name))
            nxt += [(child, guard) for child in node.children]
            for index, condition in (allowed_by(node.atom) if allowed_by else []):
                info = rules.rules[index]
                out.append(_Step(info.rule, info.summary, True, True))
                nxt.append((derivation(condition, support, rules), True))
        frontier = nxt
    return out


def _modifier(step: _Step, characteristic: bool = False) -> bool:
    """A rule that changes how the general rules apply (a keyword's own rule, not 702.1's
    "objects have the keywords printed on them"; for a characteristic, a layer's effects)."""
    if characteristic and step.predicate in EFFECT_STEPS:
        return True
    return step.rule.startswith(MODIFIERS) and step.rule != "702.1"


def _tier(step: _Step, characteristic: bool = False) -> int:
    """After the producing rule: guards and the rules that modify the general ones first, then
    the rules that say who a combatant's damage goes to, then the others (nearest first)."""
    if step.guard or _modifier(step, characteristic):
        return 0
    if step.rule.startswith(RECIPIENTS):
        return 1
    return 2


def cite(atom: Symbol, support, rules: RuleBase, limit: int = LIMIT) -> list[Citation]:
    """The one to three rules that decided `atom` in the outcome `support` belongs to."""
    steps = _walk(atom, support, rules)
    characteristic = atom.name in game_of_rules(rules).characteristic_outcomes
    # a characteristic is computed by one chain for every object: the effects in it decide
    candidates = [s for s in steps if s.deciding or _modifier(s, characteristic)]
    if not candidates:        # only single-rule predicates: the nearest one still says why
        return [Citation(steps[0].rule, steps[0].summary)] if steps else []
    if characteristic:                   # the effect that changed it, before the base
        picked: list[Citation] = []
        rest = candidates
    else:
        picked = [Citation(candidates[0].rule, candidates[0].summary)]
        rest = candidates[1:]
    ranked = sorted(enumerate(rest), key=lambda e: (_tier(e[1], characteristic), e[0]))
    for _, step in ranked:
        if len(picked) == limit:
            break
        if all(c.rule != step.rule for c in picked):
            picked.append(Citation(step.rule, step.summary))
    return picked


def cite_in_answer(atom: Symbol, answer, rules: RuleBase, model: int | None = None,
                   limit: int = LIMIT) -> list[Citation]:
    """Citations for `atom` in the given outcome, or in the first outcome where it holds."""
    indices = [model] if model is not None else [
        i for i, m in enumerate(answer.models) if atom in m]
    for index in indices:
        if index < len(answer.supports):
            found = cite(atom, answer.supports[index], rules, limit)
            if found:
                return found
    return []
