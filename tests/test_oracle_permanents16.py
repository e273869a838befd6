"""Permanents' templates of issue 31, session 16 (helper cards31b), each with a real card's Oracle
text (a small fixture: name, type line, text, printed values): the compiled form, that the card
format accepts the compiled card, and the wordings beside each template that must stay not
understood. Compile-only: the rules each form relies on have their scenarios."""
from __future__ import annotations

import pytest
from oracle_cards import card, full
from rulekeeper.bridge.cards.oracle import compile_card, compile_line
from rulekeeper.bridge.tools.cardimport import stats_of

# -- 107.17, 123: Un-set tickets and stickers are out of scope ------------------------------------
TIGHTROPE_STICKERS = card(
    "Eldrazi Guacamole Tightrope", "Stickers",
    "{TK}{TK} — Haste\n{TK}{TK}{TK}{TK}{TK} — You may cast this card from your graveyard by paying "
    "2 life in addition to paying its other costs.\n{TK}{TK} — 1/4\n{TK}{TK}{TK} — 5/3")
TICKETOMATON = card("Ticketomaton", "Artifact Creature — Robot",
                    "When Ticketomaton enters, you get {TK}, then you may put a sticker on a "
                    "nonland permanent you own.", power="1", toughness="2")


def test_tickets_and_stickers_are_out_of_scope():
    for data in (TIGHTROPE_STICKERS, TICKETOMATON):
        for line in compile_card(data).lines:
            assert line.status == "not_understood"
            assert line.reason.startswith("out of scope:") and "107.17, 123" in line.reason


def test_stats_count_out_of_scope_lines_apart_from_the_templates():
    stats = stats_of([TIGHTROPE_STICKERS, TICKETOMATON,
                      card("Grizzly Bears", "Creature — Bear", "", power="2", toughness="2")])
    assert stats.out_of_scope == 5 and stats.lines == 5 and not stats.templates
    assert stats.counts["full"] == 1 and stats.counts["none"] == 2
    assert "5 not understood as out of scope" in stats.text(10)


# -- 611.3a: statics about attacking, tapped or untapped creatures, or creatures with a counter ----
def test_orcish_oriflamme_attacking_creatures():
    got = full(card("Orcish Oriflamme", "Enchantment", "Attacking creatures you control get +1/+0.",
                    mana_cost="{3}{R}"))
    assert got["abilities"] == [{"static": {"affects": {"controller": "you", "types": ["creature"],
                                                        "attacking": True}, "power": 1}}]


def test_castle_untapped_and_tapped_creatures():
    got = full(card("Castle", "Enchantment", "Untapped creatures you control get +0/+2.",
                    mana_cost="{3}{W}"))
    assert got["abilities"][0]["static"]["affects"]["tapped"] is False
    # Lost in the Maze's last line
    tapped = compile_line("Tapped creatures you control have hexproof.", "Lost in the Maze", spell=False)
    assert tapped.fragment == {"static": {"affects": {"controller": "you", "types": ["creature"],
                                                      "tapped": True}, "keywords": ["hexproof"]}}


def test_tuskguard_captain_counter_filter():
    got = full(card("Tuskguard Captain", "Creature — Human Warrior",
                    "Outlast {G} ({G}, {T}: Put a +1/+1 counter on this creature. Outlast only as a "
                    "sorcery.)\nEach creature you control with a +1/+1 counter on it has trample.",
                    mana_cost="{2}{G}", power="2", toughness="3"))
    assert got["abilities"][-1] == {"static": {"affects": {
        "controller": "you", "types": ["creature"], "with_counter": "+1/+1"}, "keywords": ["trample"]}}
    # the plural wording (Bramblewood Paragon's kin: "Creatures you control with +1/+1 counters on them")
    plural = compile_line("Creatures you control with +1/+1 counters on them have trample.", "X", spell=False)
    assert plural.fragment == got["abilities"][-1]


STATE_BEYOND = [
    "Attacking creatures get +2/+0 until end of turn.",          # a spell's effect (611.2c), not a static
    "Blocking creatures you control get +1/+0 for each strife counter on this enchantment.",
    "Attacking Goblins you control get +1/+0.",                   # a subtype beside the state
    "Tapped creatures you control can block as though they were untapped.",
    "Each creature you control with a +1/+1 counter on it can block an additional creature each combat.",
    "Each creature you control with a +1/+1 counter on it has \"{T}: Add one mana of any color.\"",
    "Creatures you control with +1/+1 counters on them are artifacts in addition to their other types.",
]


