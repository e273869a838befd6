"""Templates of issue 31, session 14, each with a real card's Oracle text (a small fixture: name,
type line, text, printed values): the compiled form, that the card format accepts the compiled
card, and the wordings beside each template that must stay not understood."""
from __future__ import annotations

import pytest
from oracle_cards import card, full
from rulekeeper.bridge.cards.oracle import compile_card, compile_line
from rulekeeper.bridge.games.mtg.cards import parse_card_map


# -- 604.3: a characteristic-defining ability that defines power alone or toughness alone ---------
def test_zendikar_incarnate_power_counts_lands():
    got = full(card("Zendikar Incarnate", "Creature — Elemental",
                    "Zendikar Incarnate's power is equal to the number of lands you control.",
                    power="*", toughness="4", mana_cost="{2}{R}{G}"))
    assert got["abilities"] == [{"static": {"power_count": {"types": ["land"], "controller": "you"}}}]
    assert got["toughness"] == 4 and "power" not in got


def test_treefolk_seedlings_toughness_counts_forests():
    got = full(card("Treefolk Seedlings", "Creature — Treefolk",
                    "Treefolk Seedlings's toughness is equal to the number of Forests you control.",
                    power="2", toughness="*"))
    assert got["abilities"] == [{"static": {"toughness_count": {"subtypes": ["forest"], "controller": "you"}}}]
    assert got["power"] == 2


def test_the_2024_wording_this_creature():
    line = compile_line("This creature's power is equal to the number of creatures you control.",
                        "Adeline, Resplendent Cathar", spell=False, legendary=True)
    assert line.fragment == {"static": {"power_count": {"types": ["creature"], "controller": "you"}}}


def test_power_alone_does_not_explain_a_star_toughness():
    # the ability defines power only: a `*` toughness stays not understood (the card is partial)
    result = compile_card(card("Odd One", "Creature — Elemental",
                               "Odd One's power is equal to the number of lands you control.",
                               power="*", toughness="*"))
    assert result.status == "partial"
    assert [ln.text for ln in result.lines if ln.status != "compiled"] == ["toughness *"]


@pytest.mark.parametrize("text", [
    # (cards in your hand: compiled since session 15, tests/test_oracle_permanents15.py; card types
    # among cards in graveyards, Tarmogoyf: since session 16, tests/test_oracle_permanents16.py)
    "Cardcount's power is equal to the number of creatures.",
    "Cardcount's power is equal to the greatest mana value among creatures you control.",
    "Cardcount's toughness is equal to 1 plus the number of green creatures on the battlefield.",
    "Cardcount's power is equal to the number of non-Wall creatures you control.",
])
def test_other_counts_stay_not_understood(text):
    assert compile_line(text, "Cardcount", spell=False).status == "not_understood"


# -- 701.22a / 701.25a: scry N and surveil N ----------------------------------------------------------
def test_omenspeaker_scry_two_on_entering():
    got = full(card("Omenspeaker", "Creature — Human Wizard", "When this creature enters, scry 2.",
                    power="1", toughness="3"))
    assert got["abilities"] == [{"triggered": {"when": "enters",
                                               "effects": [{"scry": {"player": "you", "amount": 2}}]}}]


def test_older_wording_scry():
    line = compile_line("When Omenspeaker enters the battlefield, scry 2.", "Omenspeaker", spell=False)
    assert line.fragment["triggered"]["effects"] == [{"scry": {"player": "you", "amount": 2}}]


def test_opt_scry_then_draw():
    got = full(card("Opt", "Instant", "Scry 1.\nDraw a card.", mana_cost="{U}"))
    assert got["abilities"][0]["spell"]["effects"] == [
        {"scry": {"player": "you", "amount": 1}}, {"draw": {"player": "you", "amount": 1}}]


def test_surveil_on_entering():
    got = full(card("Whisper Agent", "Creature — Human Rogue", "Flash\nWhen this creature enters, surveil 1. "
                    "(Look at the top card of your library. You may put it into your graveyard.)",
                    power="3", toughness="2"))
    assert {"triggered": {"when": "enters", "effects": [{"surveil": {"player": "you", "amount": 1}}]}} \
        in got["abilities"]


@pytest.mark.parametrize("text", [
    "When this creature enters, scry X.",              # the X of a permanent spell is not read
    "Target player scries 2.",
    "When this creature enters, each player scries 1.",
])
def test_scry_beyond_the_template_not_understood(text):
    assert compile_line(text, "Seer", spell=None).status == "not_understood"


# -- 107.3m, 614.1c: "enters with X counters" ---------------------------------------------------------
def test_endless_one_enters_with_x_counters():
    got = full(card("Endless One", "Creature — Eldrazi", "This creature enters with X +1/+1 counters on it.",
                    mana_cost="{X}", power="0", toughness="0"))
    assert got["abilities"] == [{"replacement": {"enters_with": {"+1/+1": "x"}}}]


def test_mana_bloom_x_charge_counters_older_wording():
    line = compile_line("Mana Bloom enters the battlefield with X charge counters on it.", "Mana Bloom",
                        spell=False)
    assert line.fragment == {"replacement": {"enters_with": {"charge": "x"}}}


# -- 701.13a: exiling graveyards -------------------------------------------------------------------
def test_rest_in_peace_compiles_fully():
    got = full(card("Rest in Peace", "Enchantment", "When this enchantment enters, exile all graveyards.\n"
                    "If a card or token would be put into a graveyard from anywhere, exile it instead.",
                    mana_cost="{1}{W}"))
    assert got["abilities"][0] == {"triggered": {"when": "enters",
                                                 "effects": [{"exile_graveyard": {"player": "each_player"}}]}}
    assert "subtypes" not in str(got["abilities"])     # "graveyards" is a zone, never a subtype


