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
from rulekeeper.bridge.errors import SolverOutOfMemory, SolverTimeout
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

    with pytest.raises(SolverOutOfMemory, match="ended without an answer"):
        within(5, "x.yaml", die)


def test_the_time_limit_kills_the_work():
    with pytest.raises(SolverTimeout):
        within(0.1, "x.yaml", time.sleep, 30)


DIES_TRIGGER = """
title: "603.3b: a dies trigger after a state-based action waits for the next check step"
players: [alice, bob]
cards:
  Mourner: {types: [creature], power: 1, toughness: 1, abilities: [{triggered: {when: dies, effects: [{gain_life: {player: you, amount: 2}}]}}]}
objects:
  - {id: m, card: Mourner, controller: alice}
actions:
  - deal_damage: {target: m, amount: 1}
  - resolve
"""


def test_more_checks_when_a_trigger_is_still_waiting(engine, monkeypatch):
    # damage -> (check) 704.5g, the ability triggers -> (check) it goes on the stack: with one
    # check step the trigger is still waiting when `resolve` comes; it is not carried past that
    # event, and the bridge solves again with two
    monkeypatch.setattr(solving, "FIRST_CHECKS", 1)
    scen = parse_scenario(DIES_TRIGGER, "dies.yaml")
    answer = solving.solve(scen, engine.rules(scen.rules))
    assert answer.checks == 2 and not answer.unsettled
    assert "life(alice,22)" in {str(a) for a in answer.always}


def test_a_game_not_at_rest_after_the_last_check_is_reported(engine, monkeypatch, tmp_path):
    monkeypatch.setattr(solving, "FIRST_CHECKS", 1)
    monkeypatch.setattr(solving, "MAX_CHECKS", 1)
    path = tmp_path / "dies.yaml"
    path.write_text(DIES_TRIGGER)
    result = engine.ask(path)
    assert result.answer.unsettled
    assert "did not come to rest within 1 check steps" in result.text()
    assert result.as_json()["warnings"] and not result.as_json()["not_encoded"]
