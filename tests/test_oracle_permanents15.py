"""Permanents' templates of issue 31, session 15 (helper cards31b), each with a real card's Oracle
text (a small fixture: name, type line, text, printed values): the compiled form, that the card
format accepts the compiled card, and the wordings beside each template that must stay not
understood. Compile-only: the rules each form relies on have their scenarios."""
from __future__ import annotations

import pytest
from oracle_cards import card, full
from rulekeeper.bridge.cards.oracle import compile_card, compile_line


# -- 602.5b / 602.5d: activation restrictions after an activated ability ------------------------
def test_rootwalla_once_each_turn():
    got = full(card("Rootwalla", "Creature — Lizard", "{1}{G}: This creature gets +2/+2 until "
                    "end of turn. Activate only once each turn.", power="2", toughness="2"))
    assert got["abilities"] == [{"activated": {
        "cost": ["{1}{G}"], "once_each_turn": True,
        "effects": [{"modify": {"object": "self", "power": 2, "toughness": 2, "until": "end_of_turn"}}]}}]


def test_as_sorcery_and_both():
    # Rix Maadi, Dungeon Palace
    sorcery = compile_line("{1}{B}{R}, {T}: Each player discards a card. Activate only as a sorcery.",
                           "Rix Maadi, Dungeon Palace", spell=False)
    assert sorcery.fragment == {"activated": {"cost": ["{1}{B}{R}", "{T}"], "as_sorcery": True,
                                              "effects": [{"discard": {"player": "each_player", "amount": 1}}]}}
    both = compile_line("{G}: Regenerate this creature. Activate only as a sorcery and only once each "
                        "turn.", "Troll", spell=False)
    assert both.fragment["activated"]["as_sorcery"] and both.fragment["activated"]["once_each_turn"]


# -- 711, 702.87: levelers ------------------------------------------------------------------------
TRANSCENDENT_MASTER = card(
    "Transcendent Master", "Creature — Human Cleric Avatar",
    "Level up {1} ({1}: Put a level counter on this. Level up only as a sorcery.)\nLEVEL 6-11\n6/6\n"
    "Lifelink\nLEVEL 12+\n9/9\nLifelink, indestructible", power="3", toughness="3",
    mana_cost="{1}{W}{W}", layout="leveler")


def test_transcendent_master_levels():
    got = full(TRANSCENDENT_MASTER)
    assert got["power"] == 3 and got["toughness"] == 3      # 711.5: the uppermost box
    assert got["abilities"] == [
        {"activated": {"cost": ["{1}"], "as_sorcery": True,             # 702.87a
                       "effects": [{"put_counters": {"object": "self", "kind": "level", "amount": 1}}]}},
        {"static": {"affects": "self", "set_power": 6, "set_toughness": 6}, "levels": "6-11"},
        {"static": {"affects": "self", "keywords": ["lifelink"]}, "levels": "6-11"},
        {"static": {"affects": "self", "set_power": 9, "set_toughness": 9}, "levels": "12+"},
        {"static": {"affects": "self", "keywords": ["lifelink", "indestructible"]}, "levels": "12+"}]
    assert "keywords" not in got        # no keyword of a striation is the card's at every level


def test_enclave_cryptologist_gates_activated_abilities():
    got = full(card("Enclave Cryptologist", "Creature — Merfolk Wizard",
                    "Level up {1}{U} ({1}{U}: Put a level counter on this. Level up only as a sorcery.)\n"
                    "LEVEL 1-2\n0/1\n{T}: Draw a card, then discard a card.\nLEVEL 3+\n0/1\n{T}: Draw a card.",
                    power="0", toughness="1"))
    gated = [(a.get("levels"), next(k for k in a if k != "levels")) for a in got["abilities"]]
    assert gated == [(None, "activated"), ("1-2", "static"), ("1-2", "activated"), ("3+", "static"),
                     ("3+", "activated")]


def test_a_line_of_a_striation_not_understood_stays_so():
    result = compile_card(card("Kargan Dragonlord", "Creature — Human Warrior",
                               "Level up {R}\nLEVEL 4-7\n4/4\nFlying\nLEVEL 8+\n8/8\nFlying, trample\n"
                               "Whenever you gain the first level this turn, draw a card.",
                               power="2", toughness="2"))
    assert [ln.text for ln in result.lines if ln.status != "compiled"] == [
        "Whenever you gain the first level this turn, draw a card."]


# -- 716: Class cards -----------------------------------------------------------------------------
def test_barbarian_class_level_bars():
    result = compile_card(card("Barbarian Class", "Enchantment — Class",
                               "(Gain the next level as a sorcery to add its ability.)\n"
                               "If you would roll one or more dice, instead roll that many dice plus one "
                               "and ignore the lowest roll.\n{1}{R}: Level 2\nWhenever you roll one or more "
                               "dice, target creature you control gets +2/+0 and gains menace until end of "
                               "turn.\n{2}{R}: Level 3\nCreatures you control have haste.",
                               mana_cost="{R}", layout="class"))
    compiled = [ln.fragment for ln in result.lines if ln.status == "compiled"]
    assert compiled == [
        {"activated": {"cost": ["{1}{R}"], "effects": [{"class_level": 2}]}},
        {"activated": {"cost": ["{2}{R}"], "effects": [{"class_level": 3}]}},
        {"static": {"affects": {"types": ["creature"], "controller": "you"}, "keywords": ["haste"]},
         "level": 3}]