def test_morningtide_and_a_targeted_graveyard():
    assert full(card("Morningtide", "Sorcery", "Exile all graveyards."))["abilities"][0]["spell"] == {
        "effects": [{"exile_graveyard": {"player": "each_player"}}]}
    got = full(card("Bojuka Bog", "Land", "This land enters tapped.\n"
                    "When this land enters, exile target player's graveyard.\n{T}: Add {B}."))
    assert {"triggered": {"when": "enters", "targets": ["player"],
                          "effects": [{"exile_graveyard": {"player": "target"}}]}} in got["abilities"]


@pytest.mark.parametrize("text", [
    "Exile target card from an opponent's graveyard.",   # "from a graveyard": session 17
    "Exile all cards from target player's graveyard.",
    "Exile all creature cards from all graveyards.",
    "Exile target player's graveyard and hand.",
])
def test_other_graveyard_exiles_not_understood(text):
    assert compile_line(text, "Purger", spell=True).status == "not_understood"


# -- 303.4m: "enchanted / equipped creature" in an Aura's or Equipment's ability (the ref `attached`)
def test_bitter_chill_taps_enchanted_creature():
    # the real Oracle text: the last line (a "put into a graveyard" trigger) is not understood yet
    result = compile_card(card("Bitter Chill", "Enchantment — Aura", "Enchant creature\n"
                               "When this Aura enters, tap enchanted creature.\n"
                               "Enchanted creature doesn't untap during its controller's untap step.\n"
                               "When this Aura is put into a graveyard from the battlefield, you may pay {1}. "
                               "If you do, scry 1, then draw a card.", mana_cost="{1}{U}"))
    assert [ln.status for ln in result.lines] == ["compiled"] * 3 + ["not_understood"]
    assert result.lines[1].fragment == {"triggered": {"when": "enters", "effects": [{"tap": "attached"}]}}
    parse_card_map(result.yaml_card, "test", "Bitter Chill")


def test_fiery_mantle_pumps_enchanted_creature():
    line = compile_line("{R}: Enchanted creature gets +1/+0 until end of turn.", "Fiery Mantle", spell=False)
    assert line.fragment == {"activated": {"cost": ["{R}"], "effects": [
        {"modify": {"object": "attached", "power": 1, "until": "end_of_turn"}}]}}


def test_it_beside_enchanted_creature_is_not_understood():
    # "it" would be bound to a target or the source, never to the enchanted creature
    line = compile_line("When this Aura enters, tap enchanted creature and put a stun counter on it.",
                        "Frost Aura", spell=False)
    assert line.status == "not_understood" and "'it'" in line.reason


# -- 614.1c: "enters tapped unless you control ... lands" ---------------------------------------------
@pytest.mark.parametrize("name, text, unless", [
    ("Darkslick Shores", "This land enters tapped unless you control two or fewer other lands.",
     {"lands_at_most": 2}),
    ("Sundown Pass", "This land enters tapped unless you control two or more other lands.",
     {"lands_at_least": 2}),
    ("Eclipsed Steppe", "Eclipsed Steppe enters the battlefield tapped unless you control two or more basic lands.",
     {"basic_lands_at_least": 2}),
])
def test_lands_entering_tapped_unless(name, text, unless):
    got = full(card(name, "Land", text + "\n{T}: Add {U} or {B}."))
    assert got["abilities"][0] == {"replacement": {"enters_tapped": {"unless": unless}}}


@pytest.mark.parametrize("text", [
    "This land enters tapped unless you control a basic land.",
    # (two or more opponents, 13 or less life: compiled since session 16, test_oracle_permanents16.py)
    "This land enters tapped unless you control two or more Plains.",
])
def test_other_enters_tapped_conditions_not_understood(text):
    assert compile_line(text, "Some Land", spell=False).status == "not_understood"


# -- 702.33a, 702.33e: kicker on a permanent and "if this creature was kicked, it enters with" ---------
def test_aether_figment_kicker_and_kicked_counters():
    got = full(card("Aether Figment", "Creature — Illusion",
                    "Kicker {3} (You may pay an additional {3} as you cast this spell.)\n"
                    "If this creature was kicked, it enters with two +1/+1 counters on it.\n"
                    "This creature can't be blocked.", mana_cost="{1}{U}", power="1", toughness="1"))
    assert got["keywords"] == [{"kicker": "{3}"}]
    assert {"replacement": {"enters_with": {"+1/+1": 2}, "if_kicked": True}} in got["abilities"]


def test_an_instants_kicker_stays_its_spells():
    got = full(card("Into the Roil", "Instant", "Kicker {1}{U}\nReturn target nonland permanent to its "
                    "owner's hand. If this spell was kicked, draw a card.", mana_cost="{1}{U}"))
    assert got["abilities"][0]["spell"]["kicker"] == "{1}{U}" and "keywords" not in got


@pytest.mark.parametrize("text", [
    "Kicker {X}",                                    # an X kicker has no keyword form
    "Kicker {1}{U} and/or {2}{B}",
    "Kicker—Pay 3 life.",
    ("If this creature was kicked, it enters with a +1/+1 counter on it for each nonbasic land your "
     "opponents control."),
])
def test_kicker_lines_beyond_the_template_not_understood(text):
    assert compile_line(text, "Kicked One", spell=False).status == "not_understood"
