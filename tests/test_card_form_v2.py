"""The card ability form v2 (issue 15, docs/abilities.md): each new form is accepted and becomes
the facts the rules read (the scenarios under scenarios/mtg/6-spells-abilities/card-form/ show
what the rules then do with them)."""
from __future__ import annotations

import pytest

from rulekeeper.bridge.games.mtg.ability_facts import ability_facts
from rulekeeper.bridge.games.mtg.cards import parse_card
from rulekeeper.bridge.core.source.checks import Checker
from rulekeeper.bridge.core.base.errors import ScenarioError
from rulekeeper.bridge.core.source.yamlsrc import load_yaml
from clingo import String


def facts(text: str) -> set[str]:
    src = load_yaml(text, "card.yaml")
    card = parse_card(Checker(src), (), src.data, key="K")
    return {str(f) for i, ab in enumerate(card.abilities)
            for f in ability_facts(String("K"), "front", i + 1, ab)}


def card(abilities: str, types: str = "[sorcery]") -> str:
    return f"name: C\ntypes: {types}\nabilities: {abilities}\n"


def test_destroy_all_creatures_is_an_all_ref_with_its_filter():
    out = facts(card("[{spell: {effects: [{destroy: {all: {types: [creature], other: true}}}]}}]"))
    assert 'ability_effect("K",front,1,10,destroy(all(10)))' in out
    assert 'effect_all("K",front,1,10)' in out
    assert {'effect_filter("K",front,1,10,needs(type,creature))', 'effect_filter("K",front,1,10,other)'} <= out


def test_each_creature_target_player_controls():
    # Polymorphist's Jest (issue 33): an effect filter's controller may be a target ref
    out = facts(card("[{spell: {targets: [player], effects: [{destroy: {all: {types: [creature], "
                     "controller: target}}}]}}]"))
    assert 'effect_filter("K",front,1,10,controlled_by(target(1)))' in out


def test_not_named_target_and_same_name_filter():
    # Detention Sphere (issue 33): a target "not named ~"; "all other permanents with the same name"
    out = facts(card("[{spell: {targets: [{not_types: [land], not_named: self}], effects: [{exile: target}, "
                     "{exile: {all: {same_name_as: target}}}]}}]"))
    assert 'target_filter("K",front,1,1,not_named(self))' in out
    assert 'effect_filter("K",front,1,20,same_name_as(target(1)))' in out


def test_put_in_library():
    out = facts(card("[{spell: {targets: [creature], effects: [{put_in_library: {object: target, position: 2}}]}}]"))
    assert 'ability_effect("K",front,1,10,put_in_library(target(1),2))' in out


def test_exile_until_may_play():
    out = facts(card("[{triggered: {when: enters, effects: [{exile_until: {player: you, count: 1, "
                     "may_play: end_of_turn}}]}}]", types="[creature]\npower: 2\ntoughness: 1"))
    assert 'ability_effect_arg("K",front,1,10,may_play,end_of_turn)' in out


def test_player_refs():
    out = facts(card("[{spell: {targets: [creature], effects: [{draw: {player: each_player, amount: 1}}, "
                     "{deal_damage: {target: each_opponent, amount: 1}}, "
                     "{gain_life: {player: target_controller, amount: 2}}, {lose_life: {player: opponent, amount: 1}}]}}]"))
    assert {'ability_effect("K",front,1,10,draw(each_player,1))',
            'ability_effect("K",front,1,20,deal_damage(each_opponent,1))',
            'ability_effect("K",front,1,30,gain_life(target_controller(1),2))',
            'ability_effect("K",front,1,40,lose_life(opponent,1))'} <= out


def test_amounts_read_from_objects_and_counts():
    out = facts(card("[{spell: {targets: [creature], effects: [{gain_life: {player: you, amount: {power_of: target}}}, "
                     "{draw: {player: you, amount: {count: {types: [land], controller: you}}}}, "
                     "{modify: {object: target, power: {negate: {mana_value_of: self}}, toughness: 0}}]}}]"))
    assert 'ability_effect("K",front,1,10,gain_life(you,power_of(target(1))))' in out
    assert 'amount_reads(power)' in out and 'amount_reads(mana_value)' in out
    assert 'ability_effect("K",front,1,20,draw(you,count(20)))' in out
    assert 'count_filter("K",front,1,20,controlled_by(you))' in out
    assert 'ability_effect("K",front,1,30,modify(target(1),negate(mana_value_of(self)),0))' in out


