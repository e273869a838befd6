"""Probes read from a card's compiled form (issue 33, session 13; docs/rulings.md): the features
and parameters they are keyed by, the `$param`s of say patterns, the guard that keeps an
impossible answer out of the rulings, and the fixes of the review of 50 generated rulings."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from rulekeeper.bridge.core.run.engine import Engine
from rulekeeper.bridge.tools.cardinput import resolve_card
from rulekeeper.bridge.tools.probes import (
    SayEntry,
    bind_say,
    card_features,
    card_params,
    load_probes,
)
from rulekeeper.bridge.tools.rulings import generate

CARDS = [str(Path(__file__).parent / "fixtures" / "rulings" / "eval-cards.json")]


@pytest.fixture(scope="module")
def engine():
    return Engine()


def _card_file(tmp_path: Path, data: dict) -> str:
    path = tmp_path / "card.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(path)


def test_features_of_compiled_effects_and_replacements():
    frog = card_features(resolve_card("Turn to Frog", CARDS).card)
    assert {"modify:loses_abilities", "modify:base_pt", "modify:creature_type"} <= frog
    assert "counters:double" in card_features(resolve_card("Doubling Season", CARDS).card)
    assert "graveyard:exile" in card_features(resolve_card("Rest in Peace", CARDS).card)
    jace = resolve_card("Jace, Memory Adept", CARDS).card
    assert "draw_mill:player" in card_features(jace) and card_params(jace)["draw_mill_ability"] == 1
    assert card_params(resolve_card("Turn to Frog", CARDS).card)["modify_target"] == "victim"
    jest = resolve_card("Polymorphist's Jest", CARDS).card    # each creature target player controls
    assert {"modify:loses_abilities", "modify:all"} <= card_features(jest)
    assert card_params(jest)["modify_target"] == "bob"
    sphere = resolve_card("Detention Sphere", CARDS).card     # its leaves line is not understood
    assert {"exile:same_name", "trigger:enters"} <= card_features(sphere)
    assert card_params(sphere)["same_name_choices"] == ["target(ability(card,1),1,bear1)",
                                                         "may(ability(card,1),yes)"]
    roil = resolve_card("Roil Eruption", CARDS).card   # its damage is in unless_kicked / if_kicked
    assert {"kicked:instead", "effect:deal_damage"} <= card_features(roil)
    assert [o["card"] for o in card_params(roil)["kicker_lands"]] == ["Mountain"] * 7
    oust = card_features(resolve_card("Oust", CARDS).card)
    assert {"library:second", "gain_life:target_controller"} <= oust
    assert "play:exiled_on_enters" in card_features(resolve_card("Abbot of Keral Keep", CARDS).card)
    growth = card_features(resolve_card("Giant Growth").card)      # a pump is none of them
    assert not {"modify:loses_abilities", "modify:base_pt"} & growth


def test_saga_parameters_name_its_last_chapters():
    # chapter I ("Search your library for a basic Plains card, ...") compiles since session 16:
    # the chapters are abilities 1, 2, 3
    saga = resolve_card("The Birth of Meletis", CARDS).card
    assert "saga:two_chapters" in card_features(saga)
    params = card_params(saga)
    assert (params["saga_final"], params["saga_before"], params["saga_two_before"]) == (3, 2, 1)
    assert (params["saga_final_ability"], params["saga_before_ability"]) == (3, 2)
    assert params["saga_two_before_counters"] == "1 lore counter"


def test_say_patterns_take_the_cards_values():
    [probe] = [p for p in load_probes() if p.id == "saga-past-chapter"]
    bound = bind_say(probe, {"saga_final_ability": 2, "saga_before_ability": 1})
    assert [e.pattern for e in bound.say] == ["happened(triggered(card,2))",
                                              "happened(triggered(card,1))"]
    assert probe.say[0].pattern.endswith("$saga_final_ability))")       # the library's, unchanged
    plain = probe.__class__(**{**probe.__dict__, "say": [SayEntry("zone(card,exile)", False, "")]})
    assert bind_say(plain, {}) is plain


def test_draw_then_mill_aimed_at_yourself_is_followed_in_order(engine):
    """Jace, Memory Adept's "+1: Draw a card. Target player mills a card." aimed at yourself:
    the instructions are followed in order (608.2c), so the top card is drawn and the next one
    milled. Before they were sequenced the same top card was drawn and milled, an answer no
    game can be in, reported as not decided; now both probes give a ruling."""
    report = generate(engine, resolve_card("Jace, Memory Adept", CARDS), ["mtg"], 20.0,
                      probes_only={"draw-mill-target-yourself", "draw-mill-target-illegal"})
    text = {r.probe: r.text for r in report.rulings}
    assert set(text) == {"draw-mill-target-yourself", "draw-mill-target-illegal"}, report.skipped
    assert "you draw first (the top card of your library), then mill" in text["draw-mill-target-yourself"]
    assert "you don't draw" in text["draw-mill-target-illegal"]


def test_turn_to_frog_layers(engine):
    report = generate(engine, resolve_card("Turn to Frog", CARDS), ["mtg"], 20.0,
                      probes_only={"base-pt-earlier-setter", "base-pt-later-setter",
                                   "base-pt-keeps-pump", "loses-abilities-keeps-card-types"})
    text = {r.probe: r.text for r in report.rulings}
    assert "it is a 1/1" in text["base-pt-earlier-setter"]
    assert "it is a 5/5" in text["base-pt-later-setter"]
    assert "it is a 4/4" in text["base-pt-keeps-pump"]
    assert "still a legendary artifact" in text["loses-abilities-keeps-card-types"]


def test_two_exalted_permanents_for_a_legendary_card(engine, tmp_path):
    """Review of session 13: Nefarox (legendary, exalted) was told a lone 2/2 attacker gets +1/+1
    from each of two exalted permanents and ends 3/3: the second was a copy of Nefarox, which the
    legend rule put into the graveyard. The second permanent is another exalted card now."""
    legend = {"name": "Probe Overlord", "supertypes": ["legendary"], "types": ["creature"],
              "power": 5, "toughness": 5, "keywords": ["exalted"]}
    report = generate(engine, resolve_card(_card_file(tmp_path, legend)), ["mtg"], 20.0,
                      probes_only={"exalted-two-instances"})
    [ruling] = report.rulings
    assert "(4/4)" in ruling.text, ruling.text
