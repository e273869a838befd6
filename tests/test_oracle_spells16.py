"""Issue 31, session 16 (helper cards31a): real cards' spell, trigger and activated-ability
templates, each compiled from the card's Oracle text (compile-only: the rules behind each form
are exercised by their scenarios)."""
from __future__ import annotations

from oracle_cards import card, full
from rulekeeper.bridge.cards.oracle import compile_line

SHUFFLE = {"shuffle": {"player": "you"}}


def not_understood(spell: bool, *texts: str) -> None:
    for text in texts:
        assert compile_line(text, "X", spell=spell).status == "not_understood", text


def test_search_for_a_card_to_hand():
    # 701.23d, 701.24a: Diabolic Tutor; "a card" states no quality (the player must find one)
    yaml_card = full(card("Diabolic Tutor", "Sorcery",
                          "Search your library for a card, put that card into your hand, then shuffle.",
                          mana_cost="{2}{B}{B}"))
    assert yaml_card["abilities"] == [{"spell": {"effects": [
        {"search": {"player": "you", "amount": 1, "to": "hand"}}, SHUFFLE]}}]


def test_search_basic_lands_onto_the_battlefield():
    # 701.23a/b: Rampant Growth (one, tapped), Explosive Vegetation (up to two), Evolving Wilds
    # (an activated ability), Wood Elves' kin with "you may" in an enters trigger
    growth = full(card("Rampant Growth", "Sorcery", "Search your library for a basic land card, "
                       "put that card onto the battlefield tapped, then shuffle.", mana_cost="{1}{G}"))
    basic_land = {"types": ["land"], "supertypes": ["basic"]}
    assert growth["abilities"][0]["spell"]["effects"] == [
        {"search": {"player": "you", "amount": 1, "for": basic_land, "to": "battlefield", "tapped": True}},
        SHUFFLE]
    vegetation = full(card("Explosive Vegetation", "Sorcery", "Search your library for up to two basic "
                           "land cards, put them onto the battlefield tapped, then shuffle.", mana_cost="{3}{G}"))
    assert vegetation["abilities"][0]["spell"]["effects"][0]["search"]["amount"] == 2
    wilds = full(card("Evolving Wilds", "Land", "{T}, Sacrifice this land: Search your library for a "
                      "basic land card, put it onto the battlefield tapped, then shuffle."))
    assert wilds["abilities"][0]["activated"]["cost"] == ["{T}", "sacrifice"]
    assert wilds["abilities"][0]["activated"]["effects"][0]["search"]["to"] == "battlefield"
    civic = full(card("Civic Wayfinder", "Creature — Elf Warrior Druid", "When this creature enters, you "
                      "may search your library for a basic land card, reveal it, put it into your hand, "
                      "then shuffle.", power="2", toughness="2"))
    assert civic["abilities"] == [{"triggered": {"when": "enters", "may": True, "effects": [
        {"search": {"player": "you", "amount": 1, "for": basic_land, "to": "hand"}}, SHUFFLE]}}]


def test_search_with_colour_or_subtype():
    # Sylvan Tutor's kin: "a green creature card"; Stoneforge-style "an Equipment card"
    found = compile_line("Search your library for a green creature card, reveal it, put it into your "
                         "hand, then shuffle.", "X", spell=True)
    assert found.fragment["spell"]["effects"][0]["search"]["for"] == {"types": ["creature"], "colors": ["green"]}
    equipment = compile_line("Search your library for an Equipment card, reveal that card, put it into "
                             "your hand, then shuffle.", "X", spell=True)
    assert equipment.fragment["spell"]["effects"][0]["search"]["for"] == {"subtypes": ["equipment"]}


def test_search_boundaries_not_understood():
    not_understood(True,
                   # two types in one quality, a mana value: no search filter form
                   "Search your library for an artifact or enchantment card, reveal it, put it into your hand, then shuffle.",
                   "Search your library for a creature card with mana value X or less, put it onto the battlefield, then shuffle.",
                   # "up to" with no quality (701.23d would force the count), "them" for one card
                   "Search your library for up to two cards, put them into your hand, then shuffle.",
                   "Search your library for a card, put them into your hand, then shuffle.",
                   # "then shuffle and put that card on top": another destination
                   "Search your library for a card, then shuffle and put that card on top.",
                   # "basic" of a creature
                   "Search your library for a basic creature card, put it into your hand, then shuffle.")


CHILL = "Tap target creature. It doesn't untap during its controller's next untap step."