# -- 614.1c: the other "enters tapped unless" conditions of lands ---------------------------------
def test_lands_enter_tapped_unless_opponents_life_or_subtype():
    def unless(name: str, text: str) -> dict:
        got = full(card(name, "Land", f"{text}\n{{T}}: Add {{W}} or {{U}}."))
        return got["abilities"][0]["replacement"]["enters_tapped"]["unless"]
    assert unless("Sea of Clouds", "This land enters tapped unless you have two or more opponents.") \
        == {"opponents_at_least": 2}
    assert unless("Abandoned Campground", "This land enters tapped unless a player has 13 or less "
                  "life.") == {"player_life_at_most": 13}
    assert unless("Glacial Fortress", "This land enters tapped unless you control a Plains or an "
                  "Island.") == {"you_control_subtype": ["plains", "island"]}
    # the older wording
    assert unless("Glacial Fortress", "Glacial Fortress enters the battlefield tapped unless you "
                  "control a Plains or an Island.") == {"you_control_subtype": ["plains", "island"]}
    assert unless("Dragonskull Summit", "This land enters tapped unless you control a Swamp or a "
                  "Mountain.") == {"you_control_subtype": ["swamp", "mountain"]}


LAND_BEYOND = [
    "This land enters tapped unless you control a basic land.",
    "Minas Tirith enters tapped unless you control a legendary creature.",
    "This land enters tapped unless you control a legendary green creature.",
    "This land enters tapped unless your opponents control eight or more lands.",
    "This land enters tapped unless you control three or more other Forests.",
    "This land enters tapped unless you control a white, blue, or black permanent.",
    "This land enters tapped unless you control a creature.",
]


@pytest.mark.parametrize("text", STATE_BEYOND + LAND_BEYOND)
def test_lines_beyond_the_templates_not_understood(text):
    # the state / counter filters and the lands' conditions next to the templates
    assert compile_line(text, "Minas Tirith", spell=False).status == "not_understood"


# -- 602.5: "its activated abilities can't be activated" ------------------------------------------
def test_arrest_and_its_kin():
    got = full(card("Arrest", "Enchantment — Aura", "Enchant creature\nEnchanted creature can't attack "
                    "or block, and its activated abilities can't be activated.", mana_cost="{2}{W}"))
    assert got["abilities"] == [{"static": {"affects": "attached", "combat_restriction": "cant_attack_or_block",
                                            "cant_activate": True}}]
    # Encrust, Stupefying Touch
    untap = compile_line("Enchanted permanent doesn't untap during its controller's untap step and its "
                         "activated abilities can't be activated.", "Encrust", spell=False)
    assert untap.fragment == {"static": {"affects": "attached", "doesnt_untap": True, "cant_activate": True}}
    only = compile_line("Enchanted creature's activated abilities can't be activated.", "Stupefying Touch", spell=False)
    assert only.fragment == {"static": {"affects": "attached", "cant_activate": True}}


def test_arrest_with_mana_abilities_excepted_not_understood():
    for text in (("Enchanted permanent can't attack or block, and its activated abilities can't be "
                 "activated unless they're mana abilities."),
                 ("Enchanted permanent can't attack, block, or crew Vehicles, and its activated abilities "
                 "can't be activated unless they're mana abilities.")):
        assert compile_line(text, "X", spell=False).status == "not_understood"


# -- 509.1b: "Creatures with power less than this creature's power can't block it." ---------------
def test_wandering_wolf_power_block_restriction():
    got = full(card("Wandering Wolf", "Creature — Wolf", "Creatures with power less than this "
                    "creature's power can't block it.", mana_cost="{1}{G}", power="2", toughness="1"))
    assert got["abilities"] == [{"static": {"cant_be_blocked_by": {"power_less_than_its_own": True}}}]
    # another subject (creatures you control) stays not understood
    assert compile_line("Creatures with power less than this creature's power can't block creatures "
                        "you control.", "X", spell=False).status == "not_understood"


# -- 509.3a, 509.3c: "Whenever this creature blocks or becomes blocked, ..." ----------------------
def test_chub_toad_blocks_or_becomes_blocked():
    got = full(card("Chub Toad", "Creature — Frog", "Whenever this creature blocks or becomes blocked, "
                    "it gets +2/+2 until end of turn.", mana_cost="{2}{G}", power="1", toughness="1"))
    assert got["abilities"] == [{"triggered": {"when": "blocks_or_becomes_blocked", "effects": [
        {"modify": {"object": "self", "power": 2, "toughness": 2, "until": "end_of_turn"}}]}}]
    # Gift of the Woods: the enchanted creature's trigger has no event form
    assert compile_line("Whenever enchanted creature blocks or becomes blocked, it gets +0/+3 until end "
                        "of turn and you gain 1 life.", "Gift of the Woods", spell=False).status == "not_understood"


# -- 604.3: Tarmogoyf's card types among cards in graveyards, toughness "that number plus 1" ------
def test_tarmogoyf():
    got = full(card("Tarmogoyf", "Creature — Lhurgoyf", "Tarmogoyf's power is equal to the number of "
                    "card types among cards in all graveyards and its toughness is equal to that number "
                    "plus 1.", mana_cost="{1}{G}", power="*", toughness="1+*"))
    assert got["abilities"] == [{"static": {"pt_count": {"zone": "graveyard", "card_types": True},
                                            "toughness_plus": 1}}]
    assert "power" not in got and "toughness" not in got       # defined by the ability (604.3)


