"""Every scenario under scenarios/ is one test: its expect must hold."""
from __future__ import annotations

import pytest

from scenario_index import SCENARIOS, all_scenarios

CASES = all_scenarios()


@pytest.mark.parametrize("path", [c[0] for c in CASES],
                         ids=[f"{c[0].relative_to(SCENARIOS)}::{c[1]}" for c in CASES])
def test_scenario(engine, path):
    result = engine.check(path)
    assert result.ok, "\n".join(result.failures)


def test_there_are_scenarios():
    assert len(CASES) >= 30