def test_doesnt_untap_during_its_controllers_next_untap_step():
    # 502.3: Crippling Chill (its "Draw a card." joins the spell); Frost Lynx's enters trigger,
    # "That creature" bound to its target
    chill = full(card("Crippling Chill", "Instant", CHILL + "\nDraw a card.", mana_cost="{2}{U}"))
    assert chill["abilities"] == [{"spell": {"targets": ["creature"], "effects": [
        {"tap": "target"}, {"doesnt_untap_next": "target"}, {"draw": {"player": "you", "amount": 1}}]}}]
    custody = full(card("Frost Lynx", "Creature — Elemental Cat",
                        "When this creature enters, tap target creature an opponent controls. That "
                        "creature doesn't untap during its controller's next untap step.",
                        power="2", toughness="2"))
    assert custody["abilities"][0]["triggered"]["effects"] == [
        {"tap": "target"}, {"doesnt_untap_next": "target"}]


def test_that_creature_is_the_target():
    # Rile: "That creature gains trample until end of turn." is the target of the line before
    rile = full(card("Rile", "Sorcery", "Rile deals 1 damage to target creature you control. That "
                     "creature gains trample until end of turn.\nDraw a card.", mana_cost="{R}"))
    assert rile["abilities"][0]["spell"]["effects"][1] == {
        "modify": {"object": "target", "keywords": ["trample"], "until": "end_of_turn"}}


def test_that_creature_without_a_target_not_understood():
    # "that creature" is never the source, nor the creature a trigger is about, nor a player
    not_understood(False,
                   "Whenever a creature enters, tap that creature.",
                   "When this creature enters, tap that creature.",
                   "Whenever a creature enters, it doesn't untap during its controller's next untap step.")
    not_understood(True, "Target player draws a card. Tap that creature.")


def test_return_creature_card_from_your_graveyard_to_the_battlefield():
    # 110.2a, 115.1: Resurrection; the target is a card in your graveyard, as Raise Dead's
    yaml_card = full(card("Resurrection", "Sorcery", "Return target creature card from your "
                          "graveyard to the battlefield.", mana_cost="{2}{W}{W}"))
    assert yaml_card["abilities"] == [{"spell": {
        "targets": [{"kind": "card_in_your_graveyard", "types": ["creature"]}],
        "effects": [{"return_to_battlefield": "target"}]}}]
    not_understood(True, "Return target creature card from a graveyard to the battlefield under your control.",
                   "Return up to two target creature cards from your graveyard to the battlefield.")


def test_if_that_creature_would_die_this_turn_exile_it_instead():
    # 614.1a: Lava Coil, Scorching Dragonfire ("that creature or planeswalker"), and a -N/-N
    coil = full(card("Lava Coil", "Sorcery", "Lava Coil deals 4 damage to target creature. If that "
                     "creature would die this turn, exile it instead.", mana_cost="{1}{R}"))
    assert coil["abilities"] == [{"spell": {"targets": ["creature"], "effects": [
        {"deal_damage": {"target": "target", "amount": 4}}, {"exile_if_dies": "target"}]}}]
    fire = full(card("Scorching Dragonfire", "Instant", "Scorching Dragonfire deals 3 damage to target "
                     "creature or planeswalker. If that creature or planeswalker would die this turn, "
                     "exile it instead.", mana_cost="{1}{R}"))
    assert fire["abilities"][0]["spell"]["targets"] == ["creature_or_planeswalker"]
    assert fire["abilities"][0]["spell"]["effects"][1] == {"exile_if_dies": "target"}


def test_that_creature_of_a_target_that_need_not_be_a_creature_not_understood():
    # "any target" may be a player: "that creature" would name nothing there
    not_understood(True,
                   "Lava Coil deals 2 damage to any target. If that creature would die this turn, exile it instead.",
                   "Destroy target artifact. Tap that creature.",
                   "If that creature would die this turn, exile it instead.")


def test_fights():
    # 701.14a: Prey Upon; Epic Confrontation ("It fights": the target pumped before)
    you, them = {"kind": "creature", "controller": "you"}, {"kind": "creature", "controller": "opponent"}
    prey = full(card("Prey Upon", "Sorcery", "Target creature you control fights target creature you "
                     "don't control. (Each deals damage equal to its power to the other.)", mana_cost="{G}"))
    assert prey["abilities"] == [{"spell": {"targets": [you, them], "effects": [
        {"fight": {"object": "target1", "other": "target2"}}]}}]
    epic = full(card("Epic Confrontation", "Sorcery", "Target creature you control gets +1/+2 until end "
                     "of turn. It fights target creature you don't control. (Each deals damage equal to "
                     "its power to the other.)", mana_cost="{1}{G}"))
    assert epic["abilities"][0]["spell"]["effects"] == [
        {"modify": {"object": "target1", "power": 1, "toughness": 2, "until": "end_of_turn"}},
        {"fight": {"object": "target1", "other": "target2"}}]
    not_understood(True, "Target player fights target creature.",
                   "Target creature fights target creature or planeswalker.")
    not_understood(False, "Whenever a creature enters, it fights target creature an opponent controls.")


