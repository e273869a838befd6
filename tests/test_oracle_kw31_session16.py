"""Keyword lines of session 16's kw31 part (issue 32's 702 keywords by card count, continued;
docs/keywords.md), each with a real card's Oracle text (a small fixture: name, type line, text):
the compiled form, and that the card format accepts the compiled card."""
from __future__ import annotations

from oracle_cards import card, full
from rulekeeper.bridge.cards.oracle import compile_card
from rulekeeper.bridge.cards.oracle.compile import compile_line


# -- 702.163 For Mirrodin! -----------------------------------------------------------------------
def test_mirran_bardiche_for_mirrodin():
    got = full(card("Mirran Bardiche", "Artifact — Equipment",
                    "For Mirrodin! (When this Equipment enters, create a 2/2 red Rebel creature "
                    "token, then attach this to it.)\nEquipped creature gets +2/+1 and has "
                    "vigilance.\nEquip {3}{W} ({3}{W}: Attach to target creature you control. "
                    "Equip only as a sorcery.)", mana_cost="{4}{W}"))
    assert got["keywords"] == ["for_mirrodin", {"equip": "{3}{W}"}]


# -- 702.29e typecycling --------------------------------------------------------------------------
def test_fiery_fall_basic_landcycling():
    got = full(card("Fiery Fall", "Instant",
                    "Fiery Fall deals 5 damage to target creature.\nBasic landcycling {1}{R} "
                    "({1}{R}, Discard this card: Search your library for a basic land card, reveal "
                    "it, put it into your hand, then shuffle.)", mana_cost="{5}{R}"))
    assert got["keywords"] == [{"typecycling": "{1}{R}",
                                "for": {"supertypes": ["basic"], "types": ["land"]}}]


def test_noble_templar_plainscycling():
    got = full(card("Noble Templar", "Creature — Human Cleric Soldier",
                    "Vigilance\nPlainscycling {2} ({2}, Discard this card: Search your library for "
                    "a Plains card, reveal it, put it into your hand, then shuffle.)",
                    mana_cost="{5}{W}", power="3", toughness="6"))
    assert got["keywords"] == ["vigilance", {"typecycling": "{2}", "for": {"subtypes": ["plains"]}}]


def test_shoreline_ranger_islandcycling():
    got = full(card("Shoreline Ranger", "Creature — Bird Soldier Ranger",
                    "Flying\nIslandcycling {2} ({2}, Discard this card: Search your library for an "
                    "Island card, reveal it, put it into your hand, then shuffle.)",
                    mana_cost="{5}{U}", power="3", toughness="4"))
    assert got["keywords"] == ["flying", {"typecycling": "{2}", "for": {"subtypes": ["island"]}}]


def test_sojourners_companion_artifact_landcycling():
    got = full(card("Sojourner's Companion", "Artifact Creature — Salamander",
                    "Affinity for artifacts\nArtifact landcycling {2} ({2}, Discard this card: "
                    "Search your library for an artifact land card, reveal it, put it into your "
                    "hand, then shuffle.)", mana_cost="{7}", power="4", toughness="4"))
    assert got["keywords"] == [{"affinity": "artifact"},
                               {"typecycling": "{2}", "for": {"types": ["artifact", "land"]}}]


def test_vedalken_aethermage_wizardcycling():
    result = compile_card(card("Vedalken Aethermage", "Creature — Vedalken Wizard",
                               "Flash\nWizardcycling {3} ({3}, Discard this card: Search your "
                               "library for a Wizard card, reveal it, put it into your hand, then "
                               "shuffle.)", mana_cost="{1}{U}", power="1", toughness="2"))
    assert result.lines[1].fragment == {"keywords": [{"typecycling": "{3}",
                                                      "for": {"subtypes": ["wizard"]}}]}


# -- 702.81 retrace --------------------------------------------------------------------------------
def test_flame_jab_retrace():
    got = full(card("Flame Jab", "Sorcery",
                    "Flame Jab deals 1 damage to any target.\nRetrace (You may cast this card from "
                    "your graveyard by discarding a land card in addition to paying its other "
                    "costs.)", mana_cost="{R}"))
    assert got["keywords"] == ["retrace"]


