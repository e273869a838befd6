"""Issue 31, session 15 (helper cards31a): real cards' spell, cost and trigger templates, each
compiled from the card's Oracle text (compile-only: the rules behind each form are exercised by
the scenarios in scenarios/mtg/real-cards/)."""
from __future__ import annotations

from oracle_cards import card, full
from rulekeeper.bridge.cards.oracle import compile_card, compile_line


def not_understood(name: str, spell: bool, *texts: str) -> None:
    for text in texts:
        assert compile_line(text, name, spell=spell).status == "not_understood", text


def test_target_attacking_or_blocking_creature():
    # 506.3: a creature in combat; Impeccable Timing, Crossbow Infantry
    yaml_card = full(card("Impeccable Timing", "Instant",
                          "Impeccable Timing deals 3 damage to target attacking or blocking creature."))
    assert yaml_card["abilities"] == [{"spell": {
        "targets": [{"kind": "creature", "attacking_or_blocking": True}],
        "effects": [{"deal_damage": {"target": "target", "amount": 3}}]}}]
    infantry = full(card("Crossbow Infantry", "Creature — Human Soldier Archer",
                         "{T}: Crossbow Infantry deals 1 damage to target attacking or blocking creature.",
                         power="1", toughness="1"))
    assert infantry["abilities"][0]["activated"]["targets"] == [
        {"kind": "creature", "attacking_or_blocking": True}]


def test_attacking_or_blocking_boundaries_not_understood():
    not_understood("X", True,
                   "Destroy target attacking or blocking artifact.",
                   "Destroy target blocking or attacking creature.",
                   "Destroy target attacking or tapped creature.")


WEREWOLF_FRONT = "At the beginning of each upkeep, if no spells were cast last turn, transform this creature."
WEREWOLF_BACK = ("At the beginning of each upkeep, if a player cast two or more spells last turn, "
                 "transform this creature.")


def test_old_werewolf_transform_triggers():
    # 603.4 intervening "if", 701.27a transform: Village Messenger // Moonrise Intruder
    data = {"object": "card", "name": "Village Messenger // Moonrise Intruder", "layout": "transform",
            "card_faces": [
                {"name": "Village Messenger", "mana_cost": "{R}", "type_line": "Creature — Human Werewolf",
                 "oracle_text": "Haste\n" + WEREWOLF_FRONT, "power": "1", "toughness": "1"},
                {"name": "Moonrise Intruder", "type_line": "Creature — Werewolf",
                 "oracle_text": "Menace (This creature can't be blocked except by two or more creatures.)\n"
                                + WEREWOLF_BACK, "power": "2", "toughness": "2"}]}
    yaml_card = full(data)
    each_upkeep = {"beginning_of": "upkeep", "player": "each"}
    assert yaml_card["abilities"] == [{"triggered": {
        "when": each_upkeep, "if": {"no_spells_last_turn": True}, "effects": [{"transform": "self"}]}}]
    assert yaml_card["back"]["abilities"] == [{"triggered": {
        "when": each_upkeep, "if": {"player_spells_last_turn_at_least": 2},
        "effects": [{"transform": "self"}]}}]


def test_spells_last_turn_boundaries_not_understood():
    not_understood("X", False,
                   "At the beginning of each upkeep, if no spells were cast last turn, transform target creature.",
                   "At the beginning of each upkeep, if a player cast X or more spells last turn, transform this creature.",
                   "At the beginning of each upkeep, if no creature spells were cast last turn, transform this creature.",
                   "At the beginning of each upkeep, if you cast no spells last turn, transform this creature.")


def test_becomes_the_target_trigger():
    # 603.2, 601.2c: Phantasmal Bear; "it" in a trigger about the source is the source
    yaml_card = full(card("Phantasmal Bear", "Creature — Bear Illusion",
                          "When this creature becomes the target of a spell or ability, sacrifice it.",
                          power="2", toughness="2"))
    assert yaml_card["abilities"] == [{"triggered": {"when": "becomes_target",
                                                     "effects": [{"sacrifice": "self"}]}}]


def test_sacrifice_it_beyond_the_source_not_understood():
    not_understood("X", True, "Tap target creature. Sacrifice it.")
    not_understood("X", False,
                   "When this creature becomes the target of a spell, sacrifice it.",
                   ("Whenever this creature becomes the target of a spell or ability an opponent "
                    "controls, sacrifice it."),
                   "Whenever another creature enters, sacrifice it.")


def test_additional_costs_discard_and_either_sacrifice():
    # 118.8, 601.2h: Tormenting Voice, Deadly Dispute
    voice = full(card("Tormenting Voice", "Sorcery",
                      "As an additional cost to cast this spell, discard a card.\nDraw two cards."))
    assert voice["abilities"][0]["spell"]["additional_cost"] == [{"discard": 1}]
    dispute = full(card("Deadly Dispute", "Instant",
                        "As an additional cost to cast this spell, sacrifice an artifact or creature.\n"
                        "Draw two cards and create a Treasure token."))
    assert dispute["abilities"][0]["spell"]["additional_cost"] == [{"sacrifice": ["artifact", "creature"]}]