def test_damage_to_a_target_and_to_you():
    # Fireslinger: two amounts to two recipients
    slinger = full(card("Fireslinger", "Creature — Human Wizard", "{T}: This creature deals 1 damage to "
                        "any target and 1 damage to you.", mana_cost="{1}{R}", power="1", toughness="1"))
    assert slinger["abilities"][0]["activated"]["effects"] == [
        {"deal_damage": {"target": "target", "amount": 1}}, {"deal_damage": {"target": "you", "amount": 1}}]


def test_return_instant_or_sorcery_card_from_your_graveyard():
    # 115.1: Mystic Retrieval; one of two card types (types_any)
    retrieval = full(card("Mystic Retrieval", "Sorcery", "Return target instant or sorcery card from your "
                          "graveyard to your hand.\nFlashback {2}{R} (You may cast this card from your "
                          "graveyard for its flashback cost. Then exile it.)", mana_cost="{3}{U}"))
    assert retrieval["abilities"] == [{"spell": {
        "targets": [{"kind": "card_in_your_graveyard", "types_any": ["instant", "sorcery"]}],
        "effects": [{"return_to_hand": "target"}]}}]
    not_understood(True, "Return target permanent or instant card from your graveyard to your hand.",
                   "Return target instant or instant card from your graveyard to your hand.")


def test_that_player_of_a_combat_damage_trigger():
    # 603.2, 510.3a: Blazing Specter; Krydle of Baldur's Gate ("that player loses 1 life and mills")
    specter = full(card("Blazing Specter", "Creature — Specter", "Flying, haste\nWhenever this creature "
                        "deals combat damage to a player, that player discards a card.",
                        mana_cost="{2}{B}{R}", power="2", toughness="2"))
    assert specter["abilities"] == [{"triggered": {"when": {"deals_combat_damage": "player"}, "effects": [
        {"discard": {"player": "damaged_player", "amount": 1}}]}}]
    krydle = full(card("Krydle of Baldur's Gate", "Legendary Creature — Human Elf Rogue",
                       "Whenever Krydle deals combat damage to a player, that player loses 1 life and mills "
                       "a card, then you gain 1 life and scry 1.", mana_cost="{U}{B}", power="1", toughness="3"))
    assert krydle["abilities"][0]["triggered"]["effects"][:2] == [
        {"lose_life": {"player": "damaged_player", "amount": 1}},
        {"mill": {"player": "damaged_player", "amount": 1}}]


def test_that_player_without_such_an_event_not_understood():
    not_understood(False, "Whenever this creature attacks, that player discards a card.",
                   "Whenever this creature deals combat damage, that player discards a card.",
                   "{T}: That player discards a card.")
    not_understood(True, "That player discards a card.",
                   "Choose one — • Target player discards a card. • That player draws a card.")


def test_cant_block_or_be_blocked_this_turn():
    # 509.1b, 514.2: Stun (a modify until the cleanup step); an activated "can't be blocked this turn"
    stun = full(card("Stun", "Instant", "Target creature can't block this turn.\nDraw a card.", mana_cost="{1}{R}"))
    assert stun["abilities"] == [{"spell": {"targets": ["creature"], "effects": [
        {"modify": {"object": "target", "combat_restriction": "cant_block", "until": "end_of_turn"}},
        {"draw": {"player": "you", "amount": 1}}]}}]
    mist = full(card("Agent of Horizons", "Creature — Human Rogue",
                     "{2}{U}: This creature can't be blocked this turn.", power="3", toughness="2"))
    assert mist["abilities"][0]["activated"]["effects"] == [
        {"modify": {"object": "self", "combat_restriction": "cant_be_blocked", "until": "end_of_turn"}}]
    # "target creature with power 2 or less" compiles since session 17 (a restricted target)
    not_understood(True, "Target player can't block this turn.",
                   "Target creature with the greatest power can't be blocked this turn.")
    not_understood(False, "Whenever a creature enters, it can't block this turn.")


def test_additional_cost_exile_a_creature_card_from_your_graveyard():
    # 118.8, 601.2h: Weigh Down; a creature card (Makeshift Mauler) has no spell ability to hold it
    weigh = full(card("Weigh Down", "Sorcery", "As an additional cost to cast this spell, exile a creature "
                      "card from your graveyard.\nTarget creature gets -3/-3 until end of turn.", mana_cost="{B}"))
    assert weigh["abilities"][0]["spell"]["additional_cost"] == [
        {"exile_from_graveyard": {"amount": 1, "type": "creature"}}]
    two = compile_line("As an additional cost to cast this spell, exile two cards from your graveyard.", "X", spell=True)
    assert two.fragment == {"spell": {"additional_cost": [{"exile_from_graveyard": {"amount": 2}}]}}
    not_understood(True, "As an additional cost to cast this spell, exile X cards from your graveyard.",
                   "As an additional cost to cast this spell, exile a permanent card from your graveyard.")
