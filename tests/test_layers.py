"""The layer system's explanations and the static ability form's validation."""
from __future__ import annotations

import pytest

from rulekeeper.bridge.core.base.errors import ScenarioError
from rulekeeper.bridge.games.mtg.validate import parse_scenario
from scenario_index import SCENARIOS

LAYERS = SCENARIOS / "mtg" / "613-layers"


def test_why_power_names_the_layers(engine):
    text = engine.why(LAYERS / "613.4b-aura-zero-zero-with-counter.yaml", "power(sprite,1)")
    assert "holds in 1 of 1" in text
    for number in ("613.4b", "613.4c", "613.4d"):
        assert number in text, number
    assert 'counter("+1/+1")' in text      # the 7c contribution is shown


def test_why_power_shows_a_characteristic_defining_ability(engine):
    text = engine.why(LAYERS / "613.4a-cda-count.yaml", "power(crowd,4)")
    assert "613.4a" in text and "613.4c" in text


STATIC = """
title: bad static
players: [alice, bob]
cards:
  Odd: {types: [enchantment], abilities: [{static: %s}]}
objects:
  - {id: odd, card: Odd, controller: alice}
"""


@pytest.mark.parametrize("body", [
    "{affects: self}",                                  # no effect at all
    "{power: 1, fly: true}",                            # unknown field
    "{affects: {types: [creature], owner: you}, power: 1}",   # unknown filter key
    "{affects: everything, power: 1}",                  # unknown scope
    "{colors: [purple]}",                               # not a colour
    "{counter_limit: {kind: charge}}",                  # no max
])
def test_bad_static_ability_is_a_scenario_error(body):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(STATIC % body, "bad.yaml")
    assert "abilities" in str(err.value)


def test_modify_rejects_unknown_effect_fields():
    text = """
title: bad modify
players: [alice, bob]
objects:
  - {id: bear, card: {types: [creature], power: 2, toughness: 2}, controller: alice}
actions:
  - modify: {object: bear, set_colour: blue}
"""
    with pytest.raises(ScenarioError):
        parse_scenario(text, "bad.yaml")


TWO_ANTHEMS = """
title: two anthems and a counter
players: [alice, bob]
cards:
  Anthem: {types: [enchantment], abilities: [{static: {affects: {types: [creature], controller: you}, power: 1, toughness: 1}}]}
  Bear: {types: [creature], power: 2, toughness: 2}
objects:
  - {id: e1, card: Anthem, controller: alice}
  - {id: e2, card: Anthem, controller: alice}
  - {id: bear, card: Bear, controller: alice, counters: {"+1/+1": 1}}
"""


def test_why_power_lists_every_layer_7c_contribution(engine, tmp_path):
    # layer 7c is one sum; `why` must still show each anthem and the counter (pt_changed)
    path = tmp_path / "two-anthems.yaml"
    path.write_text(TWO_ANTHEMS)
    text = engine.why(path, "power(bear,5)")
    assert "holds in 1 of 1" in text
    for part in ('counter("+1/+1")', "st(e1,", "st(e2,"):
        assert part in text, part
