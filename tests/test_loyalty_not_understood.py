"""Issue 32: a loyalty line whose effect the Oracle compiler does not understand keeps its place
and its loyalty cost, so activating it is judged by the loyalty rules (606.6), not reported as
an ability the card lacks (602.2); the line is still listed as not understood."""
from __future__ import annotations

import json

from click.testing import CliRunner

from rulekeeper.bridge.cards.oracle import compile_card
from rulekeeper.cli.main import main

WALKER = {"object": "card", "name": "Test Walker", "mana_cost": "{3}{U}", "cmc": 4,
          "type_line": "Legendary Planeswalker \u2014 Jace", "loyalty": "4", "colors": ["U"],
          "layout": "normal",
          "oracle_text": "+1: Draw a card.\n\u221210: You get an emblem with \"Whenever you cast "
                         "a spell, exile target permanent.\""}

SCENARIO = """title: "606.6: a -10 loyalty ability not understood, with 4 loyalty"
players: [alice, bob]
objects:
  - {id: jace, card: Test Walker, controller: alice}
actions:
  - activate: {object: jace, ability: 2}
"""


def test_loyalty_line_not_understood_keeps_its_cost_and_place():
    compiled = compile_card(WALKER)
    assert [ln.status for ln in compiled.lines if ln.text.startswith(("+1", "\u221210"))] == \
        ["compiled", "not_understood"]
    abilities = compiled.yaml_card["abilities"]
    assert abilities[0]["activated"]["cost"] == {"loyalty": 1}
    assert abilities[1] == {"activated": {"cost": {"loyalty": -10}}}


def test_activating_it_with_too_little_loyalty_cites_606_6(tmp_path):
    cards = tmp_path / "walker.json"
    cards.write_text(json.dumps(WALKER), encoding="utf-8")
    scen = tmp_path / "walker.yaml"
    scen.write_text(SCENARIO, encoding="utf-8")
    result = CliRunner().invoke(main, ["ask", "--json", "--cards", str(cards), str(scen)])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert 'illegal(activate(jace,2),"606.6")' in answer["outcomes"]["always"]
    assert not any('"602.2"' in a for a in answer["outcomes"]["always"])
    assert answer["not_understood"], "the effect left out is still reported"
