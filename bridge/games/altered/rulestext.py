"""The numbered rules of Altered for `coverage`: the pack's own list of rule numbers
(rules_asp/altered/rule-numbers.yaml, numbers and our titles), or a rules text the user gives
(`coverage --pack altered --cr FILE`: lines starting with a number such as `7.4.5.c`)."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from ...core.base.errors import ScenarioError
from ...core.rules.crtext import CRRule, _read_text

RULE_LINE = re.compile(r"^(\d{1,2}(?:\.\d+){2,}\.[a-z])\s")
REFERENCE = re.compile(r"\b(\d{1,2}(?:\.\d+){1,}(?:\.[a-z])?)\b")


def read_altered_rules(path: str | Path) -> list[CRRule]:
    """The numbered rules of an Altered rules text (or of the pack's rule-numbers.yaml)."""
    path = Path(path)
    if path.suffix == ".yaml":
        return pack_rule_list(path)
    text = _read_text(path)
    rules = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = RULE_LINE.match(line)
        if match:
            rest = line[match.end():]
            refs = [r for r in REFERENCE.findall(rest) if r != match.group(1)]
            rules.append(CRRule(match.group(1), number, refs, rest.strip()))
    if not rules:
        raise ScenarioError(str(path), None, "--cr", "no numbered Altered rules found (lines "
                            "starting with a number such as 7.4.5.c)")
    return sorted(rules, key=lambda r: [int(p) if p.isdigit() else p for p in r.number.split(".")])


def pack_rule_list(path: Path | None = None) -> list[CRRule]:
    """The rule numbers the pack records (rules_asp/altered/rule-numbers.yaml), in order."""
    if path is None:
        from ....rules_asp import RULES_DIR
        path = RULES_DIR / "altered" / "rule-numbers.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    return [CRRule(str(item["rule"]), i + 1, []) for i, item in enumerate(data)]


def pack_rule_titles(path: Path | None = None) -> dict[str, str]:
    """Rule number -> our one-line title."""
    if path is None:
        from ....rules_asp import RULES_DIR
        path = RULES_DIR / "altered" / "rule-numbers.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    return {str(item["rule"]): str(item["title"]) for item in data}