def test_wizard_class_keeps_its_first_section_ungated():
    got = compile_card(card("Wizard Class", "Enchantment — Class",
                            "You have no maximum hand size.\n{2}{U}: Level 2\n"
                            "When this Class becomes level 2, draw two cards.", mana_cost="{U}"))
    assert got.yaml_card["abilities"][0] == {"static": {"no_maximum_hand_size": True}}   # 716.3
    assert got.lines[2].status == "not_understood"      # "becomes level N": no trigger form


# -- 119.9: "Whenever you gain life" -----------------------------------------------------------------
def test_ajanis_pridemate():
    got = full(card("Ajani's Pridemate", "Creature — Cat Soldier",
                    "Whenever you gain life, put a +1/+1 counter on this creature.",
                    power="2", toughness="2", mana_cost="{1}{W}"))
    assert got["abilities"] == [{"triggered": {"when": "you_gain_life", "effects": [
        {"put_counters": {"object": "self", "kind": "+1/+1", "amount": 1}}]}}]


# -- 509.1b: "can't be blocked by more than one creature" --------------------------------------------
def test_charging_rhino():
    got = full(card("Charging Rhino", "Creature — Rhino",
                    "Trample\nThis creature can't be blocked by more than one creature.",
                    power="4", toughness="4", mana_cost="{3}{G}{G}"))
    assert got["keywords"] == ["trample"]
    assert got["abilities"] == [{"static": {"max_blockers": 1}}]


# -- 611.3a: conditional statics ---------------------------------------------------------------------
def test_fresh_faced_recruit_during_your_turn():
    got = full(card("Fresh-Faced Recruit", "Creature — Human Soldier",
                    "During your turn, this creature has first strike.", power="2", toughness="1"))
    assert got["abilities"] == [{"static": {"affects": "self", "keywords": ["first_strike"],
                                            "as_long_as": "your_turn"}}]


def test_sedge_troll_as_long_as_you_control_a_swamp():
    got = full(card("Sedge Troll", "Creature — Troll", "This creature gets +1/+1 as long as you control "
                    "a Swamp.\n{B}: Regenerate this creature.", power="2", toughness="2"))
    assert got["abilities"][0] == {"static": {"affects": "self", "power": 1, "toughness": 1,
                                              "as_long_as": {"you_control": {"subtypes": ["swamp"]}}}}


def test_werebear_threshold_and_jor_kadeen_metalcraft():
    werebear = full(card("Werebear", "Creature — Human Bear Druid", "{T}: Add {G}.\nThreshold — This "
                         "creature gets +3/+3 as long as there are seven or more cards in your graveyard.",
                         power="1", toughness="1"))
    assert werebear["abilities"][1]["static"]["as_long_as"] == {"graveyard_at_least": 7}
    jor = full(card("Jor Kadeen, the Prevailer", "Legendary Creature — Human Warrior", "First strike\n"
                    "Metalcraft — Creatures you control get +3/+0 as long as you control three or more "
                    "artifacts.", power="5", toughness="4"))
    assert jor["abilities"] == [{"static": {"affects": {"controller": "you", "types": ["creature"]},
                                            "power": 3, "as_long_as": {"you_control": {"types": ["artifact"]},
                                                                       "at_least": 3}}}]


def test_voldaren_stinger_while_attacking():
    got = full(card("Voldaren Stinger", "Creature — Vampire Warrior", "This creature has first strike as "
                    "long as it's attacking.\n{2}{R}: This creature gets +2/+0 until end of turn.",
                    power="1", toughness="1"))
    assert got["abilities"][0]["static"]["as_long_as"] == "attacking"


# -- 604.3: a `*` counting cards in a hand or graveyard ------------------------------------------------
def test_maro_counts_cards_in_your_hand():
    got = full(card("Maro", "Creature — Avatar", "Maro's power and toughness are each equal to the number "
                    "of cards in your hand.", power="*", toughness="*", mana_cost="{2}{G}{G}"))
    assert got["abilities"] == [{"static": {"pt_count": {"zone": "hand", "owner": "you"}}}]
    assert "power" not in got and "toughness" not in got


def test_boneyard_wurm_and_all_graveyards():
    wurm = full(card("Boneyard Wurm", "Creature — Wurm", "Boneyard Wurm's power and toughness are each "
                     "equal to the number of creature cards in your graveyard.", power="*", toughness="*"))
    assert wurm["abilities"] == [{"static": {"pt_count": {"zone": "graveyard", "owner": "you",
                                                          "types": ["creature"]}}}]
    line = compile_line("Nighthowler's power and toughness are each equal to the number of creature cards "
                        "in all graveyards.", "Nighthowler", spell=False)
    assert line.fragment == {"static": {"pt_count": {"zone": "graveyard", "types": ["creature"]}}}


