"""`rulekeeper rulings`: rulings for a card, each proved by a scenario that passes its expect.

Runs a few cards only (a card defined here, the Siege of the seed rulings, a spell); the whole
acceptance set of library cards is bench/bench_rulings.py.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from rulekeeper.bridge.tools.cardinput import resolve_card
from rulekeeper.bridge.core.base.errors import ScenarioError
from rulekeeper.bridge.tools.probes import PROBE_DIR, card_features, load_probes
from rulekeeper.bridge.tools.rulings import _regex
from rulekeeper.cli.main import main

RULE = re.compile(r"^\d{3,4}(\.\d+[a-z]?)?$")

# A new Almos card that is not in the library: it exists only in this test file.
TEST_CARD = {
    "name": "Gloomwing Sentinel",
    "mana_cost": "{2}{B}",
    "types": ["creature"],
    "subtypes": ["bat"],
    "power": 2,
    "toughness": 2,
    "keywords": ["flying", "mark"],
}


def run(*args: str):
    return CliRunner().invoke(main, ["rulings", *[str(a) for a in args]])


@pytest.fixture(scope="module")
def test_card_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rulings")
    card = folder / "gloomwing-sentinel.yaml"
    card.write_text(yaml.safe_dump(TEST_CARD), encoding="utf-8")
    out = folder / "out"
    result = run(card, "--json", "--write", out)
    assert result.exit_code == 0, result.output
    return json.loads(result.output), out, card


def test_card_from_a_test_file_gets_rulings(test_card_run):
    report, _, _ = test_card_run
    assert report["card"] == "Gloomwing Sentinel"
    rulings = report["rulings"]
    assert len(rulings) >= 3
    for ruling in rulings:
        assert set(ruling) >= {"text", "rules", "scenario", "outcome"}
        assert ruling["text"].startswith("If ") and ruling["text"].endswith(".")
        assert ruling["rules"] and all(RULE.match(r) for r in ruling["rules"])
        assert any(ruling["outcome"].values())
    probes = [r["probe"] for r in rulings]
    assert "flying-ground-blocker" in probes and "mark-damage" in probes
    flying = next(r for r in rulings if r["probe"] == "flying-ground-blocker")
    assert "702.9b" in flying["rules"]


def test_written_scenarios_pass_their_expect(test_card_run, engine):
    report, out, _ = test_card_run
    files = sorted(out.glob("*.yaml"))
    assert len(files) == len(report["rulings"])
    for path in files:
        result = engine.check(path)
        assert result.ok, (path.name, result.failures)
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data["cards"]["Gloomwing Sentinel"]["keywords"] == ["flying", "mark"]
        assert data["rules"] == (["mtg", "almos"])


def test_rulings_are_deterministic(test_card_run):
    report, _, card = test_card_run
    again = json.loads(run(card, "--json").output)
    assert [r["text"] for r in again["rulings"]] == [r["text"] for r in report["rulings"]]
    assert [r["rules"] for r in again["rulings"]] == [r["rules"] for r in report["rulings"]]


def test_siege_rulings_cover_the_seed_points(tmp_path, engine):
    """Invasion of Alara (a Siege with a transforming back face): what the official Siege
    rulings say and the encoded rules decide (docs/rulings.md compares them point by point)."""
    result = run("Invasion of Alara", "--json", "--write", tmp_path)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    by_probe = {r["probe"]: r for r in report["rulings"]}
    expected = {
        "battle-damage": "120.3h",                 # any target; damage removes defense counters
        "battle-no-defense-counters": "704.5v",    # no defense counters -> graveyard (SBA)
        "siege-protector-gains-control": "704.5x", # the controller can't be the protector
        "siege-no-protector": "310.11a",           # an opponent is chosen as protector
        "siege-controller-attacks": "508.1b",      # its controller can attack it
        "battle-who-blocks": "310.8c",             # only the protector's creatures block
    }
    for probe, rule in expected.items():
        assert probe in by_probe, (probe, report["skipped"])
        assert rule in by_probe[probe]["rules"], (probe, by_probe[probe]["rules"])
    assert "never" in by_probe["siege-no-protector"]["outcome"] or \
        "protector(card,alice)" not in by_probe["siege-no-protector"]["outcome"]["sometimes"]
    # the probes whose rules another branch encodes are decided, or reported as not decided
    skipped = {s["probe"]: s["reason"] for s in report["skipped"]}
    for probe in ("battle-copy", "siege-defeated"):
        assert probe in by_probe or skipped[probe].startswith("not decided")
    for path in sorted(tmp_path.glob("*.yaml")):
        assert engine.check(path).ok, path.name


def test_spell_rulings_text_and_markdown():
    result = run("Lightning Bolt", "--markdown")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# Rulings for Lightning Bolt")
    assert "608.2b" in result.output and "120.3h" in result.output


def test_unknown_card_names_close_ones():
    result = run("Lightning Bolts")
    assert result.exit_code == 2
    assert "Lightning Bolt" in result.output and "Traceback" not in result.output


def test_bad_card_file_is_bad_input(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("name: Broken\ntypes: [creature]\npower: lots\n", encoding="utf-8")
    result = run(path)
    assert result.exit_code == 2
    assert "bad.yaml:3" in result.output and "power" in result.output


def test_probe_library_loads_with_unique_ids():
    probes = load_probes()
    assert len(probes) >= 30
    assert len({p.id for p in probes}) == len(probes)
    for probe in probes:
        assert probe.say and probe.when


def test_bad_probe_is_reported_with_its_line(tmp_path):
    (tmp_path / "p.yaml").write_text("- id: x\n  when: type:creature\n  situation: s\n"
                                     "  scenario: {players: [alice]}\n  say: [{atom: a}]\n"
                                     "  baseline: maybe\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_probes(tmp_path)
    assert info.value.line == 6


def test_card_features():
    siege = resolve_card("Invasion of Alara").card
    assert {"type:battle", "subtype:siege", "dfc", "permanent"} <= card_features(siege)
    scholar = resolve_card("Scholar of Twin Paths").card
    assert {"keyword:discipline", "almos", "type:creature"} <= card_features(scholar)


def test_outcome_patterns():
    rx = _regex('counters(card,"defense",N)')
    assert rx.match('counters(card,"defense",5)').group("N") == "5"
    assert not rx.match('counters(card,"loyalty",5)')
    assert _regex("happened(sba(_,card))").match('happened(sba("704.5v",card))')
    assert _regex("illegal(cast(shock),R)").match('illegal(cast(shock),"702.11b")')


def test_probe_files_are_package_data():
    assert PROBE_DIR.is_dir() and sorted(PROBE_DIR.glob("*.yaml"))
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    assert '"rulekeeper.bridge.tools" = ["probes/*.yaml"]' in text


def test_equivalent_findings_merge():
    from rulekeeper.bridge.tools.rulings import Ruling, merge
    a = Ruling("If A, it dies.", ["704.5g"], "a.yaml", {}, "p1", "A", "it dies")
    b = Ruling("If B, it dies.", ["704.5g"], "b.yaml", {}, "p2", "B", "it dies")
    c = Ruling("If C, it dies.", ["704.5f"], "c.yaml", {}, "p3", "C", "it dies")
    merged = merge([a, b, c])
    assert [r.text for r in merged] == ["If A or B, it dies.", "If C, it dies."]
    assert merged[0].also == ["p2"] and merged[0].scenario == "a.yaml"


def test_cards_folder_is_searched_first(tmp_path):
    (tmp_path / "x.yaml").write_text(yaml.safe_dump({**TEST_CARD, "name": "Folder Bat"}),
                                     encoding="utf-8")
    assert resolve_card("Folder Bat", str(tmp_path)).raw["keywords"] == ["flying", "mark"]
    result = run("Folder Bat", "--cards", tmp_path / "missing")
    assert result.exit_code == 2 and "--cards" in result.output


def test_rulings_cite_only_the_deciding_rules(test_card_run):
    """1 to 3 rules a ruling, the probe's own first: no walk through unrelated rules."""
    report, _, _ = test_card_run
    for ruling in report["rulings"]:
        assert 1 <= len(ruling["rules"]) <= 3, ruling


