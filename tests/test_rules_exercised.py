"""Every encoded rule is exercised: drop the statements of a rule number and some scenario
that cites it must fail. A rule no scenario notices is either untested or dead code."""
from __future__ import annotations

import pytest

from rulekeeper.bridge.core.run.check import check_expectations
from rulekeeper.bridge.core.base.errors import RulekeeperError, SolverTimeout
from rulekeeper.bridge.core.solve.solve import solve
from scenario_index import all_scenarios, shared_engine

CASES = all_scenarios()
NUMBERS = sorted(shared_engine().rules(["mtg", "almos"]).rule_numbers())


def _fails_without(engine, number: str, path) -> bool:
    scen = engine.load(path)
    mutated = engine.rules(scen.rules).without(number)
    try:
        answer = _solve_patiently(scen, mutated)
    except RulekeeperError:
        return scen.expect.impossible is None
    except RuntimeError:       # the mutated program does not even ground: the rule is needed
        return True
    return not check_expectations(scen, answer).ok


def _solve_patiently(scen, rules):
    """Solve as `check` does (20 s); a timeout is no verdict, so it is retried once with 300 s and
    then raised as a test error: a removal must never pass because a loaded machine timed out."""
    try:
        return solve(scen, rules, timeout=20, needed=True)
    except SolverTimeout:
        pass
    try:
        return solve(scen, rules, timeout=300, needed=True)
    except SolverTimeout as exc:
        raise AssertionError(f"no verdict: the mutated scenario timed out twice ({exc})") from exc


def test_every_rule_number_is_cited_by_a_scenario(engine):
    cited = set().union(*(c[2] for c in CASES))
    missing = [n for n in NUMBERS if n not in cited]
    assert not missing, f"rule numbers no scenario names in its title or description: {missing}"


@pytest.mark.parametrize("number", NUMBERS)
def test_removing_the_rule_breaks_a_scenario(engine, number):
    # scenarios naming the number in their title first: they are the likeliest to notice its
    # removal, and any() stops at the first that does (the verdict does not depend on order)
    citing = [c[0] for c in sorted(CASES, key=lambda c: number not in c[1]) if number in c[2]]
    if not citing:
        pytest.fail(f"no scenario cites {number}")
    assert any(_fails_without(engine, number, p) for p in citing), (
        f"removing the statements annotated {number} changes no expectation of the scenarios "
        f"that cite it: {[str(p.name) for p in citing]}")