# -- 724: the monarch ---------------------------------------------------------------------------------
def test_palace_sentinels_become_the_monarch():
    got = full(card("Palace Sentinels", "Creature — Human Soldier",
                    "When this creature enters, you become the monarch.", power="2", toughness="4"))
    assert got["abilities"] == [{"triggered": {"when": "enters",
                                               "effects": [{"become_monarch": {"player": "you"}}]}}]


# -- 613.4c: "gets +N/+N for each ..." -------------------------------------------------------------------
def test_nim_grotesque_and_cranial_plating_count_artifacts():
    nim = full(card("Nim Grotesque", "Creature — Zombie", "This creature gets +1/+0 for each artifact you "
                    "control.", power="3", toughness="6"))
    assert nim["abilities"] == [{"static": {"affects": "self", "power": 1,
                                            "per_count": {"controller": "you", "types": ["artifact"]}}}]
    plating = full(card("Cranial Plating", "Artifact — Equipment", "Equipped creature gets +1/+0 for each "
                        "artifact you control.\nEquip {1}"))
    assert plating["abilities"][0]["static"]["affects"] == "attached"


def test_grim_strider_counts_cards_in_your_hand():
    got = full(card("Grim Strider", "Creature — Horror", "This creature gets -1/-1 for each card in your "
                    "hand.", power="6", toughness="6"))
    assert got["abilities"] == [{"static": {"affects": "self", "power": -1, "toughness": -1,
                                            "per_count": {"zone": "hand", "owner": "you"}}}]


# -- 107.14, 122.1: energy ------------------------------------------------------------------------------
def test_servant_of_the_conduit_gets_energy():
    line = compile_line("When this creature enters, you get {E}{E}.", "Servant of the Conduit", spell=False)
    assert line.fragment == {"triggered": {"when": "enters",
                                           "effects": [{"get_energy": {"player": "you", "amount": 2}}]}}


# -- the wordings beside each template that must stay not understood ----------------------------------
BEYOND = [
    "{T}: Add {G}. Activate only as a sorcery.",        # a mana ability: paid without the limit
    "{T}: Add one mana of any color. Activate only once each turn.",
    "{T}: Tap target creature. Activate only once.",    # once ever: 702.177a's wording, not 602.5b
    "{T}: Draw a card. Activate only during your turn.",
    "{T}: Draw a card. Activate only as an instant.",
    "{1}: Draw a card. Activate only if this creature attacked this turn and only once each turn.",
    "Whenever you gain life for the first time each turn, put a +1/+1 counter on this creature.",
    "Whenever a player gains life, put a +1/+1 counter on this creature.",
    "Whenever an opponent gains life, this creature deals 1 damage to that player.",
    "This creature gets +1/+1 as long as an opponent controls an Island.",
    "Threshold — White creatures get an additional +1/+1 as long as there are seven or more cards in your graveyard.",
    "Creatures you control have first strike as long as it's attacking.",
    "This creature gets +1/+1 as long as you control a Swamp an opponent controls.",
    "During turns other than yours, this creature has first strike.",
    "Hellbent — This creature gets +2/+2 as long as you have no cards in hand.",
    # Colossal Rattlewurm: flash works in the hand, where the card's statics do not exist here
    "Odd has flash as long as you control a Desert.",
    "This spell has flash as long as you control a Spirit.",     # Supernatural Rescue
    "Odd's power is equal to the number of instant and sorcery cards in your graveyard.",
    "Odd's power and toughness are each equal to the number of other creature cards in your graveyard.",
    "Odd's power and toughness are each equal to the number of cards in all hands.",
    ("Odd's power is equal to the number of creature cards in all graveyards and its toughness "
     "is equal to that number plus 1."),
    "Odd's power and toughness are each equal to the number of cards in the chosen player's graveyard.",
    "Enchanted creature gets +1/+1 for each other creature you control.",   # other than the creature
    "This creature gets +1/+1 for each Aura attached to it.",
    "This creature gets +1/+1 for each oil counter on it.",
    "This creature gets +1/+1 for each artifact.",
    "Equipped creature gets +1/+1 for each of its colors.",
    "Pay {E}: This creature gets +1/+1 until end of turn.",      # paying energy: no cost form
    "{T}: Add {C}. You get {E}.",                                # a mana ability's other effect
    "When this creature enters, you get {E}{E}, then you may pay {E}{E}. If you do, draw a card.",
    "Creatures you control can't be blocked by more than one creature.",
    # ("can't be blocked except by two or more creatures": compiled since session 16, min_blockers)
    "When this creature enters, target player becomes the monarch.",
    "At the beginning of your upkeep, if you're the monarch, draw a card.",
    "3/3",                  # a P/T box outside a leveler's striation
    "LEVEL 2-6",            # a level symbol outside the card's text (no line compiles it alone)
]


@pytest.mark.parametrize("text", BEYOND)
def test_lines_beyond_the_templates_stay_not_understood(text):
    assert compile_line(text, "Odd", spell=False).status == "not_understood"