def test_not_understood_lines_are_said(tmp_path):
    """A card whose Oracle lines were not understood says so in text, Markdown and JSON, and
    never 'no ruling found' as if the card had no corner case."""
    card = tmp_path / "half-known.yaml"
    card.write_text(yaml.safe_dump({"name": "Half Known", "types": ["enchantment"],
                                    "not_understood": ["Players can't gain life."]}),
                    encoding="utf-8")
    report = json.loads(run(card, "--json").output)
    assert report["not_understood"] == ["Players can't gain life."]
    for flag in ([], ["--markdown"]):
        text = run(card, *flag).output
        assert "Players can't gain life." in text and "Not understood" in text
        assert "not a sign that the card has no corner case" in text


def test_generic_rulings_come_last_one_line_each():
    result = run("Serra Angel", "--json")
    rulings = json.loads(result.output)["rulings"]
    generic = [r["generic"] for r in rulings]
    assert True in generic and False in generic
    assert generic == sorted(generic), "card-specific rulings first"
    text = run("Serra Angel").output
    assert "True of any such card:" in text


def test_features_from_the_compiled_form():
    clone = {"name": "Clone", "types": ["creature"], "power": 0, "toughness": 0,
             "abilities": [{"replacement": {"enters_as_copy": {"types": ["creature"]}}}]}
    features = card_features(_card(clone))
    assert "replacement:enters_as_copy" in features
    siege = card_features(resolve_card("Invasion of Alara").card)
    assert {"cast:free", "copies:permanent", "back_effect:copy_permanent"} <= siege
    assert "effect:draw" not in siege and "spell" not in siege     # the back face's, kept apart
    jump = {"name": "Jump", "types": ["instant"], "abilities": [{"spell": {"targets": ["creature"],
            "effects": [{"modify": {"object": "target", "keywords": ["flying"],
                                    "until": "end_of_turn"}}]}}]}
    assert "pump:toughness" not in card_features(_card(jump))
    growth = card_features(resolve_card("Giant Growth").card)
    assert "pump:toughness" in growth


