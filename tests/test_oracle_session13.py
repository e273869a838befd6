"""Templates of issue 31, session 13, each with a real card's Oracle text (a small fixture: name,
type line, text): the compiled form, and that the card format accepts the compiled card."""
from __future__ import annotations

import pytest
from oracle_cards import card, full
from rulekeeper.bridge.cards.oracle import compile_card, compile_line
from rulekeeper.bridge.games.mtg.cards import parse_card_map


# -- "This spell can't be countered." (101.2, 113.6g) ---------------------------------------------
def test_carnage_tyrant_cant_be_countered():
    got = full(card("Carnage Tyrant", "Creature — Dinosaur",
                    "This spell can't be countered.\nTrample, hexproof", power="7", toughness="6",
                    mana_cost="{4}{G}{G}"))
    assert {"static": {"cant_be_countered": True}} in got["abilities"]
    assert got["keywords"] == ["trample", "hexproof"]


def test_an_instant_keeps_cant_be_countered_when_its_effect_is_not_read():
    # an effect not read (Abrupt Decay's with an X in place of its 3; its real text compiles since
    # session 17): the spell is not understood, and "can't be countered" stays (a static ability
    # of the card, no part of the spell ability)
    result = compile_card(card("Abrupt Decay", "Instant", "This spell can't be countered.\n"
                               "Destroy target nonland permanent with mana value X or less."))
    assert [ln.status for ln in result.lines] == ["compiled", "not_understood"]
    assert result.lines[0].fragment == {"static": {"cant_be_countered": True}}
    parse_card_map(result.yaml_card, "test", "Abrupt Decay")


def test_supreme_verdict_compiles_fully():
    got = full(card("Supreme Verdict", "Sorcery", "This spell can't be countered.\n"
                    "Destroy all creatures.", mana_cost="{1}{W}{W}{U}"))
    assert got["abilities"][0]["spell"]["effects"] == [{"destroy": {"all": {"types": ["creature"]}}}]
    assert {"static": {"cant_be_countered": True}} in got["abilities"]


def test_older_wording_with_the_name():
    result = compile_line("Carnage Tyrant can't be countered.", "Carnage Tyrant", spell=False)
    assert result.fragment == {"static": {"cant_be_countered": True}}


# -- the partner abilities (702.124a) and "can be your commander" (903.3a): no effect in a game ---
@pytest.mark.parametrize("text, keyword", [
    ("Partner (You can have two commanders if both have partner.)", "partner"),
    ("Partner—Friends forever (You can have two commanders if both have friends forever.)",
     "friends_forever"),
    ("Choose a Background (You can have a Background as a second commander.)",
     "choose_a_background"),
    ("Doctor's companion (You can have two commanders if the other is the Doctor.)",
     "doctors_companion"),
])
def test_partner_abilities_are_keywords(text, keyword):
    assert compile_line(text, "Some Card", spell=False).fragment == {"keywords": [keyword]}


def test_ravos_with_partner_compiles_fully():
    got = full(card("Ravos, Soultender", "Legendary Creature — Human Cleric",
                    "Flying\nOther creatures you control get +1/+1.\nPartner (You can have two "
                    "commanders if both have partner.)", power="2", toughness="2"))
    assert got["keywords"] == ["flying", "partner"]


def test_can_be_your_commander_adds_nothing_to_the_card():
    got = full(card("Teferi, Temporal Archmage", "Legendary Planeswalker — Teferi",
                    "Teferi, Temporal Archmage can be your commander.", loyalty="5"))
    assert "abilities" not in got and "keywords" not in got
    line = compile_line("Grist can be your commander.", "Grist, the Hunger Tide", spell=False)
    assert line.status == "compiled" and "903.3a" in line.fragment["deck_rule"]


# -- Crew N (702.122a): the keyword {crew: N}, activated by name (`ability: crew`) -----------------
CREW_REMINDER = ("(Tap any number of creatures you control with total power {n} or more: This "
                 "Vehicle becomes an artifact creature until end of turn.)")


