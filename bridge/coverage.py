"""Coverage: which rule numbers are encoded, where, and which scenarios cite them."""
from __future__ import annotations

from pathlib import Path


def coverage_report(engine, packs: list[str]) -> dict:
    rules = engine.rules(packs)
    out: dict[str, dict] = {}
    for info in rules.rules:
        if info.is_model:
            continue
        entry = out.setdefault(info.rule, {"summary": rules.summary(info.rule), "files": [],
                                           "statements": 0})
        entry["statements"] += 1
        if info.file not in entry["files"]:
            entry["files"].append(info.file)
    ordered = dict(sorted(out.items(), key=lambda kv: rule_sort_key(kv[0])))
    return {"packs": packs, "rules": ordered}


def rule_sort_key(number: str) -> tuple:
    import re
    parts = re.findall(r"\d+|[a-z]+", number)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)


def cited_rules(text: str) -> set[str]:
    """Rule numbers written in a scenario's title or description."""
    import re
    return set(re.findall(r"\b\d{3,4}(?:\.\d+[a-z]?)?\b", text))
