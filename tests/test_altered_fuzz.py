"""Altered scenarios edited as a user's typos and an attacker's files would be: every command
ends with exit 0, 1, 2 or 3, no traceback, and no text of the file reaching clingo as program
text (the same harness as tests/test_fuzz.py, drawing from scenarios/altered only)."""
from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from fuzz import strategies as gen
from fuzz.harness import Harness
from scenario_index import shared_engine

TIMEOUT, MARGIN = 3.0, 4.0
ALTERED = [(name, doc) for name, doc in gen.bundled() if doc.get("rules") == ["altered"]]


@pytest.fixture(scope="module")
def harness(tmp_path_factory) -> Harness:
    return Harness(tmp_path_factory.mktemp("fuzz-altered"), shared_engine())


@st.composite
def altered_edit(draw) -> gen.FuzzInput:
    name, original = draw(st.sampled_from(ALTERED))
    doc = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(gen._paths(doc)))
        op = draw(st.sampled_from(["replace", "delete", "rename", "duplicate", "near"]))
        doc = gen._mutate(draw, doc, path, op)
    return gen.FuzzInput("altered", draw(gen.commands(TIMEOUT)), gen._dump(doc),
                         notes={"base": name})


def test_there_are_altered_scenarios_to_fuzz():
    assert len(ALTERED) >= 20


@settings(max_examples=40, deadline=None, database=None, derandomize=True,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
@given(inp=altered_edit())
def test_edited_altered_scenarios_end_cleanly(harness: Harness, inp: gen.FuzzInput):
    outcome = harness.run(inp)
    assert outcome.problems(TIMEOUT, MARGIN) == [], (inp.command, outcome.output[-500:])