def test_irontread_crusher_crew_compiles_as_in_its_scenario():
    got = full(card("Irontread Crusher", "Artifact — Vehicle", "Crew 3 " + CREW_REMINDER.format(n=3),
                    mana_cost="{4}", power="6", toughness="6"))
    # the card scenarios/mtg/702-keywords/702.122a-crew-*.yaml write by hand
    assert got == {"name": "Irontread Crusher", "mana_cost": "{4}", "types": ["artifact"],
                   "subtypes": ["vehicle"], "power": 6, "toughness": 6, "keywords": [{"crew": 3}]}


def test_air_response_unit_flying_vigilance_crew():
    got = full(card("Air Response Unit", "Artifact — Vehicle",
                    "Flying, vigilance\nCrew 1 " + CREW_REMINDER.format(n=1),
                    mana_cost="{2}{W}", power="3", toughness="3"))
    assert got["keywords"] == ["flying", "vigilance", {"crew": 1}]


# -- 509.1b block restrictions by a quality (the blocker's, or "can block only creatures with flying")
@pytest.mark.parametrize("name, type_line, text, static, more", [
    ("Steel Leaf Champion", "Creature — Elf Knight",
     "This creature can't be blocked by creatures with power 2 or less.",
     {"cant_be_blocked_by": {"power_at_most": 2}}, {"power": "5", "toughness": "4"}),
    ("Bog Rats", "Creature — Rat", "This creature can't be blocked by Walls.",
     {"cant_be_blocked_by": {"subtypes": ["wall"]}}, {"power": "1", "toughness": "1"}),
    ("Audacious Infiltrator", "Creature — Dwarf Rogue",
     "This creature can't be blocked by artifact creatures.",
     {"cant_be_blocked_by": {"types": ["artifact"]}}, {"power": "3", "toughness": "1"}),
    ("Cloud Sprite", "Creature — Faerie", ("Flying (This creature can't be blocked except by "
     "creatures with flying or reach.)\nThis creature can block only creatures with flying."),
     {"combat_restriction": "block_only_flying"}, {"power": "1", "toughness": "1"}),
])
def test_block_restriction_cards_compile_as_in_their_scenarios(name, type_line, text, static, more):
    got = full(card(name, type_line, text, **more))
    assert got["abilities"] == [{"static": static}]


def test_older_wording_and_greater():
    got = compile_line("Juggernaut can't be blocked by Walls.", "Juggernaut", spell=False)
    assert got.fragment == {"static": {"cant_be_blocked_by": {"subtypes": ["wall"]}}}
    got = compile_line("This creature can't be blocked by creatures with power 3 or greater.",
                       "Some Card", spell=False)
    assert got.fragment == {"static": {"cant_be_blocked_by": {"power_at_least": 3}}}


# -- "Enchant creature you control" (702.5a) ---------------------------------------------------------
def test_emblem_of_the_warmind_enchant_creature_you_control():
    got = full(card("Emblem of the Warmind", "Enchantment — Aura",
                    "Enchant creature you control\nCreatures you control have haste.",
                    mana_cost="{1}{R}"))
    assert got["keywords"] == [{"enchant": "creature", "controller": "you"}]


def test_enchant_you_control_line_forms():
    assert compile_line("Enchant land you control", "Some Aura", spell=False).fragment == \
        {"keywords": [{"enchant": "land", "controller": "you"}]}
    assert compile_line("Enchant creature", "Some Aura", spell=False).fragment == \
        {"keywords": [{"enchant": "creature"}]}
    for text in ("Enchant creature an opponent controls", "Enchant creature you don't control",
                 "Enchant creature or planeswalker you control"):
        assert compile_line(text, "Some Aura", spell=False).status == "not_understood", text


# -- "You have no maximum hand size." (402.2) -----------------------------------------------------
def test_reliquary_tower_compiles_as_in_its_scenarios():
    got = full(card("Reliquary Tower", "Land",
                    "You have no maximum hand size.\n{T}: Add {C}."))
    assert got["abilities"] == [{"static": {"no_maximum_hand_size": True}},
                                {"activated": {"cost": ["{T}"], "effects": [{"add_mana": "C"}]}}]