def _card(data: dict):
    from rulekeeper.bridge.core.source.checks import Checker
    from rulekeeper.bridge.core.source.yamlsrc import load_yaml
    from rulekeeper.bridge.games.mtg.cards import parse_card
    src = load_yaml(yaml.safe_dump(data), "<test>")
    return parse_card(Checker(src), (), src.data, key=data["name"])


def _source(data: dict):
    from rulekeeper.bridge.tools.cardinput import CardSource
    return CardSource(data["name"], dict(data), _card(data), "<test>")


def test_fizzle_features_name_the_ability_that_draws():
    """A target leaving stops the draw of the same ability only (608.2b): the feature and the
    ability's number come from the ability that both targets a creature and draws."""
    from rulekeeper.bridge.tools.probes import card_params
    effects = [{"modify": {"object": "target", "power": -3, "toughness": -3,
                           "until": "end_of_turn"}}, {"draw": {"player": "you", "amount": 1}}]
    spell = {"name": "Probe Offering", "types": ["instant"], "mana_cost": "{1}{B}",
             "abilities": [{"spell": {"targets": ["creature"], "effects": effects}}]}
    assert "fizzle:draw" in card_features(_card(spell))
    ape = {"name": "Probe Ape", "types": ["creature"], "power": 3, "toughness": 3,
           "abilities": [{"triggered": {"when": "enters", "effects": [
               {"gain_life": {"player": "you", "amount": 1}}]}},
               {"activated": {"cost": ["{T}", "sacrifice"], "targets": ["creature"],
                              "effects": effects}}]}
    features = card_features(_card(ape))
    assert "fizzle_activated:draw" in features and "fizzle:draw" not in features
    assert card_params(_card(ape))["fizzle_ability"] == 2
    untargeted = {**spell, "abilities": [{"spell": {"effects": effects[1:]}}]}
    assert not {"fizzle:draw", "fizzle_activated:draw"} & card_features(_card(untargeted))


