"""The time layout: check steps after each action, and more of them when a chain of
state-based actions needs it (the bridge doubles the checks until the game is at rest)."""
from __future__ import annotations

import os
import signal
import time

import pytest
from clingo import Function

from rulekeeper.bridge.core.solve import solve as solving
from rulekeeper.bridge.core.run.deadline import within
from rulekeeper.bridge.core.base.errors import SolverOutOfMemory, SolverTimeout
from rulekeeper.bridge.core.solve.timeline import Timeline
from rulekeeper.bridge.games.mtg.validate import parse_scenario

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


# The lean layout (solve.lean_walk_checks): fewer check steps after the slots of a walk but its
# last, taken only where the game is at rest at every slot after them.
WALK = """
title: "500.2: an empty walk from the upkeep to the end step"
players: [alice, bob]
turn: {active: alice, step: upkeep, number: 2}
objects:
  - {id: bear, card: Grizzly Bears, controller: alice}
actions:
  - advance: end
  - deal_damage: {target: bear, amount: 1}
"""

TOKEN_DIES_IN_WALK = """
title: "704.5g then 704.5d in a walk: a blocked token dies to combat damage and then ceases to exist"
players: [alice, bob]
turn: {active: alice, step: declare_blockers, number: 2}
objects:
  - {id: soldier, card: {types: [creature], power: 1, toughness: 1}, token: true, controller: alice, attacking: bob}
  - {id: giant, card: Hill Giant, controller: bob, blocking: soldier}
actions:
  - advance: end
"""


def test_lean_layout_keeps_full_layout_names():
    lean = Timeline.layout(3, 3, [1, 4, 1], walk_checks=1)
    full = Timeline.layout(3, 3, [1, 4, 1])
    assert lean.slot_times == [[3], [7, 9, 11, 13], [17]] and lean.final == 21
    assert lean.rest_points == [9, 11, 13] and full.rest_points == []
    # each time point named as the full layout numbers it: slots, the check steps kept, the end
    assert [lean.names[t] for t in (3, 7, 9, 11, 13, 14, 17, 21)] == [3, 7, 11, 15, 19, 20, 23, 27]
    assert dict(lean.segments())[18] == dict(full.segments())[24] == 23
    assert full.names == list(range(full.final + 1))


def _solve(engine, text: str, needed: bool = True):
    scen = parse_scenario(text, "walk.yaml")
    return scen, solving.solve(scen, engine.rules(scen.rules), needed=needed)


def test_an_empty_walk_is_solved_in_the_lean_layout(engine):
    scen, lean = _solve(engine, WALK)
    assert solving.lean_walk_checks(scen) == solving.WALK_CHECKS
    assert lean.walk_checks == solving.WALK_CHECKS and lean.checks == solving.FIRST_CHECKS
    _, full = _solve(engine, WALK, needed=False)          # `why` and `legal` keep the full one
    assert full.walk_checks is None and full.models == lean.models


def test_a_walk_not_at_rest_is_solved_in_the_full_layout(engine):
    # combat damage -> (check) 704.5g -> (check) 704.5d: in the lean layout the token is still in
    # the graveyard at the next slot of the walk (a rest point), so its answer is not taken
    scen, answer = _solve(engine, TOKEN_DIES_IN_WALK)
    assert solving.lean_walk_checks(scen) == solving.WALK_CHECKS
    assert answer.walk_checks is None and answer.checks == solving.FIRST_CHECKS
    assert Function("ceased", [Function("soldier")]) in answer.always
    ctl = solving.grounded_control(scen, engine.rules(scen.rules), needed=True,
                                   walk_checks=solving.WALK_CHECKS)
    shown: list = []
    ctl.solve(on_model=lambda m: shown.append(m.contains(Function("unsettled"))))
    assert shown and all(shown)


def test_no_lean_layout_with_choices_or_other_packs(engine):
    scen = parse_scenario(WALK + 'choose: ["stack_order(ability(x,1),1)"]\n', "walk.yaml")
    assert solving.lean_walk_checks(scen) is None
    scen = parse_scenario(WALK.replace("players:", "rules: [mtg, almos]\nplayers:"), "walk.yaml")
    assert solving.lean_walk_checks(scen) is None
