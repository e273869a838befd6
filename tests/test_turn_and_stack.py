"""The turn/stack interfaces: `why` back to 608 and the card, `legal`, the trigger interface
for rule packs, and the card ability form's input errors."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.core.base.errors import ScenarioError
from rulekeeper.bridge.games.mtg.validate import parse_scenario
from rulekeeper.cli.main import main as cli

SCEN = Path(__file__).resolve().parent.parent / "scenarios" / "mtg" / "6-spells-abilities"


def test_why_traces_a_resolved_spell_to_608_and_the_card(engine):
    text = engine.why(SCEN / "608-bolt-a-player.yaml", "life(bob,17)")
    assert "608.2c" in text and "117.4" in text
    assert 'ability_effect("Lightning Bolt",front,1' in text


def test_legal_lists_exactly_the_legal_plays():
    result = CliRunner().invoke(cli, ["legal", str(SCEN / "legal-main-phase.yaml")])
    assert result.exit_code == 0, result.output
    assert result.output.split() == ["activate(m1,1)", "cast(shock)", "play_land(f1)"]


def test_legal_for_the_other_player_is_empty():
    result = CliRunner().invoke(cli, ["legal", "--player", "bob", str(SCEN / "legal-main-phase.yaml")])
    assert "play_land(fb)" not in result.output


PACK = """\
%@ 603.2 test pack: a totem's upkeep trigger
triggers(T,S,test_gain) :- enters_step(T,upkeep), permanent(T,S), char(T,S,name,"Totem").

%@ 603.4 test pack: only while its controller has at most 20 life
intervening_if(test_gain).
trigger_condition(T,S,test_gain) :- controller(T,S,P), holds(T,life(P,L)), L <= 20.

%@ 608.2 test pack: the totem's controller gains 5 life
life_change(T,P,5,totem) :- resolves(T,test_gain,S), controller(T,S,P).
"""

TOTEM = """\
title: pack trigger
players: [alice, bob]
life: {alice: LIFE}
turn: {active: alice, step: untap, number: 2}
cards:
  Totem: {name: Totem, types: [artifact]}
objects:
  - {id: totem, card: Totem, controller: alice}
actions:
  - advance: upkeep
  ACTIONS
"""


@pytest.fixture(scope="module")
def pack_engine(tmp_path_factory) -> Engine:
    from rulekeeper.rules_asp import RULES_DIR
    root = tmp_path_factory.mktemp("rules") / "rules_asp"
    shutil.copytree(RULES_DIR, root)
    (root / "mtg" / "zz-test-pack.lp").write_text(PACK)
    return Engine(root)


def _answer(engine: Engine, life: int, actions: str):
    scen = parse_scenario(TOTEM.replace("LIFE", str(life)).replace("ACTIONS", actions), "totem.yaml")
    return engine.answer(scen)


def test_a_pack_trigger_goes_on_the_stack_and_resolves(pack_engine):
    from clingo import parse_term
    waiting = _answer(pack_engine, 20, "")
    assert parse_term("stack(1,ability(totem,test_gain))") in waiting.always
    assert parse_term("happened(triggered(totem,test_gain))") in waiting.always
    done = _answer(pack_engine, 20, "- resolve")
    assert parse_term("life(alice,25)") in done.always


def test_a_pack_intervening_if(pack_engine):
    from clingo import parse_term
    assert parse_term("happened(triggered(totem,test_gain))") not in _answer(pack_engine, 21, "").union
    rechecked = _answer(pack_engine, 20, "- gain_life: {player: alice, amount: 1}\n  - resolve")
    assert parse_term("life(alice,21)") in rechecked.always


@pytest.mark.parametrize("ability, message", [
    ("{spel: {}}", "spel"),
    ("{spell: {targets: [martian]}}", "martian"),
    ("{spell: {effects: [{deal_damage: {target: him, amount: 2}}]}}", "target1"),
    ("{activated: {cost: \"{Q}\", effects: []}}", "bad cost"),
    ("{triggered: {effects: []}}", "when"),
])
def test_bad_ability_forms_are_input_errors(ability, message):
    text = f"title: t\nplayers: [a]\ncards:\n  C: {{types: [instant], abilities: [{ability}]}}\n"
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, "bad.yaml")
    assert message in str(err.value)
    assert err.value.line is not None
