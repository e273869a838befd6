"""What the solving child sends back (deadline.flatten): with KEEP_DERIVATIONS only the part of
each model's support that derivations of its outcome atoms reach, and those derivations are the
same as from the whole support."""
from __future__ import annotations

import pickle
from pathlib import Path

from rulekeeper.bridge.core.explain.cite import cite_in_answer
from rulekeeper.bridge.core.run.deadline import KEEP_ALL, KEEP_DERIVATIONS, KEEP_FIRST, flatten, restore
from rulekeeper.bridge.core.explain.explain import rules_behind
from rulekeeper.bridge.core.solve.solve import prepare_explanations, solve

MTG = Path(__file__).resolve().parent.parent / "scenarios" / "mtg"
TWO_BLOCKERS = MTG / "combat" / "510.1c-two-blockers-divide.yaml"


def test_derivations_only_are_smaller_and_explain_the_same(engine):
    scen = engine.load(TWO_BLOCKERS)
    rules = engine.scenario_rules(scen)
    prepare_explanations(rules)
    answer = solve(scen, rules, explain=True)
    assert len(answer.models) > 1
    sent = {keep: pickle.dumps(flatten(answer, keep, rules))
            for keep in (KEEP_ALL, KEEP_DERIVATIONS, KEEP_FIRST)}
    assert len(sent[KEEP_DERIVATIONS]) * 2 < len(sent[KEEP_ALL])
    slim = restore(pickle.loads(sent[KEEP_DERIVATIONS]))
    whole = restore(pickle.loads(sent[KEEP_ALL]))
    assert slim.models == whole.models and slim.choices == whole.choices
    for i, model in enumerate(answer.models):
        for atom in model:
            expected = rules_behind(atom, answer.supports[i], rules)
            assert rules_behind(atom, slim.supports[i], rules) == expected
            assert rules_behind(atom, whole.supports[i], rules) == expected
            assert cite_in_answer(atom, slim, rules, i) == cite_in_answer(atom, answer, rules, i)
    first = restore(pickle.loads(sent[KEEP_FIRST]))
    assert set(first.supports[0].raw) == set(whole.supports[0].raw)       # why-not reads it all
    assert set(first.supports[1].raw) == set(slim.supports[1].raw)
