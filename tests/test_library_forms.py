"""The card-form additions of issue 32's third session (docs/abilities.md): library effects
(scry, surveil, fateseal, shuffle, search), move_counters, class levels and leveler level
symbols become the facts the rules read; malformed ones are refused with their field."""
from __future__ import annotations

import pytest
from clingo import String
from rulekeeper.bridge.core.base.errors import ScenarioError
from rulekeeper.bridge.core.source.checks import Checker
from rulekeeper.bridge.core.source.yamlsrc import load_yaml
from rulekeeper.bridge.games.mtg.ability_facts import ability_facts
from rulekeeper.bridge.games.mtg.cards import parse_card


def facts(abilities: str, types: str = "[sorcery]") -> set[str]:
    src = load_yaml(f"name: C\ntypes: {types}\nabilities: {abilities}\n", "card.yaml")
    card = parse_card(Checker(src), (), src.data, key="K")
    return {str(f) for i, ab in enumerate(card.abilities)
            for f in ability_facts(String("K"), "front", i + 1, ab)}


def test_library_verbs():
    out = facts("[{spell: {effects: [{scry: {amount: 2}}, {surveil: {amount: 1}}, {fateseal: {amount: 1}}, "
                "{shuffle: {}}]}}]")
    assert {'ability_effect("K",front,1,10,scry(you,2))', 'ability_effect("K",front,1,20,surveil(you,1))',
            'ability_effect("K",front,1,30,fateseal(opponent,1))', 'ability_effect("K",front,1,40,shuffle(you))',
            'player_ref_used(opponent)'} <= out


def test_search_states_its_filter_and_destination():
    out = facts("[{spell: {effects: [{search: {for: {supertypes: [basic], types: [land]}, to: battlefield, "
                "tapped: true, amount: 2}}]}}]")
    assert 'ability_effect("K",front,1,10,search(you,2,battlefield))' in out
    assert {'search_filter("K",front,1,10,needs(supertype,basic))', 'search_filter("K",front,1,10,needs(type,land))',
            'search_quality("K",front,1,10)', 'ability_effect_arg("K",front,1,10,tapped,true)'} <= out


def test_search_for_a_card_has_no_quality():
    out = facts("[{spell: {effects: [{search: {to: hand}}]}}]")
    assert 'ability_effect("K",front,1,10,search(you,1,hand))' in out
    assert not any(f.startswith("search_quality") for f in out)


def test_class_level_and_level_symbols():
    out = facts("[{activated: {cost: [], effects: [{class_level: 2}]}}, "
                "{static: {affects: self, set_power: 3}, level: 2}, "
                "{static: {affects: self, set_power: 4}, levels: '7+'}, "
                "{static: {affects: self, set_power: 2}, levels: '1-3'}]", types="[enchantment]")
    assert 'ability_effect("K",front,1,10,class_level(2))' in out
    assert 'class_level_req("K",front,2,2)' in out
    assert 'level_counter_range("K",front,3,7,none)' in out
    assert 'level_counter_range("K",front,4,1,3)' in out


def test_move_counters_default_amount():
    out = facts("[{spell: {targets: [creature, creature], effects: [{move_counters: {from: target1, to: target2, "
                "kind: '+1/+1'}}]}}]")
    assert 'ability_effect("K",front,1,10,move_counters(target(1),target(2),"+1/+1",1))' in out


@pytest.mark.parametrize("abilities,fragment", [
    ("[{spell: {effects: [{search: {to: hand, tapped: true}}]}}]", "only a card put onto the battlefield"),
    ("[{spell: {effects: [{search: {to: library}}]}}]", "library"),
    ("[{spell: {effects: [{search: {for: land}}]}}]", "a search filter is a map"),
    ("[{static: {affects: self, set_power: 3}, levels: '7-3'}]", "a level symbol is N1-N2 or N3+"),
    ("[{static: {affects: self, set_power: 3}, levels: 'high'}]", "a level symbol is N1-N2 or N3+"),
    ("[{activated: {cost: [], effects: [{class_level: 1}]}}]", "class_level"),
    ("[{static: {affects: self, set_power: 3}, level: 1}]", "level"),
    ("[{spell: {effects: [{move_counters: {from: target1, kind: '+1/+1'}}]}}]", "to"),
])
def test_bad_forms_are_refused(abilities, fragment):
    with pytest.raises(ScenarioError) as err:
        facts(abilities, types="[enchantment]")
    assert fragment in str(err.value)
