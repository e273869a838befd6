"""Keyword lines of session 15's kw31 part (issue 32's 702 keywords by card count;
docs/keywords.md), each with a real card's Oracle text (a small fixture: name, type line, text):
the compiled form, and that the card format accepts the compiled card."""
from __future__ import annotations

from oracle_cards import card, full
from rulekeeper.bridge.cards.oracle import compile_card


# -- 702.82 devour N -----------------------------------------------------------------------------
def test_thorn_thrash_viashino_devour():
    got = full(card("Thorn-Thrash Viashino", "Creature — Lizard Warrior",
                    "Devour 2 (As this creature enters, you may sacrifice any number of creatures. "
                    "It enters with twice that many +1/+1 counters on it.)\n{G}: This creature "
                    "gains trample until end of turn.", mana_cost="{3}{R}", power="2",
                    toughness="2"))
    assert got["keywords"] == [{"devour": 2}]


def test_devour_with_a_quality_is_not_understood():
    # 702.82c "Devour artifact 1" (Caprichrome) has no form: not read as plain devour
    result = compile_card(card("Caprichrome", "Artifact Creature — Goat",
                               "Flash\nVigilance\nDevour artifact 1 (As this creature enters, you "
                               "may sacrifice any number of artifacts. It enters with that many "
                               "+1/+1 counters on it.)", mana_cost="{3}{W}", power="2",
                               toughness="2"))
    assert result.lines[-1].status == "not_understood"


# -- 702.21a ward costs other than mana ---------------------------------------------------------
def test_owlin_shieldmage_ward_pay_life():
    got = full(card("Owlin Shieldmage", "Creature — Bird Warlock",
                    "Flying\nWard—Pay 3 life. (Whenever this creature becomes the target of a "
                    "spell or ability an opponent controls, counter it unless that player pays 3 "
                    "life.)", mana_cost="{3}{W}{B}", power="3", toughness="3"))
    assert got["keywords"] == ["flying", {"ward": {"pay_life": 3}}]


def test_tragedy_feaster_ward_discard():
    # its Infusion line is not understood; the ward line is
    result = compile_card(card("Tragedy Feaster", "Creature — Demon",
                               "Trample\nWard—Discard a card.\nInfusion — At the beginning of "
                               "your end step, sacrifice a permanent unless you gained life this "
                               "turn.", mana_cost="{2}{B}{B}", power="7", toughness="6"))
    assert result.lines[1].fragment == {"keywords": [{"ward": "discard"}]}


# -- 702.181 mobilize N --------------------------------------------------------------------------
def test_dalkovan_packbeasts_mobilize():
    got = full(card("Dalkovan Packbeasts", "Creature — Ox",
                    "Vigilance\nMobilize 3 (Whenever this creature attacks, create three tapped and "
                    "attacking 1/1 red Warrior creature tokens. Sacrifice them at the beginning of "
                    "the next end step.)", mana_cost="{2}{W}", power="0", toughness="4"))
    assert got["keywords"] == ["vigilance", {"mobilize": 3}]


# -- 702.154 enlist ------------------------------------------------------------------------------
def test_argivian_cavalier_enlist():
    got = full(card("Argivian Cavalier", "Creature — Orc Knight",
                    "Enlist (As this creature attacks, you may tap a nonattacking creature you "
                    "control without summoning sickness. When you do, add its power to this "
                    "creature's until end of turn.)\nWhen this creature enters, create a 1/1 white "
                    "Soldier creature token.", mana_cost="{2}{W}", power="2", toughness="2"))
    assert got["keywords"] == ["enlist"]


# -- 702.89 umbra armor (702.89b: "totem armor", its older name) --------------------------------
def test_hyena_umbra_umbra_armor():
    got = full(card("Hyena Umbra", "Enchantment — Aura",
                    "Enchant creature\nEnchanted creature gets +1/+1 and has first strike.\nUmbra "
                    "armor (If enchanted creature would be destroyed, instead remove all damage "
                    "from it and destroy this Aura.)", mana_cost="{W}"))
    assert got["keywords"] == [{"enchant": "creature"}, "umbra_armor"]


def test_totem_armor_older_wording():
    got = full(card("Hyena Umbra", "Enchantment — Aura",
                    "Enchant creature\nTotem armor (If enchanted creature would be destroyed, "
                    "instead remove all damage from it and destroy this Aura.)", mana_cost="{W}"))
    assert got["keywords"] == [{"enchant": "creature"}, "umbra_armor"]


