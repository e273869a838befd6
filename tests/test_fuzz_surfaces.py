"""The short fuzz run of the surfaces besides scenarios (issue 38): card JSON, pack folders,
cache files, write targets (tests/fuzz/surfaces.py; the long run is
`python tests/fuzz/long_run.py --surfaces`, figures in docs/robustness.md)."""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from fuzz import surfaces

SHORT = settings(max_examples=12, deadline=None, database=None, derandomize=True,
                 phases=[Phase.generate], suppress_health_check=list(HealthCheck))


@pytest.fixture(autouse=True)
def environment(monkeypatch, tmp_path):
    """Each surface sets the cache variables it needs; they never leak out of the test."""
    monkeypatch.setenv("RULEKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULEKEEPER_NO_CACHE", raising=False)
    monkeypatch.delenv("RULEKEEPER_CARDS", raising=False)


@pytest.mark.parametrize("surface", sorted(surfaces.SURFACES))
def test_short_fuzz_run_of_a_surface(tmp_path, surface):
    strategy, check = surfaces.SURFACES[surface]

    @SHORT
    @given(strategy())
    def one(case):
        assert check(case, tmp_path) == [], case.notes

    one()


def test_the_pack_judge_sees_a_crash(tmp_path):
    """The forked child's death is a problem, not the end of the run."""
    problems = surfaces._in_child(lambda: os.kill(os.getpid(), 9) or "")
    assert problems and "died" in problems[0]


def test_the_cache_judge_sees_a_changed_answer(tmp_path, monkeypatch):
    """Were a damaged entry believed, the judge would say so: here the rule base read back is
    made to differ."""
    from rulekeeper.bridge.core.rules import rulebase
    real = rulebase.RuleBase.__init__
    calls = []

    def lying(self, *args, **kwargs):
        real(self, *args, **kwargs)
        calls.append(1)
        if len(calls) == 2:
            self.rules = self.rules[:1]
    monkeypatch.setattr(rulebase.RuleBase, "__init__", lying)
    case = surfaces.Case("cache_file", ("flip", 3, 1))
    assert surfaces.check_cache_damage(case, tmp_path)
