"""Oracle templates of issue 32's sections 1-6 work (session 15): "can't gain life" (119.7),
"Your life total can't change" (119.7, 119.8), "Damage can't be prevented" (615.12), with real
cards' lines; the compiled form, and that the card format accepts it."""
from __future__ import annotations

from oracle_cards import card, full
from rulekeeper.bridge.cards.oracle import compile_line


def test_players_and_opponents_cant_gain_life():
    for text, who in (("Players can't gain life.", "each_player"),            # Sulfuric Vortex
                      ("Your opponents can't gain life.", "opponents")):      # Erebos, God of the Dead
        got = compile_line(text, "Some Enchantment", spell=False)
        assert got.fragment == {"static": {"cant_gain_life": who}}, text
    # "this turn" (Skullcrack) is a spell's effect, not a static ability: not read
    assert compile_line("Players can't gain life this turn.", "Some Instant",
                        spell=True).status == "not_understood"


def test_platinum_emperion_life_total_cant_change():
    got = full(card("Platinum Emperion", "Artifact Creature — Golem",
                    "Your life total can't change. (You can't gain or lose life. You can't pay any "
                    "amount of life except 0.)", power="8", toughness="8", mana_cost="{10}"))
    assert got["abilities"] == [{"static": {"cant_gain_life": "you", "cant_lose_life": "you"}}]


def test_damage_cant_be_prevented():
    got = compile_line("Damage can't be prevented.", "Leyline of Punishment", spell=False)
    assert got.fragment == {"static": {"damage_cant_be_prevented": True}}
    for text, who in (("Each opponent can't draw more than one card each turn.", "opponents"),   # Narset
                      ("Each player can't draw more than one card each turn.", "each_player")):  # Spirit of the Labyrinth
        assert compile_line(text, "Some Permanent", spell=False).fragment == {"static": {"draw_limit": who}}, text
    got = compile_line("When this enchantment leaves the battlefield, return the exiled card to the "
                       "battlefield under its owner's control.", "Oblivion Ring", spell=False)   # 607.2a
    assert got.fragment == {"triggered": {"when": "leaves", "effects": [{"return_exiled": "self"}]}}
    got = compile_line("Whenever this creature attacks, create two 1/1 white Soldier creature tokens that are "
                       "tapped and attacking.", "Hero of Bladehold", spell=False)   # 508.4
    assert got.fragment["triggered"]["effects"][0]["create_token"] == {
        "amount": 2, "name": "Soldier", "power": 1, "toughness": 1, "colors": ["white"], "types": ["creature"],
        "subtypes": ["soldier"], "player": "you", "tapped": True, "attacking": True}


def test_cost_changes():
    cases = {
        "Noncreature spells cost {1} more to cast.":                          # Thalia, Guardian of Thraben
            {"amount": 1, "whose": "each_player", "not_types": ["creature"]},
        "Red spells you cast cost {1} less to cast.":                         # Ruby Medallion
            {"amount": -1, "whose": "you", "colors": ["red"]},
        "Instant and sorcery spells you cast cost {1} less to cast.":         # Goblin Electromancer
            {"amount": -1, "whose": "you", "types": ["instant", "sorcery"]},
        "Spells your opponents cast cost {1} more to cast.":                  # Grand Arbiter Augustin IV
            {"amount": 1, "whose": "opponents"},
        "Spells cost {1} less to cast.":                                      # Helm of Awakening
            {"amount": -1, "whose": "each_player"},
    }
    for text, change in cases.items():
        got = compile_line(text, "Some Permanent", spell=False)
        assert got.fragment == {"static": {"cost_change": change}}, text
    for text in ("Spells cost {X} less to cast.", "Activated abilities cost {1} more to activate.",
                 "Spells you cast this turn cost {1} less to cast."):
        assert compile_line(text, "Some Permanent", spell=False).status == "not_understood", text


def test_thalia_compiles_fully():
    got = full(card("Thalia, Guardian of Thraben", "Legendary Creature — Human Soldier",
                    "First strike\nNoncreature spells cost {1} more to cast.", power="2",
                    toughness="1", mana_cost="{1}{W}"))
    assert {"static": {"cost_change": {"amount": 1, "whose": "each_player",
                                       "not_types": ["creature"]}}} in got["abilities"]


def test_banisher_priest_exiles_until_it_leaves():
    got = full(card("Banisher Priest", "Creature — Human Cleric",
                    "When this creature enters, exile target creature an opponent controls until "
                    "this creature leaves the battlefield.", power="2", toughness="2",
                    mana_cost="{1}{W}{W}"))
    assert got["abilities"] == [{"triggered": {
        "when": "enters", "targets": [{"kind": "creature", "controller": "opponent"}],
        "effects": [{"exile_until_leaves": "target"}]}}]


def test_ghostly_prison_attack_tax():
    got = full(card("Ghostly Prison", "Enchantment",
                    "Creatures can't attack you unless their controller pays {2} for each creature "
                    "they control that's attacking you.", mana_cost="{2}{W}"))
    assert got["abilities"] == [{"static": {"attack_tax": 2}}]


def test_attack_and_block_triggers():
    for text, when in (("Whenever you attack, you gain 1 life.", "you_attack"),               # 508.3d
                       ("Whenever this creature blocks, you gain 2 life.", "blocks"),         # 509.3a
                       ("Whenever this creature becomes blocked, you gain 1 life.", "becomes_blocked"),
                       ("Whenever this creature becomes blocked by a creature, you gain 1 life.",
                        "becomes_blocked_by_creature")):                                       # 509.3d
        got = compile_line(text, "Some Creature", spell=False)
        assert got.fragment == {"triggered": {"when": when, "effects": [
            {"gain_life": {"player": "you", "amount": 1 if when != "blocks" else 2}}]}}, text
    # both events in one ability: compiled since session 16 (test_oracle_permanents16.py)
    assert compile_line("Whenever this creature blocks or becomes blocked, you gain 1 life.",
                        "Some Creature", spell=False).fragment["triggered"]["when"] == "blocks_or_becomes_blocked"
