"""The bundled scenarios, each with its title and the rule numbers it cites."""
from __future__ import annotations

from pathlib import Path

import yaml

from rulekeeper.bridge.coverage import cited_rules

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def all_scenarios() -> list[tuple[Path, str, set[str]]]:
    out = []
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        text = f"{data.get('title', '')} {data.get('description', '')}"
        out.append((path, str(data.get("title", path.stem)), cited_rules(text)))
    return out
