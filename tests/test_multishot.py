"""Action by action (bridge/core/solve/multishot.py, issue 11): what crosses a settle point is found from
the rules (bridge/core/solve/carry.py), and solving segment by segment gives the whole program's answer."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.bridge.core.solve import multishot

from rulekeeper.bridge.core.solve import solve
from rulekeeper.bridge.core.solve.carry import carry_plan, plan_of
from rulekeeper.bridge.core.registry import game_of
from rulekeeper.bridge.core.solve.multishot import ENV, segment_bounds

MTG = Path(__file__).resolve().parent.parent / "scenarios" / "mtg"
# multi-action scenarios: walks, triggers on the way, cleanup and discards, a fixed choice,
# several outcomes
SAMPLE = [
    "5-turn-structure/500-pass-after-trigger-resolved.yaml",
    "5-turn-structure/514.3a-sba-in-cleanup.yaml",
    "5-turn-structure/514.1-discard-named-and-drawn.yaml",
    "5-turn-structure/121-divination-short-library.yaml",
]


def test_plan_of_the_bundled_rules(engine):
    plan = carry_plan(engine.rules(["mtg"]))
    assert plan.sound
    assert ("holds", 2) in plan.forward                # inertia: fluents at the settle point
    assert ("stack_key", 3) in plan.history            # item_key reads keys of earlier pushes
    assert {("happened", 1), ("chose", 1), ("outcome", 1)} <= plan.timeless
    assert ("init", 1) not in plan.timeless            # the described state: first segment only


def test_reads_are_told_apart():
    plan = plan_of("""
        h(T+1,F) :- h(T,F), step(T).
        seen(T,X) :- e(T2,X), T2 < T, time(T).
        e(T,X) :- event(T,X).
        once(X) :- e(T,X).
        { pick(X) } :- cand(X).
    """)
    assert ("h", 2) in plan.forward and ("e", 2) in plan.history
    assert {("once", 1), ("pick", 1)} <= plan.timeless and ("cand", 1) not in plan.timeless
    assert plan.sound


def test_a_rule_that_reads_ahead_is_not_sound():
    plan = plan_of("early(T) :- late(T+2), time(T). late(T) :- event(T,_).")
    assert plan.lookahead and not plan.sound


def test_a_history_read_of_time_points_is_not_sound():
    plan = plan_of("c(T,N) :- time(T), N = #count { U : step(U), U < T }.")
    assert not plan.sound


@pytest.mark.parametrize("name", SAMPLE)
def test_same_outcomes_as_the_whole_program(engine, monkeypatch, name):
    scen = engine.load(MTG / name)
    rules = engine.scenario_rules(scen)
    monkeypatch.setenv(ENV, "0")
    whole = solve.solve(scen, rules, timeout=120)
    monkeypatch.setenv(ENV, "1")
    monkeypatch.setenv(ENV + "_POINTS", "1")           # a segment per action: the hardest case
    segmented = solve.solve(scen, rules, timeout=120)
    facts = game_of(scen).facts(scen, solve._Layout(whole.checks, whole.exact_trigger_names))
    assert len(segment_bounds(facts, 1)) - 1 == len(scen.actions) >= 2   # really segmented
    assert set(segmented.models) == set(whole.models)
    assert (segmented.checks, segmented.exact_trigger_names) == \
        (whole.checks, whole.exact_trigger_names)


def test_a_timeless_atom_read_with_not_is_not_sound():
    # `done` is made by the run and has no time: a later segment could make it after an
    # earlier one read its absence
    plan = plan_of("done(X) :- event(T,X). fresh(T,X) :- cand(T,X), time(T), not done(X).")
    assert ("done", 1) in plan.negated and not plan.sound


def test_too_many_states_fall_back_to_the_whole_program(engine, monkeypatch):
    scen = engine.load(MTG / SAMPLE[0])
    rules = engine.scenario_rules(scen)
    monkeypatch.setenv(ENV, "0")
    whole = solve.solve(scen, rules, timeout=120)
    monkeypatch.setenv(ENV, "1")
    monkeypatch.setenv(ENV + "_POINTS", "1")
    monkeypatch.setattr(multishot, "MAX_STATES", 0)      # any branching is too much
    calls = []
    original = multishot.solve_once

    def spy(*args, **kwargs):
        inner = kwargs["whole"]

        def counted():
            calls.append(1)
            return inner()

        return original(*args, **{**kwargs, "whole": counted})

    monkeypatch.setattr(multishot, "solve_once", spy)
    assert set(solve.solve(scen, rules, timeout=120).models) == set(whole.models)
    assert calls                                         # the whole program answered


def test_long_timelines_are_solved_action_by_action_by_default(engine, monkeypatch):
    """Unset, RULEKEEPER_MULTISHOT means: action by action once actions x time points reach
    LONG_TIMELINE (when it is set; today it is not: no measured timeline gains); =0 never, =1
    always (where sound)."""
    scen = engine.load(MTG / SAMPLE[0])
    rules = engine.scenario_rules(scen)
    layout = solve._Layout(solve.FIRST_CHECKS, False)
    monkeypatch.delenv(ENV, raising=False)
    assert not multishot.applies(scen, rules, False, layout)          # a short scenario
    monkeypatch.setattr(multishot, "LONG_TIMELINE", None)
    assert not multishot.applies(scen, rules, False, layout)          # no default
    monkeypatch.setattr(multishot, "LONG_TIMELINE", 1)
    assert multishot.applies(scen, rules, False, layout)
    assert not multishot.applies(scen, rules, True, layout)           # explanations: whole
    monkeypatch.setenv(ENV, "0")
    assert not multishot.applies(scen, rules, False, layout)
    monkeypatch.setattr(multishot, "LONG_TIMELINE", 10 ** 9)
    monkeypatch.setenv(ENV, "1")
    assert multishot.applies(scen, rules, False, layout)
