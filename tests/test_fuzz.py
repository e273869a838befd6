"""The short fuzz run (the long one is tests/fuzz/long_run.py, figures in docs/robustness.md):
each input kind of tests/fuzz/strategies.py through the real CLI in-process, asserting exit
code in {0, 1, 2, 3}, no traceback, no injection text reaching clingo as program text, and
wall time under the timeout plus a margin."""
from __future__ import annotations

import clingo
import pytest
from hypothesis import HealthCheck, Phase, given, settings

from fuzz import strategies as gen
from fuzz.harness import Harness
from scenario_index import shared_engine

TIMEOUT, MARGIN = 2.0, 4.0
SHORT = settings(max_examples=20, deadline=None, database=None, derandomize=True,
                 phases=[Phase.explicit, Phase.generate],
                 suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def harness(tmp_path_factory) -> Harness:
    return Harness(tmp_path_factory.mktemp("fuzz"), shared_engine())


def _judge(harness: Harness, inp: gen.FuzzInput) -> None:
    outcome = harness.run(inp)
    assert outcome.problems(TIMEOUT, MARGIN) == [], (inp.kind, inp.command, outcome.output[-500:])


KINDS = {
    "mutation": gen.mutated(TIMEOUT),
    "wrong_type": gen.wrong_types(TIMEOUT),
    "injection": gen.injected(TIMEOUT),
    "yaml_edge": gen.yaml_edges(TIMEOUT),
    "huge": gen.huge(TIMEOUT, boards=(50,)),     # the long run has 300 to 3000
    "special_file": gen.special_files(TIMEOUT),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_short_fuzz_run(harness, kind):
    @SHORT
    @given(KINDS[kind])
    def check(inp):
        _judge(harness, inp)

    check()


def test_the_probe_sees_program_text(harness):
    """The injection check can fail: program text holding the marker is logged."""
    before = harness.log.stat().st_size if harness.log.exists() else 0
    clingo.Control().add("base", [], f"{gen.MARKER}.")
    assert harness.log.stat().st_size > before


def test_the_harness_sees_a_traceback(harness, monkeypatch):
    """A traceback would be caught: the CLI raising anything but SystemExit is reported."""
    from rulekeeper.bridge.core.run import engine as engine_module

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError

    monkeypatch.setattr(engine_module.Engine, "load", broken)
    outcome = harness.run(gen.FuzzInput("probe", ["ask", "{file}"], b"title: t\nplayers: [a]\n"))
    assert outcome.traceback and "ZeroDivisionError" in outcome.traceback
