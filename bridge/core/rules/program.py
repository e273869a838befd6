"""The rules as the program text clingo is given: the rule base's statements and rules, and
with explanations the transformed rules (transform.why_rules) kept in the persistent cache, so
a process neither re-parses nor re-transforms the rule files."""
from __future__ import annotations

from typing import Collection

from ..base import rulecache
from .names import ALLOW, VIOLATED, WHY
from .rulebase import RuleBase

__all__ = ["ALLOW", "VIOLATED", "WHY", "rules_text", "why_texts", "why_by_rule"]


def rules_text(rules: RuleBase, explain: bool = False, live: Collection[int] | None = None) -> str:
    """The program of a rule base (and its explanation rules), as clingo text; with `live`
    (relevance.live_rules), only the rules of those indices and their explanation rules."""
    if live is None:
        parts = rules.statement_texts + [info.text for info in rules.rules]
        if explain:
            parts += why_texts(rules)
        return "\n".join(parts)
    parts = rules.statement_texts + [info.text for info in rules.rules if info.index in live]
    if explain:
        parts += [t for index, texts in why_by_rule(rules) if index in live for t in texts]
    return "\n".join(parts)


def why_texts(rules: RuleBase) -> list[str]:
    """The explanation rules, as text: transformed once per set of rule files (cached on
    disk under the rule base's key, and on the rule base for this process)."""
    return [t for _, texts in why_by_rule(rules) for t in texts]


def why_by_rule(rules: RuleBase) -> list[tuple[int, list[str]]]:
    """Each rule's index and its explanation rules as text, in rule order."""
    cached = vars(rules).get("_why_texts")
    if cached is not None and cached[0] is rules.rules:
        return cached[1]
    # the whole base's choice heads are cached with its transform; a copy's are computed
    chosen = None
    if _whole(rules) is not rules.rules:
        from .transform import choice_heads
        chosen = choice_heads(rules.rules)
    by_index = _full_why(rules, chosen)
    if by_index is None:        # a copy without some rules (mutation tests) chooses otherwise
        from .transform import why_rules
        texts = [(info.index, [str(r) for r in why_rules(info, chosen)]) for info in rules.rules]
    else:
        texts = [(info.index, by_index.get(str(info.index), [])) for info in rules.rules]
    vars(rules)["_why_texts"] = (rules.rules, texts)
    return texts


def _full_why(rules: RuleBase, chosen: set[tuple[str, int]] | None) -> dict[str, list[str]] | None:
    """The explanation rules of the whole rule base by rule index, if `chosen` (None: the whole
    base's) is its choice heads (then a rule's explanation rules do not depend on which other
    rules are kept)."""
    full = vars(rules).get("_why_full")
    if full is None:
        data = rulecache.load("why", rules.cache_key)
        if not _well_formed(data):
            data = _transform(rules)
            rulecache.store("why", rules.cache_key, data)
        full = data
        vars(rules)["_why_full"] = full
    if chosen is not None and {tuple(c) for c in full["chosen"]} != chosen:
        return None
    return full["rules"]


def _transform(rules: RuleBase) -> dict:
    """The explanation transform of every rule of the whole rule base (the expensive part)."""
    from .transform import choice_heads, why_rules
    everything = _whole(rules)
    chosen = choice_heads(everything)
    return {"chosen": sorted(chosen),
            "rules": {str(info.index): [str(r) for r in why_rules(info, chosen)]
                      for info in everything}}


def _whole(rules: RuleBase) -> list:
    """The rule list of the base `rules` was copied from (without() keeps it in `full_rules`)."""
    return vars(rules).get("full_rules", rules.rules)


def _well_formed(data: object) -> bool:
    return (isinstance(data, dict) and isinstance(data.get("chosen"), list)
            and isinstance(data.get("rules"), dict)
            and all(isinstance(v, list) for v in data["rules"].values()))
