"""Issue 37: orders and divisions that change nothing but names are searched once (the
canonical order of identical triggers, interchangeable objects), and read back as every
outcome they stand for; the tight plan of passes; the ruling explained lazily."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from clingo import parse_term

from rulekeeper.bridge.games.mtg import focus
from rulekeeper.bridge.core.run.check import check_expectations
from rulekeeper.bridge.core.solve.solve import solve
from rulekeeper.bridge.core.solve.symmetry import full_lists, holding, interchangeable, orbit

T = parse_term
BEAR = {"types": ["creature"], "power": 1, "toughness": 2}
IDOL = {"types": ["artifact"], "abilities": [{"triggered": {
    "when": {"beginning_of": "upkeep"}, "effects": [{"gain_life": {"player": "you", "amount": 1}}]}}]}


def _write(tmp_path: Path, name: str, data: dict) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def trample(blockers: list[dict], power: int = 6) -> dict:
    objects = [{"id": "rhino", "card": "Rhino", "controller": "alice", "attacking": "bob",
                "tapped": True}]
    objects += [{"card": "Bear", "controller": "bob", "blocking": "rhino", **b} for b in blockers]
    return {"title": "a trampler blocked by several creatures", "players": ["alice", "bob"],
            "turn": {"active": "alice", "step": "declare_blockers"},
            "cards": {"Rhino": {"types": ["creature"], "power": power, "toughness": power,
                                "keywords": ["trample"]}, "Bear": BEAR},
            "objects": objects, "actions": ["deal_combat_damage"]}


def idols(n: int, actions: list) -> dict:
    return {"title": f"{n} identical upkeep triggers", "players": ["alice", "bob"],
            "turn": {"active": "alice", "step": "untap", "number": 3},
            "cards": {"Upkeep Idol": IDOL},
            "objects": [{"id": f"idol{k}", "card": "Upkeep Idol", "controller": "alice"}
                        for k in range(n)],
            "actions": actions}


# -- the classes and their orbits ---------------------------------------------------------------
def test_interchangeable_objects_are_those_the_facts_cannot_tell_apart():
    facts = [T(f) for f in ["object(b0)", "object(b1)", "object(b2)", "object(r)",
                            "timestamp(b0,1)", "timestamp(b1,2)", "timestamp(b2,3)",
                            "init(blocking(b0,r))", "init(blocking(b1,r))", "init(blocking(b2,r))",
                            'object_card(b0,"Bear")', 'object_card(b1,"Bear")',
                            'object_card(b2,"Bear")', 'object_card(r,"Rhino")',
                            "init(damage(b2,1))"]]
    # b2 has damage marked: only b0 and b1 are interchangeable (timestamps only order them)
    assert interchangeable(facts, [T("b0"), T("b1"), T("b2"), T("r")]) == ((T("b0"), T("b1")),)


def test_an_atom_holds_up_to_the_permutations_of_its_class():
    classes = ((T("b0"), T("b1"), T("b2")),)
    assert orbit(T("zone(b0,graveyard)"), classes) == {
        T("zone(b0,graveyard)"), T("zone(b1,graveyard)"), T("zone(b2,graveyard)")}
    models = [frozenset({T("zone(b0,graveyard)"), T("zone(b1,battlefield)"),
                         T("zone(b2,battlefield)")})]
    # the canonical outcome stands for b1 or b2 being the one that died too
    assert holding(T("zone(b2,graveyard)"), models, classes) == (1, 0)
    always, sometimes = full_lists(models[0], models[0], classes)
    assert not always and T("zone(b2,graveyard)") in sometimes


# -- interchangeable blockers --------------------------------------------------------------------
def test_identical_blockers_divide_once_per_partition(engine, tmp_path):
    path = _write(tmp_path, "same", trample([{"id": f"b{k}"} for k in range(4)]))
    answer = solve(engine.load(path), engine.rules(["mtg"]), needed=True, timeout=120)
    # 6 damage among 4 look-alike blockers: the partitions of 6 into at most 4 parts
    assert len(answer.models) == 9
    assert answer.symmetric == ((T("b0"), T("b1"), T("b2"), T("b3")),)


def test_a_blocker_set_apart_is_not_interchangeable(engine, tmp_path):
    blockers = [{"id": "b0", "damage": 1}] + [{"id": f"b{k}"} for k in range(1, 4)]
    path = _write(tmp_path, "apart", trample(blockers))
    answer = solve(engine.load(path), engine.rules(["mtg"]), needed=True, timeout=120)
    assert answer.symmetric == ((T("b1"), T("b2"), T("b3")),)
    assert len(answer.models) > 9


def test_expectations_keep_their_meaning_over_the_swapped_outcomes(engine, tmp_path):
    data = trample([{"id": f"b{k}"} for k in range(3)])
    data["expect"] = {"sometimes": ["zone(b2,graveyard)", "zone(b0,battlefield)",
                                    "happened(combat_damage(rhino,b2,6))"],
                      "always": ["zone(rhino,battlefield)"],
                      "never": ["life(bob,19)"]}
    path = _write(tmp_path, "expect", data)
    scen = engine.load(path)
    assert check_expectations(scen, solve(scen, engine.rules(["mtg"]), needed=True, timeout=120)).ok
    data["expect"] = {"always": ["zone(b0,graveyard)"]}    # b0 dies only in some runs
    scen = engine.load(_write(tmp_path, "expect2", data))
    assert not check_expectations(scen, solve(scen, engine.rules(["mtg"]), needed=True, timeout=120)).ok


def test_ask_json_lists_every_swapped_atom(engine, tmp_path):
    path = _write(tmp_path, "json", trample([{"id": f"b{k}"} for k in range(3)]))
    data = engine.ask(path).as_json()
    assert "zone(b2,graveyard)" in data["outcomes"]["sometimes"]
    assert "zone(b0,battlefield)" in data["outcomes"]["sometimes"]
    assert data["symmetric"] == [["b0", "b1", "b2"]]
    assert data["rules"]["zone(b2,graveyard)"]


# -- the canonical order of identical triggers ---------------------------------------------------
def test_identical_triggers_left_on_the_stack_are_one_outcome(engine, tmp_path):
    path = _write(tmp_path, "left", idols(4, [{"advance": "upkeep"}, "resolve"]))
    answer = solve(engine.load(path), engine.rules(["mtg"]), needed=True, timeout=120)
    assert len(answer.models) == 1
    (model,) = answer.models
    # the canonical order: the source ranked first goes on the stack first, so it is lowest
    assert T("stack(3,ability(idol0,1))") in model and T("stack(1,ability(idol2,1))") in model
    assert T("happened(resolved(ability(idol3,1)))") in model
    items = tuple(T(f"ability(idol{k},1)") for k in range(4))
    assert items in answer.symmetric


def test_the_ruling_says_in_any_order(engine, tmp_path):
    path = _write(tmp_path, "text", idols(3, [{"advance": "upkeep"}]))
    text = engine.ask(path).text()
    assert "in any order (603.3b)" in text


# -- the tight plan of passes --------------------------------------------------------------------
def test_the_tight_plan_keeps_the_answer_and_grounds_less(engine, tmp_path, monkeypatch):
    from rulekeeper.bridge.core.solve import solve as solving
    path = _write(tmp_path, "passes", idols(20, [{"advance": "upkeep"}] + ["resolve"] * 20))
    scen, rules = engine.load(path), engine.rules(["mtg"])
    tight = solve(scen, rules, needed=True, timeout=120)
    assert tight.tight_passes
    rules_tight = solving.grounded_control(scen, rules, tight_passes=True, needed=True) \
        .statistics["problem"]["lpStep"]["rules"]
    rules_full = solving.grounded_control(scen, rules, needed=True) \
        .statistics["problem"]["lpStep"]["rules"]
    assert rules_tight < 0.8 * rules_full
    monkeypatch.setenv("RULEKEEPER_TIGHT", "0")
    full = solve(engine.load(path), rules, needed=True, timeout=120)
    assert not full.tight_passes and full.models == tight.models


def test_passes_that_end_steps_fall_back_to_the_full_plan(engine, tmp_path):
    data = {"title": "three passes on an empty stack", "players": ["alice", "bob"],
            "turn": {"active": "alice", "step": "upkeep", "number": 2},
            "objects": [], "actions": ["resolve", "resolve", "resolve"]}
    answer = solve(engine.load(_write(tmp_path, "walk", data)), engine.rules(["mtg"]),
                   needed=True, timeout=120)
    assert not answer.tight_passes
    assert any(a.match("happened", 1) and "precombat_main" in str(a) for a in answer.models[0])


# -- the ruling explained lazily, always computed once ----------------------------------------
def test_the_ruling_explains_only_the_outcomes_it_prints(engine, tmp_path, monkeypatch):
    blockers = [{"id": f"b{k}", "damage": k % 2} for k in range(4)]   # two classes of two
    result = engine.ask(_write(tmp_path, "many", trample(blockers, power=5)))
    assert len(result.answer.models) > focus.MAX_SHOWN_OUTCOMES + 2
    calls = []
    real = focus.focused_changes
    monkeypatch.setattr(focus, "focused_changes", lambda *a, **k: calls.append(1) or real(*a, **k))
    result.text()
    assert len(calls) == focus.MAX_SHOWN_OUTCOMES + 1      # the printed ones and "always"


def test_always_is_computed_once_per_list_of_models(engine, tmp_path):
    answer = solve(engine.load(_write(tmp_path, "once", idols(2, [{"advance": "upkeep"}]))),
                   engine.rules(["mtg"]), needed=True, timeout=120)
    assert answer.always is answer.always
    answer.models = answer.models + [frozenset()]
    assert answer.always == frozenset()
