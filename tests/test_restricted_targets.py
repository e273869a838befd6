"""Restricted targets (issue 15, docs/abilities.md "Restricted targets"): the target map is
validated (bad input names its field) and becomes restricted(Kind,tc(..)) with target_filter
facts; the scenarios in scenarios/mtg/6-spells-abilities/restricted-targets/ show the rules."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from clingo import String

from rulekeeper.bridge.games.mtg.ability_facts import ability_facts
from rulekeeper.bridge.games.mtg.cards import parse_card
from rulekeeper.bridge.core.source.checks import Checker
from rulekeeper.bridge.core.base.errors import ScenarioError
from rulekeeper.bridge.games.mtg.reliance import TARGET_FILTER_RULES
from rulekeeper.bridge.core.source.yamlsrc import load_yaml
from rulekeeper.cli.main import main


def facts(targets: str) -> set[str]:
    text = f"name: C\ntypes: [instant]\nabilities: [{{spell: {{targets: {targets}, effects: [{{destroy: target}}]}}}}]\n"
    src = load_yaml(text, "card.yaml")
    card = parse_card(Checker(src), (), src.data, key="K")
    return {str(f) for i, ab in enumerate(card.abilities)
            for f in ability_facts(String("K"), "front", i + 1, ab)}


def test_nonblack_creature_is_a_restricted_creature_target():
    out = facts("[{kind: creature, not_colors: [black]}]")
    assert 'ability_target("K",front,1,1,restricted(creature,tc("K",front,1,1)))' in out
    assert 'target_filter("K",front,1,1,needs_not(color,black))' in out


def test_every_restriction_key_gives_its_item():
    out = facts("[{kind: creature, types_any: [artifact, enchantment], controller: opponent, "
                "keywords: [flying], attacking: true, tapped: false, subtypes: [elf], other: true}]")
    items = {f.split(",", 4)[4][:-1] for f in out if f.startswith("target_filter")}
    assert items == {"needs_any(type,artifact)", "needs_any(type,enchantment)", "controlled_by(opponent)",
                     "keyword(flying)", "attacking", "not_tapped", "needs(subtype,elf)", "other"}


def test_kind_defaults_to_permanent_and_plain_words_stay():
    out = facts("[{types_any: [artifact, enchantment]}, creature]")
    assert 'ability_target("K",front,1,1,restricted(permanent,tc("K",front,1,1)))' in out
    assert 'ability_target("K",front,1,2,creature)' in out


@pytest.mark.parametrize("targets,fragment", [
    ("[{kind: player, controller: you}]", "is not one of"),
    ("[{kind: creature}]", "needs a restriction"),
    ("[{types_any: [artifact]}]", "at least two"),
    ("[{kind: creature, flying: true}]", "flying"),
    ("[{kind: creature, attacking: yes please}]", "true or false"),
    ("[{kind: creature, controller: bob}]", "is not one of"),
])
def test_bad_target_maps_are_refused(targets, fragment):
    with pytest.raises(ScenarioError) as err:
        facts(targets)
    assert fragment in str(err.value)


def test_every_restriction_item_declares_its_rules():
    out = facts("[{kind: creature, types_any: [artifact, enchantment], controller: opponent, not_types: [land], "
                "colors: [red], keywords: [flying], attacking: false, tapped: true, other: true}]")
    names = {f.split(",", 4)[4].split("(")[0].rstrip(")") for f in out if f.startswith("target_filter")}
    assert names <= set(TARGET_FILTER_RULES)


# -- end to end: the real cards of the Scryfall fixture, compiled from their Oracle text ----------
FIXTURE_CARDS = Path(__file__).parent / "fixtures" / "scryfall" / "cards.json"
DOOM_BLADE_AT = """title: "115.1: imported Doom Blade"
players: [alice, bob]
turn: {active: alice, step: precombat_main, number: 2}
objects:
  - {id: blade, card: Doom Blade, zone: hand, owner: alice}
  - {id: victim, card: %s, controller: bob}
  - {id: s1, card: Swamp, controller: alice}
  - {id: s2, card: Swamp, controller: alice}
actions:
  - cast: {card: blade, targets: [victim]}
  - resolve
"""


@pytest.fixture()
def cards_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RULEKEEPER_CARDS", raising=False)


@pytest.mark.parametrize("victim, refused", [("Typhoid Rats", True), ("Grizzly Bears", False)])
def test_imported_doom_blade_refuses_a_black_creature(tmp_path, cards_cache, victim, refused):
    """Doom Blade's "target nonblack creature" compiled from the fixture's Oracle text."""
    scen = tmp_path / "blade.yaml"
    scen.write_text(DOOM_BLADE_AT % victim, encoding="utf-8")
    result = CliRunner().invoke(main, ["ask", str(scen), "--json", "--cards", str(FIXTURE_CARDS)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    always = set(data["outcomes"]["always"])
    assert ('illegal(cast(blade),"601.2c")' in always) is refused
    assert ("zone(victim,graveyard)" in always) is not refused
    assert not data["not_understood"]


def test_combat_restrictions_declare_their_rules(engine):
    """"~ can't block" relies on 509.1b: without it, `ask` says so."""
    from rulekeeper.bridge.games.mtg.effects import COMBAT_RESTRICTIONS
    from rulekeeper.bridge.games.mtg.notencoded import not_encoded
    from rulekeeper.bridge.games.mtg.reliance import COMBAT_RESTRICTION_RULES
    assert set(COMBAT_RESTRICTIONS) <= set(COMBAT_RESTRICTION_RULES)
    path = Path(__file__).resolve().parents[1] / "scenarios/mtg/combat/509.1b-cant-block.yaml"
    scen = engine.load(path)
    assert not not_encoded(scen, engine.rules(["mtg"]))
    assert any("combat restriction cant_block" in n for n in not_encoded(scen, engine.rules(["mtg"]).without("509.1b")))


def test_restricted_target_declares_115_1(engine):
    from rulekeeper.bridge.games.mtg.notencoded import not_encoded
    path = Path(__file__).resolve().parents[1] / \
        "scenarios/mtg/6-spells-abilities/restricted-targets/115.1-nonblack-creature-refuses-black.yaml"
    scen = engine.load(path)
    assert not not_encoded(scen, engine.rules(["mtg"]))
    assert any("restricted target" in n for n in not_encoded(scen, engine.rules(["mtg"]).without("115.1")))