def test_additional_costs_beyond_the_templates_not_understood():
    not_understood("X", True,
                   "As an additional cost to cast this spell, discard X cards.",
                   "As an additional cost to cast this spell, discard a card at random.",
                   "As an additional cost to cast this spell, sacrifice a creature or pay {3}{B}.",
                   "As an additional cost to cast this spell, sacrifice a permanent or creature.",
                   "As an additional cost to cast this spell, discard a creature card.")


def test_draw_at_the_next_turns_upkeep():
    # 603.7a: a delayed triggered ability; Flare
    flare = full(card("Flare", "Instant", "Flare deals 1 damage to any target.\n"
                                          "Draw a card at the beginning of the next turn's upkeep."))
    assert flare["abilities"] == [{"spell": {"targets": ["any"], "effects": [
        {"deal_damage": {"target": "target", "amount": 1}},
        {"draw_next_upkeep": {"player": "you", "amount": 1}}]}}]
    not_understood("Flare", True,
                   "Draw a card at the beginning of the next end step.",
                   "Target player draws a card at the beginning of the next turn's upkeep.")


def test_return_target_card_from_your_graveyard():
    # 115.1, 400.1: Raise Dead, Regrowth
    raise_dead = full(card("Raise Dead", "Sorcery", "Return target creature card from your graveyard to your hand."))
    assert raise_dead["abilities"] == [{"spell": {
        "targets": [{"kind": "card_in_your_graveyard", "types": ["creature"]}],
        "effects": [{"return_to_hand": "target"}]}}]
    regrowth = full(card("Regrowth", "Sorcery", "Return target card from your graveyard to your hand."))
    assert regrowth["abilities"][0]["spell"]["targets"] == ["card_in_your_graveyard"]
    not_understood("Raise Dead", True,
                   "Return target creature card from a graveyard to its owner's hand.",
                   # "... to the battlefield" compiles since session 16 (test_oracle_spells16.py)
                   "Return up to two target creature cards from your graveyard to your hand.",
                   "Return target Zombie card from your graveyard to your hand.")


def test_cast_only_when_attacked():
    # 601.3: Just Fate
    just_fate = full(card("Just Fate", "Instant",
                          "Cast this spell only during the declare attackers step and only if you've been "
                          "attacked this step.\nDestroy target attacking creature."))
    assert just_fate["abilities"][0]["spell"]["cast_restriction"] == "attacked_this_step"
    # the restriction alone is no spell, and it falls with a targeted line not understood
    alone = compile_card(card("Just Fate", "Instant",
                              "Cast this spell only during the declare attackers step and only if you've "
                              "been attacked this step.\nSwitch target creature's power and toughness."))
    assert alone.status == "none"
    assert compile_line("Cast this spell only during combat.", "X", spell=True).status == "not_understood"


def test_whenever_you_gain_life():
    # 119.9, 603.2: Ajani's Pridemate
    pridemate = full(card("Ajani's Pridemate", "Creature — Cat Soldier",
                          "Whenever you gain life, put a +1/+1 counter on Ajani's Pridemate.",
                          power="2", toughness="2"))
    assert pridemate["abilities"] == [{"triggered": {"when": "you_gain_life", "effects": [
        {"put_counters": {"object": "self", "kind": "+1/+1", "amount": 1}}]}}]
    not_understood("X", False,
                   "Whenever you gain life, target opponent loses that much life.",
                   "Whenever a player gains life, put a +1/+1 counter on this creature.",
                   "Whenever you gain life for the first time each turn, draw a card.")


def test_put_into_a_graveyard_from_the_battlefield():
    # 603.6c, 603.10a, 400.7e: Rancor; an artifact's "draw a card"
    rancor = full(card("Rancor", "Enchantment — Aura",
                       "Enchant creature\nEnchanted creature gets +2/+0 and has trample.\n"
                       "When this Aura is put into a graveyard from the battlefield, return it to its "
                       "owner's hand."))
    assert rancor["abilities"][1] == {"triggered": {"when": "to_graveyard",
                                                    "effects": [{"return_to_hand": "self"}]}}
    line = compile_line("When this artifact is put into a graveyard from the battlefield, draw a card.",
                        "X", spell=False)
    assert line.fragment == {"triggered": {"when": "to_graveyard",
                                           "effects": [{"draw": {"player": "you", "amount": 1}}]}}
    not_understood("X", False,
                   "When this creature is put into a graveyard from the battlefield, put a +1/+1 counter on it.",
                   "When this creature is put into a graveyard from the battlefield, exile it.",
                   "Whenever a land is put into a graveyard from the battlefield, draw a card.")


def test_mana_ability_with_other_instructions_not_understood():
    # 605.3b: a mana ability's other instructions are not performed by the rules (only its mana),
    # so a painland compiled to a painless land was a wrong meaning
    not_understood("Adarkar Wastes", False,
                   "{T}: Add {W} or {U}. This land deals 1 damage to you.",
                   ("{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card at the "
                   "beginning of the next turn's upkeep."))
    assert compile_line("{T}: Add {C}{C}.", "X", spell=False).status == "compiled"