def test_create_token_states_the_token_card():
    out = facts(card("[{spell: {effects: [{create_token: {amount: 2, name: Soldier, power: 1, toughness: 1, "
                     "colors: [white], types: [creature], subtypes: [soldier], keywords: [flying], tapped: true}}]}}]"))
    tok = 'token_card("K",front,1,10)'
    assert 'ability_effect("K",front,1,10,create_token(you,2))' in out
    assert {f'printed({tok},front,type,creature)', f'printed({tok},front,power,1)',
            f'printed({tok},front,keyword,flying)', f'printed({tok},front,name,"Soldier")',
            f'effect_token("K",front,1,10,{tok})', 'ability_effect_arg("K",front,1,10,tapped,true)'} <= out


def test_modal_modes_shift_target_refs_inside_amounts():
    out = facts(card("[{spell: {modes: [{targets: [creature], effects: [{destroy: target}]}, "
                     "{targets: [creature], effects: [{gain_life: {player: target_controller, amount: {power_of: target}}}]}]}}]"))
    assert 'ability_effect("K",front,1,20010,gain_life(target_controller(2),power_of(target(2))))' in out


@pytest.mark.parametrize("when,term", [
    ("attacks", "trigger_on(\"K\",front,1,attacks)"),
    ("deals_combat_damage", "trigger_on(\"K\",front,1,deals_combat_damage(any))"),
    ("{deals_combat_damage: player}", "trigger_on(\"K\",front,1,deals_combat_damage(player))"),
    ("{dies: {types: [creature], other: true}}", "trigger_on(\"K\",front,1,dies_matching)"),
    ("{enters: {types: [creature], controller: you}}", "trigger_filter(\"K\",front,1,controlled_by(you))"),
    ("{beginning_of: end_step}", "trigger_on(\"K\",front,1,beginning_of(end,you))"),
    ("{beginning_of: combat, player: opponent}", "trigger_on(\"K\",front,1,beginning_of(beginning_of_combat,opponent))"),
])
def test_trigger_events(when, term):
    assert term in facts(card(f"[{{triggered: {{when: {when}, effects: []}}}}]", "[creature]"))


@pytest.mark.parametrize("abilities,fragment", [
    ("[{spell: {effects: [{counter: {all: {}}}]}}]", "write self, you"),
    ("[{spell: {effects: [{create_token: {types: [creature], player: each_player}}]}}]", "one player"),
    ("[{spell: {effects: [{gain_life: {player: you, amount: {negate: 2}}}]}}]", "only for power and toughness"),
    ("[{triggered: {when: {dies: creature}, effects: []}}]", "a filter is a map"),
    ("[{spell: {effects: [], unless_kicked: [{draw: {player: you, amount: 1}}]}}]", "needs a kicker cost"),
    ("[{spell: {targets: [creature], effects: [{destroy: {all: {same_name_as: you}}}]}}]", "same_name_as names a target"),
    ("[{static: {affects: {same_name_as: target}, power: 1}}]", "same_name_as"),
    ("[{spell: {targets: [creature], effects: [{put_in_library: {object: target, position: 3}}]}}]", "position is 1"),
    (("[{spell: {effects: [{exile_until: {player: you, count: 1, may_play: end_of_turn, found_to_hand: 1, "
      "may_cast_free: true}}]}}]"), "may_play is for cards that stay in exile"),
    # a target ref as controller only in an effect's filter, not in a trigger's
    ("[{triggered: {when: {dies: {types: [creature], controller: target}}, effects: []}}]", "target"),
    ("[{triggered: {when: {attacks: x, player: you}, effects: []}}]", "player: only with beginning_of"),
])
def test_bad_forms_are_refused(abilities, fragment):
    with pytest.raises(ScenarioError) as err:
        facts(card(abilities))
    assert fragment in str(err.value)


def test_forms_declare_their_rules(engine):
    """An amount read from an object relies on 608.2h: without it, `ask` says so."""
    from pathlib import Path

    from rulekeeper.bridge.games.mtg.notencoded import not_encoded
    path = Path(__file__).resolve().parents[1] / "scenarios/mtg/6-spells-abilities/card-form" \
        / "608.2h-dies-damage-equal-to-last-known-power.yaml"
    scen = engine.load(path)
    assert not not_encoded(scen, engine.rules(["mtg"]))
    notes = not_encoded(scen, engine.rules(["mtg"]).without("608.2h"))
    assert any("effect form power_of" in n for n in notes)