# -- Saddle N (702.171a) ------------------------------------------------------------------------------
def test_venomsac_lagac_saddle_line():
    result = compile_card(card(
        "Venomsac Lagac", "Creature — Lizard Mount",
        "Deathtouch\nWhenever this creature attacks while saddled, it gets +0/+3 until end of turn.\n"
        "Saddle 2 (Tap any number of other creatures you control with total power 2 or more: This "
        "Mount becomes saddled until end of turn. Saddle only as a sorcery.)",
        power="2", toughness="1"))
    # "attacks while saddled" is not read; the keyword lines are
    assert [ln.status for ln in result.lines] == ["compiled", "not_understood", "compiled"]
    assert result.yaml_card["keywords"] == ["deathtouch", {"saddle": 2}]
    parse_card_map(result.yaml_card, "test", "Venomsac Lagac")


# -- "Enchant artifact or creature" (702.5a: one ability, either type) ---------------------------------
def test_ice_over_compiles_as_in_its_scenario():
    got = full(card("Ice Over", "Enchantment — Aura", "Enchant artifact or creature\nEnchanted "
                    "permanent doesn't untap during its controller's untap step.", mana_cost="{1}{U}"))
    assert got["keywords"] == [{"enchant": ["artifact", "creature"]}]
    assert got["abilities"] == [{"static": {"affects": "attached", "doesnt_untap": True}}]


# -- "You may play an additional land on each of your turns." (305.2) ---------------------------------
def test_exploration_compiles_as_in_its_scenarios():
    got = full(card("Exploration", "Enchantment",
                    "You may play an additional land on each of your turns.", mana_cost="{G}"))
    assert got["abilities"] == [{"static": {"additional_land_play": True}}]


# -- "can't attack unless defending player controls an Island" (508.1c) --------------------------------
def test_sea_monster_compiles_as_in_its_scenarios():
    got = full(card("Sea Monster", "Creature — Serpent",
                    "This creature can't attack unless defending player controls an Island.",
                    mana_cost="{4}{U}{U}", power="6", toughness="6"))
    assert got["abilities"] == [{"static": {"cant_attack_unless_defender_controls": "island"}}]
    got = compile_line("Sea Serpent can't attack unless defending player controls an Island.",
                       "Sea Serpent", spell=False)          # the older wording
    assert got.fragment == {"static": {"cant_attack_unless_defender_controls": "island"}}


# -- "You may choose not to untap this artifact during your untap step." (502.3) ----------------------
def test_may_choose_not_to_untap():
    for text, name in (("You may choose not to untap this artifact during your untap step.",
                        "Ashnod's Battle Gear"),
                       ("You may choose not to untap Hivis during your untap step.",
                        "Hivis of the Scale")):
        got = compile_line(text, name, spell=False, legendary=True)
        assert got.fragment == {"static": {"may_not_untap": True}}, text
    assert compile_line("You may choose not to untap enchanted creature during your untap step.",
                        "Some Aura", spell=False).status == "not_understood"


# -- Cumulative upkeep {N} (702.24a) ------------------------------------------------------------------
CU_REMINDER = ("(At the beginning of your upkeep, put an age counter on this permanent, then "
               "sacrifice it unless you pay its upkeep cost for each age counter on it.)")


def test_survivor_of_the_unseen_cumulative_upkeep():
    result = compile_card(card("Survivor of the Unseen", "Creature — Human Wizard",
                               "Cumulative upkeep {2} " + CU_REMINDER + "\n{T}: Draw two cards, then "
                               "put a card from your hand on top of your library.",
                               mana_cost="{2}{U}", power="2", toughness="1"))
    assert result.lines[0].fragment == {"keywords": [{"cumulative_upkeep": 2}]}
    parse_card_map(result.yaml_card, "test", "Survivor of the Unseen")


