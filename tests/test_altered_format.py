"""The Altered scenario format: bad input is refused with exit 2, a message naming the file,
the line and the field, and no traceback; good input becomes the facts the pack reads."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from clingo import Function, Number, String

from rulekeeper.bridge.games.altered.facts import scenario_facts
from rulekeeper.bridge.core.registry import game_of
from rulekeeper.bridge.core.solve.timeline import timeline
from rulekeeper.cli.main import main

BASE = """title: t
rules: [altered]
players: [alice, bob]
"""

# extra YAML after BASE -> (line of the fault, field, a fragment of the message)
CASES = {
    "unknown_key": ("objcts: []\n", 4, "objcts", "unknown key 'objcts'"),
    "three_players": ("", 3, "players", "two players"),
    "bad_phase": ("day: {phase: evening}\n", 4, "day.phase", "is not one of"),
    "both_passed": ("day: {phase: afternoon, passed: [alice, bob]}\n", 4, "day.passed",
                    "Afternoon is over"),
    "turn_outside_afternoon": ("day: {phase: noon, turn: alice}\n", 4, "day.turn",
                               "turns are taken in the Afternoon"),
    "two_types": ("objects:\n  - {id: x, zone: hand, owner: alice, card: {type: [spell, hero]}}\n",
                  5, "objects[0].card.type", "single type"),
    "no_type": ("objects:\n  - {id: x, zone: hand, owner: alice, card: {name: X}}\n", 5,
                "objects[0].card", "needs a type"),
    "bad_zone": ("objects:\n  - {id: x, zone: battlefield, owner: alice, card: {type: spell}}\n",
                 5, "objects[0].zone", "is not one of"),
    "tough_not_number": ("objects:\n  - {id: x, zone: hand, owner: alice,\n"
                         "     card: {type: character, tough: many}}\n", 6,
                         "objects[0].card.tough", "whole number"),
    "bad_effect": ("cards:\n  Gate: {type: spell, effect: explode}\n", 5, "cards.Gate.effect",
                   "is not an effect"),
    "character_without_expedition": (
        "objects:\n  - {id: x, zone: hand, owner: alice, card: {type: character}}\n"
        "actions:\n  - play: {player: alice, card: x}\n", 7, "actions[0].play",
        "expedition"),
    "dangling_target": (
        "objects:\n  - {id: x, zone: hand, owner: alice, card: {type: spell}}\n"
        "actions:\n  - play: {player: alice, card: x, targets: [ghost]}\n", 7,
        "actions[0].play.targets[0]", "no object with id 'ghost'"),
    "unknown_verb": ("actions:\n  - attack: alice\n", 5, "actions[0]", "unknown action"),
    "bad_expect": ("expect: {always: [\"zone(x\"]}\n", 4, "expect.always[0]", "not an atom"),
    "mtg_pack_too": ("", 2, "rules", "packs of two games"),
}


def _text(name: str) -> str:
    extra = CASES[name][0]
    if name == "three_players":
        return BASE.replace("[alice, bob]", "[alice, bob, carol]")
    if name == "mtg_pack_too":
        return BASE.replace("[altered]", "[altered, mtg]")
    return BASE + extra


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_is_exit_2_with_line_and_field(tmp_path: Path, name: str):
    path = tmp_path / f"{name}.yaml"
    path.write_text(_text(name), encoding="utf-8")
    _, line, field, fragment = CASES[name]
    result = CliRunner().invoke(main, ["ask", "--json", str(path)])
    assert result.exit_code == 2, result.output
    error = json.loads(result.output)["error"]
    assert error["line"] == line and error["field"] == field, error
    assert fragment in error["message"], error
    assert "Traceback" not in result.output


def test_facts_are_symbols_with_the_user_text_as_strings(tmp_path: Path, engine):
    path = tmp_path / "names.yaml"
    path.write_text(BASE + 'objects:\n  - {id: x, zone: hand, owner: alice,\n'
                    '     card: {type: spell, name: "a). #show x."}}\n', encoding="utf-8")
    scen = engine.load(path)
    assert game_of(scen).name == "altered"
    facts = scenario_facts(scen, timeline(0, 1))
    assert Function("english_name", [Function("x"), String("a). #show x.")]) in facts
    assert Function("init", [Function("deck_size", [Function("alice"), Number(30)])]) in facts
    assert Function("seat", [Number(2), Function("bob")]) in facts


def test_ask_cites_altered_rule_numbers(engine):
    repo = Path(__file__).resolve().parent.parent
    result = engine.ask(repo / "scenarios" / "altered" / "tough-raises-cost.yaml")
    changes = {c["atoms"][0]: c["rules"] for c in result.as_json()["changes"]}
    assert "7.4.5.c" in changes["exhausted(orb3)"]
    assert "5.1.2.d" in changes["exhausted(orb3)"]
    assert "5.1.2.e" in changes["zone(guard,discard)"]
    assert "[5.1.2.d " in result.text()


def test_refusals_and_changes_are_worded():
    from clingo import parse_term
    from rulekeeper.bridge.games.altered.words import sentence
    assert sentence(parse_term('illegal(play(bob,gate),"1.3.2.d")')) == \
        "bob cannot play gate (rule 1.3.2.d)"
    assert sentence(parse_term("zone(gate,landmark)")) == "gate is in the Landmark zone"
    assert sentence(parse_term("happened(activated(aloe,1))")) == \
        "reaction 1 of aloe was activated"
    assert sentence(parse_term("expedition_stat(alice,hero,forest,4)")) == \
        "alice's hero expedition totals 4 forest"


def test_ruling_reads_the_board_and_says_what_was_set_aside(engine):
    repo = Path(__file__).resolve().parent.parent
    text = engine.ask(repo / "scenarios" / "altered" / "types.yaml").text()
    assert "orb is a Mana Orb [2.2.1.f" in text
    assert "recruit: a token is a Character whatever its card says (2.2.1.d)" in text
    dusk = engine.ask(repo / "scenarios" / "altered" / "afternoon-both-pass-dusk.yaml").text()
    assert "1.3.2.e" in dusk and "none moves forward" in dusk


def test_why_and_why_not_name_altered_rules(engine):
    repo = Path(__file__).resolve().parent.parent / "scenarios" / "altered"
    held = engine.why_result(repo / "types.yaml", "type(orb,mana_orb)").as_json()
    assert held["holds_in"] == 1 and "2.2.1.f" in json.dumps(held["derivation"])
    missed = engine.why_result(repo / "types.yaml", "type(orb,permanent)").as_json()
    assert missed["holds_in"] == 0 and "2.2.1.b" in json.dumps(missed["why_not"])
