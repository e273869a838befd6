"""Explaining after a plain solve (bridge/explain_focus.py): `ask` gets the very supports the
solve with every explanation rule gives, for every atom a derivation of an outcome atom reaches."""
from __future__ import annotations

import random

import pytest
from clingo import Function

from rulekeeper.bridge import explain_focus, solve as solving
from rulekeeper.bridge.deadline import KEEP_DERIVATIONS, flatten
from conftest import SCENARIOS

MTG = SCENARIOS / "mtg"
CASES = [
    MTG / "6-spells-abilities/costs/702.33a-kicked-into-the-roil.yaml",      # rk_allow supports
    MTG / "6-spells-abilities/triggers/603-etb-waits-on-stack.yaml",         # several actions
    MTG / "613-layers/613.1e-colour-change.yaml",                           # a characteristic
    SCENARIOS / "almos/1000.2f-occupant-dies.yaml",
    MTG / "combat/510.1c-two-blockers-divide.yaml",                         # six outcomes
]


def _answers(engine, path, monkeypatch):
    scen = engine.load(path)
    rules = engine.scenario_rules(scen)
    solving.prepare_explanations(rules)
    solving.prepare_control(rules, True)
    whole = solving.solve(scen, rules, explain=True)
    monkeypatch.setenv("RULEKEEPER_EXPLAIN_FOCUS", "1")
    focused = solving.solve(scen, rules, explain=True, focus=True)
    return rules, whole, focused


def _by_outcome(answer, rules):
    flat = flatten(answer, KEEP_DERIVATIONS, rules)
    return {model: (dict(why), dict(allows)) for model, (why, allows)
            in zip(flat.models, flat.supports)}


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_focused_supports_are_those_of_the_whole_solve(engine, path, monkeypatch):
    rules, whole, focused = _answers(engine, path, monkeypatch)
    assert set(focused.models) == set(whole.models)
    assert focused.checks == whole.checks and focused.truncated == whole.truncated
    assert _by_outcome(focused, rules) == _by_outcome(whole, rules)
    assert any(why for why, _ in _by_outcome(focused, rules).values())


def test_allow_conditions_come_back(engine, monkeypatch):
    rules, whole, focused = _answers(engine, CASES[0], monkeypatch)
    allows = [a for _, a in _by_outcome(focused, rules).values() if a]
    assert allows and allows == [a for _, a in _by_outcome(whole, rules).values() if a]


def test_action_by_action_run_is_explained_as_one_model(engine, monkeypatch):
    monkeypatch.setenv("RULEKEEPER_MULTISHOT", "1")
    monkeypatch.setenv("RULEKEEPER_MULTISHOT_POINTS", "1")     # one segment per action
    rules, whole, focused = _answers(engine, CASES[1], monkeypatch)
    assert _by_outcome(focused, rules) == _by_outcome(whole, rules)


def test_atoms_in_any_order_give_the_same_supports(engine):
    """The model's atoms are loaded by predicate runs; out of order, the check sees atoms
    missing and loads them one by one instead: the same supports either way."""
    scen = engine.load(CASES[2])
    rules = engine.scenario_rules(scen)
    ctl = solving.grounded_control(scen, rules)
    found = []
    ctl.solve(on_model=lambda m: found.append(list(m.symbols(atoms=True))) or False)
    atoms = found[0]
    program = explain_focus.program_text(rules, None)
    ordered = explain_focus.explain_model(program, atoms)
    shuffled = list(atoms)
    random.Random(3).shuffle(shuffled)
    assert set(explain_focus.explain_model(program, shuffled)) == set(ordered)
    assert any(s.name == "rk_why" for s in ordered)


def test_only_atoms_reachable_from_the_outcome_are_explained(engine):
    scen = engine.load(CASES[2])
    rules = engine.scenario_rules(scen)
    ctl = solving.grounded_control(scen, rules)
    found = []
    ctl.solve(on_model=lambda m: found.append(list(m.symbols(atoms=True))) or False)
    program = explain_focus.program_text(rules, None)
    whys = [s for s in explain_focus.explain_model(program, found[0]) if s.name == "rk_why"]
    derived = [a for a in found[0] if a.name not in ("time", "step", "check", "final")]
    assert 0 < len({s.arguments[1] for s in whys}) < len(derived)
    outcomes = {Function("outcome", [a.arguments[0]]) for a in found[0] if a.name == "outcome"}
    assert outcomes <= {s.arguments[1] for s in whys}


def test_focus_pays_on_large_scenarios_only(engine, monkeypatch):
    small = engine.load(CASES[2])
    layout = solving._Layout(solving.FIRST_CHECKS, False)
    monkeypatch.delenv("RULEKEEPER_EXPLAIN_FOCUS", raising=False)
    assert not solving.focus_pays(small, layout)
    monkeypatch.setenv("RULEKEEPER_EXPLAIN_FOCUS", "1")
    assert solving.focus_pays(small, layout)
    monkeypatch.setenv("RULEKEEPER_EXPLAIN_FOCUS", "0")
    assert not solving.focus_pays(small, layout)


def test_the_time_layout_is_not_followed_as_a_derivation_is():
    from rulekeeper.bridge.explain import TIMING_FACTS
    assert explain_focus.NOT_FOLLOWED == TIMING_FACTS