# -- 702.58 graft N ------------------------------------------------------------------------------
def test_simic_initiate_graft():
    got = full(card("Simic Initiate", "Creature — Human Mutant",
                    "Graft 1 (This creature enters with a +1/+1 counter on it. Whenever another "
                    "creature enters, you may move a +1/+1 counter from this creature onto it.)",
                    mana_cost="{G}", power="0", toughness="0"))
    assert got["keywords"] == [{"graft": 1}]


# -- 702.156 ravenous ----------------------------------------------------------------------------
def test_jacked_rabbit_ravenous():
    # its attack trigger ("a number of ... tokens equal to its power") is not understood
    result = compile_card(card("Jacked Rabbit", "Creature — Rabbit Warrior",
                               "Ravenous (This creature enters with X +1/+1 counters on it. If X is "
                               "5 or more, draw a card when it enters.)\nWhenever this creature "
                               "attacks, create a number of 1/1 white Rabbit creature tokens equal "
                               "to this creature's power.", mana_cost="{X}{1}{W}", power="1",
                               toughness="2"))
    assert result.lines[0].fragment == {"keywords": ["ravenous"]}


# -- 702.44 sunburst -----------------------------------------------------------------------------
def test_suntouched_myr_sunburst():
    got = full(card("Suntouched Myr", "Artifact Creature — Myr",
                    "Sunburst (This enters with a +1/+1 counter on it for each color of mana spent "
                    "to cast it.)", mana_cost="{6}", power="0", toughness="0"))
    assert got["keywords"] == ["sunburst"]


def test_modular_sunburst_is_not_read():
    result = compile_card(card("Arcbound Wanderer", "Artifact Creature — Golem",
                               "Modular—Sunburst (This creature enters with a +1/+1 counter on it "
                               "for each color of mana spent to cast it. When it dies, you may put "
                               "its +1/+1 counters on target artifact creature.)",
                               mana_cost="{6}", power="0", toughness="0"))
    assert result.lines[0].status == "not_understood"


# -- digital-only (Alchemy) mechanics: out of scope, with the reason -----------------------------
def test_alchemy_keywords_are_out_of_scope():
    result = compile_card(card("Static Discharge", "Sorcery",
                               "Starting intensity 3\nStatic Discharge deals damage equal to its "
                               "intensity to any target. Intensify 1.", mana_cost="{1}{R}"))
    assert result.lines[0].status == "not_understood"
    assert "digital-only" in result.lines[0].reason
    assert "Comprehensive Rules" in result.lines[0].reason


# -- 702.165 backup N ----------------------------------------------------------------------------
BACKUP_REMINDER = ("(When this creature enters, put a +1/+1 counter on target creature. If that's "
                   "another creature, it gains the following abilities until end of turn.)")


def test_boon_bringer_valkyrie_backup():
    got = full(card("Boon-Bringer Valkyrie", "Creature — Angel Warrior",
                    f"Backup 1 {BACKUP_REMINDER}\nFlying, first strike, lifelink",
                    mana_cost="{3}{W}{W}", power="4", toughness="4"))
    assert got["keywords"] == [{"backup": 1}, "flying", "first_strike", "lifelink"]


def test_backup_with_another_ability_below_is_not_understood():
    # Bola Slinger: an attack trigger below backup would be granted too; it has no form there
    result = compile_card(card("Bola Slinger", "Creature — Human Warrior",
                               f"Backup 1 {BACKUP_REMINDER}\nWhenever this creature attacks, tap "
                               "target artifact or creature an opponent controls.",
                               mana_cost="{2}{W}", power="2", toughness="2"))
    assert result.lines[0].status == "not_understood"
    assert "702.165a" in result.lines[0].reason


# -- 702.161 living metal ------------------------------------------------------------------------
def test_living_metal_line():
    # the first two lines of Starscream, Seeker Leader (a back face; its monarch lines aside)
    got = full(card("Starscream, Seeker Leader", "Legendary Artifact — Vehicle",
                    "Living metal (During your turn, this Vehicle is also a creature.)\nFlying, "
                    "menace, haste", power="2", toughness="3"))
    assert got["keywords"] == ["living_metal", "flying", "menace", "haste"]


# -- 702.133 jump-start --------------------------------------------------------------------------
def test_chemisters_insight_jump_start():
    got = full(card("Chemister's Insight", "Instant",
                    "Draw two cards.\nJump-start (You may cast this card from your graveyard by "
                    "discarding a card in addition to paying its other costs. Then exile this "
                    "card.)", mana_cost="{3}{U}"))
    assert got["keywords"] == ["jump_start"]
