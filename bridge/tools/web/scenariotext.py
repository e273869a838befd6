"""A scenario between the builder's data and YAML text: the YAML a download gives (and
`rulekeeper ask` reads), and the data of an uploaded file, read with the project's own YAML
reader (safe loader, size, depth and alias limits, messages with lines)."""
from __future__ import annotations

from typing import Any

import yaml

from ...core.base.errors import ScenarioError
from ...core.source.source import MAX_BYTES
from ...core.source.yamlsrc import load_yaml

MAX_DEPTH = 40          # as the YAML reader: more levels are refused
NAME = "scenario"


def scenario_text(data: dict[str, Any], limit: int = MAX_BYTES) -> str:
    """The scenario data as YAML (keys in the builder's order)."""
    _depth(data, 0)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None,
                          width=100)
    if len(text.encode("utf-8")) > limit:
        raise ScenarioError(NAME, None, "scenario", f"the scenario is too large (at most "
                            f"{limit:,} bytes as YAML)")
    return text


def scenario_data(text: str, limit: int = MAX_BYTES) -> Any:
    """An uploaded scenario file's data (a YAML fault: the error with its line)."""
    if len(text.encode("utf-8")) > limit:
        raise ScenarioError(NAME, None, "", f"the file is too large (a scenario may have at "
                            f"most {limit:,} bytes)")
    located = load_yaml(text, NAME)
    if not isinstance(located.data, dict):
        raise ScenarioError(NAME, 1, "", "a scenario is a YAML mapping (title, players, ...)")
    return located.data


def _depth(value: Any, level: int) -> None:
    if level > MAX_DEPTH:
        raise ScenarioError(NAME, None, "scenario", f"more than {MAX_DEPTH} levels of nesting")
    if isinstance(value, dict):
        for item in value.values():
            _depth(item, level + 1)
    elif isinstance(value, list):
        for item in value:
            _depth(item, level + 1)
