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
