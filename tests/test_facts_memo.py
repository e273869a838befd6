"""solve.scenario_facts is built once per scenario and layout (a solve asks for it three
times), and built again when a field of the scenario is given another value (legal.py empties
the actions and choices of a loaded scenario)."""
from __future__ import annotations

from pathlib import Path

from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.core.solve.solve import FIRST_CHECKS, _Layout, scenario_facts

SCENARIO = Path(__file__).resolve().parent.parent / "scenarios/mtg/6-spells-abilities/601-coloured-mana-divination.yaml"


def test_facts_are_kept_per_layout_and_rebuilt_for_new_field_values():
    scen = Engine().load(SCENARIO)
    line = _Layout(FIRST_CHECKS, exact_names=False)
    first = scenario_facts(scen, line)
    again = scenario_facts(scen, line)
    assert again == first and again is not first
    again.clear()                                   # a caller's list is its own
    assert scenario_facts(scen, line) == first
    doubled = scenario_facts(scen, _Layout(FIRST_CHECKS * 2, exact_names=False))
    assert len([f for f in doubled if f.name == "check"]) > len([f for f in first if f.name == "check"])
    assert any(f.name == "event" for f in first)    # the cast
    scen.actions = []
    emptied = scenario_facts(scen, line)
    assert not any(f.name in ("event", "action_index", "action_start") for f in emptied)
