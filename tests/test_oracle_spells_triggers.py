"""Issue 31, session 15 (helper cards31a): real cards' spell, cost and trigger templates, each
compiled from the card's Oracle text (compile-only: the rules behind each form are exercised by
the scenarios in scenarios/mtg/real-cards/)."""
from __future__ import annotations

from rulekeeper.bridge.cards.oracle import compile_card, compile_line
from oracle_cards import card, full


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
    for text in ("Destroy target attacking or blocking artifact.",
                 "Destroy target blocking or attacking creature.",
                 "Destroy target attacking or tapped creature."):
        assert compile_line(text, "X", spell=True).status == "not_understood", text