# -- 702.104 tribute N ----------------------------------------------------------------------------
def test_snake_of_the_golden_grove_tribute():
    got = full(card("Snake of the Golden Grove", "Creature — Snake",
                    "Tribute 3 (As this creature enters, an opponent of your choice may put three "
                    "+1/+1 counters on it.)\nWhen this creature enters, if tribute wasn't paid, you "
                    "gain 4 life.", mana_cost="{4}{G}", power="4", toughness="4"))
    assert got["keywords"] == [{"tribute": 3}]
    assert got["abilities"] == [{"triggered": {"when": "enters", "if": {"tribute_not_paid": True},
                                               "effects": [{"gain_life": {"player": "you",
                                                                          "amount": 4}}]}}]


def test_pharagax_giant_tribute():
    got = full(card("Pharagax Giant", "Creature — Giant",
                    "Tribute 2 (As this creature enters, an opponent of your choice may put two "
                    "+1/+1 counters on it.)\nWhen this creature enters, if tribute wasn't paid, this "
                    "creature deals 5 damage to each opponent.", mana_cost="{4}{R}", power="3",
                    toughness="3"))
    assert got["keywords"] == [{"tribute": 2}]
    assert got["abilities"][0]["triggered"]["if"] == {"tribute_not_paid": True}


# -- 702.115 ingest ---------------------------------------------------------------------------------
def test_mist_intruder_ingest():
    got = full(card("Mist Intruder", "Creature — Eldrazi Drone",
                    "Devoid (This card has no color.)\nFlying\nIngest (Whenever this creature deals "
                    "combat damage to a player, that player exiles the top card of their library.)",
                    mana_cost="{1}{U}", power="1", toughness="2"))
    assert got["keywords"] == ["devoid", "flying", "ingest"]


# -- 702.155 read ahead ---------------------------------------------------------------------------
ELDER_DRAGON_WAR = ("Read ahead (Choose a chapter and start with that many lore counters. Add one "
                    "after your draw step. Skipped chapters don't trigger. Sacrifice after III.)\n"
                    "I — The Elder Dragon War deals 2 damage to each creature and each opponent.\n"
                    "II — Discard any number of cards, then draw that many cards.\n"
                    "III — Create a 4/4 red Dragon creature token with flying.")


def test_read_ahead_line_alone():
    # the keyword line by itself: read ahead (702.155)
    line = compile_line(ELDER_DRAGON_WAR.split("\n")[0], "The Elder Dragon War")
    assert line.fragment == {"keywords": ["read_ahead"]}


def test_read_ahead_not_understood_with_a_chapter_not_understood():
    # 702.155b chooses up to the final chapter: with chapter II not understood the compiled card
    # would have a wrong final chapter, so the read ahead line is not understood either
    result = compile_card(card("The Elder Dragon War", "Enchantment — Saga", ELDER_DRAGON_WAR,
                               mana_cost="{2}{R}{R}"))
    assert result.lines[0].status == "not_understood"
    assert result.lines[0].reason.startswith("read ahead (702.155b)")
    assert "read_ahead" not in result.yaml_card.get("keywords", [])


# -- 702.182 Job select ---------------------------------------------------------------------------
def test_white_mages_staff_job_select_line():
    # the Job select line of a real card (its "Equipped creature ... has ..." line is another
    # template's)
    line = compile_line("Job select (When this Equipment enters, create a 1/1 colorless Hero "
                        "creature token, then attach this to it.)", "White Mage's Staff")
    assert line.fragment == {"keywords": ["job_select"]}


# -- mechanics newer than the CR of 2025-09-19 (not guessed) --------------------------------------
def test_teamwork_is_not_in_the_cr():
    line = compile_line("Teamwork 2 (As an additional cost to cast this spell, you may tap any "
                        "number of creatures you control with total power 2 or more.)",
                        "Timeline Inquiry")
    assert line.status == "not_understood"
    assert line.reason.startswith("not in the Comprehensive Rules of 2025-09-19")


def test_prepared_is_not_in_the_cr():
    line = compile_line("At the beginning of each end step, if three or more creatures died this "
                        "turn, this creature becomes prepared. (While it's prepared, you may cast "
                        "a copy of its spell. Doing so unprepares it.)", "Bloodline Recollector")
    assert line.status == "not_understood"
    assert "newer than it" in line.reason


# -- 702.175 offspring ----------------------------------------------------------------------------
def test_rust_shield_rampager_offspring():
    got = full(card("Rust-Shield Rampager", "Creature — Raccoon Warrior",
                    "Offspring {2} (You may pay an additional {2} as you cast this spell. If you "
                    "do, when this creature enters, create a 1/1 token copy of it.)\nThis creature "
                    "can't be blocked by creatures with power 2 or less.", mana_cost="{3}{G}",
                    power="4", toughness="4"))
    assert got["keywords"] == [{"offspring": "{2}"}]