# -- Ascend (702.131) -----------------------------------------------------------------------------------
def test_wayward_swordtooth_ascend_and_land_lines():
    result = compile_card(card(
        "Wayward Swordtooth", "Creature — Dinosaur",
        "Ascend (If you control ten or more permanents, you get the city's blessing for the rest of "
        "the game.)\nYou may play an additional land on each of your turns.\nThis creature can't "
        "attack or block unless you have the city's blessing.",
        mana_cost="{2}{G}", power="5", toughness="5"))
    assert [ln.status for ln in result.lines] == ["compiled", "compiled", "not_understood"]
    assert result.yaml_card["keywords"] == ["ascend"]
    parse_card_map(result.yaml_card, "test", "Wayward Swordtooth")


def test_ascend_on_a_sorcery():
    result = compile_card(card("Secrets of the Golden City", "Sorcery",
                               "Ascend (If you control ten or more permanents, you get the city's "
                               "blessing for the rest of the game.)\nDraw two cards. If you have the "
                               "city's blessing, draw three cards instead."))
    assert result.lines[0].fragment == {"keywords": ["ascend"]}
    assert result.lines[1].status == "not_understood"


# -- Delve (702.66a) --------------------------------------------------------------------------------------
DELVE = "Delve (Each card you exile from your graveyard while casting this spell pays for {1}.)"


def test_murderous_cut_compiles_as_in_its_scenario():
    got = full(card("Murderous Cut", "Instant", DELVE + "\nDestroy target creature.",
                    mana_cost="{4}{B}"))
    assert got["keywords"] == ["delve"]
    assert got["abilities"] == [{"spell": {"targets": ["creature"], "effects": [{"destroy": "target"}]}}]


def test_treasure_cruise_compiles_fully():
    got = full(card("Treasure Cruise", "Sorcery", DELVE + "\nDraw three cards.", mana_cost="{7}{U}"))
    assert got["keywords"] == ["delve"]


# -- "Counter target spell unless its controller pays {N}." (118.12a) ---------------------------------
def test_mana_leak_compiles_as_in_its_scenarios():
    got = full(card("Mana Leak", "Instant", "Counter target spell unless its controller pays {3}.",
                    mana_cost="{1}{U}"))
    assert got["abilities"] == [{"spell": {"targets": ["spell"], "effects": [
        {"counter_unless": {"object": "target", "amount": 3}}]}}]


# -- predefined tokens (111.10), investigate (701.16a), explore (701.44a) ---------------------------------
def test_decadent_dragon_front_face_compiles_as_in_its_scenario():
    result = compile_card({"object": "card", "name": "Decadent Dragon // Expensive Taste",
                           "layout": "adventure", "type_line": "Creature — Dragon // Instant — Adventure",
                           "card_faces": [
                               {"name": "Decadent Dragon", "type_line": "Creature — Dragon",
                                "mana_cost": "{2}{R}{R}", "power": "4", "toughness": "4",
                                "oracle_text": "Flying, trample\nWhenever this creature attacks, "
                                               "create a Treasure token."},
                               {"name": "Expensive Taste", "type_line": "Instant — Adventure",
                                "mana_cost": "{2}{B}",
                                "oracle_text": "Draw two cards and create a Treasure token."}]})
    front = [ln for ln in result.lines if ln.face == "Decadent Dragon"]
    assert [ln.status for ln in front] == ["compiled", "compiled"]
    assert result.yaml_card["abilities"] == [{"triggered": {"when": "attacks", "effects": [
        {"create_token": {"predefined": "treasure", "amount": 1, "player": "you"}}]}}]
    parse_card_map(result.yaml_card, "test", "Decadent Dragon")


