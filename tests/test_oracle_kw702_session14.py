"""Keyword lines of issue 32's 702 part, session 14 (docs/keywords.md), each with a real card's
Oracle text (a small fixture: name, type line, text): the compiled form, and that the card
format accepts the compiled card."""
from __future__ import annotations

import pytest
from oracle_cards import card, full
from rulekeeper.bridge.cards.oracle import compile_card, compile_line
from rulekeeper.bridge.games.mtg.cards import parse_card_map


# -- 702.179a "Start your engines!" (the rule was encoded in session 13; the line was not read) --
def test_start_your_engines_line():
    # Nesting Bot: its "Max speed —" line (702.178) has no form, so the card is partly compiled
    result = compile_card(card(
        "Nesting Bot", "Artifact Creature — Robot",
        "Start your engines! (If you have no speed, it starts at 1. It increases once on each of "
        "your turns when an opponent loses life. Max speed is 4.)\nWhen this creature dies, create "
        "a 1/1 colorless Servo artifact creature token.\nMax speed — This creature gets +1/+0.",
        mana_cost="{W}", power="1", toughness="1"))
    assert result.lines[0].status == "compiled"
    assert result.lines[0].fragment == {"keywords": ["start_your_engines"]}
    assert result.lines[-1].status == "not_understood"
    assert "start_your_engines" in result.yaml_card["keywords"]
    parse_card_map(result.yaml_card, "test", "Nesting Bot")


def test_start_your_engines_after_another_keyword():
    line = compile_line("Flying, start your engines!", "Foo", spell=False)
    assert line.fragment == {"keywords": ["flying", "start_your_engines"]}


# -- 702.88 rebound ------------------------------------------------------------------------------
def test_staggershock_rebound():
    got = full(card("Staggershock", "Instant",
                    "Staggershock deals 2 damage to any target.\nRebound (If you cast this spell "
                    "from your hand, exile it as it resolves. At the beginning of your next upkeep, "
                    "you may cast this card from exile without paying its mana cost.)",
                    mana_cost="{2}{R}"))
    assert got["keywords"] == ["rebound"]
    assert got["abilities"][0]["spell"]["effects"] == [{"deal_damage": {"target": "target", "amount": 2}}]


# -- 702.110 exploit -----------------------------------------------------------------------------
EXPLOIT = "Exploit (When this creature enters, you may sacrifice a creature.)\n"


def test_sidisis_faithful_exploit():
    got = full(card("Sidisi's Faithful", "Creature — Snake Wizard",
                    EXPLOIT + "When this creature exploits a creature, return target creature to "
                    "its owner's hand.", mana_cost="{U}", power="0", toughness="4"))
    assert got["keywords"] == ["exploit"]
    (trigger,) = got["abilities"]
    assert trigger["triggered"]["when"] == "exploits"
    assert trigger["triggered"]["targets"] == ["creature"]


def test_graf_reaver_exploit_with_the_older_name_form():
    got = full(card("Graf Reaver", "Creature — Zombie Warrior",
                    EXPLOIT + "When Graf Reaver exploits a creature, destroy target planeswalker.\n"
                    "At the beginning of your upkeep, this creature deals 1 damage to you.",
                    mana_cost="{1}{B}", power="3", toughness="3"))
    assert got["abilities"][0]["triggered"]["when"] == "exploits"




# -- 702.126 improvise ---------------------------------------------------------------------------
def test_reverse_engineer_improvise():
    got = full(card("Reverse Engineer", "Sorcery",
                    "Improvise (Your artifacts can help cast this spell. Each artifact you tap after "
                    "you're done activating mana abilities pays for {1}.)\nDraw three cards.",
                    mana_cost="{3}{U}{U}"))
    assert got["keywords"] == ["improvise"]


# -- 702.40 storm --------------------------------------------------------------------------------
def test_grapeshot_storm():
    got = full(card("Grapeshot", "Sorcery",
                    "Grapeshot deals 1 damage to any target.\nStorm (When you cast this spell, copy "
                    "it for each spell cast before it this turn. You may choose new targets for the "
                    "copies.)", mana_cost="{1}{R}"))
    assert got["keywords"] == ["storm"]


def test_empty_the_warrens_storm():
    got = full(card("Empty the Warrens", "Sorcery",
                    "Create two 1/1 red Goblin creature tokens.\nStorm (When you cast this spell, "
                    "copy it for each spell cast before it this turn.)", mana_cost="{3}{R}"))
    assert got["keywords"] == ["storm"]


# -- 702.43 modular ------------------------------------------------------------------------------
MODULAR = ("Modular 1 (This creature enters with a +1/+1 counter on it. When it dies, you may put "
           "its +1/+1 counters on target artifact creature.)")


def test_arcbound_worker_modular():
    got = full(card("Arcbound Worker", "Artifact Creature — Construct", MODULAR, mana_cost="{1}",
                    power="0", toughness="0"))
    assert got["keywords"] == [{"modular": 1}]