# -- 702.153 casualty N ---------------------------------------------------------------------------
def test_light_em_up_casualty():
    got = full(card("Light 'Em Up", "Sorcery",
                    "Casualty 2 (As you cast this spell, you may sacrifice a creature with power 2 "
                    "or greater. When you do, copy this spell and you may choose a new target for "
                    "the copy.)\nLight 'Em Up deals 2 damage to target creature or planeswalker.",
                    mana_cost="{1}{R}"))
    assert got["keywords"] == [{"casualty": 2}]


def test_casualty_x_is_not_understood():
    # Ob Nixilis, the Adversary: "Casualty X" (and a planeswalker copy) has no form
    line = compile_line("Casualty X. The copy isn't legendary and has starting loyalty X. (As you "
                        "cast this spell, you may sacrifice a creature with power X. When you do, "
                        "copy this spell. The copy becomes a token.)", "Ob Nixilis, the Adversary")
    assert line.status == "not_understood"


# -- 702.166 bargain ------------------------------------------------------------------------------
def test_troublemaker_ouphe_bargain():
    got = full(card("Troublemaker Ouphe", "Creature — Ouphe",
                    "Bargain (You may sacrifice an artifact, enchantment, or token as you cast this "
                    "spell.)\nWhen this creature enters, if it was bargained, exile target artifact "
                    "or enchantment an opponent controls.", mana_cost="{1}{G}", power="2",
                    toughness="2"))
    assert got["keywords"] == ["bargain"]
    assert got["abilities"][0]["triggered"]["if"] == {"bargained": True}


def test_candy_grapple_bargained_instead_is_not_understood():
    # "If this spell was bargained, ... instead" in a spell's text has no form (a spell template)
    result = compile_card(card("Candy Grapple", "Instant",
                               "Bargain (You may sacrifice an artifact, enchantment, or token as "
                               "you cast this spell.)\nTarget creature gets -3/-3 until end of turn. "
                               "If this spell was bargained, that creature gets -5/-5 until end of "
                               "turn instead.", mana_cost="{1}{B}"))
    assert result.lines[0].fragment == {"keywords": ["bargain"]}
    assert result.lines[1].status == "not_understood"


# -- 702.95 soulbond -------------------------------------------------------------------------------
def test_silverblade_paladin_soulbond():
    got = full(card("Silverblade Paladin", "Creature — Human Knight",
                    "Soulbond (You may pair this creature with another unpaired creature when either "
                    "enters. They remain paired for as long as you control both of them.)\nAs long "
                    "as this creature is paired with another creature, both creatures have double "
                    "strike.", mana_cost="{1}{W}{W}", power="2", toughness="2"))
    assert got["keywords"] == ["soulbond"]
    assert got["abilities"] == [{"static": {"affects": "paired", "keywords": ["double_strike"]}}]


def test_trusted_forcemage_soulbond_pump():
    got = full(card("Trusted Forcemage", "Creature — Human Shaman",
                    "Soulbond (You may pair this creature with another unpaired creature when either "
                    "enters. They remain paired for as long as you control both of them.)\nAs long "
                    "as this creature is paired with another creature, each of those creatures gets "
                    "+1/+1.", mana_cost="{2}{G}", power="2", toughness="2"))
    assert got["abilities"] == [{"static": {"affects": "paired", "power": 1, "toughness": 1}}]


def test_deadeye_navigator_granted_ability_is_not_understood():
    # "each of those creatures has "{1}{U}: ..."": granting an activated ability has no form
    result = compile_card(card("Deadeye Navigator", "Creature — Spirit",
                               "Soulbond (You may pair this creature with another unpaired creature "
                               "when either enters. They remain paired for as long as you control "
                               "both of them.)\nAs long as Deadeye Navigator is paired with another "
                               "creature, each of those creatures has \"{1}{U}: Exile this creature, "
                               "then return it to the battlefield under your control.\"",
                               mana_cost="{4}{U}{U}", power="5", toughness="5"))
    assert result.lines[-1].status == "not_understood"


# -- 702.42 entwine --------------------------------------------------------------------------------
def test_rain_of_rust_entwine():
    got = full(card("Rain of Rust", "Instant",
                    "Choose one —\n• Destroy target artifact.\n• Destroy target land.\nEntwine {3}{R} "
                    "(Choose both if you pay the entwine cost.)", mana_cost="{3}{R}{R}"))
    assert got["keywords"] == [{"entwine": "{3}{R}"}]
    assert got["abilities"][0]["spell"]["choose"] == 1