@pytest.mark.parametrize("name, type_line, text, effect", [
    ("Forecasting Fortune Teller", "Creature — Human Advisor Ally",
     "When this creature enters, create a Clue token.",
     {"create_token": {"predefined": "clue", "amount": 1, "player": "you"}}),
    ("Orchard Strider", "Creature — Treefolk",
     ("When this creature enters, create two Food tokens. (They're artifacts with \"{2}, {T}, "
      "Sacrifice this token: You gain 3 life.\")"),
     {"create_token": {"predefined": "food", "amount": 2, "player": "you"}}),
    ("Thraben Inspector", "Creature — Human Soldier", ("When this creature enters, investigate. "
     "(Create a Clue token. It's an artifact with \"{2}, Sacrifice this token: Draw a card.\")"),
     "investigate"),
    ("Merfolk Branchwalker", "Creature — Merfolk Scout", "When this creature enters, it explores.",
     {"explore": "self"}),
    # the other 701 keyword actions (issue 32, session 17): real cards' enters triggers
    ("Elite Scaleguard", "Creature — Human Soldier", "When this creature enters, bolster 2.",
     {"bolster": {"amount": 2}}),
    ("Eternal Skylord", "Creature — Zombie Wizard", "When this creature enters, amass Zombies 2.",
     {"amass": {"amount": 2, "subtype": "zombie"}}),
    ("Dunland Crebain", "Creature — Bird Horror", "When this creature enters, amass Orcs 2.",
     {"amass": {"amount": 2, "subtype": "orc"}}),
    ("Temur War Shaman", "Creature — Human Shaman",
     "When this creature enters, manifest the top card of your library.", "manifest"),
    ("Unsettling Twins", "Creature — Human", "When this creature enters, manifest dread.", "manifest_dread"),
    ("Trumpeting Carnosaur", "Creature — Dinosaur", "When this creature enters, discover 5.",
     {"discover": {"amount": 5}}),
    ("Stalwarts of Osgiliath", "Creature — Human Soldier", "When this creature enters, the Ring tempts you.",
     "ring_tempts"),
    ("Barbed Servitor", "Artifact Creature — Construct",
     "When this creature enters, suspect it. (It has menace and can't block.)", {"suspect": "self"}),
    ("Norn's Inquisitor", "Creature — Phyrexian Knight", "When this creature enters, incubate 2.",
     {"incubate": {"amount": 2}}),
    ("A.I.M. Scientists", "Creature — Human Scientist Villain", "When this creature enters, it connives.",
     {"connive": {"object": "self", "amount": 1}}),
    ("Glistening Sphere", "Artifact", "When this artifact enters, proliferate.", "proliferate"),
    ("Fortress Kin-Guard", "Creature — Dog Soldier", "When this creature enters, it endures 1.",
     {"endure": {"amount": 1}}),
])
def test_enter_triggers_with_predefined_tokens_and_keyword_actions(name, type_line, text, effect):
    got = compile_card(card(name, type_line, text, power="1", toughness="1"))
    assert got.lines[0].fragment == {"triggered": {"when": "enters", "effects": [effect]}}
    parse_card_map(got.yaml_card, "test", name)


@pytest.mark.parametrize("text, reason", [
    ("Whenever another creature you control enters, it explores.", "it"),   # the other creature
    ("Each opponent creates a Treasure token.", "each"),
    ("Create a tapped Treasure token.", ""),
    # "it" after a new object (Fierce Invocation) or after a target returned to the battlefield
    # (It Doesn't Add Up: a new object, 400.7): not understood, never bound to the wrong object
    ("Manifest the top card of your library, then put two +1/+1 counters on it.", "new object"),
    ("Return target creature card from your graveyard to the battlefield. Suspect it.", "400.7"),
])
def test_other_token_and_explore_lines_not_understood(text, reason):
    got = compile_line(text, "Some Card", spell=None)
    assert got.status == "not_understood" and reason in got.reason


# -- "must be blocked if able" (509.1c) and "You have hexproof." (702.11c): rules already encoded --------
def test_gaeas_protector_must_be_blocked():
    got = full(card("Gaea's Protector", "Creature — Elemental Warrior",
                    "This creature must be blocked if able.", power="4", toughness="2"))
    assert got["abilities"] == [{"static": {"combat_requirement": "must_be_blocked"}}]