def test_arcbound_ravager_modular_after_an_ability():
    result = compile_card(card("Arcbound Ravager", "Artifact Creature — Beast",
                               "Sacrifice an artifact: Put a +1/+1 counter on this creature.\n" + MODULAR,
                               mana_cost="{2}", power="0", toughness="0"))
    assert result.lines[-1].status == "compiled"
    assert {"modular": 1} in result.yaml_card["keywords"]


# -- 702.123 fabricate ---------------------------------------------------------------------------
def test_glint_sleeve_artisan_fabricate():
    got = full(card("Glint-Sleeve Artisan", "Creature — Dwarf Artificer",
                    "Fabricate 1 (When this creature enters, put a +1/+1 counter on it or create a "
                    "1/1 colorless Servo artifact creature token.)", mana_cost="{2}{W}",
                    power="2", toughness="2"))
    assert got["keywords"] == [{"fabricate": 1}]


# -- 702.54 bloodthirst --------------------------------------------------------------------------
def test_duskhunter_bat_bloodthirst():
    got = full(card("Duskhunter Bat", "Creature — Bat",
                    "Bloodthirst 1 (If an opponent was dealt damage this turn, this creature enters "
                    "with a +1/+1 counter on it.)\nFlying", mana_cost="{1}{B}", power="1", toughness="1"))
    assert got["keywords"] == [{"bloodthirst": 1}, "flying"]


# -- 702.33a kicker on a permanent card ----------------------------------------------------------
def test_kavu_titan_kicker_line():
    # the kicker line compiles to the keyword; "If this creature was kicked, ..." has no form yet
    result = compile_card(card("Kavu Titan", "Creature — Kavu",
                               "Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\n"
                               "If this creature was kicked, it enters with three +1/+1 counters on it "
                               "and with trample.", mana_cost="{1}{G}", power="2", toughness="2"))
    assert result.lines[0].status == "compiled"
    assert result.yaml_card["keywords"] == [{"kicker": "{2}{G}"}]
    assert result.lines[1].status == "not_understood"
    parse_card_map(result.yaml_card, "test", "Kavu Titan")


def test_a_spells_kicker_stays_in_its_spell_ability():
    line = compile_line("Kicker {1}{U}", "Foo", spell=True)
    assert line.fragment == {"spell": {"kicker": "{1}{U}"}}


# -- 702.46 soulshift ----------------------------------------------------------------------------
def test_gibbering_kami_soulshift():
    got = full(card("Gibbering Kami", "Creature — Spirit",
                    "Flying\nSoulshift 3 (When this creature dies, you may return target Spirit card "
                    "with mana value 3 or less from your graveyard to your hand.)",
                    mana_cost="{3}{B}", power="2", toughness="2"))
    assert got["keywords"] == ["flying", {"soulshift": 3}]


# -- 702.145 daybound and nightbound (a transforming double-faced card, Scryfall's card_faces) ---
def test_harvesttide_infiltrator_daybound_and_nightbound():
    data = {"object": "card", "name": "Harvesttide Infiltrator // Harvesttide Assailant",
            "layout": "transform", "type_line": "Creature — Human Werewolf // Creature — Werewolf",
            "card_faces": [
                {"name": "Harvesttide Infiltrator", "mana_cost": "{2}{R}",
                 "type_line": "Creature — Human Werewolf", "power": "3", "toughness": "2",
                 "oracle_text": "Trample\nDaybound (If a player casts no spells during their own "
                                "turn, it becomes night next turn.)"},
                {"name": "Harvesttide Assailant", "mana_cost": "",
                 "type_line": "Creature — Werewolf", "power": "4", "toughness": "4",
                 "oracle_text": "Trample\nNightbound (If a player casts at least two spells during "
                                "their own turn, it becomes day next turn.)"}]}
    got = full(data)
    assert got["keywords"] == ["trample", "daybound"]
    assert got["back"]["keywords"] == ["trample", "nightbound"]


# -- 702.98 unleash ------------------------------------------------------------------------------
def test_rakdos_drake_unleash():
    got = full(card("Rakdos Drake", "Creature — Drake",
                    "Flying\nUnleash (You may have this creature enter with a +1/+1 counter on it. "
                    "It can't block as long as it has a +1/+1 counter on it.)", mana_cost="{2}{B}",
                    power="1", toughness="2"))
    assert got["keywords"] == ["flying", "unleash"]


# -- lines of these keywords that have no form: not understood (the warning), never a guess -----
@pytest.mark.parametrize("text", [
    "Start your engines",                       # 702.179a needs its words
    # another object's exploit (702.110b) has no trigger form
    "Whenever a creature you control exploits a creature, create a 2/2 black Zombie creature token.",
    "Modular—Sunburst",                          # 702.43 with 702.44c's number
    "Bloodthirst X",                             # 702.54b
    "Kicker {X}",
    "Kicker {1}{G} and/or {2}{U}",               # 702.33b
    "Multikicker {1}{G}",                        # 702.33c
])
def test_lines_without_a_form(text):
    assert compile_line(text, "Foo", spell=False).status == "not_understood"
