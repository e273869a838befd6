"""The game-agnostic core: read a scenario, build the rule base, solve, explain.

Packages in pipeline order, lowest first: `base` (records, errors, terms, the on-disk cache),
`source` (reading input), `rules` (the rule base), `registry` (the games by name), `solve`,
`explain`, `game` (the interface a game implements), `run` (a command's engine). The main
names are re-exported here, imported when first used (so importing one low module does not
load the whole engine)."""
from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Engine": ".run.engine", "AskResult": ".run.engine", "Deadline": ".run.deadline",
    "Game": ".game", "GAMES": ".registry", "game_of": ".registry", "game_named": ".registry",
    "RuleBase": ".rules.rulebase", "Answer": ".solve.solve",
    "RulekeeperError": ".base.errors", "ScenarioError": ".base.errors",
    "ImpossibleSituation": ".base.errors", "SolverTimeout": ".base.errors",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name], __name__), name)
