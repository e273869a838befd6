"""The bundled scenarios, each with its title and the rule numbers it cites."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from rulekeeper.bridge.tools.coverage import cited_rules
from rulekeeper.bridge.core.run.engine import Engine

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


@cache
def all_scenarios() -> list[tuple[Path, str, set[str]]]:
    out = []
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        text = f"{data.get('title', '')} {data.get('description', '')}"
        out.append((path, str(data.get("title", path.stem)), cited_rules(text)))
    return out


@cache
def shared_engine() -> Engine:
    """One engine per test process: the rule bases are parsed once, for the fixture and for
    the modules that need them at collection time (under xdist, once per worker)."""
    return Engine()
