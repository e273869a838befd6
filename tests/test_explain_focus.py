"""Explaining after a plain solve (bridge/core/solve/explain_focus.py): `ask` gets the very supports the
solve with every explanation rule gives, for every atom a derivation of an outcome atom reaches."""
from __future__ import annotations

import random

import pytest
from clingo import Function, Number, String

from rulekeeper.bridge.core.solve import explain_focus

from rulekeeper.bridge.core.solve import solve as solving
from rulekeeper.bridge.core.run.deadline import KEEP_DERIVATIONS, _reachable, flatten, restore
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
    """Per outcome, the entries (`rk_why`, `rk_allow`) of every atom a derivation of its outcome
    atoms visits, as they reach the parent process. (The focused side sends every atom it
    explained: a few more, the ones only a step not preferred leads to.)"""
    back = restore(flatten(answer, KEEP_DERIVATIONS, rules))
    out = {}
    for model, sup in zip(back.models, back.supports):
        visited = sorted(map(str, _reachable(model, sup, rules)))
        out[frozenset(map(str, model))] = ({a: sup.raw[a] for a in visited if a in sup.raw},
                                           {a: sup.allows[a] for a in visited if a in sup.allows})
    return out


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
    mixed = explain_focus.explain_model(program, shuffled)
    assert _entries(mixed) == _entries(ordered)
    assert ordered.raw


def test_only_atoms_reachable_from_the_outcome_are_explained(engine):
    scen = engine.load(CASES[2])
    rules = engine.scenario_rules(scen)
    ctl = solving.grounded_control(scen, rules)
    found = []
    ctl.solve(on_model=lambda m: found.append(list(m.symbols(atoms=True))) or False)
    program = explain_focus.program_text(rules, None)
    heads = set(explain_focus.explain_model(program, found[0]).raw)
    derived = [a for a in found[0] if a.name not in ("time", "step", "check", "final")]
    assert 0 < len(heads) < len(derived)
    outcomes = {str(Function("outcome", [a.arguments[0]])) for a in found[0]
                if a.name == "outcome"}
    assert outcomes <= heads


def _entries(support):
    return ({h: sorted(e) for h, e in support.raw.items()},
            {h: sorted(e) for h, e in support.allows.items()})


def test_the_shown_text_is_split_as_term_by_term():
    """FocusSupport.of splits the printed terms; a string holding the shown name or the mark
    makes it read them term by term instead: the same entries either way."""
    def shown(index, subject, body):
        return Function(explain_focus.SHOWN, [Function("why"), Number(index), subject,
                                              Function(explain_focus.MARK), Function("", body)])
    odd = String(f'x),{explain_focus.SHOWN}(why,1,a,{explain_focus.MARK},(b,)')
    plain = [shown(3, Function("p", [Number(1)]), [Function("q", [String("a,(b")])]),
             shown(4, Function("p", [Number(1)]), []),
             Function(explain_focus.SHOWN, [Function("allow"), Number(5), Function("r"),
                                            Function(explain_focus.MARK), Function("c")]),
             shown(6, Function("s", [Number(2)], False), [Function("t"), Function("u")])]
    for terms in (plain, plain[:1], [], plain + [shown(7, Function("v", [odd]), [odd])]):
        support = explain_focus.FocusSupport.of(terms)
        assert _entries(support) == _entries(explain_focus.FocusSupport._one_by_one(terms))
    support = explain_focus.FocusSupport.of(plain)
    assert support.raw == {"p(1)": [(3, '(q("a,(b"),)'), (4, "()")], "-s(2)": [(6, "(t,u)")]}
    assert support.allows == {"r": [(5, "c")]}
    assert support.get(Function("p", [Number(1)]))[0] == (3, (Function("q", [String("a,(b")]),))
    assert support.allowed_by(Function("r")) == [(5, Function("c"))]


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
    from rulekeeper.bridge.core.explain.explain import TIMING_FACTS
    assert explain_focus.NOT_FOLLOWED == TIMING_FACTS
