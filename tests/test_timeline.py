"""The time layout: check steps after each action, and more of them when a chain of
state-based actions needs it (the bridge doubles the checks until the game is at rest)."""
from __future__ import annotations

import os
import signal
import time

import pytest
from clingo import Function

from rulekeeper.bridge import solve as solving
from rulekeeper.bridge.deadline import within
from rulekeeper.bridge.errors import ScenarioError, SolverTimeout
from rulekeeper.bridge.facts import Timeline
from rulekeeper.bridge.validate import parse_scenario

CHAIN = """
title: "704.5g then 704.5d: lethal damage destroys a token, which then ceases to exist"
players: [alice, bob]
objects:
  - {id: soldier, card: {types: [creature], power: 1, toughness: 1}, token: true}
actions:
  - deal_damage: {target: soldier, amount: 1}
"""


def test_layout():
    line = Timeline.layout(n_actions=2, checks=3)
    assert line.event_times == [3, 7] and line.final == 11


def test_more_checks_when_an_sba_chain_needs_them(engine, monkeypatch):
    # damage -> (check) 704.5g -> (check) 704.5d: one check step per action is not enough; the
    # bridge sees a state-based action pending at the end and solves again with more checks
    monkeypatch.setattr(solving, "FIRST_CHECKS", 1)
    scen = parse_scenario(CHAIN, "chain.yaml")
    answer = solving.solve(scen, engine.rules(scen.rules))
    assert answer.checks == 2
    assert Function("ceased", [Function("soldier")]) in answer.always


def test_a_solver_process_that_dies_is_reported():
    def die():
        os.kill(os.getpid(), signal.SIGKILL)

    with pytest.raises(ScenarioError, match="ended without an answer"):
        within(5, "x.yaml", die)


def test_the_time_limit_kills_the_work():
    with pytest.raises(SolverTimeout):
        within(0.1, "x.yaml", time.sleep, 30)