def test_target_gone_stops_the_abilitys_draw(engine):
    from rulekeeper.bridge.tools.rulings import generate
    ape = {"name": "Probe Ape", "types": ["creature"], "power": 3, "toughness": 3,
           "abilities": [{"activated": {"cost": ["{T}", "sacrifice"], "targets": ["creature"],
                                        "effects": [{"draw": {"player": "you", "amount": 1}}]}}]}
    report = generate(engine, _source(ape), ["mtg"], 20.0,
                      probes_only={"ability-target-leaves-no-draw"})
    [ruling] = report.rulings
    assert "you don't draw a card" in ruling.text and ruling.rules == ["608.2b"]
    assert "happened(drew(alice,_))" not in ruling.outcome["never"]  # a pattern, not an atom
    assert ruling.outcome["always"]


def test_legendary_copies_give_whole_rulings(engine):
    """Review of generated rulings (docs/rulings.md): a legendary creature's copy probes said
    "depending on the choices made" and left "{name} ({P}/{T})" unfilled, because the legend
    rule put one of the copies into the graveyard. The tokens are another player's now, and a
    phrase that can't be filled drops its finding instead of printing a template."""
    from rulekeeper.bridge.tools.rulings import generate
    legend = {"name": "Probe Legend", "supertypes": ["legendary"], "types": ["creature"],
              "power": 4, "toughness": 5}
    report = generate(engine, _source(legend), ["mtg"], 20.0,
                      probes_only={"copy-not-counters", "copy-of-a-copy"})
    texts = [r.text for r in report.rulings]
    assert len(texts) == 2, report.skipped
    assert all("{" not in t and "depending" not in t and "4/5" in t for t in texts), texts
    assert [r.rules for r in report.rulings] == [["707.2"], ["707.3"]]    # cite: about


def test_a_range_of_outcomes_is_said_once(engine):
    """Several outcomes differing only in a number are one phrase with the range (a trampler
    blocked by a 1/1: the defending player ends at 15 to 20 life), not one clause each."""
    from rulekeeper.bridge.tools.rulings import generate
    trampler = {"name": "Probe Trampler", "types": ["creature"], "power": 6, "toughness": 6,
                "keywords": ["trample"]}
    report = generate(engine, _source(trampler), ["mtg"], 20.0, probes_only={"trample-blocked"})
    [ruling] = report.rulings
    assert "15 to 20 life" in ruling.text and ruling.text.count("life") == 1, ruling.text


def test_equipment_bonus_and_anthem_probes_fit_only_their_cards(engine):
    """Review of generated rulings: an Equipment that gives no bonus (Hankyu) was told 'the
    first creature loses its bonus'; the probe now needs a power/toughness bonus
    (pump:attached). An anthem ('creatures you control get +1/+1') gets its own ruling."""
    axe = {"name": "Probe Axe", "types": ["artifact"], "subtypes": ["equipment"],
           "keywords": [{"equip": 4}],
           "abilities": [{"static": {"affects": "attached", "power": 4}}]}
    bow = {**axe, "name": "Probe Bow", "abilities": []}
    assert "pump:attached" in card_features(_card(axe))
    assert "pump:attached" not in card_features(_card(bow))
    from rulekeeper.bridge.tools.rulings import generate
    anthem = {"name": "Probe Anthem", "types": ["enchantment"], "abilities": [{"static": {
        "affects": {"controller": "you", "types": ["creature"]}, "power": 1, "toughness": 1}}]}
    assert "pump:yours" in card_features(_card(anthem))
    report = generate(engine, _source(anthem), ["mtg"], 20.0,
                      probes_only={"anthem-later-creature"})
    [ruling] = report.rulings
    assert "(it's a 3/3)" in ruling.text and "still 2/2" in ruling.text
    assert set(ruling.rules) <= {"611.3a", "613.4c"}