def test_nethergoyf_your_graveyard_and_boundaries():
    # Nethergoyf (its escape line aside)
    line = compile_line("This creature's power is equal to the number of card types among cards in your "
                        "graveyard and its toughness is equal to that number plus 1.", "Nethergoyf", spell=False)
    assert line.fragment == {"static": {"pt_count": {"zone": "graveyard", "owner": "you", "card_types": True},
                                        "toughness_plus": 1}}
    # a toughness box that does not match the ability's "plus N": neither box is understood
    wrong = compile_card(card("Tarmogoyf", "Creature — Lhurgoyf", "Tarmogoyf's power is equal to the "
                              "number of card types among cards in all graveyards and its toughness is "
                              "equal to that number plus 1.", power="*", toughness="2+*"))
    assert [ln.status for ln in wrong.lines][:2] == ["not_understood", "not_understood"]
    for text in (("Lhurgoyf's power is equal to the number of creature cards in all graveyards and its "
                 "toughness is equal to that number plus 1."),
                 ("This creature's power is equal to 1 plus the number of card types among cards in your "
                 "opponents' graveyards.")):
        assert compile_line(text, "Lhurgoyf", spell=False).status == "not_understood", text


# -- 603.2: "Whenever you cast a Spirit or Arcane spell" (ki counters) ----------------------------
def test_waxmane_baku_ki_counter_trigger():
    got = compile_card(card("Waxmane Baku", "Creature — Spirit", "Whenever you cast a Spirit or Arcane "
                            "spell, you may put a ki counter on this creature.\n{1}, Remove X ki counters from "
                            "this creature: Tap X target creatures.", mana_cost="{2}{W}", power="2", toughness="2"))
    assert got.lines[0].fragment == {"triggered": {"when": {"you_cast": ["spirit", "arcane"]}, "may": True,
                                                   "effects": [{"put_counters": {"object": "self", "kind": "ki",
                                                                                 "amount": 1}}]}}
    assert got.lines[1].status == "not_understood"        # a cost removing X counters: no cost form
    for text in ("Whenever you cast a nonartifact spell, untap this creature.",   # noncreature: session 17
                 "Whenever you cast a multicolored spell, untap this creature.",
                 "Whenever you cast a Spirit or Arcane spell, it gains flying until end of turn."):
        assert compile_line(text, "X", spell=False).status == "not_understood", text


# -- 118.3: "Remove N <kind> counters from this creature" as an activation cost -------------------
def test_thallid_spore_counter_cost():
    got = full(card("Thallid", "Creature — Fungus", "At the beginning of your upkeep, put a spore counter "
                    "on this creature.\nRemove three spore counters from this creature: Create a 1/1 green "
                    "Saproling creature token.", mana_cost="{G}", power="1", toughness="1"))
    assert got["abilities"][1]["activated"]["cost"] == [{"remove_counters": {"kind": "spore", "amount": 3}}]
    # Baku Altar's and Spike Feeder's kin: with mana, a ki or a +1/+1 counter
    altar = compile_line("{2}, {T}, Remove a ki counter from this artifact: Create a 1/1 colorless Spirit "
                         "creature token.", "Baku Altar", spell=False)
    assert altar.fragment["activated"]["cost"] == ["{2}", "{T}", {"remove_counters": {"kind": "ki", "amount": 1}}]
    # X counters removed: the X is not read
    assert compile_line("{1}, Remove X ki counters from this creature: Tap X target creatures.",
                        "Waxmane Baku", spell=False).status == "not_understood"


# -- 509.1b: "can't be blocked except by three or more creatures" --------------------------------
def test_pathrazer_min_blockers():
    got = compile_card(card("Pathrazer of Ulamog", "Creature — Eldrazi", "Annihilator 3 (Whenever this "
                            "creature attacks, defending player sacrifices three permanents.)\nThis creature "
                            "can't be blocked except by three or more creatures.", mana_cost="{11}",
                            power="9", toughness="9"))
    assert got.status == "full"
    assert got.yaml_card["abilities"] == [{"static": {"min_blockers": 3}}]


# -- 603.8: "When you control no Islands, sacrifice this creature." (a state trigger) -------------
def test_sea_serpent_state_trigger():
    got = full(card("Sea Serpent", "Creature — Serpent", "This creature can't attack unless defending "
                    "player controls an Island.\nWhen you control no Islands, sacrifice this creature.",
                    mana_cost="{5}{U}", power="5", toughness="5"))
    assert got["abilities"][1] == {"triggered": {"when": {"you_control_none": "island"},
                                                 "effects": [{"sacrifice": "self"}]}}
    assert compile_line("When you control no other creatures, sacrifice this creature.", "X",
                        spell=False).status == "not_understood"