def test_aegis_of_the_gods_you_have_hexproof():
    got = full(card("Aegis of the Gods", "Enchantment Creature — Human Soldier",
                    "You have hexproof. (You can't be the target of spells or abilities your "
                    "opponents control.)", power="2", toughness="1"))
    assert got["abilities"] == [{"static": {"player_keywords": ["hexproof"]}}]
    for text in ("You have shroud.", "You have hexproof and shroud.",
                 "Target creature must be blocked if able."):
        assert compile_line(text, "Some Card", spell=False).status == "not_understood", text


def test_relentless_rats_deck_rule_adds_nothing():
    got = full(card("Relentless Rats", "Creature — Rat",
                    "A deck can have any number of cards named Relentless Rats.",
                    power="2", toughness="2", mana_cost="{1}{B}{B}"))
    assert "abilities" not in got and "keywords" not in got
    assert compile_line("A deck can have up to seven cards named Seven Dwarves.", "Seven Dwarves",
                        spell=False).status == "not_understood"


# -- every boundary of the session's templates: these lines stay not understood --------------------------
@pytest.mark.parametrize("text", [
    # partner lines
    ("Partner with Pir, Imaginative Rascal (When this creature enters, target player may put Pir "
     "into their hand from their library, then shuffle.)"),     # 702.124i: also a trigger
    "Partner—Survivors (You can have two commanders if both have this ability.)",
    "Partner—Character select",
    # crew lines
    "Vehicles you control have crew 1.",                              # granted to others
    "Enchanted creature can't attack, block, or crew Vehicles.",      # 702.122c, not read
    "Crew 0",
    # block restrictions
    # ("can't be blocked by more than one creature": compiled since session 15, max_blockers)
    "Creatures with flying can block only creatures with flying.",        # other creatures
    "{2}{G}: This creature can't be blocked by creatures with power 2 or less this turn.",
    "This creature can't be blocked by Eldrazi Scions.",
    "Equipped creature gets +3/+3 and can't be blocked by creatures with power 3 or less.",
    # hand size lines
    "Each player has no maximum hand size.",
    "Your maximum hand size is reduced by one.",
    "You have no maximum hand size for the rest of the game.",
    # either enchant lines
    "Enchant creature or Vehicle",                     # a subtype: enchant reads card types only
    "Enchant creature or planeswalker you control",
    "Enchant creature or player",
    # land play lines
    "You may play an additional land this turn.",                     # a one-shot effect
    "You may play two additional lands on each of your turns.",
    "Each player may play an additional land on each of their turns.",
    # attack unless lines
    "This creature can't attack unless defending player controls a creature with flying.",
    "This creature can't attack unless you control another artifact.",
    "Enchanted creature can't attack unless defending player controls an Island.",
    # cumulative upkeep costs
    "Cumulative upkeep {G}{G} " + CU_REMINDER,          # coloured: not read
    "Cumulative upkeep {R} or {G} " + CU_REMINDER,
    "Cumulative upkeep—Pay 1 life. " + CU_REMINDER,
    "Cumulative upkeep—Add {R}. " + CU_REMINDER,
])
def test_permanent_lines_beyond_the_templates_not_understood(text):
    assert compile_line(text, "Some Card", spell=False).status == "not_understood"


@pytest.mark.parametrize("text", [
    # cant be countered lines
    "This spell can't be countered by blue spells.",        # a partial restriction
    "Spells you control can't be countered.",                # other objects
    "Creature spells you control can't be countered.",
    "This spell can't be countered except by spells.",
    # counter unless lines
    "Counter target spell unless its controller pays {X}.",
    "Counter target spell unless its controller pays {2}{U}.",
    "Counter target spell unless its controller pays {1} for each card in your graveyard.",
    "Counter target spell unless its controller pays 3 life.",
])
def test_spell_lines_beyond_the_templates_not_understood(text):
    assert compile_line(text, "Some Spell", spell=True).status == "not_understood"