def test_aura_host_is_what_it_can_enchant():
    """Review of generated rulings: Tarmogoyf Nest ('Enchant land') was probed attached to a
    creature, where it goes to the graveyard for being attached illegally, not because its
    host left. The host is now what the Aura can enchant (enchant:creature / enchant:land)."""
    nest = {"name": "Probe Nest", "types": ["enchantment"], "subtypes": ["aura"],
            "keywords": [{"enchant": "land"}]}
    features = card_features(_card(nest))
    assert "enchant:land" in features and "enchant:creature" not in features
    fits = {p.id for p in load_probes() if p.applies(features)}
    assert "aura-host-leaves-noncreature" in fits and "aura-host-leaves" not in fits


def test_landwalk_and_defender_probes(engine):
    """Forestwalk gets its own ruling (702.14c); a creature with defender no longer gets the
    generic 'can't attack the turn you gain control of it' (it can't attack anyway)."""
    from rulekeeper.bridge.tools.probes import card_params
    from rulekeeper.bridge.tools.rulings import generate
    walker = {"name": "Probe Walker", "types": ["creature"], "power": 2, "toughness": 2,
              "keywords": ["forestwalk"]}
    assert "keyword:basic_landwalk" in card_features(_card(walker))
    assert card_params(_card(walker))["walk_land"] == "Forest"
    report = generate(engine, _source(walker), ["mtg"], 20.0,
                      probes_only={"landwalk-unblockable"})
    [ruling] = report.rulings
    assert "controls a Forest" in ruling.text and ruling.rules == ["702.14c"]
    wall = {"name": "Probe Wall", "types": ["creature"], "power": 0, "toughness": 4,
            "keywords": ["defender"]}
    fits = {p.id for p in load_probes() if p.applies(card_features(_card(wall)))}
    assert "control-change-attack" not in fits and "defender-attacks" in fits


def test_enters_trigger_whose_target_leaves(engine):
    """A `$param` inside a choice term is replaced (the trigger's number), and an enters
    trigger whose creature target leaves doesn't resolve (608.2b)."""
    from rulekeeper.bridge.tools.probes import _substitute
    assert _substitute(["target(ability(card,$n),1,x)"], {"n": 2}) == ["target(ability(card,2),1,x)"]
    from rulekeeper.bridge.tools.rulings import generate
    drill = {"name": "Probe Drill", "types": ["creature"], "mana_cost": "{2}{W}", "power": 2,
             "toughness": 1, "abilities": [{"triggered": {"when": "enters", "targets": ["creature"],
                                                          "effects": [{"modify": {
                                                              "object": "target", "power": 2,
                                                              "until": "end_of_turn"}}]}}]}
    assert "fizzle_trigger:enters" in card_features(_card(drill))
    report = generate(engine, _source(drill), ["mtg"], 20.0,
                      probes_only={"enters-trigger-target-leaves"})
    [ruling] = report.rulings
    assert "doesn't resolve" in ruling.text and ruling.rules == ["608.2b"]
    assert "happened(did_not_resolve(ability(card,1)))" in ruling.outcome["always"]


def test_cast_trigger_survives_the_countered_spell(engine):
    """A 'whenever you cast an instant or sorcery spell' trigger resolves though the spell is
    countered (Guttersnipe); one that a sorcery doesn't trigger gets no ruling from the probe."""
    from rulekeeper.bridge.tools.rulings import generate
    snipe = {"name": "Probe Snipe", "types": ["creature"], "power": 2, "toughness": 2,
             "abilities": [{"triggered": {"when": {"you_cast": ["instant", "sorcery"]},
                                          "effects": [{"deal_damage": {"target": "each_opponent",
                                                                       "amount": 2}}]}}]}
    report = generate(engine, _source(snipe), ["mtg"], 20.0,
                      probes_only={"cast-trigger-spell-countered"})
    [ruling] = report.rulings
    assert "still resolves" in ruling.text and ruling.rules == ["603.2"]
    crowd = {**snipe, "name": "Probe Crowd", "abilities": [{"triggered": {
        "when": {"you_cast": ["creature"]}, "effects": [{"gain_life": {"player": "you",
                                                                       "amount": 1}}]}}]}
    report = generate(engine, _source(crowd), ["mtg"], 20.0,
                      probes_only={"cast-trigger-spell-countered"})
    assert not report.rulings, [r.text for r in report.rulings]
