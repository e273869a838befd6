"""Every scenario under scenarios/ is one test: its expect must hold."""
from __future__ import annotations

import pytest
from rulekeeper.bridge.core.solve.solve import DEFAULT_TIMEOUT
from rulekeeper.bridge.tools.runner import Checker
from scenario_index import SCENARIOS, all_scenarios

CASES = all_scenarios()


@pytest.fixture(scope="module")
def checker(engine):
    """One solving worker for the module's scenarios, as `rulekeeper test` checks them
    (runner.Checker: forked once, not once per scenario)."""
    held = Checker(engine, DEFAULT_TIMEOUT)
    yield held
    held.close()


@pytest.mark.parametrize("path", [c[0] for c in CASES],
                         ids=[f"{c[0].relative_to(SCENARIOS)}::{c[1]}" for c in CASES])
def test_scenario(checker, path):
    result = checker.check(path)
    assert result.ok, "\n".join(result.failures)


def test_there_are_scenarios():
    assert len(CASES) >= 30
